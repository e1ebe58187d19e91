//===- LoopRun.cpp - One execution of a loop on all ranks -----------------===//
//
// Owns the mechanics of an execution under the static strategy. Rank 0
// (LoopRun::run) sends each worker that has blocks its command, the slabs of
// the distributed arrays its blocks need and the whole arrays, runs its own
// blocks straight in the user's memory, then writes the workers' slabs back
// and folds the reductions. A worker (serveRun) runs its blocks in the
// buffers it received and answers with what they wrote.
//
//===----------------------------------------------------------------------===//
#include "Comm.h"
#include "Context.h"
#include "Layout.h"
#include "Protocol.h"
#include "Registry.h"
#include "Wire.h"
#include "dlb/Partition.h"

#include <cassert>
#include <chrono>

namespace dlb {
namespace {

using Partition = std::vector<std::vector<Range>>;

/// What describes a loop to a worker, besides its blocks.
struct LoopSpec {
  const std::vector<char> &Scalars;
  const std::vector<std::size_t> &ScalarOffsets;
  const std::vector<ArrayArg> &Arrays;
  std::size_t Reductions;
};

/// What one rank did in one execution.
struct RankWork {
  explicit RankWork(std::size_t Reductions) : Slots(Reductions) {}
  long long Iterations = 0;
  double Seconds = 0;
  std::vector<ReductionSlot> Slots;
};

/// The fixed part of a worker's result; the reduction slots and the written
/// slabs follow.
struct ResultHeader {
  long long Iterations;
  double Seconds;
};

/// A slab of a distributed array held in a worker's buffer.
struct Slab {
  ArrayArg Layout;
  /// Global index of the slab's first element along the distributed dim.
  long long First = 0;
};

double now() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

/// Calls F(BlockIndex, ArrayIndex) for every block and every distributed
/// array (only the written ones if WrittenOnly), in the order in which their
/// slabs travel.
template <class Fn>
void forEachSlab(const std::vector<Range> &Blocks,
                 const std::vector<ArrayArg> &Arrays, bool WrittenOnly, Fn F) {
  for (std::size_t B = 0; B < Blocks.size(); ++B)
    for (std::size_t K = 0; K < Arrays.size(); ++K)
      if (Arrays[K].Role == ArrayArg::Distributed &&
          (!WrittenOnly || Arrays[K].Acc.Written))
        F(B, K);
}

Range neededSlab(const Range &Block, const ArrayArg &A) {
  return neededRange(Block, A.Acc, distExtent(A));
}

Range ownedSlab(const Range &Block, const ArrayArg &A) {
  return ownedRange(Block, distExtent(A));
}

/// Points V at the distributed array A stored as Layout, which starts at
/// global index First of the distributed dimension.
void pointDistributed(ArrayView &V, const ArrayArg &A, const ArrayArg &Layout,
                      long long First, std::vector<char *> &Table) {
  if (A.Dims == 1) {
    V.Base = Layout.Data;
    V.RowOffset = First;
    V.Size = A.Extent[0];
    return;
  }
  V.Rows = rowsOf(Layout, Table);
  V.RowOffset = A.DistDim == 0 ? First : 0;
  V.ColOffset = A.DistDim == 1 ? First : 0;
}

/// Points V at all of the whole array A stored as Layout.
void pointWhole(ArrayView &V, const ArrayArg &A, const ArrayArg &Layout,
                std::vector<char *> &Table) {
  V.Base = Layout.Data;
  V.Size = A.Extent[0] * A.Extent[1];
  V.Object = Layout.Object;
  if (A.Store == ArrayArg::RowTable)
    V.Rows = rowsOf(Layout, Table);
}

/// Runs Kernel on each block; Prepare(I) points the views at block I first.
template <class PrepareFn>
RankWork runBlocks(KernelFn Kernel, const std::vector<Range> &Blocks,
                   const char *Scalars, const std::size_t *ScalarOffsets,
                   std::vector<ArrayView> &Views, std::size_t Reductions,
                   PrepareFn Prepare) {
  RankWork Work(Reductions);
  Context &C = context();
  const bool Outer = C.InKernel;
  C.InKernel = true;
  for (std::size_t I = 0; I < Blocks.size(); ++I) {
    Prepare(I);
    Block B;
    B.Begin = Blocks[I].Begin;
    B.End = Blocks[I].End;
    B.Scalars = Scalars;
    B.ScalarOffsets = ScalarOffsets;
    B.Arrays = Views.data();
    B.Reductions = Work.Slots.data();
    const double Start = now();
    Kernel(B);
    Work.Seconds += now() - Start;
    Work.Iterations += Blocks[I].size();
  }
  C.InKernel = Outer;
  return Work;
}

std::size_t resultBytes(const std::vector<Range> &Blocks,
                        const LoopSpec &Spec) {
  std::size_t Bytes =
      sizeof(ResultHeader) + Spec.Reductions * sizeof(ReductionSlot);
  forEachSlab(Blocks, Spec.Arrays, true, [&](std::size_t B, std::size_t K) {
    const ArrayArg &A = Spec.Arrays[K];
    Bytes += slabBytes(A, ownedSlab(Blocks[B], A));
  });
  return Bytes;
}

/// A worker's body: its blocks, the loop's description, then the slab of
/// every distributed array that each block needs.
std::vector<char> packBody(const std::vector<Range> &Blocks,
                           const LoopSpec &Spec) {
  Writer Out;
  Out.putVector(Blocks);
  Out.putVector(Spec.Scalars);
  Out.putVector(Spec.ScalarOffsets);
  std::vector<ArrayArg> Metadata = Spec.Arrays;
  for (ArrayArg &A : Metadata) {
    A.Data = nullptr;
    A.Rows = nullptr;
    A.Object = nullptr;
  }
  Out.putVector(Metadata);
  Out.put<std::uint64_t>(Spec.Reductions);
  forEachSlab(Blocks, Spec.Arrays, false, [&](std::size_t B, std::size_t K) {
    const ArrayArg &A = Spec.Arrays[K];
    const Range R = neededSlab(Blocks[B], A);
    packSlab(A, R, Out.reserve(slabBytes(A, R), PieceAlign));
  });
  return std::move(Out.buffer());
}

/// Rank 0's side of the messages of one execution.
class WorkerMessages {
public:
  /// Sends each worker that has blocks its command, its body and the whole
  /// arrays, posts the receive of its result, and waits until every worker
  /// has its data: MPI has no progress thread here, so data still queued
  /// when rank 0 starts computing would not move until it stops.
  void start(const LoopDesc &Desc, const Partition &Parts,
             const LoopSpec &Spec);

