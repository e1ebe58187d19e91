//===- Residency.cpp - Rank 0's requests for kept rows --------------------===//
#include "messages/Residency.h"

namespace dlb {

void encode(Writer &Out, const GatherRequest &M) {
  Out.put<std::uint64_t>(M.Arrays.size());
  for (const GatherRequest::Array &A : M.Arrays) {
    Out.put(A.Id);
    Out.put<std::uint8_t>(A.Send);
  }
}

void decode(Reader &In, GatherRequest &M) {
  M.Arrays.resize(In.get<std::uint64_t>());
  for (GatherRequest::Array &A : M.Arrays) {
    A.Id = In.get<std::uint64_t>();
    A.Send = In.get<std::uint8_t>() != 0;
  }
}

void encode(Writer &Out, const FetchRequest &M) {
  Out.put(M.Id);
  Out.put(M.Rows);
  Out.put<std::uint8_t>(M.Send);
  Out.put<std::uint8_t>(M.Forget);
}

void decode(Reader &In, FetchRequest &M) {
  M.Id = In.get<std::uint64_t>();
  M.Rows = In.get<Range>();
  M.Send = In.get<std::uint8_t>() != 0;
  M.Forget = In.get<std::uint8_t>() != 0;
}

} // namespace dlb
