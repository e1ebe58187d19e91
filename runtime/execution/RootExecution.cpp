//===- RootExecution.cpp - Rank 0's side of an execution ------------------===//
//
// Rank 0's side of one execution, phase by phase: the checks, where the
// arrays are, the parameters, the partition, the start of the workers, its
// own share in the user's memory, the workers' results, and the statistics.
//
//===----------------------------------------------------------------------===//
#include "execution/RootExecution.h"

#include "core/Registry.h"
#include "execution/ExecutionMessages.h"
#include "execution/ExecutionRecord.h"
#include "execution/Profit.h"
#include "model/KeptBalance.h"
#include "observe/Trace.h"
#include "residency/Layout.h"
#include "residency/Residency.h"
#include "transport/Comm.h"
#include "transport/Protocol.h"
#include "transport/Transport.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

namespace dlb {

namespace {

/// Rank 0's pinned row P of A: in the user's memory.
const char *pinnedRow(const ArrayArg &A, unsigned P) {
  return A.Dims == 1 ? A.Data + A.Pins[P] * static_cast<long long>(A.ElemSize)
                     : rowStart(A, A.Pins[P]);
}

/// Pinned rows outside their array (checked when the loop has iterations,
/// like the accesses of checkAccess).
void checkPins(const LoopDesc &Desc, const std::vector<ArrayArg> &Arrays) {
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
void checkDisjoint(const LoopDesc &Desc, const std::vector<ArrayArg> &Arrays) {
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
void skewArrays(const LoopDesc &Desc, std::vector<ArrayArg> &Arrays,
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

} // namespace

RootExecution::RootExecution(detail::LoopRunState &L)
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
  // W is the time an execution is charged). Nor for an execution known to
  // run alone in one block (NPB CG's mat-vec alone on 2 ranks: W over its
  // 14,000 rows at each execution took 1% of the run).
  const HookLevel Hooked = Ranks == 1 ? unbalancedHooks(L.Hooks) : L.Hooks;
  if (knownAloneInOneBlock())
    return;
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
  // The samples rank 0 ran (Space less Left) count toward its share.
  Parts =
      Alone         ? Partition(Ranks)
      : FollowsRows ? keptPartition()
      : Rule ? spreadPartition(firstChunks(*Rule, LeftCount, Ranks), Left)
             : spreadPartition(
                   dropFirst(firstPartition(), Space.size() - LeftCount), Left);
  FromKept = startsFromKept(Spec);
  Keeps = std::any_of(L.Arrays.begin(), L.Arrays.end(),
                      [](const ArrayArg &A) { return A.Keep || A.Kept; });
}

Partition RootExecution::firstPartition() const {
  // Rows handed out for the ranks to keep stay where this execution puts
  // them, so under auto it shares out work, not iterations (Cholesky's
  // rows shorten with the index: by count, rank 0 of 2 took 3/4 of the
  // work, and the kept rows stayed so).
  const bool HandsOut =
      !Owned && std::any_of(L.Arrays.begin(), L.Arrays.end(),
                            [](const ArrayArg &A) { return A.Keep; });
  if (HandsOut && (L.Strat == Strategy::Auto || Params.Between) &&
      !Interleaved && !L.Pipelined && L.Sched == Schedule::Block &&
      !Curve.uniform()) {
    std::vector<double> Speeds(Ranks, 1.0);
    if (static_cast<int>(C.CoreShares.size()) >= Ranks)
      Speeds.assign(C.CoreShares.begin(), C.CoreShares.begin() + Ranks);
    Partition P = workPartition(Space, Curve, Speeds);
    for (std::vector<Range> &Ranges : P)
      for (Range &R : Ranges)
        R = {R.Begin - Space.Begin, R.End - Space.Begin};
    return P;
  }
  return startPartition(L.Desc, Params, L.Sched, Interleaved, 0, Space.size(),
                        Ranks);
}

Partition RootExecution::keptPartition() {
  KeptBalanceInput In;
  In.Owned = ownedPartition(*Owned, Space.Begin, Space.End, Ranks);
  // A pipeline follows its weights (above); self-scheduling its chunks.
  if (L.Pipelined || Rule)
    return In.Owned;
  In.Space = Space;
  if (auto It = C.WorkSpeeds.find(&L.Desc); It != C.WorkSpeeds.end())
    In.Speeds = It->second;
  for (const ArrayArg &A : L.Arrays)
    if (A.Kept && A.Role == ArrayArg::Distributed)
      In.UnitBytes +=
          static_cast<double>(slabBytes(A, {Space.Begin, Space.Begin + 1}));
  In.ByteSeconds =
      transferByteSeconds(Params.Net.Bandwidth, Params.Net.FreshCopy);
  In.Threshold = C.Opts.Threshold;
  double &Lost = C.KeptLost[&L.Desc];
  In.Lost = Lost;
  KeptBalance B = dlb::keptPartition(In, Curve);
  Lost = B.Lost;
  return std::move(B.Parts);
}

void RootExecution::recordWorkSpeeds(
    const std::vector<std::vector<Range>> &Executed) {
  std::vector<double> &Speeds = C.WorkSpeeds[&L.Desc];
  Speeds.resize(Ranks, 0.0);
  for (int R = 0; R < Ranks; ++R) {
    double Done = 0;
    for (const Range &U : Executed[R])
      Done += Curve.of(U);
    const double Seconds = Work[R].Counters.ComputeSeconds;
    // Averaged with the earlier ones: an execution of microseconds times
    // its ranks with jitter that one measurement would take for imbalance.
    if (Done > 0 && Seconds > 0)
      Speeds[R] =
          Speeds[R] > 0 ? (Speeds[R] + Done / Seconds) / 2 : Done / Seconds;
  }
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
  StartMessage Start = startMessage(Spec, Params, Curve, Parts, Owners);
  std::vector<int> Taking = {0};
  for (int W = 1; W < Ranks; ++W)
    if (takesPart(W))
      Taking.push_back(W);
  const std::vector<Relay> Tree = relayTree(Taking);
  std::vector<std::vector<char>> Commands(Ranks);
  std::vector<std::vector<char>> Bodies(Ranks);
  std::deque<std::vector<char>> Copies;
  Requests Sends;
  for (std::size_t I = 1; I < Taking.size(); ++I) {
    const int W = Taking[I];
    Start.Blocks = Parts[W];
    Start.Tree = Tree[I];
    Bodies[W] = packBody(Start);
    Command Cmd;
    Cmd.Kind = Command::Run;
    Cmd.LoopId = loopId(L.Desc);
    Cmd.BodyBytes = Bodies[W].size();
    Cmd.Execution = static_cast<std::uint64_t>(Execution);
    Commands[W] = encode(Cmd);
    postSend(Commands[W].data(), Commands[W].size(), W, CommandTag, Sends);
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
    exchangeKeptRows(Spec, Parts, Owners, None, KeptSends);
  }
}

void RootExecution::runShare() {
  Work.assign(Ranks, RankResult(L.Reductions.size()));
  // (A loop inside a kernel leaves the enclosing execution's sends alone.)
  if (Distribute)
    C.InFlight = &KeptSends;
  if (OneBlock) {
    // One rank's parameters are already those of an execution alone.
    Work[0] = runOneBlock(Spec, L.Desc.kernel(),
                          Size == 1 ? Params : aloneParams(), Views, Space);
  } else if (!Alone) {
    Run = makeRunner(Spec, L.Desc.kernel(), Params, Curve, Views,
                     std::move(Rule));
    for (const Range &B : Parts[0]) {
      Piece P;
      P.Iters = B;
      Run->add(std::move(P));
    }
    Work[0] = runCounted(*Run, Ranks > 1);
  }
}

void RootExecution::collect() {
  // Rank 0 waits for the workers to finish: idle time, like any other.
  if (Watch &&
      !endTogether(Run ? Run->strategy() : Params.Strat, L.Pipelined))
    Watch->disarm();
  const double Collect = Ranks > 1 ? now() : 0;
  if (Distribute)
    C.InFlight = nullptr;
  KeptSends.finish("the halo rows of the kept arrays to be received");
  std::vector<std::vector<Range>> Executed(Ranks);
  if (Run)
    for (const Piece &P : Run->executed())
      Executed[0].push_back(P.Iters);
  for (int W = 1; W < Ranks; ++W) {
    if (!takesPart(W))
      continue;
    Work[W] = receiveResult(W, Spec, Executed[W]);
    if (Run)
      Run->resultArrived(W, Work[W]);
  }
  if (Ranks > 1)
    Work[0].Counters.WaitSeconds += now() - Collect;
  // A pipeline on rank 0 alone: the others had nothing.
  Work.resize(Size, RankResult(L.Reductions.size()));
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
  if (Resident && FromKept && !L.Pipelined)
    recordWorkSpeeds(Executed);
  if (Resident)
    recordResidency(L.Arrays, Space, Executed);
  for (std::size_t K = 0; K < L.Reductions.size(); ++K) {
    const ReductionArg &R = L.Reductions[K];
    for (const RankResult &W : Work)
      if (W.Slots[K].Has)
        R.Combine(R.Var, W.Slots[K].data(), R.Count, R.Op);
  }
  if (Probed) {
    addCounters(Work[0].Counters, Work.back().Counters);
    Work.pop_back();
  }
}

void RootExecution::finish() {
  const RunReport Report = Run ? Run->report() : RunReport();
  if (Report.Pipeline) {
    if (Report.Pipeline->Shift.measured())
      C.Shift = Report.Pipeline->Shift;
    if (Report.Pipeline->ElementSeconds > 0)
      C.ElementSeconds[&L.Desc] = Report.Pipeline->ElementSeconds;
  }
  if ((Params.Auto || Params.Committed) && Report.Ended != Strategy::Auto)
    C.AutoChoices[&L.Desc] = Report.Ended;
  const std::vector<ArrayArg> &Arrays = L.Arrays;
  const double Elapsed = now() - Start;
  if (Distribute) {
    record(*Stats, Params, Report, Work, Elapsed);
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
    if (Run && !L.Pipelined && Ranks > 1)
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

void RootExecution::run() {
  validate();
  prepareResidency();
  planParams();
  planWork();
  pointUserViews();
  mapWrittenPages();
  probe();
  // One rank running one block has nothing to partition or start, nor has
  // rank 0 running the loop alone (the probe ran it): no worker takes part
  // (trisolv's 3000 steps on 2 ranks: 2.7 thousand instructions an
  // execution for a start of no one).
  if (!Alone && (Size > 1 || !OneBlock)) {
    partition();
    startWorkers();
  }
  runShare();
  collect();
  finish();
}

} // namespace dlb
