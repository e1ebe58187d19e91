//===- LoopRun.cpp - One execution of a loop on all ranks -----------------===//
//
// Owns the start and the end of an execution. Rank 0 (LoopRun::run) picks
// the strategy, partitions the iterations, sends each taking-part worker its
// command, its blocks with the slabs of the distributed arrays they need and
// the whole arrays, then runs its own share (Executor, straight in the
// user's memory). At the end every worker sends what it did: its counters,
// reduction slots, and the slabs its pieces wrote, which rank 0 writes into
// the user's arrays; rank 0 then checks that every iteration ran exactly
// once and folds the reductions. A worker's side is serveRun.
//
//===----------------------------------------------------------------------===//
#include "Comm.h"
#include "Context.h"
#include "Execution.h"
#include "SelfScheduling.h"
#include "Layout.h"
#include "PipelineRun.h"
#include "Relay.h"
#include "Profit.h"
#include "Protocol.h"
#include "Registry.h"
#include "Wire.h"
#include "Partition.h"
#include "Pipeline.h"
#include "Trace.h"
#include "Transport.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <deque>
#include <limits>
#include <optional>
#include <sys/mman.h>
#include <unistd.h>

namespace dlb {
namespace {

using Partition = std::vector<std::vector<Range>>;

/// judgeDistributed: each execution from kept arrays weighs this much less
/// than the next one in a loop's sums (about the last four count; so do a
/// pipeline's distributed executions in pipelineAlone's)...
constexpr double KeptDecay = 0.75;
/// ...and this many of them at least, of the loops that share the arrays
/// (each loop's first from kept rows not counted, two of each at least),
/// judge.
constexpr int KeptJudged = 4;

/// The strategy and group size of this execution: --dlb-strategy overrides
/// the loop's clause; under auto the cost model chooses as the execution
/// runs. DataBytes is D from dlbcc, or negative to compute it here.
/// Sides: the iterations per unit (a bitonic loop's pairs move two).
ExecParams execParams(Strategy Clause, int Ranks,
                      const std::vector<ArrayArg> &Arrays, double DataBytes,
                      unsigned Sides) {
  const Context &C = context();
  const Options &O = C.Opts;
  ExecParams P;
  P.Strat = O.StrategyGiven ? O.Strat : Clause;
  if (Ranks == 1)
    P.Strat = Strategy::Static;
  P.Auto = P.Strat == Strategy::Auto;
  P.LocalGroupSize = O.GroupSize ? O.GroupSize : (Ranks + 1) / 2;
  P.GroupSize = isLocal(P.Strat) ? P.LocalGroupSize : Ranks;
  P.Balance.ProfitFactor = 1 - O.Threshold;
  P.Balance.CostBenefit = O.CostBenefit;
  P.Reselect = O.Reselect;
  P.ReselectMargin = O.ReselectMargin;
  P.Future = O.Future;
  P.Net = C.Net;
  if (DataBytes < 0) {
    DataBytes = 0;
    for (const ArrayArg &A : Arrays)
      if (A.Role == ArrayArg::Distributed && distExtent(A) > 0)
        DataBytes += static_cast<double>(slabBytes(A, {0, 1}));
  }
  P.DataBytes = DataBytes * Sides;
  P.Balance.MoveSecondsPerIteration = P.DataBytes / P.Net.Bandwidth;
  P.FixedPeriod = O.PeriodAuto ? -1 : O.Period;
  P.Control.InteractFraction = O.InteractFraction;
  P.Control.Quantum = O.Quantum;
  P.Control.QuantumScale = O.QuantumScale;
  // t_interact until the first interaction is measured: the profiles to
  // the balancer and its instructions back (or all-to-all), from the
  // network profile.
  const double Profile = 64;
  P.Control.Interact = std::max(
      2 * P.Net.Latency,
      isCentralized(P.Strat) || P.Strat == Strategy::Auto
          ? P.Net.cost(Pattern::AllToOne, P.GroupSize, Profile) +
                P.Net.cost(Pattern::OneToAll, P.GroupSize, Profile)
          : P.Net.cost(Pattern::AllToAll, P.GroupSize, Profile));
  P.Filter = O.Filter;
  P.FilterHistory = O.FilterHistory;
  return P;
}

/// A pipelined loop's parameters: the cost model of auto covers doall
/// loops, so a pipeline under auto balances with GCDLB; the groups of the
/// local strategies split the ranks of the pipeline.
void pipelineParams(ExecParams &P, const LoopDesc &Desc,
                    const SkewedSpace &Space, long long MaxBlock,
                    long long Skew, int Ranks) {
  const Context &C = context();
  P.Pipelined = true;
  P.OuterLb = Space.Outer.Begin;
  P.OuterUb = Space.Outer.End;
  P.MaxBlock = MaxBlock;
  P.Columns = Space.Inner.size();
  P.Skew = Skew;
  P.InnerLb = Space.Inner.Begin;
  P.InnerUb = Space.Inner.End;
  P.Stages = static_cast<int>(std::min<long long>(Ranks, P.Columns));
  // A pipeline's stages hold contiguous ranges in order: no chunks.
  if ((P.Strat == Strategy::Auto || isSelfScheduled(P.Strat)) && P.Stages > 1)
    P.Strat = Strategy::GCDLB;
  P.Auto = false;
  P.LocalGroupSize = C.Opts.GroupSize ? C.Opts.GroupSize : (P.Stages + 1) / 2;
  P.GroupSize = isLocal(P.Strat) ? P.LocalGroupSize : P.Stages;
  P.ForcedBlock = C.Opts.BlockSize;
  P.Shift = C.Shift;
  auto It = C.ElementSeconds.find(&Desc);
  P.ElementSeconds = It == C.ElementSeconds.end() ? 0 : It->second;
}

/// Where the kernel calls the hook: after every iteration, every strip of
/// iterations that cost at least HookOps / HookFraction operations (W per
/// iteration: \p Work), or once at the end (no balancing in the loop).
void hookParams(ExecParams &P, HookLevel Hooks, double Work) {
  P.Hooks = Hooks;
  if (Hooks == HookLevel::Strip)
    P.Strip = static_cast<long long>(std::clamp(
        std::ceil(HookOps / (HookFraction * Work)), 1.0, 1e15));
  if (Hooks == HookLevel::Execution)
    P.Strip = std::numeric_limits<long long>::max();
}

/// The hooks of an execution with nothing to balance (one rank, or rank 0
/// alone): a strip-mined loop runs as one strip; a kernel with its hook in
/// the body calls it after every iteration anyway, and its polls are spaced
/// in time like any others (as one strip of the whole execution, each hook
/// would count as that strip and poll).
HookLevel unbalancedHooks(HookLevel Emitted) {
  return Emitted == HookLevel::Body ? HookLevel::Body : HookLevel::Execution;
}

/// Whether a pipelined loop runs this execution on rank 0 alone: its
/// recent distributed executions, two at least, took longer per element
/// than running alone does (measured, or rank 0's dedicated time per
/// element), by the threshold (Profit.h does the same for doall loops
/// before they start; a pipeline is judged from its history: the first
/// execution is distributed). Two and their decayed sum, not the last one:
/// next to a CPU hog the pipeline's sweeps take 13 to 20 ms as the hog
/// takes the core of one of its ranks or not, and an alone trial moves the
/// grid twice.
bool pipelineAlone(const LoopDesc &Desc, const Options &O) {
  const Context &C = context();
  auto It = C.Pipelines.find(&Desc);
  if (O.DistributeAlways || It == C.Pipelines.end())
    return false;
  auto Element = C.ElementSeconds.find(&Desc);
  const double Alone = It->second.Alone > 0 ? It->second.Alone
                       : Element != C.ElementSeconds.end() ? Element->second
                                                           : 0;
  // The decayed sum's weights: 1 + KeptDecay + KeptDecay^2 + ...
  const Context::PipelineCosts &Costs = It->second;
  const double Weight = (1 - std::pow(KeptDecay, Costs.DistributedRuns)) /
                        (1 - KeptDecay);
  return Alone > 0 && Costs.DistributedRuns >= 2 &&
         Alone <= (1 - O.Threshold) * Costs.Distributed / Weight;
}

/// Whether this execution is balanced between executions only. An
/// execution shorter than the balancing period (eq. 14 of Siegell &
/// Steenkiste) would end at its first synchronization, which it would pay
/// for nothing (and under auto, before the model has chosen). Their eq. 15
/// then puts the interactions at the ends of executions (LoopHistory): the
/// execution runs without protocol, from the partition the rates measured
/// in earlier executions give. A block loop that ran before, on more than
/// one rank, under a dynamic strategy.
bool betweenExecutions(const LoopDesc &Desc, const ExecParams &P,
                       Schedule Sched, int Ranks) {
  if (P.Strat == Strategy::Static || isSelfScheduled(P.Strat) ||
      P.Pipelined || Sched != Schedule::Block || Ranks < 2)
    return false;
  const auto &Histories = context().Histories;
  auto It = Histories.find(&Desc);
  return It != Histories.end() && It->second.lastSeconds() > 0 &&
         It->second.lastSeconds() <
             PeriodControl(P.Control, P.FixedPeriod).target();
}

/// The protocol that runs a rank's share of a (not pipelined) execution:
/// self-scheduling (Rule: rank 0's chunk rule) or the balancing strategies.
std::unique_ptr<PieceRunner> makeRunner(const LoopSpec &Spec, KernelFn Kernel,
                                        const ExecParams &Params,
                                        const WorkCurve &Curve,
                                        std::vector<ArrayView> &Views,
                                        std::unique_ptr<ChunkRule> Rule) {
  if (isSelfScheduled(Params.Strat))
    return std::make_unique<SelfScheduler>(Spec, Kernel, Params, Curve, Views,
                                           std::move(Rule));
  if (!balancesWhileRunning(Params))
    return std::make_unique<StaticRunner>(Spec, Kernel, Params, Curve, Views);
  return std::make_unique<Executor>(Spec, Kernel, Params, Curve, Views);
}

/// Rank 0's pinned row P of A: in the user's memory.
const char *pinnedRow(const ArrayArg &A, unsigned P) {
  return A.Dims == 1 ? A.Data + A.Pins[P] * static_cast<long long>(A.ElemSize)
                     : rowStart(A, A.Pins[P]);
}

/// A worker's body: the execution's parameters, its place in the relay
/// tree of the whole arrays, its blocks, the loop's description, for arrays
/// kept on the ranks the whole partition and their ownership
/// (Residency.h) and the pinned rows (LoopRun::pin). The slabs of the
/// other arrays that each block needs follow (postBlockSlabs).
std::vector<char> packBody(const std::vector<Range> &Blocks,
                           const LoopSpec &Spec, const ExecParams &Params,
                           const Relay &Tree, const std::vector<double> &Curve,
                           const Partition &Parts,
                           const std::vector<Ownership> &Owners) {
  Writer Out;
  Out.put(Params);
  Out.put<std::int32_t>(Tree.Parent);
  Out.putVector(Tree.Children);
  Out.putVector(Curve);
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
  Out.put(Spec.Pairs);
  if (startsFromKept(Spec)) {
    Out.put<std::uint64_t>(Parts.size());
    for (const std::vector<Range> &P : Parts)
      Out.putVector(P);
    for (const Ownership &O : Owners) {
      Out.putVector(O.Ranges);
      Out.putVector(O.Owners);
    }
  }
  for (const ArrayArg &A : Spec.Arrays)
    for (unsigned P = 0; P < A.PinCount; ++P) {
      const Range Row{A.Pins[P], A.Pins[P] + 1};
      packSlab(A, Row, Out.reserve(slabBytes(A, Row), PieceAlign));
    }
  return std::move(Out.buffer());
}

/// Posts the slab R of A (laid out as A says) to Dest as one message: from
/// its memory where it is one stretch of it, otherwise packed into a copy
/// that Copies keeps until the send completes.
void postSlab(const ArrayArg &A, const Range &R, int Dest, int Tag,
              Requests &Sends, std::deque<std::vector<char>> &Copies) {
  const std::size_t Size = slabBytes(A, R);
  const char *Data = contiguousSlab(A, R);
  if (!Data) {
    Copies.emplace_back(Size);
    packSlab(A, R, Copies.back().data());
    Data = Copies.back().data();
  }
  postSend(Data, Size, Dest, Tag, Sends);
}

/// Rank 0: after a worker's body, the slabs its Blocks need, one
/// BodySlabTag message each in packSlabs' order: sent from the user's array
/// in place where the slab is one stretch of memory (rows of a
/// row-distributed array), packed into a copy in Copies otherwise.
void postBlockSlabs(const std::vector<Range> &Blocks, const LoopSpec &Spec,
                    int Worker, Requests &Sends,
                    std::deque<std::vector<char>> &Copies) {
  for (const Range &B : Blocks)
    forEachSlab(Spec, B, SlabSet::Sent,
                [&](std::size_t, const ArrayArg &A, const Range &Need) {
                  postSlab(A, Need, Worker, BodySlabTag, Sends, Copies);
                });
}

/// A worker: receives what postBlockSlabs sent into one buffer, laid out
/// as packSlabs lays out slabs, and returns the pieces of Blocks that use
/// it in place.
std::vector<Piece> receiveBlockSlabs(const std::vector<Range> &Blocks,
                                     const LoopSpec &Spec) {
  std::size_t Bytes = 0;
  for (const Range &B : Blocks)
    forEachSlab(Spec, B, SlabSet::Sent,
                [&](std::size_t, const ArrayArg &A, const Range &Need) {
                  Bytes = alignUp(Bytes, PieceAlign) + slabBytes(A, Need);
                });
  auto Storage = std::make_shared<std::vector<char>>(Bytes);
  Reader In(*Storage);
  Requests Reqs;
  for (const Range &B : Blocks)
    forEachSlab(Spec, B, SlabSet::Sent,
                [&](std::size_t, const ArrayArg &A, const Range &Need) {
                  const std::size_t Size = slabBytes(A, Need);
                  postRecv(In.take(Size, PieceAlign), Size, 0, BodySlabTag,
                           Reqs);
                });
  waitAll(Reqs, {"the start of an execution", 0});
  Reader Slabs(*Storage);
  std::vector<Piece> Pieces;
  for (const Range &B : Blocks)
    Pieces.push_back(unpackSlabs(Slabs, Spec, B, Storage, SlabSet::Sent));
  return Pieces;
}

/// A worker's result travels as a head (its size on ResultHeadTag, then on
/// ResultTag the counters, the reduction slots and each executed piece's
/// range) and one ResultSlabTag message per slab it wrote, in the order of
/// the ranges, on each side, each array's owned rows: sent from the piece's
/// memory and received into the user's array in place where the slab is one
/// stretch of memory (a row slab), packed and unpacked otherwise. Packing
/// copied 8 MB of Mandelbrot rows in 10 ms here.
template <class Fn>
void forEachWrittenSlab(const LoopSpec &Spec, const Range &R, Fn F) {
  forEachSide(Spec, R, [&](std::size_t Slot, const ArrayArg &A,
                           const Range &Iters) {
    if (A.Acc.Written && !A.Keep)
      F(Slot, A, ownedRange(Iters, distExtent(A)));
  });
}

void sendResult(const RankWork &W, const std::vector<Piece> &Executed,
                const LoopSpec &Spec, WatchScope &Watch, bool Together) {
  if (!Together)
    Watch.disarm();
  Writer Out;
  Out.put(W.Counters);
  for (const ReductionSlot &S : W.Slots) {
    Out.put(S.Has);
    Out.put(S.Bytes);
    Out.putVector(S.Elements);
  }
  Out.put<std::uint64_t>(Executed.size());
  for (const Piece &P : Executed)
    Out.put(P.Iters);
  const std::vector<char> &Head = Out.buffer();
  const std::uint64_t Bytes = Head.size();
  Requests Reqs;
  postSend(&Bytes, sizeof(Bytes), 0, ResultHeadTag, Reqs);
  postSend(Head.data(), Head.size(), 0, ResultTag, Reqs);
  std::deque<std::vector<char>> Copies;
  for (const Piece &P : Executed)
    forEachWrittenSlab(Spec, P.Iters, [&](std::size_t Slot, const ArrayArg &,
                                          const Range &Owned) {
      const Slab &S = P.Slabs[Slot];
      postSlab(S.Layout, {Owned.Begin - S.First, Owned.End - S.First}, 0,
               ResultSlabTag, Reqs, Copies);
    });
  waitAll(Reqs, {"rank 0 to take this rank's result", 0});
}

/// Rank 0: receives worker Worker's result into the user's arrays and
/// returns its work; appends the ranges it executed to Executed.
RankWork receiveResult(int Worker, const LoopSpec &Spec,
                       std::vector<Range> &Executed) {
  const char *What = "the result of a rank's share";
  std::uint64_t Bytes = 0;
  Requests Reqs;
  postRecv(&Bytes, sizeof(Bytes), Worker, ResultHeadTag, Reqs);
  waitAll(Reqs, {What, Worker});
  std::vector<char> Head(Bytes);
  postRecv(Head.data(), Head.size(), Worker, ResultTag, Reqs);
  waitAll(Reqs, {What, Worker});
  Reader In(Head);
  RankWork W(Spec.Reductions);
  W.Counters = In.get<WorkCounters>();
  for (ReductionSlot &S : W.Slots) {
    S.Has = In.get<bool>();
    std::memcpy(S.Bytes, In.take(sizeof S.Bytes), sizeof S.Bytes);
    S.Elements = In.getVector<unsigned char>();
  }
  struct Staged {
    const ArrayArg *A;
    Range Owned;
    std::vector<char> Data;
  };
  std::deque<Staged> Packed;
  const auto Pieces = In.get<std::uint64_t>();
  for (std::uint64_t I = 0; I < Pieces; ++I) {
    const auto R = In.get<Range>();
    Executed.push_back(R);
    forEachWrittenSlab(Spec, R, [&](std::size_t, const ArrayArg &A,
                                    const Range &Owned) {
      const std::size_t Size = slabBytes(A, Owned);
      char *To = contiguousSlab(A, Owned);
      if (!To) {
        Packed.push_back({&A, Owned, std::vector<char>(Size)});
        To = Packed.back().Data.data();
      }
      postRecv(To, Size, Worker, ResultSlabTag, Reqs);
    });
  }
  waitAll(Reqs, {What, Worker});
  for (const Staged &S : Packed)
    unpackSlab(*S.A, S.Owned, S.Data.data());
  return W;
}

/// Whether the ranks end an execution together: then no rank computes
/// while the results travel, and their wait is the protocol's (watched).
/// Under a static or local strategy, or along a pipeline, a rank may still
/// compute while another waits to exchange its result.
bool endTogether(Strategy S, bool Pipelined) {
  return S != Strategy::Static && !isLocal(S) && !Pipelined;
}

/// Points the whole arrays' views at their storage.
void pointWhole(ArrayView &View, const ArrayArg &A, const ArrayArg &Layout,
                std::vector<char *> &Table) {
  View.Base = Layout.Data;
  View.Size = A.Extent[0] * A.Extent[1];
  View.Object = Layout.Object;
  if (A.Store == ArrayArg::RowTable)
    View.Rows = rowsOf(Layout, Table);
}

/// Whether an execution's first distribution follows measured speeds (those
/// of the last execution, or alike work on interleaved blocks): a block
/// loop balanced while it runs or between executions.
bool balancedStart(const ExecParams &Params, Schedule Sched) {
  return (Params.Strat != Strategy::Static || Params.Between) &&
         Sched == Schedule::Block;
}

/// The speeds (iterations per second) a balanced block loop's earlier
/// executions measured on Ranks ranks (LoopHistory::weights), or null.
const std::vector<double> *rememberedWeights(const LoopDesc &Desc,
                                             const ExecParams &Params,
                                             Schedule Sched, int Ranks) {
  const auto &Histories = context().Histories;
  auto It = Histories.find(&Desc);
  return balancedStart(Params, Sched) && It != Histories.end() &&
                 static_cast<int>(It->second.weights().size()) == Ranks
             ? &It->second.weights()
             : nullptr;
}

/// The first distribution: under a dynamic strategy a block loop that ran
/// before starts where its last execution's speeds say (the balancing then
/// corrects what changed); one that Interleaves (an irregular loop:
/// RootExecution::partition) from interleaved blocks in those proportions;
/// otherwise block or cyclic.
/// A pipeline gives each of its ranks one contiguous range, in rank order,
/// at least one iteration each.
Partition startPartition(const LoopDesc &Desc, const ExecParams &Params,
                         Schedule Sched, bool Interleave, long long Lb,
                         long long Ub, int Ranks) {
  const std::vector<double> *Remembered =
      rememberedWeights(Desc, Params, Sched, Ranks);
  if (Params.Pipelined) {
    std::vector<double> Speeds(Params.Stages, 1.0);
    if (Remembered)
      Speeds.assign(Remembered->begin(), Remembered->begin() + Params.Stages);
    Partition Parts(Ranks);
    // A skewed pipeline's ranges hold equal elements, not columns; counted
    // from Lb as the others are (spreadPartition places them).
    std::vector<Range> Ranges = Params.Skew
                                    ? skewedRanges(Params.skewed(), Speeds)
                                    : pipelineRanges({Lb, Ub}, Speeds);
    const long long Shift =
        Params.Skew ? Lb - Params.skewed().space().Begin : 0;
    for (Range &R : Ranges)
      R = {R.Begin + Shift, R.End + Shift};
    for (int W = 0; W < Params.Stages; ++W)
      Parts[W].push_back(Ranges[W]);
    return Parts;
  }
  const std::vector<double> Weights =
      Remembered ? *Remembered : std::vector<double>(Ranks, 1.0);
  // 64 blocks a rank: the speeds of Mandelbrot's rows measured on such
  // blocks predict a balanced loop within 2% (blocks of 1/128 of the rows
  // on 2 ranks); a rank's 64 pieces cost little more than one.
  if (Interleave)
    return interleavedPartition(Lb, Ub, Weights, 64);
  if (!Remembered)
    return initialPartition(Sched, Lb, Ub, Ranks);
  return weightedPartition(Lb, Ub, Weights);
}

/// The hook after the distributed loop (LoopHistory): rank 0 takes in what
/// the execution measured; with --dlb-trace, one row per rank.
void afterExecution(const LoopDesc &Desc, const ExecParams &Params,
                    const std::vector<RankWork> &Work, double Seconds) {
  if (Params.Strat == Strategy::Static && !Params.Between)
    return;
  Context &C = context();
  // A rank's busy seconds: the CPU seconds of its share and the time it
  // waited for its core meanwhile, not just its time in the kernel. Next
  // to a CPU hog, sor's pipeline stage on the hog's core computed nearly
  // as fast as the other while it ran (0.95 s in the kernel against 1.0 s
  // for 47% of the rows), but waited 0.63 s for its core after its waits
  // for blocks, which the kernel's seconds do not see.
  std::vector<double> Iterations, Busy;
  for (const RankWork &W : Work) {
    Iterations.push_back(static_cast<double>(W.Counters.Iterations));
    Busy.push_back(W.Counters.CpuSeconds + W.Counters.RunDelaySeconds +
                   W.Counters.LoadSeconds);
  }
  LoopHistory &H = C.Histories[&Desc];
  LoopHistory::Settings S;
  S.Filter = Params.Filter;
  S.FilterHistory = Params.FilterHistory;
  S.Threshold = 1 - Params.Balance.ProfitFactor;
  const double Target = PeriodControl(Params.Control, Params.FixedPeriod).target();
  const bool Interacted = H.executed(Iterations, Busy, now(), Seconds, Target, S);
  if (C.Opts.TraceFile.empty())
    return;
  const long long Execution = C.Stats.loop(Desc.name(), C.Size).Executions;
  for (std::size_t R = 0; R < Work.size(); ++R) {
    TraceRow Row;
    Row.Time = now() - C.StartTime;
    Row.Execution = Execution;
    Row.Rank = static_cast<int>(R);
    Row.Iterations = Work[R].Counters.Iterations;
    Row.BusySeconds = Busy[R];
    Row.LoadSeconds = Work[R].Counters.LoadSeconds;
    Row.Interacted = Interacted;
    if (Interacted) {
      Row.Raw = H.raw()[R];
      Row.Filtered = H.filtered()[R];
    }
    if (R < H.weights().size())
      Row.Weight = H.weights()[R];
    C.Stats.trace(Desc.name(), Row);
  }
}

/// Runs Runner's share of an execution (a PieceRunner or a pipeline's
/// stage); its result, with the rank's CPU seconds and run delay over it
/// where Shared (an execution of more than one rank: they weigh the ranks'
/// rates and judge it, two system calls each, which trisolv's 8000
/// executions of microseconds on one rank paid 32000 times).
template <class Runner> RankWork runCounted(Runner &R, bool Shared = true) {
  // Under SMPI the host's clocks would count the simulation's threads.
  const bool Native = Shared && !transport::simulated();
  const double Cpu = Native ? threadSeconds() : 0;
  const double Delay = Native ? runDelaySeconds() : 0;
  R.run();
  RankWork W = R.result();
  W.Counters.CpuSeconds =
      Native ? threadSeconds() - Cpu : W.Counters.ComputeSeconds;
  W.Counters.RunDelaySeconds = Native ? runDelaySeconds() - Delay : 0;
  return W;
}

void addCounters(WorkCounters &Into, const WorkCounters &From) {
  Into.Iterations += From.Iterations;
  Into.IndexSum += From.IndexSum;
  Into.IndexSquares += From.IndexSquares;
  Into.ComputeSeconds += From.ComputeSeconds;
  Into.CpuSeconds += From.CpuSeconds;
  Into.RunDelaySeconds += From.RunDelaySeconds;
  Into.LoadSeconds += From.LoadSeconds;
}

/// Rows: how many times each iteration runs (a pipelined loop's iterations
/// run once per iteration of the strip-mined loop).
void verify(const char *Name, long long Lb, long long Ub, long long Rows,
            const std::vector<RankWork> &Work) {
  long long Count = 0;
  unsigned long long Sum = 0, Squares = 0;
  for (const RankWork &W : Work) {
    Count += W.Counters.Iterations;
    Sum += W.Counters.IndexSum;
    Squares += W.Counters.IndexSquares;
  }
  const auto Expected = indexChecksums(Lb, Ub);
  const auto R = static_cast<unsigned long long>(Rows);
  if (Count != (Ub - Lb) * Rows || Sum != R * Expected.first ||
      Squares != R * Expected.second)
    fatal(std::string("loop ") + Name + ": " + std::to_string(Count) +
          " iterations ran for " + std::to_string((Ub - Lb) * Rows) +
          ", or some ran twice: its results would be wrong");
}

/// Pipe: rank 0's report of a pipelined execution, or null.
void record(LoopStats &S, const ExecParams &Params,
            const std::vector<Selection> &Selections,
            const PipelineReport *Pipe, const std::vector<RankWork> &Work,
            double Elapsed) {
  S.Strategy = Params.Between     ? strategyName(Params.Asked)
               : Params.Committed ? "auto"
                                  : strategyName(Params.Strat);
  S.BetweenExecutions += Params.Between;
  ++S.Executions;
  if (Pipe) {
    PipelineStats &P = S.Pipeline;
    P.Present = true;
    P.Stages = Params.Stages;
    P.BlockSize = Pipe->BlockSize;
    P.Blocks += Pipe->Blocks;
    P.Shift = Pipe->Shift;
    P.ElementSeconds = Pipe->ElementSeconds;
    P.ModelBlocks = Pipe->ModelBlocks;
    P.PredictedSeconds += Pipe->PredictedSeconds;
    P.EfficiencyBound = Pipe->EfficiencyBound;
    P.SeqSeconds += Pipe->ElementSeconds * static_cast<double>(Params.Columns) *
                    static_cast<double>(Params.OuterUb - Params.OuterLb);
    double Span = 0;
    for (const RankWork &W : Work) {
      Span = std::max(Span, W.Counters.SpanSeconds);
      P.CompetingSeconds += W.Counters.LoadSeconds;
    }
    P.Seconds += Span;
  }
  for (const Selection &Sel : Selections) {
    if (S.Selections.size() >= LoopStats::MaxSelections)
      break;
    SelectionStats Out;
    Out.Execution = S.Executions;
    Out.Synchronization = Sel.Synchronization;
    Out.From = strategyName(Sel.From);
    Out.Chosen = strategyName(Sel.Chosen);
    std::copy(std::begin(Sel.Predicted), std::end(Sel.Predicted),
              Out.Predicted);
    S.Selections.push_back(Out);
  }
  S.ElapsedSeconds += Elapsed;
  for (std::size_t R = 0; R < Work.size(); ++R) {
    const WorkCounters &W = Work[R].Counters;
    S.Iterations += W.Iterations;
    S.RankIterations[R] += W.Iterations;
    S.RankComputeSeconds[R] += W.ComputeSeconds;
    S.RankLoadSeconds[R] += W.LoadSeconds;
    S.RankWaitSeconds[R] += W.WaitSeconds;
    S.RankBalanceSeconds[R] += W.BalanceSeconds;
    S.IterationsMoved += W.MovedIterations;
    S.BytesMoved += W.MovedBytes;
    // Each synchronization is counted once: by rank 0 under a centralized
    // strategy, by the group's first member under a distributed one.
    S.Synchronizations += W.Syncs;
    S.Redistributions += W.Redistributions;
  }
}

} // namespace

/// The factor that brings a cost() clause's W (only its ratios between
/// iterations mean something) to dlbcc's count from the body in basic
/// operations, over the whole loop: 1 without a count.
double LoopRun::countedScale() const {
  if (!CountedFn && CountedConstant <= 0)
    return 1;
  const Range All{Lb, Ub};
  auto Total = [&](const std::function<double(long long)> &Fn,
                   double Constant) {
    return Fn ? WorkCurve(Lb, Ub, Fn).of(All)
              : std::max(0.0, Constant) * static_cast<double>(All.size());
  };
  const double Cost = Total(WorkFn, WorkConstant);
  const double Counted = Total(CountedFn, CountedConstant);
  return Cost > 0 && Counted > 0 ? Counted / Cost : 1;
}

void LoopRun::checkAccess(const char *Access, const char *Array, unsigned Dim,
                          long long Min, long long Max,
                          long long Extent) const {
  if (Min >= 0 && Max < Extent)
    return;
  userError("in the loop at " + std::string(Desc.name()) + ", '" + Access +
            "' reaches index " + std::to_string(Min < 0 ? Min : Max) +
            " in dimension " + std::to_string(Dim + 1) + " of '" + Array +
            "', whose extent is " + std::to_string(Extent) +
            " (from its type, size() or shape()); no iteration has run");
}

void LoopRun::wholeSpan(unsigned Slot, long long Rows,
                        std::initializer_list<Span> Spans) {
  ArrayArg &A = Arrays.at(Slot);
  if (A.Role != ArrayArg::Whole)
    fatal("internal: row spans of an array that is not whole");
  // The runtime's rows of A (the bytes of a C array) per row of the array.
  const long long Extent = distExtent(A);
  if (Rows <= 0 || Extent % Rows != 0)
    return;
  long long Lo = Rows, Hi = -1;
  for (const Span &S : Spans)
    if (S.Runs) {
      Lo = std::min(Lo, std::max(S.Lo, 0LL));
      Hi = std::max(Hi, std::min(S.Hi, Rows - 1));
    }
  const long long PerRow = Extent / Rows;
  A.Trimmed = true;
  A.SentBegin = Lo <= Hi ? Lo * PerRow : 0;
  A.SentEnd = Lo <= Hi ? (Hi + 1) * PerRow : 0;
}

void LoopRun::pin(unsigned Slot, long long Row) {
  ArrayArg &A = Arrays.at(Slot);
  if (A.Role != ArrayArg::Distributed || A.DistDim != 0 ||
      A.PinCount >= MaxPinnedRows)
    fatal("internal: a fixed row of an array that cannot have one");
  A.Pins[A.PinCount++] = Row;
}

void LoopRun::window(unsigned Slot, long long Lo, long long Hi) {
  Access &Acc = Arrays.at(Slot).Acc;
  if (Lo >= Hi)
    return;
  const bool None = Acc.WindowLo >= Acc.WindowHi;
  Acc.WindowLo = None ? Lo : std::min(Acc.WindowLo, Lo);
  Acc.WindowHi = None ? Hi : std::max(Acc.WindowHi, Hi);
}

/// Pinned rows outside their array (checked when the loop has iterations,
/// like the accesses of checkAccess).
static void checkPins(const LoopDesc &Desc,
                      const std::vector<ArrayArg> &Arrays) {
  for (unsigned K = 0; K < Arrays.size(); ++K)
    for (unsigned P = 0; P < Arrays[K].PinCount; ++P) {
      const long long Row = Arrays[K].Pins[P];
      if (Row < 0 || Row >= distExtent(Arrays[K]))
        userError("in the loop at " + std::string(Desc.name()) + ", row " +
                  std::to_string(Row) + " of '" + Desc.arrayName(K) +
                  "', read by every iteration, is outside its extent " +
                  std::to_string(distExtent(Arrays[K])) +
                  "; no iteration has run");
    }
}

/// Arrays that share memory would alias in the user's memory on rank 0 but
/// not in the copies the workers get (and the kernels take them as restrict
/// pointers): the program would compute something else. Rank 0 stops it.
static void checkDisjoint(const LoopDesc &Desc,
                          const std::vector<ArrayArg> &Arrays) {
  for (std::size_t J = 0; J < Arrays.size(); ++J)
    for (std::size_t K = 0; K < J; ++K) {
      const ArrayArg &A = Arrays[J], &B = Arrays[K];
      if (sharesMemory(A, B) && (A.Acc.Written || B.Acc.Written))
        userError("in the loop at " + std::string(Desc.name()) + ", '" +
                  Desc.arrayName(static_cast<unsigned>(K)) + "' and '" +
                  Desc.arrayName(static_cast<unsigned>(J)) +
                  "' share memory and one is written: dlbcc treats them as "
                  "separate arrays; pass separate arrays, or write the loop "
                  "with one of them; no iteration has run");
    }
}

/// A skewed pipeline: every distributed array is stored along j + Skew * i
/// (2-D, columns distributed, as dlbcc emits it).
static void skewArrays(const LoopDesc &Desc, std::vector<ArrayArg> &Arrays,
                       long long Skew) {
  if (Skew < 0)
    userError("in the loop at " + std::string(Desc.name()) + ", skew " +
              std::to_string(Skew) + " of the pipeline is negative; no "
              "iteration has run");
  for (std::size_t K = 0; K < Arrays.size(); ++K) {
    ArrayArg &A = Arrays[K];
    if (A.Role != ArrayArg::Distributed)
      continue;
    if (Skew && (A.Dims != 2 || A.DistDim != 1))
      userError("in the loop at " + std::string(Desc.name()) + ", '" +
                Desc.arrayName(static_cast<unsigned>(K)) +
                "' is not a 2-D array distributed by columns, which a "
                "skewed pipeline needs; no iteration has run");
    A.Skew = Skew;
  }
}

/// Rank 0's side of one execution of a loop, phase by phase: the checks,
/// where the arrays are (Residency.h), the parameters (strategy, auto's
/// commitments, pipelines, balancing between executions only), W, the
/// probe (Profit.h), the first partition, the start of the workers, rank
/// 0's own share, the results, and what the execution leaves for the next.
class RootExecution {
public:
  explicit RootExecution(LoopRun &L);
  void run();

private:
  /// Stops with a message if the loop's description cannot run.
  void validate();
  /// The parameters of an execution on rank 0 alone: nothing to balance,
  /// so no hooks in the loop.
  ExecParams aloneParams() const;
  void prepareResidency();
  void planParams();
  void planWork();
  void pointUserViews();
  /// Maps the pages of the user's arrays that the execution writes.
  void mapWrittenPages();
  void probe();
  void partition();
  bool takesPart(int W) const;
  void startWorkers();
  void runShare();
  void collect();
  void finish();
  /// After a distributed doall execution of Elapsed seconds: its fixed
  /// cost, and whether the loop is faster alone.
  void judgeDistributed(double Elapsed);