  /// Waits for the results, writes the written slabs into the user's arrays
  /// and appends each worker's work to Work.
  void finish(const Partition &Parts, const LoopSpec &Spec,
              std::vector<RankWork> &Work);

private:
  std::vector<Command> Commands;
  std::vector<std::vector<char>> Bodies;
  std::vector<std::vector<char>> Results;
  Requests Receives;
};

void WorkerMessages::start(const LoopDesc &Desc, const Partition &Parts,
                           const LoopSpec &Spec) {
  const int Ranks = static_cast<int>(Parts.size());
  Commands.resize(Ranks);
  Bodies.resize(Ranks);
  Results.resize(Ranks);

  // Contiguous whole arrays go straight from the user's memory; row tables
  // are packed once for all workers.
  std::vector<std::vector<char>> Packed(Spec.Arrays.size());
  std::vector<const char *> WholeData(Spec.Arrays.size());
  for (std::size_t K = 0; K < Spec.Arrays.size(); ++K) {
    const ArrayArg &A = Spec.Arrays[K];
    if (A.Role != ArrayArg::Whole)
      continue;
    WholeData[K] = A.Data;
    if (A.Store == ArrayArg::RowTable) {
      Packed[K].resize(arrayBytes(A));
      packSlab(A, {0, distExtent(A)}, Packed[K].data());
      WholeData[K] = Packed[K].data();
    }
  }

  Requests Sends;
  for (int W = 1; W < Ranks; ++W) {
    if (Parts[W].empty())
      continue;
    Bodies[W] = packBody(Parts[W], Spec);
    Command &Cmd = Commands[W];
    Cmd.Kind = Command::Run;
    Cmd.LoopId = loopId(Desc);
    Cmd.BodyBytes = Bodies[W].size();
    postSend(&Cmd, sizeof(Cmd), W, CommandTag, Sends);
    postSend(Bodies[W].data(), Bodies[W].size(), W, BodyTag, Sends);
    for (std::size_t K = 0; K < Spec.Arrays.size(); ++K)
      if (Spec.Arrays[K].Role == ArrayArg::Whole)
        postSend(WholeData[K], arrayBytes(Spec.Arrays[K]), W, WholeTag, Sends);
    Results[W].resize(resultBytes(Parts[W], Spec));
    postRecv(Results[W].data(), Results[W].size(), W, ResultTag, Receives);
  }
  waitAll(Sends);
}

void WorkerMessages::finish(const Partition &Parts, const LoopSpec &Spec,
                            std::vector<RankWork> &Work) {
  waitAll(Receives);
  for (std::size_t W = 1; W < Parts.size(); ++W) {
    Work.emplace_back(Spec.Reductions);
    if (Parts[W].empty())
      continue;
    Reader In(Results[W]);
    const auto Header = In.get<ResultHeader>();
    Work.back().Iterations = Header.Iterations;
    Work.back().Seconds = Header.Seconds;
    for (ReductionSlot &S : Work.back().Slots)
      S = In.get<ReductionSlot>();
    forEachSlab(Parts[W], Spec.Arrays, true, [&](std::size_t B, std::size_t K) {
      const ArrayArg &A = Spec.Arrays[K];
      const Range R = ownedSlab(Parts[W][B], A);
      unpackSlab(A, R, In.take(slabBytes(A, R)));
    });
  }
}

void record(const char *Name, const std::vector<RankWork> &Work,
            double Elapsed) {
  Context &C = context();
  LoopStats &S = C.Stats.loop(Name, static_cast<int>(Work.size()));
  S.Strategy = strategyName(C.Strat);
  ++S.Executions;
  S.ElapsedSeconds += Elapsed;
  for (std::size_t R = 0; R < Work.size(); ++R) {
    S.Iterations += Work[R].Iterations;
    S.RankIterations[R] += Work[R].Iterations;
    S.RankComputeSeconds[R] += Work[R].Seconds;
  }
}

} // namespace

void LoopRun::run() {
  if (Ub <= Lb)
    return;
  Context &C = context();
  // A loop reached from inside a kernel, or before start-up, runs here alone.
  const bool Distribute = C.Running && C.Rank == 0 && !C.InKernel;
  const int Ranks = Distribute ? C.Size : 1;
  const double Start = now();
  const LoopSpec Spec{Scalars, ScalarOffsets, Arrays, Reductions.size()};
  const Partition Parts = initialPartition(Sched, Lb, Ub, Ranks);

  WorkerMessages Messages;
  Messages.start(Desc, Parts, Spec);

  // Rank 0's blocks work in the user's memory.
  std::vector<ArrayView> Views(Arrays.size());
  std::vector<std::vector<char *>> Tables(Arrays.size());
  for (std::size_t K = 0; K < Arrays.size(); ++K) {
    if (Arrays[K].Role == ArrayArg::Distributed)
      pointDistributed(Views[K], Arrays[K], Arrays[K], 0, Tables[K]);
    else
      pointWhole(Views[K], Arrays[K], Arrays[K], Tables[K]);
  }
  std::vector<RankWork> Work;
  Work.push_back(runBlocks(Desc.kernel(), Parts[0], Scalars.data(),
                           ScalarOffsets.data(), Views, Reductions.size(),
                           [](std::size_t) {}));
  Messages.finish(Parts, Spec, Work);

  for (std::size_t K = 0; K < Reductions.size(); ++K) {
    const ReductionArg &R = Reductions[K];
    for (const RankWork &W : Work)
      if (W.Slots[K].Has)
        R.Combine(R.Var, W.Slots[K].Bytes, R.Op);
  }
  if (Distribute)
    record(Desc.name(), Work, now() - Start);
}

void serveRun(const Command &Cmd) {
  std::vector<char> Body(Cmd.BodyBytes);
  Requests Reqs;
  postRecv(Body.data(), Body.size(), 0, BodyTag, Reqs);
  waitAll(Reqs);
  Reader In(Body);
  const auto Blocks = In.getVector<Range>();
  const auto Scalars = In.getVector<char>();
  const auto ScalarOffsets = In.getVector<std::size_t>();
  const auto Arrays = In.getVector<ArrayArg>();
  const auto Reductions = In.get<std::uint64_t>();
  const LoopSpec Spec{Scalars, ScalarOffsets, Arrays, Reductions};

  // Each block's slabs are used in place in the body.
  std::vector<std::vector<Slab>> Slabs(Blocks.size(),
                                       std::vector<Slab>(Arrays.size()));
  forEachSlab(Blocks, Arrays, false, [&](std::size_t B, std::size_t K) {
    const ArrayArg &A = Arrays[K];
    const Range R = neededSlab(Blocks[B], A);
    char *Data = In.take(slabBytes(A, R), PieceAlign);
    Slabs[B][K] = {bufferLayout(A, R, Data), R.Begin};
  });

  std::vector<std::vector<char>> Whole(Arrays.size());
  for (std::size_t K = 0; K < Arrays.size(); ++K) {
    if (Arrays[K].Role != ArrayArg::Whole)
      continue;
    Whole[K].resize(arrayBytes(Arrays[K]));
    postRecv(Whole[K].data(), Whole[K].size(), 0, WholeTag, Reqs);
  }
  waitAll(Reqs);

  std::vector<ArrayView> Views(Arrays.size());
  std::vector<std::vector<char *>> Tables(Arrays.size());
  for (std::size_t K = 0; K < Arrays.size(); ++K) {
    const ArrayArg &A = Arrays[K];
    if (A.Role == ArrayArg::Whole)
      pointWhole(Views[K], A,
                 bufferLayout(A, {0, distExtent(A)}, Whole[K].data()),
                 Tables[K]);
  }
  const RankWork Work =
      runBlocks(loopById(Cmd.LoopId).kernel(), Blocks, Scalars.data(),
                ScalarOffsets.data(), Views, Reductions, [&](std::size_t B) {
                  for (std::size_t K = 0; K < Arrays.size(); ++K)
                    if (Arrays[K].Role == ArrayArg::Distributed)
                      pointDistributed(Views[K], Arrays[K], Slabs[B][K].Layout,
                                       Slabs[B][K].First, Tables[K]);
                });

  Writer Out;
  Out.buffer().reserve(resultBytes(Blocks, Spec));
  Out.put(ResultHeader{Work.Iterations, Work.Seconds});
  for (const ReductionSlot &S : Work.Slots)
    Out.put(S);
  forEachSlab(Blocks, Arrays, true, [&](std::size_t B, std::size_t K) {
    const Slab &S = Slabs[B][K];
    const Range Owned = ownedSlab(Blocks[B], Arrays[K]);
    const Range Local{Owned.Begin - S.First, Owned.End - S.First};
    packSlab(S.Layout, Local, Out.reserve(slabBytes(S.Layout, Local)));
  });
  assert(Out.buffer().size() == resultBytes(Blocks, Spec));
  postSend(Out.buffer().data(), Out.buffer().size(), 0, ResultTag, Reqs);
  waitAll(Reqs);
}

} // namespace dlb
