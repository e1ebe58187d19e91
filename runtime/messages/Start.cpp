//===- Start.cpp - A worker's start of an execution -----------------------===//
#include "messages/Start.h"

namespace dlb {

void encode(Writer &Out, const StartMessage &M) {
  Out.put(M.Params);
  Out.put<std::int32_t>(M.Tree.Parent);
  Out.putVector(M.Tree.Children);
  Out.putVector(M.Curve);
  Out.putVector(M.Blocks);
  Out.putVector(M.Scalars);
  Out.putVector(M.ScalarOffsets);
  std::vector<ArrayArg> Metadata = M.Arrays;
  for (ArrayArg &A : Metadata) {
    A.Data = nullptr;
    A.Rows = nullptr;
    A.Object = nullptr;
    A.Segments = nullptr;
  }
  Out.putVector(Metadata);
  for (const ArrayArg &A : M.Arrays)
    Out.putVector(A.Segments ? std::vector<long long>(
                                   A.Segments, A.Segments + A.Extent[0] + 1)
                             : std::vector<long long>());
  Out.put(M.Reductions);
  Out.put(M.Pairs);
  if (!startsFromKept(M.Arrays))
    return;
  Out.put<std::uint64_t>(M.Parts.size());
  for (const std::vector<Range> &P : M.Parts)
    Out.putVector(P);
  for (std::size_t K = 0; K < M.Arrays.size(); ++K) {
    Out.putVector(M.Owners[K].Ranges);
    Out.putVector(M.Owners[K].Owners);
  }
}

void decode(Reader &In, StartMessage &M) {
  M.Params = In.get<ExecParams>();
  M.Tree.Parent = In.get<std::int32_t>();
  M.Tree.Children = In.getVector<int>();
  M.Curve = In.getVector<double>();
  M.Blocks = In.getVector<Range>();
  M.Scalars = In.getVector<char>();
  M.ScalarOffsets = In.getVector<std::size_t>();
  M.Arrays = In.getVector<ArrayArg>();
  for (ArrayArg &A : M.Arrays) {
    auto Bounds = std::make_shared<const std::vector<long long>>(
        In.getVector<long long>());
    if (Bounds->empty())
      continue;
    A.Segments = Bounds->data();
    M.SegmentBounds.push_back(std::move(Bounds));
  }
  M.Reductions = In.get<std::uint64_t>();
  M.Pairs = In.get<Pairing>();
  if (!startsFromKept(M.Arrays))
    return;
  M.Parts.resize(In.get<std::uint64_t>());
  for (std::vector<Range> &P : M.Parts)
    P = In.getVector<Range>();
  M.Owners.resize(M.Arrays.size());
  for (Ownership &O : M.Owners) {
    O.Ranges = In.getVector<Range>();
    O.Owners = In.getVector<int>();
  }
}

} // namespace dlb