  LoopRun &L;
  Context &C;
  /// A loop reached from inside a kernel, or before start-up, runs here
  /// alone.
  const bool Distribute;
  const int Size;
  const double Start;
  /// The loop's statistics (when Distribute).
  LoopStats *const Stats;
  const long long Execution;
  std::optional<WatchScope> Watch;
  /// Arrays the ranks keep between executions (Residency.h); a loop kept
  /// spread starts from the ranks that own its rows.
  std::vector<Ownership> Owners;
  const bool Resident;
  const bool PipelineAlone;
  const int Ranks;
  /// Nothing to poll for while the kernel runs alone: no emulated load on
  /// this rank, no trace, no simulation.
  const bool Quiet;
  /// The kernel runs over the whole space as one block, no runner built
  /// (runOneBlock): one rank, or rank 0 known to run the loop alone.
  bool OneBlock;
  /// What the runtime distributes: the iterations, or a bitonic loop's
  /// pairs; a skewed pipeline distributes j + Skew * i (runtime/Pipeline.h).
  const Pairing Pairs;
  const SkewedSpace Skewed;
  const Range Space;
  const Ownership *Owned = nullptr;
  const LoopSpec Spec;
  /// What earlier executions found (Context::ProbeAnswer).
  Context::ProbeAnswer &History;
  ExecParams Params;
  bool Probing = false;
  WorkCurve Curve;
  std::vector<ArrayView> Views;
  std::optional<Probe> Probed;
  bool Alone = false;
  std::vector<Range> Left;
  std::unique_ptr<ChunkRule> Rule;
  /// The partition starts from interleaved blocks (partition()).
  bool Interleaved = false;
  Partition Parts;
  bool FromKept = false;
  bool Keeps = false;
  /// Bytes of whole arrays sent to the workers.
  long long WholeSent = 0;
  std::vector<RankWork> Work;
  std::unique_ptr<PieceRunner> Exec;
  std::optional<PipelineRunner> Pipe;
};

RootExecution::RootExecution(LoopRun &L)
    : L(L), C(context()), Distribute(C.Running && C.Rank == 0 && !C.InKernel),
      Size(Distribute ? C.Size : 1), Start(now()),
      Stats(Distribute ? &C.Stats.loop(L.Desc.name(), C.Size) : nullptr),
      Execution(Stats ? Stats->Executions + 1 : 0),
      Owners(L.Arrays.size()), Resident(Distribute && Size > 1),
      PipelineAlone(L.Pipelined && Resident && pipelineAlone(L.Desc, C.Opts)),
      Ranks(PipelineAlone ? 1 : Size),
      Quiet(!trace::on() && !transport::simulated() &&
            !loadsRank(C.Opts.Load, C.Rank)),
      OneBlock(Size == 1 && !L.Pipelined && Quiet),
      Pairs{L.Lb, L.Ub, L.Bitonic},
      Skewed{{L.Lb, L.Ub}, {L.OuterLb, L.OuterUb}, L.Skew ? L.Skew : 1},
      Space(L.Skew ? Skewed.space() : Pairs.space()),
      Spec{L.Scalars, L.ScalarOffsets, L.Arrays, L.Reductions.size(), Pairs},
      History(C.Probes[&L.Desc]), Left{Space} {}

void RootExecution::validate() {
  // Built only for a message: a loop of microseconds runs this each time.
  auto Where = [&] { return "in the loop at " + std::string(L.Desc.name()); };
  if (L.BadRowLength)
    userError(Where() + ", '" +
              L.Desc.arrayName(static_cast<unsigned>(L.BadRowLength.Slot)) +
              "' of " + std::to_string(L.BadRowLength.Size) +
              " elements is indexed as rows of " +
              std::to_string(L.BadRowLength.RowLength) +
              ", which do not divide it; no iteration has run");
  if (L.Ragged)
    userError(Where() + ", row " + std::to_string(L.Ragged.Row) + " of '" +
              L.Desc.arrayName(static_cast<unsigned>(L.Ragged.Slot)) +
              "' has " + std::to_string(L.Ragged.Length) +
              " elements and row 0 has " + std::to_string(L.Ragged.First) +
              "; a distributed loop needs the rows of a std::vector of "
              "rows equally long; no iteration has run");
  checkDisjoint(L.Desc, L.Arrays);
  checkPins(L.Desc, L.Arrays);
  skewArrays(L.Desc, L.Arrays, L.Pipelined ? L.Skew : 0);
  if (L.Stride < 1 || (L.Stride > 1 && (L.Pipelined || L.Bitonic)))
    userError(Where() + ", stride " + std::to_string(L.Stride) +
              " is not a positive step of a doall loop without pairs; no "
              "iteration has run");
}

void RootExecution::prepareResidency() {
  if (Distribute)
    Watch.emplace(L.Desc.name(), Execution);
  if (!Resident)
    return;
  // A pipeline starts from kept columns when they give each of its stages
  // one contiguous range, in order.
  const int Stages = static_cast<int>(std::min<long long>(Ranks, L.Ub - L.Lb));
  auto Fits = [&](const Ownership &O) {
    if (!L.Pipelined)
      return true;
    const Partition P = ownedPartition(O, Space.Begin, Space.End, Ranks);
    long long At = Space.Begin;
    for (int R = 0; R < Ranks; ++R) {
      if (R >= Stages ? !P[R].empty()
                      : P[R].size() != 1 || P[R][0].Begin != At)
        return false;
      At = R < Stages ? P[R][0].End : At;
    }
    return At == Space.End;
  };
  // A loop that found itself faster alone brings its kept arrays back once.
  const bool Return = History.Return;
  History.Return = false;
  Owned = dlb::prepareResidency(
      L.Arrays, !L.Bitonic && !PipelineAlone && !Return, Owners, Fits);
}

void RootExecution::planParams() {
  Params = execParams(L.Strat, Ranks, L.Arrays, L.DataBytes, Pairs.sides());
  // Under auto the model commits to a strategy at the first
  // synchronization (Zaki et al.): a later execution starts with it instead
  // of evaluating the model again, re-selecting only at global
  // synchronizations (--dlb-reselect).
  if (auto It = C.AutoChoices.find(&L.Desc);
      Params.Auto && !L.Pipelined && It != C.AutoChoices.end()) {
    Params.Strat = It->second;
    Params.GroupSize = isLocal(Params.Strat) ? Params.LocalGroupSize : Ranks;
    Params.Auto = Params.Reselect;
    Params.Committed = true;
  }
  if (L.Pipelined)
    pipelineParams(Params, L.Desc, Skewed, L.MaxBlock, L.Skew, Ranks);
  Params.Stride = L.Stride;
  Params.Anchor = L.Anchor;
  if (betweenExecutions(L.Desc, Params, L.Sched, Ranks)) {
    Params.Asked = Params.Committed ? Strategy::Auto : Params.Strat;
    Params.Between = true;
    Params.Strat = Strategy::Static;
    Params.Auto = false;
    Params.Committed = false;
  }
}

void RootExecution::planWork() {
  // Distributing at all must pay for moving the data (Profit.h).
  // A loop whose history sent it alone (judgeDistributed) runs alone too.
  Probing = Resident && !Owned &&
            (History.Switched || mayProbe(Spec, L.Pipelined, L.Bitonic,
                                   C.Opts.DistributeAlways));
  // W over the units, for the cost model (only auto evaluates it), the
  // probe and the strips of strip-mined hooks. On one rank nothing is
  // balanced: no strips in the loop, and no W (but under simulation, where
  // W is the time an execution is charged).
  const HookLevel Hooked = Ranks == 1 ? unbalancedHooks(L.Hooks) : L.Hooks;
  if (Params.Auto || Hooked == HookLevel::Strip || Probing ||
      transport::simulated()) {
    const double Scale = L.countedScale() / static_cast<double>(L.Stride);
    const double PerIteration = L.WorkConstant * Scale;
    std::function<double(long long)> UnitWork = L.WorkFn;
    if (L.WorkFn && Scale != 1)
      UnitWork = [Fn = L.WorkFn, Scale](long long I) { return Fn(I) * Scale; };
    if (L.Bitonic)
      UnitWork = pairWork(L.Lb, L.Ub,
                          UnitWork ? UnitWork : [PerIteration](long long) {
                            return PerIteration;
                          });
    Curve = UnitWork ? WorkCurve(Space.Begin, Space.End, UnitWork)
                     : WorkCurve(PerIteration);
  }
  hookParams(Params, Hooked,
             Curve.of(Space) / static_cast<double>(Space.End - Space.Begin));
}

void RootExecution::pointUserViews() {
  // Rank 0's pieces work in the user's memory, whose row tables serve the
  // loop's later executions too (a time loop, LU's steps).
  Views.resize(L.Arrays.size());
  for (std::size_t K = 0; K < L.Arrays.size(); ++K) {
    const ArrayArg &A = L.Arrays[K];
    std::vector<char *> &Table = C.RowTables[{
        reinterpret_cast<std::uintptr_t>(A.Data), A.Extent[0],
        A.Extent[1] * static_cast<long long>(A.ElemSize)}];
    if (A.Role == ArrayArg::Distributed)
      pointDistributed(Views[K], A, A, 0, Table);
    else
      pointWhole(Views[K], A, A, Table);
    for (unsigned P = 0; P < A.PinCount; ++P)
      Views[K].Pinned[P] = pinnedRow(A, P);
  }
}

void RootExecution::mapWrittenPages() {
  // Rank 0 computes in the user's arrays, whose pages the program may not
  // have touched before the loop writes them (a global array, zero until
  // the loop's first execution): that execution paid the page faults in
  // its iterations, which the probe and the balancer took for rank 0's
  // speed (seq_jacobi.c, 3000 x 3000, 2 ranks: 132 ms for rank 0's first
  // 740 rows of Anew, 8 ms for the worker's 1492 in buffers that the
  // hand-out had written; the balancer moved 753 rows, 36 MB, to the
  // worker, and the next loop, from rows kept in two pieces there, first
  // copied them into one). So before a distributed execution, the pages of
  // the contiguous arrays it writes are mapped, once per array, without
  // touching their data: the same faults, outside the measurements. Only
  // the rows of the execution's iterations, whose writes would fault: an
  // array declared larger than the program's size (`double a[NMAX][NMAX]`
  // for n < NMAX) keeps its other rows unmapped, though a row is mapped
  // whole.
#ifdef MADV_POPULATE_WRITE
  if (Size < 2)
    return;
  const auto Page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  for (const ArrayArg &A : L.Arrays) {
    if (!A.Acc.Written || !A.Data || A.Store == ArrayArg::RowTable ||
        A.Role != ArrayArg::Distributed || A.DistDim != 0 || A.Skew ||
        std::count(C.Mapped.begin(), C.Mapped.end(), A.Data))
      continue;
    C.Mapped.push_back(A.Data);
    const long long First = std::max(Pairs.Lb, 0LL);
    const long long Last = std::min(Pairs.Ub, A.Extent[0]);
    if (First >= Last)
      continue;
    const std::size_t Row = static_cast<std::size_t>(A.Extent[1]) * A.ElemSize;
    const auto Begin = reinterpret_cast<std::uintptr_t>(
        A.Data + static_cast<std::size_t>(First) * Row);
    const auto End =
        Begin + static_cast<std::uintptr_t>(Last - First) * Row;
    const std::uintptr_t FirstPage = Begin / Page * Page;
    // Pages the program wrote before are there already, and mapping them
    // again walks them for nothing (1 ms for 16 MB): 16 pages spread over
    // the rows tell (mincore).
    const std::uintptr_t Pages = (End - FirstPage + Page - 1) / Page;
    bool Resident = true;
    for (std::uintptr_t K = 0; K < 16 && Resident; ++K) {
      unsigned char In = 0;
      const std::uintptr_t At = FirstPage + Pages * K / 16 * Page;
      Resident = mincore(reinterpret_cast<void *>(At), Page, &In) == 0 &&
                 (In & 1);
    }
    if (Resident)
      continue;
    // Errors change nothing (an older kernel, a read-only mapping): the
    // loop faults as it would have.
    madvise(reinterpret_cast<void *>(FirstPage), End - FirstPage,
            MADV_POPULATE_WRITE);
  }
#endif
}

/// Whether an execution of Size iterations runs alone by the last probe's
/// answer: one no larger than the probed one, or one at most 4 times
/// larger whose time alone, scaled from the probed one's, stays below half
/// the probed distributed time (which only grows with the size: more to
/// compute and to move); 4 times at most, since the time per iteration may
/// grow as the data outgrow a cache. Trisolv's steps grow by one iteration
/// each; sampled at every step, 4000 of them took 0.2 ms each on 2 ranks
/// for 10 us of work.
bool knownAlone(const Context::ProbeAnswer &H, long long Size) {
  if (Size <= H.Iterations)
    return true;
  return Size <= 4 * H.Iterations && H.Predicted.AloneSeconds > 0 &&
         H.Predicted.AloneSeconds * static_cast<double>(Size) /
                 static_cast<double>(H.Iterations) <=
             0.5 * H.Predicted.DistributedSeconds;
}

void RootExecution::probe() {
  // The last probe's answer stands for executions it covers: no larger
  // one after it ran alone (knownAlone), no smaller one after it was
  // distributed (LU's shrinking steps, a time loop's equal ones).
  const bool Known =
      History.Decided && (History.Alone ? knownAlone(History, Space.size())
                                        : Space.size() >= History.Iterations);
  if (!Probing || (Known && !History.Alone))
    return;
  if (Known && Quiet && !L.Pipelined) {
    // Alone with nothing to poll for: one block (runShare), no probe
    // (trisolv's steps on 2 ranks, 8000 executions of microseconds).
    Alone = OneBlock = true;
  } else {
    Prospect To;
    To.Ranks = Ranks;
    To.Latency = Params.Net.Latency;
    To.Bandwidth = Params.Net.Bandwidth;
    To.ProfitFactor = Params.Balance.ProfitFactor;
    To.ExecutionSeconds = C.ExecutionSeconds;
    To.Keeps = std::any_of(L.Arrays.begin(), L.Arrays.end(),
                           [](const ArrayArg &A) { return A.Keep; });
    To.Shares = &C.CoreShares;
    To.Quantum = C.Opts.Quantum;
    Probed.emplace(Spec, L.Desc.kernel(), aloneParams(), Curve, Views);
    Alone = Known || !Probed->worthDistributing(Space, To);
    if (Known)
      Probed->runAll(Space);
    else if (Alone)
      Probed->runRest();
    Left = Probed->rest();
    if (!Known) {
      History.Iterations = Space.size();
      History.Decided = true;
      History.Alone = Alone;
      History.Irregular = Probed->irregular();
      History.Predicted = Probed->prediction();
    }
  }
  // Nothing was balanced, between executions or otherwise, and nothing is
  // left on the ranks.
  Params.Between &= !Alone;
  if (Alone)
    for (ArrayArg &A : L.Arrays)
      A.Keep = false;
}

ExecParams RootExecution::aloneParams() const {
  ExecParams P = execParams(L.Strat, 1, L.Arrays, L.DataBytes, Pairs.sides());
  P.Stride = L.Stride;
  P.Anchor = L.Anchor;
  hookParams(P, unbalancedHooks(L.Hooks), 0);
  return P;
}

void RootExecution::partition() {
  long long LeftCount = 0;
  for (const Range &R : Left)
    LeftCount += R.size();
  // Self-scheduling: each worker starts with its first chunk.
  Rule = chunkRule(Params.Strat);
  // A dynamic strategy measures the ranks' speeds on what they ran: on
  // interleaved blocks where the samples found the cost to vary.
  Interleaved = History.Irregular && !Alone && !Owned && !Rule &&
                !L.Pipelined && balancedStart(Params, L.Sched);
  // Started from kept rows, a pipeline runs where its rows are, except
  // right after its measured speeds changed its weights (LoopHistory: by
  // the threshold's gain at least): then where they say (exchangeKeptRows
  // moves the difference). Otherwise its columns stayed where the first
  // weights put them (sor next to a CPU hog: 63:37 from its third
  // execution to its last, while its rates said 66:34 and then 67:33).
  // Following the weights at every execution, two loops that share the
  // rows would move them back and forth, each to its own (jacobi-1d: 0.6
  // ms more an execution); so do doall loops balanced between executions
  // at their first weights (fdtd-2d's three loops: 28-54 ms an execution
  // instead of 2-3), which keep the rows where they are.
  auto Measured = C.Histories.find(&L.Desc);
  const bool FollowsRows =
      Owned &&
      (Rule || !L.Pipelined ||
       !rememberedWeights(L.Desc, Params, L.Sched, Ranks) ||
       !Measured->second.takeNewWeights());
  Parts = Alone         ? Partition(Ranks)
          : FollowsRows ? ownedPartition(*Owned, Space.Begin, Space.End, Ranks)
          : Rule ? spreadPartition(firstChunks(*Rule, LeftCount, Ranks), Left)
                 : spreadPartition(startPartition(L.Desc, Params, L.Sched,
                                                  Interleaved, 0, LeftCount,
                                                  Ranks),
                                   Left);
  FromKept = startsFromKept(Spec);
  Keeps = std::any_of(L.Arrays.begin(), L.Arrays.end(),
                      [](const ArrayArg &A) { return A.Keep || A.Kept; });
}

bool RootExecution::takesPart(int W) const {
  // Under a dynamic strategy every rank takes part: work may come its way;
  // so does every rank when arrays start from kept rows (it may own some
  // that another rank needs), and when arrays stay on the ranks: a whole
  // array kept is counted on every worker in later executions (and a rank
  // without iterations now may have some then: balanced between
  // executions, or a static loop of fewer iterations than ranks).
  if (Alone)
    return false;
  if (Params.Pipelined)
    return W < Params.Stages;
  if (FromKept || Keeps)
    return true;
  return Params.Strat != Strategy::Static || !Parts[W].empty();
}

void RootExecution::startWorkers() {
  if (Ranks == 1)
    return;
  // The rows of the whole arrays that the workers get; those stored as row
  // tables are packed once for all workers.
  const std::vector<ArrayArg> &Arrays = L.Arrays;
  std::vector<std::vector<char>> Packed(Arrays.size());
  std::vector<const char *> WholeData(Arrays.size());
  std::vector<std::size_t> WholeBytes(Arrays.size());
  for (std::size_t K = 0; K < Arrays.size(); ++K) {
    const ArrayArg &A = Arrays[K];
    if (A.Role != ArrayArg::Whole || A.Kept)
      continue;
    const Range Rows = sentRows(A);
    WholeBytes[K] = slabBytes(A, Rows);
    if (A.Store == ArrayArg::RowTable) {
      // No Data: the rows are wherever the table points.
      Packed[K].resize(WholeBytes[K]);
      packSlab(A, Rows, Packed[K].data());
      WholeData[K] = Packed[K].data();
    } else {
      WholeData[K] = A.Data + slabBytes(A, {0, Rows.Begin});
    }
  }
  // Waiting here for the sends to complete matters: MPI has no progress
  // thread, so data still queued when rank 0 starts computing would not
  // move until it polls.
  const std::vector<double> EncodedCurve = Curve.encode();
  std::vector<int> Taking = {0};
  for (int W = 1; W < Ranks; ++W)
    if (takesPart(W))
      Taking.push_back(W);
  const std::vector<Relay> Tree = relayTree(Taking);
  std::vector<Command> Commands(Ranks);
  std::vector<std::vector<char>> Bodies(Ranks);
  std::deque<std::vector<char>> Copies;
  Requests Sends;
  for (std::size_t I = 1; I < Taking.size(); ++I) {
    const int W = Taking[I];
    Bodies[W] = packBody(Parts[W], Spec, Params, Tree[I], EncodedCurve, Parts,
                         Owners);
    Command &Cmd = Commands[W];
    Cmd.Kind = Command::Run;
    Cmd.LoopId = loopId(L.Desc);
    Cmd.BodyBytes = Bodies[W].size();
    Cmd.Execution = static_cast<std::uint64_t>(Execution);
    postSend(&Cmd, sizeof(Cmd), W, CommandTag, Sends);
    postSend(Bodies[W].data(), Bodies[W].size(), W, BodyTag, Sends);
    postBlockSlabs(Parts[W], Spec, W, Sends, Copies);
  }
  // The whole arrays go down the relay tree: rank 0 sends to its children.
  for (std::size_t K = 0; K < Arrays.size(); ++K)
    if (Arrays[K].Role == ArrayArg::Whole && !Arrays[K].Kept) {
      for (int Child : Tree[0].Children)
        postSend(WholeData[K], WholeBytes[K], Child, WholeTag, Sends);
      WholeSent += static_cast<long long>(WholeBytes[K] * (Taking.size() - 1));
    }
  waitAll(Sends, {"the workers to take the execution's start"});
  if (FromKept) {
    std::vector<Piece> None;
    exchangeKeptRows(Spec, Parts, Owners, None);
  }
}

void RootExecution::runShare() {
  Work.assign(Ranks, RankWork(L.Reductions.size()));
  if (OneBlock) {
    // One rank's parameters are already those of an execution alone.
    Work[0] = runOneBlock(Spec, L.Desc.kernel(),
                          Size == 1 ? Params : aloneParams(), Views, Space);
  } else if (L.Pipelined) {
    Pipe.emplace(Spec, L.Desc.kernel(), Params, Curve, Views, Parts[0].front(),
                 Piece());
    Work[0] = runCounted(*Pipe, Ranks > 1);
  } else if (!Alone) {
    Exec = makeRunner(Spec, L.Desc.kernel(), Params, Curve, Views,
                      std::move(Rule));
    for (const Range &B : Parts[0]) {
      Piece P;
      P.Iters = B;
      Exec->add(std::move(P));
    }
    Work[0] = runCounted(*Exec, Ranks > 1);
  }
}

void RootExecution::collect() {
  // Rank 0 waits for the workers to finish: idle time, like any other.
  if (Watch &&
      !endTogether(Exec ? Exec->strategy() : Params.Strat, L.Pipelined))
    Watch->disarm();
  const double Collect = Ranks > 1 ? now() : 0;
  std::vector<std::vector<Range>> Executed(Ranks);
  if (Exec)
    for (const Piece &P : Exec->executed())
      Executed[0].push_back(P.Iters);
  if (Pipe)
    for (const Piece &P : Pipe->executed())
      Executed[0].push_back(P.Iters);
  for (int W = 1; W < Ranks; ++W) {
    if (!takesPart(W))
      continue;
    Work[W] = receiveResult(W, Spec, Executed[W]);
    if (Exec)
      Exec->drainProfiles(W, Work[W].Counters.ProfilesToRoot);
  }
  if (Ranks > 1)
    Work[0].Counters.WaitSeconds += now() - Collect;
  // A pipeline on rank 0 alone: the others had nothing.
  Work.resize(Size, RankWork(L.Reductions.size()));
  // The probe's iterations: checked and reduced like a rank's, then
  // counted as rank 0's.
  if (Probed) {
    Work.push_back(Probed->result());
    // Rank 0's samples, as its CPU seconds (they ran on its core alone).
    Work.back().Counters.CpuSeconds = Work.back().Counters.ComputeSeconds;
  }
  // Each rank counts the iterations j it ran in each row.
  verify(L.Desc.name(), L.Skew ? L.Lb : Space.Begin,
         L.Skew ? L.Ub : Space.End, L.Pipelined ? L.OuterUb - L.OuterLb : 1,
         Work);
  if (Resident)
    recordResidency(L.Arrays, Space, Executed);
  for (std::size_t K = 0; K < L.Reductions.size(); ++K) {
    const ReductionArg &R = L.Reductions[K];
    for (const RankWork &W : Work)
      if (W.Slots[K].Has)
        R.Combine(R.Var, W.Slots[K].data(), R.Count, R.Op);
  }
  if (Probed) {
    addCounters(Work[0].Counters, Work.back().Counters);
    Work.pop_back();
  }
}

void RootExecution::finish() {
  if (Pipe) {
    const PipelineReport &R = Pipe->report();
    if (R.Shift.measured())
      C.Shift = R.Shift;
    if (R.ElementSeconds > 0)
      C.ElementSeconds[&L.Desc] = R.ElementSeconds;
  }
  if (Exec && (Params.Auto || Params.Committed) &&
      Exec->strategy() != Strategy::Auto)
    C.AutoChoices[&L.Desc] = Exec->strategy();
  const std::vector<ArrayArg> &Arrays = L.Arrays;
  const double Elapsed = now() - Start;
  if (Distribute) {
    record(*Stats, Params,
           Exec ? Exec->selections() : std::vector<Selection>(),
           Pipe ? &Pipe->report() : nullptr, Work, Elapsed);
    LoopStats &S = *Stats;
    S.KeptStarts += std::any_of(Arrays.begin(), Arrays.end(),
                                [](const ArrayArg &A) { return A.Kept; });
    S.WholeBytesSent += WholeSent;
    S.AloneExecutions += Alone || PipelineAlone;
    S.InterleavedStarts += Interleaved;
    if (Probed && Probed->predicted()) {
      ++S.ProbedExecutions;
      S.Distribution = Probed->prediction();
    }
    // The rates of the ranks come from distributed executions.
    if (!Alone && !PipelineAlone)
      afterExecution(L.Desc, Params, Work, Elapsed);
    if (Exec && Ranks > 1)
      judgeDistributed(Elapsed);
  }
  // An execution that hands out arrays for the ranks to keep pays for that
  // once: the executions that start from them tell what distributing costs.
  const bool HandsOut =
      std::any_of(Arrays.begin(), Arrays.end(),
                  [](const ArrayArg &A) { return A.Keep; }) &&
      !startsFromKept(Spec);
  // Not the first of them, as judgeDistributed has it for rows: it pays
  // for the workers' new memory, and a pipeline's runs at the split of the
  // ranks' first rates (sor 2048 beside a CPU hog: 26 ms against 13-16 ms
  // for the next ones; judged, it sent the pipeline alone for one
  // execution, which brought the grid back and handed it out again, 81 ms
  // for two sweeps of 17).
  if (L.Pipelined && Resident) {
    Context::PipelineCosts &Costs = C.Pipelines[&L.Desc];
    const double PerElement =
        Elapsed / static_cast<double>((L.Ub - L.Lb) * (L.OuterUb - L.OuterLb));
    if (HandsOut) {
      Costs.KeptRuns = 0;
    } else if (PipelineAlone) {
      Costs.Alone = PerElement;
    } else if (!FromKept || ++Costs.KeptRuns > 1) {
      Costs.Distributed = KeptDecay * Costs.Distributed + PerElement;
      ++Costs.DistributedRuns;
    }
  }
}

void RootExecution::judgeDistributed(double Elapsed) {
  double Longest = 0, Computed = 0;
  for (const RankWork &W : Work) {
    Longest = std::max(Longest,
                       W.Counters.ComputeSeconds + W.Counters.LoadSeconds);
    // CPU seconds: next to a busy process, a rank's wall seconds in the
    // kernel count the slices the process took from it (jacobi2d next to
    // a CPU hog: 2.3 ms for its rows when it kept its core, 6 ms when the
    // hog took it in between), which rank 0 alone would not spend.
    Computed += W.Counters.CpuSeconds;
  }
  const double Fixed = std::max(Elapsed - Longest, 0.0);
  C.ExecutionSeconds =
      C.ExecutionSeconds > 0 ? std::min(C.ExecutionSeconds, Fixed) : Fixed;
  // Its arrays went out and came back, as the probe's answer had it (that
  // answer stands for the loop's later executions of this size, probe()):
  // if it took longer than all its computing, the next execution probes
  // again. One probe taken while the host was disturbed does not decide a
  // time loop's every step (CI, distribute.test: rank 0 alone predicted at
  // 35 ms for a loop of 3 ms, and 26 ms distributed for one that takes 70).
  if (Probing && !Alone && !Keeps && Computed < Elapsed)
    History.Decided = false;
  // Started from kept arrays, it moved no data: once such executions of
  // the loop took longer than all their computing (what rank 0 alone would
  // have taken, at its speed), by the threshold as pipelineAlone judges a
  // pipeline, the loop runs alone from the next one on, bringing its arrays
  // back once (a time loop of tiny steps, where each execution's messages
  // cost more than its iterations). At most once per loop.
  if (!FromKept || C.Opts.DistributeAlways || History.Switched)
    return;
  History.KeptIds.clear();
  for (const ArrayArg &A : L.Arrays)
    if (A.Kept && A.Role == ArrayArg::Distributed)
      History.KeptIds.push_back(A.Id);
  History.KeptIterations = Space.size();
  // The first execution from kept rows pays for the workers' new memory
  // (fdtd-2d 1500 x 1500: 13 ms against 2-3 ms for the next ones): it is
  // not judged.
  if (++History.KeptRuns == 1)
    return;
  History.KeptElapsed = KeptDecay * History.KeptElapsed + Elapsed;
  History.KeptComputed = KeptDecay * History.KeptComputed + Computed;
  // Judged with the other loops that started from the same kept arrays,
  // and they go alone with it: one of them would otherwise hand the arrays
  // out again at its next execution (jacobi2d's two sweeps next to a CPU
  // hog: 43 ms to bring 40 MB back, 43 ms to send them again), and a light
  // loop beside a heavy one must not take the heavy one's arrays away.
  // Their sums, not each execution: next to a CPU hog, the rank on its
  // core loses a slice to it at every second execution or so (jacobi2d:
  // 2.5 ms, then 8 ms).
  std::vector<Context::ProbeAnswer *> Group;
  double GroupElapsed = 0, GroupComputed = 0;
  int Runs = 0;
  for (auto &[Desc, Other] : C.Probes)
    if (&Other == &History ||
        (!Other.Switched &&
         std::any_of(Other.KeptIds.begin(), Other.KeptIds.end(),
                     [&](std::uint64_t Id) {
                       return std::count(History.KeptIds.begin(),
                                         History.KeptIds.end(), Id) > 0;
                     }))) {
      Group.push_back(&Other);
      GroupElapsed += Other.KeptElapsed;
      GroupComputed += Other.KeptComputed;
      Runs += std::max(Other.KeptRuns - 1, 0);
    }
  if (History.KeptRuns < 3 || Runs < KeptJudged ||
      GroupComputed > (1 - C.Opts.Threshold) * GroupElapsed)
    return;
  for (Context::ProbeAnswer *Answer : Group) {
    Answer->Decided = Answer->Alone = Answer->Switched = Answer->Return = true;
    Answer->Iterations = Answer->KeptIterations;
    Answer->Predicted = {}; // judged from history: no larger size covered
  }
}

void RootExecution::run() {
  validate();
  prepareResidency();
  planParams();
  planWork();
  pointUserViews();
  mapWrittenPages();
  probe();
  // One rank running one block has nothing to partition or start.
  if (Size > 1 || !OneBlock) {
    partition();
    startWorkers();
  }
  runShare();
  collect();
  finish();
}

void LoopRun::run() {
  if (Ub <= Lb || (Pipelined && OuterUb <= OuterLb))
    return;
  RootExecution(*this).run();
}

namespace {
/// A worker's whole arrays of an execution: received from its parent in the
/// relay tree and forwarded to its children, or the copies kept since an
/// earlier execution.
std::vector<std::shared_ptr<std::vector<char>>>
receiveWholeArrays(const std::vector<ArrayArg> &Arrays, const Relay &Tree) {
  ResidencyState &Kept = context().Residency;
  std::vector<std::shared_ptr<std::vector<char>>> Whole(Arrays.size());
  Requests Reqs;
  for (std::size_t K = 0; K < Arrays.size(); ++K) {
    const ArrayArg &A = Arrays[K];
    if (A.Role != ArrayArg::Whole)
      continue;
    if (A.Kept) {
      Whole[K] = Kept.Kept[A.Id].Whole;
      if (!Whole[K])
        fatal("a whole array to be kept from an earlier execution is not");
      continue;
    }
    // The rows the loop reads, in place; the others stay zero.
    Whole[K] = std::make_shared<std::vector<char>>(arrayBytes(A));
    const Range Rows = sentRows(A);
    postRecv(Whole[K]->data() + slabBytes(A, {0, Rows.Begin}),
             slabBytes(A, Rows), Tree.Parent, WholeTag, Reqs);
    if (A.Keep)
      Kept.Kept[A.Id].Whole = Whole[K];
  }
  waitAll(Reqs, {"the whole arrays of an execution", Tree.Parent});
  for (std::size_t K = 0; K < Arrays.size(); ++K) {
    const ArrayArg &A = Arrays[K];
    if (A.Role != ArrayArg::Whole || A.Kept)
      continue;
    const Range Rows = sentRows(A);
    for (int Child : Tree.Children)
      postSend(Whole[K]->data() + slabBytes(A, {0, Rows.Begin}),
               slabBytes(A, Rows), Child, WholeTag, Reqs);
  }
  waitAll(Reqs, {"this rank's children in the relay tree to take the whole "
                 "arrays"});
  return Whole;
}

/// Runs a worker's pieces under the execution's protocol (a pipeline's
/// stage, or a PieceRunner), keeps the rows the ranks keep, and sends rank
/// 0 the result.
void runWorkerShare(const LoopSpec &Spec, KernelFn Kernel,
                    const ExecParams &Params, const WorkCurve &Curve,
                    std::vector<ArrayView> &Views,
                    const std::vector<Range> &Blocks,
                    std::vector<Piece> Pieces, WatchScope &Watch) {
  if (Params.Pipelined) {
    PipelineRunner Pipe(Spec, Kernel, Params, Curve, Views, Blocks.front(),
                        std::move(Pieces.front()));
    const RankWork Result = runCounted(Pipe);
    keepExecutedRows(Spec,
                     Params.Skew ? Params.skewed().space()
                                 : Spec.Pairs.space(),
                     Pipe.executed());
    sendResult(Result, Pipe.executed(), Spec, Watch, /*Together=*/false);
    return;
  }
  std::unique_ptr<PieceRunner> Exec =
      makeRunner(Spec, Kernel, Params, Curve, Views, nullptr);
  for (Piece &P : Pieces)
    Exec->add(std::move(P));
  const RankWork Result = runCounted(*Exec);
  keepExecutedRows(Spec, Spec.Pairs.space(), Exec->executed());
  sendResult(Result, Exec->executed(), Spec, Watch,
             endTogether(Exec->strategy(), /*Pipelined=*/false));
}
} // namespace

void serveRun(const Command &Cmd) {
  const LoopDesc &Desc = loopById(Cmd.LoopId);
  WatchScope Watch(Desc.name(), static_cast<long long>(Cmd.Execution));
  const char *Start = "the start of an execution";
  auto Body = std::make_shared<std::vector<char>>(Cmd.BodyBytes);
  Requests Reqs;
  postRecv(Body->data(), Body->size(), 0, BodyTag, Reqs);
  waitAll(Reqs, {Start, 0});
  Reader In(*Body);
  const auto Params = In.get<ExecParams>();
  Relay Tree;
  Tree.Parent = In.get<std::int32_t>();
  Tree.Children = In.getVector<int>();
  const WorkCurve Curve = WorkCurve::decode(In.getVector<double>());
  const auto Blocks = In.getVector<Range>();
  const auto Scalars = In.getVector<char>();
  const auto ScalarOffsets = In.getVector<std::size_t>();
  const auto Arrays = In.getVector<ArrayArg>();
  const auto Reductions = In.get<std::uint64_t>();
  const LoopSpec Spec{Scalars, ScalarOffsets, Arrays, Reductions,
                      In.get<Pairing>()};
  // Arrays kept from earlier executions: the partition and who owns what.
  const bool FromKept = startsFromKept(Spec);
  Partition Parts;
  std::vector<Ownership> Owners(Arrays.size());
  if (FromKept) {
    Parts.resize(In.get<std::uint64_t>());
    for (std::vector<Range> &P : Parts)
      P = In.getVector<Range>();
    for (Ownership &O : Owners) {
      O.Ranges = In.getVector<Range>();
      O.Owners = In.getVector<int>();
    }
  }
  // The pinned rows, used in place in the body.
  std::vector<std::vector<const char *>> Pinned(Arrays.size());
  for (std::size_t K = 0; K < Arrays.size(); ++K)
    for (unsigned P = 0; P < Arrays[K].PinCount; ++P)
      Pinned[K].push_back(In.take(
          slabBytes(Arrays[K], {Arrays[K].Pins[P], Arrays[K].Pins[P] + 1}),
          PieceAlign));

  const std::vector<std::shared_ptr<std::vector<char>>> Whole =
      receiveWholeArrays(Arrays, Tree);
  std::vector<ArrayView> Views(Arrays.size());
  std::vector<std::vector<char *>> Tables(Arrays.size());
  for (std::size_t K = 0; K < Arrays.size(); ++K) {
    const ArrayArg &A = Arrays[K];
    if (A.Role == ArrayArg::Whole)
      pointWhole(Views[K], A,
                 bufferLayout(A, {0, distExtent(A)}, Whole[K]->data()),
                 Tables[K]);
    std::copy(Pinned[K].begin(), Pinned[K].end(), Views[K].Pinned);
  }
  const KernelFn Kernel = Desc.kernel();
  std::vector<Piece> Pieces = receiveBlockSlabs(Blocks, Spec);
  if (FromKept)
    exchangeKeptRows(Spec, Parts, Owners, Pieces);
  runWorkerShare(Spec, Kernel, Params, Curve, Views, Blocks,
                 std::move(Pieces), Watch);
}

} // namespace dlb
