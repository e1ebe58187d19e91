//===- PipelineRunner.cpp - A rank's stage of a doacross pipeline ---------===//
//
// The kernel of a doacross loop calls receive(Lo) before each block of the
// strip-mined loop and send(Lo, Hi) after it (Emitter.cpp). Rank r of the
// pipeline owns a contiguous range of the distributed loop; it waits for
// rank r - 1's message for the block: a BlockHead (the block's bounds, which
// rank 0 alone chooses, and whether the ranks balance after it) and the
// values of the block's rows in the columns just below its range, which go
// into its halo. After computing the block it sends the same for its own
// last columns to rank r + 1. Reads of old values need no message: the halo
// sent at the start holds them (the compiler limits the block size where a
// later block would overwrite one still to be read).
//
// Balancing happens at a block boundary that rank 0 announces in a block's
// head; the flag travels down the pipeline with the data. At that row every
// member of a group (all ranks for the global strategies, K neighbours for
// the local ones) has computed every earlier row and none of the later ones,
// so columns can change owners: each member reports its range and speed
// (to the group's first member under a centralized strategy, which decides
// and sends the new ranges; to every member under a distributed one, each
// deciding the same), and each column a member needs for its new range (its
// halo included) comes from its old owner. Group edges never move.
//
//===----------------------------------------------------------------------===//
#include "protocols/PipelineRunner.h"

#include "core/Context.h"
#include "messages/Pipeline.h"
#include "residency/Layout.h"
#include "transport/Protocol.h"
#include "observe/Trace.h"
#include "transport/Transport.h"
#include "transport/Wire.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string>

#include <unistd.h>

namespace dlb {
namespace {

/// Blocks are timed until they add up to this (a usable measurement).
constexpr double MinMeasuredSeconds = 100e-6;
/// Measurements of blocks before the block size is chosen.
constexpr std::size_t Measurements = 3;
/// The shift measurement: rounds around the ring, and the stream of
/// messages (their number and the fixed length, eager in MPICH).
constexpr int ShiftRounds = 5;
constexpr int StreamCount = 32;
constexpr std::size_t StreamBytes = 4 * 1024;

/// Sum and sum of squares of the indices of Cols, Rows times (modulo 2^64).
void countIndices(WorkCounters &W, const Range &Cols, long long Rows) {
  const auto Sums = indexChecksums(Cols.Begin, Cols.End);
  const auto R = static_cast<unsigned long long>(Rows);
  W.Iterations += Rows * Cols.size();
  W.IndexSum += R * Sums.first;
  W.IndexSquares += R * Sums.second;
}

} // namespace

PipelineRunner::PipelineRunner(const LoopSpec &Spec, KernelFn Kernel,
                               const ExecParams &Params,
                               const WorkCurve &Curve,
                               std::vector<ArrayView> &Views)
    : Spec(Spec), Kernel(Kernel), Params(Params), Curve(Curve), Views(Views),
      Tables(Spec.Arrays.size()), Rank(context().Rank),
      UserMemory(context().Rank == 0), Load(context().Opts.Load, context().Rank), Result(Spec.Reductions),
      Period(Params.Control, Params.FixedPeriod) {
  for (std::size_t K = 0; K < Spec.Arrays.size(); ++K) {
    const ArrayArg &A = Spec.Arrays[K];
    if (A.Role == ArrayArg::Distributed && A.Acc.Written && A.Acc.HaloLo < 0) {
      Boundary.push_back(K);
      BytesPerRow += static_cast<double>(-A.Acc.HaloLo * A.ElemSize);
    }
  }
  const int K = std::max(1, Params.GroupSize);
  Groups = fixedGroups(Params.Stages, std::min(K, Params.Stages));
  for (std::size_t G = 0; G < Groups.size(); ++G)
    if (std::find(Groups[G].begin(), Groups[G].end(), Rank) != Groups[G].end())
      MyGroup = static_cast<int>(G);
  Balancing = Params.Strat != Strategy::Static && Params.Stages > 1 &&
              K > 1;
  Chosen = Params.ForcedBlock;
  Report.Shift = Params.Shift;
  Report.ElementSeconds = Params.ElementSeconds;
}

void PipelineRunner::add(Piece Initial) {
  Cols = Initial.Iters;
  Current = std::move(Initial);
}

RunReport PipelineRunner::report() const {
  RunReport R;
  R.Pipeline = Report;
  return R;
}

const ArrayArg &PipelineRunner::layout(std::size_t K) const {
  return UserMemory ? Spec.Arrays[K] : Current.Slabs[K].Layout;
}

long long PipelineRunner::first(std::size_t K) const {
  return UserMemory ? 0 : Current.Slabs[K].First;
}

char *PipelineRunner::element(std::size_t K, long long D, long long A) const {
  const ArrayArg &L = layout(K);
  const long long Local = D - first(K);
  const long long Row = L.DistDim == 0 ? Local : A;
  // The user's skewed array holds column D - Skew * Row of the row.
  const long long Col = L.DistDim == 0 ? A : Local - L.Skew * A;
  return rowStart(L, Row) + static_cast<std::size_t>(Col) * L.ElemSize;
}

std::size_t PipelineRunner::boundaryBytes(long long Rows) const {
  return static_cast<std::size_t>(BytesPerRow * static_cast<double>(Rows));
}

void PipelineRunner::boundary(long long Lo, long long Hi, char *Buf,
                              bool Pack) const {
  // The last -HaloLo columns below the next rank's range: this rank's last
  // ones when it sends, its halo when it receives.
  const long long Edge = Pack ? Cols.End : Cols.Begin;
  for (std::size_t K : Boundary) {
    const ArrayArg &A = Spec.Arrays[K];
    const long long H = -A.Acc.HaloLo;
    const long long From = std::max(0LL, Edge - H);
    const long long Width = Edge - From;
    auto Copy = [&](char *Elem, std::size_t Bytes) {
      if (Pack)
        std::memcpy(Buf, Elem, Bytes);
      else
        std::memcpy(Elem, Buf, Bytes);
      Buf += Bytes;
    };
    if (A.DistDim == 1) {
      // Columns: a short run of each row of the block; in the user's skewed
      // array, only its elements (the rest of the run stays as it is).
      for (long long Row = Lo; Row < Hi; ++Row) {
        const Range In = storedPart(layout(K), Row, {From, Edge});
        Buf += (In.Begin - From) * A.ElemSize;
        if (In.size() > 0)
          Copy(element(K, In.Begin, Row), In.size() * A.ElemSize);
        Buf += (Edge - In.End) * A.ElemSize;
      }
    } else {
      // Rows: the block's part of each boundary row.
      for (long long D = From; D < Edge; ++D)
        Copy(element(K, D, Lo), (Hi - Lo) * A.ElemSize);
    }
    // Columns below the array's first are not sent; their space stays.
    Buf += (H - Width) * (Hi - Lo) * A.ElemSize;
  }
}

void PipelineRunner::pointViews() {
  if (UserMemory)
    return;
  for (std::size_t K = 0; K < Spec.Arrays.size(); ++K)
    if (Spec.Arrays[K].Role == ArrayArg::Distributed)
      pointDistributed(Views[K], Spec.Arrays[K], Current.Slabs[K].Layout,
                       Current.Slabs[K].First, Tables[K]);
}

void PipelineRunner::measureShift() {
  const int P = Params.Stages;
  const int Next = (Rank + 1) % P, Prev = (Rank + P - 1) % P;
  std::vector<char> Payload(StreamCount * StreamBytes);
  // The latency: a small message shifted around the ring of the pipeline's
  // ranks, each waiting (sleeping) for the one before; the fastest round.
  // It also counts the ranks on rank 0's host (same host name hash).
  char Name[MPI_MAX_PROCESSOR_NAME] = {};
  int NameLength = 0;
  MPI_Get_processor_name(Name, &NameLength);
  const std::uint64_t MyHost =
      std::hash<std::string>()(std::string(Name, NameLength));
  double Ring = INFINITY;
  const std::vector<char> First = encode(ShiftRing{MyHost, 1});
  ShiftRing Msg;
  for (int Round = 0; Round < ShiftRounds; ++Round) {
    Requests Reqs;
    const double Start = now();
    if (Rank == 0)
      sendToEach(First, {Next}, PipeShiftTag);
    std::vector<char> Buf(ShiftRingBytes);
    postRecv(Buf.data(), Buf.size(), Prev, PipeShiftTag, Reqs);
    waitAll(Reqs);
    Msg = decode<ShiftRing>(std::move(Buf));
    if (Rank != 0) {
      Msg.Ranks += Msg.Host == MyHost;
      sendToEach(encode(Msg), {Next}, PipeShiftTag);
    }
    Ring = std::min(Ring, now() - Start);
  }
  // The cost of a shift in a running pipeline, where the message is there
  // when the next rank looks for it: rank 0 sends a stream of messages to
  // rank 1 (the time to post and complete them), rank 1 lets them arrive,
  // then times receiving them, and reports that; empty and StreamBytes
  // messages give t_fixed and t_incr of eq. (8).
  double Cost[2] = {0, 0};
  for (int Size = 0; Size < 2 && Rank < 2; ++Size) {
    const std::size_t Bytes = Size ? StreamBytes : 1;
    Requests Reqs;
    if (Rank == 0) {
      const double Start = now();
      for (int K = 0; K < StreamCount; ++K)
        postSend(Payload.data() + K * Bytes, Bytes, 1, PipeShiftTag, Reqs);
      waitAll(Reqs);
      const double Send = (now() - Start) / StreamCount;
      double Receive = 0;
      postRecv(&Receive, sizeof(Receive), 1, PipeShiftTag, Reqs);
      waitAll(Reqs);
      Cost[Size] = Send + Receive;
      continue;
    }
    postRecv(Payload.data(), Bytes, 0, PipeShiftTag, Reqs);
    waitAll(Reqs);
    sleepFor(1e-3);
    const double Start = now();
    for (int K = 1; K < StreamCount; ++K) {
      postRecv(Payload.data() + K * Bytes, Bytes, 0, PipeShiftTag, Reqs);
      waitAll(Reqs);
    }
    const double Receive = (now() - Start) / (StreamCount - 1);
    postSend(&Receive, sizeof(Receive), 0, PipeShiftTag, Reqs);
    waitAll(Reqs);
  }
  if (Rank != 0)
    return;
  Params.Shift.Latency = Ring / P;
  // More ranks than cores: a rank that waits has usually lost its core, and
  // every shift costs the wake-up latency, as the paper measures it.
  const long Cores = sysconf(_SC_NPROCESSORS_ONLN);
  Params.Shift.Fixed =
      Cores > 0 && Msg.Ranks > Cores ? std::max(Cost[0], Params.Shift.Latency)
                                     : Cost[0];
  Params.Shift.PerByte =
      std::max(0.0, (Cost[1] - Cost[0]) / static_cast<double>(StreamBytes - 1));
  Report.Shift = Params.Shift;
}

PipelineShape PipelineRunner::shape() const {
  PipelineShape S;
  S.Rows = Params.OuterUb - Params.OuterLb;
  S.Stages = Params.Stages;
  S.BytesPerRow = BytesPerRow;
  S.SeqSeconds = Report.ElementSeconds * static_cast<double>(Params.Columns) *
                 static_cast<double>(S.Rows);
  return S;
}

void PipelineRunner::chooseBlockSize() {
  Chosen = blockSizeFor(optimalBlocks(shape(), Params.Shift), Params.OuterUb -
                                                                 Params.OuterLb,
                       Params.MaxBlock);
}

void PipelineRunner::predict() {
  const PipelineShape S = shape();
  if (S.SeqSeconds <= 0 || Report.BlockSize <= 0)
    return;
  const double Used = static_cast<double>(S.Rows) / Report.BlockSize;
  Report.ModelBlocks = optimalBlocks(S, Params.Shift);
  Report.PredictedSeconds = predictedSeconds(S, Params.Shift, Used);
  Report.EfficiencyBound = efficiencyBound(Used, S.Stages);
}

void PipelineRunner::measureBlock(double Seconds, long long Elements) {
  if (Elements <= 0)
    return;
  // Probing: a block too short to time asks for a larger one.
  if (!Chosen && Seconds < MinMeasuredSeconds)
    ProbeBlock *= 2;
  // Consecutive blocks are timed together until they last long enough.
  PendingSeconds += Seconds;
  PendingElements += static_cast<double>(Elements);
  if (PendingSeconds < MinMeasuredSeconds)
    return;
  ElementTimes.push_back(PendingSeconds / PendingElements);
  PendingSeconds = PendingElements = 0;
  if (ElementTimes.size() < Measurements)
    return;
  // The smallest of several measurements approximates a dedicated rank
  // (section 4.2.4); it also serves the loop's next execution.
  Report.ElementSeconds =
      *std::min_element(ElementTimes.begin(), ElementTimes.end());
  if (!Chosen)
    chooseBlockSize();
}

long long PipelineRunner::blockSize() const {
  const long long Rows = Params.OuterUb - Params.OuterLb;
  const long long B = Params.Stages <= 1 ? Rows : Chosen ? Chosen : ProbeBlock;
  return std::max(1LL, Params.MaxBlock > 0 ? std::min(B, Params.MaxBlock) : B);
}

long long PipelineRunner::countElements(WorkCounters &W, long long Lo,
                                        long long Hi) const {
  if (!Params.Skew) {
    countIndices(W, Cols, Hi - Lo);
    return (Hi - Lo) * Cols.size();
  }
  const SkewedSpace S = Params.skewed();
  long long N = 0;
  for (long long Row = Lo; Row < Hi; ++Row) {
    const Range J = S.row(Row, Cols);
    if (J.size() > 0) {
      countIndices(W, J, 1);
      N += J.size();
    }
  }
  return N;
}

double PipelineRunner::blockWork(long long Lo, long long Hi,
                                  long long Elements) const {
  // A skewed block's rows cover different columns: the mean W.
  if (Params.Skew || Curve.uniform())
    return static_cast<double>(Elements) * Curve.perIteration();
  return static_cast<double>(Hi - Lo) * Curve.of(Cols);
}

long long PipelineRunner::receiveThunk(Block &B, long long Lo) {
  return static_cast<PipelineRunner *>(detail::state(B).Handler)
      ->receive(B, Lo);
}

void PipelineRunner::sendThunk(Block &B, long long Lo, long long Hi) {
  static_cast<PipelineRunner *>(detail::state(B).Handler)->send(Lo, Hi);
}

long long PipelineRunner::receive(Block &B, long long Lo) {
  const double Start = now();
  if (FirstStart < 0)
    FirstStart = Start;
  if (Lo == SyncRow) {
    synchronize(B);
    Result.Counters.BalanceSeconds += now() - Start;
    if (trace::on())
      trace::span(trace::Kind::Synchronization, Start,
                  static_cast<int>(Params.Strat));
  }
  long long Hi = 0;
  if (Rank == 0) {
    Hi = std::min(Lo + blockSize(), Params.OuterUb);
  } else {
    const double Wait = now();
    std::vector<char> Msg =
        dlb::receive(Rank - 1, PipeTag, "the previous stage's block");
    Result.Counters.WaitSeconds += now() - Wait;
    if (trace::on())
      trace::span(trace::Kind::Idle, Wait, static_cast<int>(Params.Strat));
    Reader In(Msg);
    BlockHead Head;
    decode(In, Head);
    if (Head.Lo != Lo)
      fatal("pipeline blocks out of order (block at " +
            std::to_string(Head.Lo) + ", expected " + std::to_string(Lo) +
            ")");
    Hi = Head.Hi;
    SyncAtEnd = Head.SyncAtEnd;
    if (!Boundary.empty())
      boundary(Lo, Hi, In.take(boundaryBytes(Hi - Lo)), /*Pack=*/false);
  }
  BlockStart = now();
  return Hi;
}

void PipelineRunner::send(long long Lo, long long Hi) {
  WorkCounters &W = Result.Counters;
  const long long Elements = countElements(W, Lo, Hi);
  transport::computed(blockWork(Lo, Hi, Elements));
  const double End = now();
  const double Compute = End - BlockStart;
  const double Delay =
      Load.active()
          ? emulatedDelay(Load, BlockStart - context().StartTime, Compute)
          : 0;
  sleepFor(Delay);
  computedStretch(Compute + Delay);
  W.ComputeSeconds += Compute;
  W.LoadSeconds += Delay;
  if (trace::on()) {
    trace::load(Load, BlockStart);
    trace::span(trace::Kind::Compute, BlockStart,
                static_cast<int>(Params.Strat), Elements, Lo);
  }
  ElementsSinceSync += static_cast<double>(Elements);
  BusySinceSync += Compute + Delay;
  if (Rank == 0) {
    measureBlock(Compute, Elements);
    ++Report.Blocks;
    // Balance after this block once nexthook blocks have run (eq. 15).
    ++BlocksSinceSync;
    if (NextHook == 0)
      NextHook = blocksToSync();
    SyncAtEnd = Balancing && Hi < Params.OuterUb &&
                BlocksSinceSync >= NextHook;
  }
  if (SyncAtEnd)
    SyncRow = Hi;
  if (Rank + 1 < Params.Stages) {
    // Completed sends free their buffers (oldest first).
    while (!Sends.empty()) {
      int Done = 0;
      Requests &R = Sends.front().Reqs;
      MPI_Testall(static_cast<int>(R.size()), R.data(), &Done,
                  MPI_STATUSES_IGNORE);
      if (!Done)
        break;
      Sends.pop_front();
    }
    Writer Out;
    encode(Out, BlockHead{Lo, Hi, SyncAtEnd});
    if (!Boundary.empty())
      boundary(Lo, Hi, Out.reserve(boundaryBytes(Hi - Lo)), /*Pack=*/true);
    Sends.push_back({std::move(Out.buffer()), {}});
    Outgoing &M = Sends.back();
    postSend(M.Buf.data(), M.Buf.size(), Rank + 1, PipeTag, M.Reqs);
  }
  SyncAtEnd = false;
  W.SpanSeconds = now() - FirstStart;
}

void PipelineRunner::synchronize(Block &B) {
  detail::BlockState &State = detail::state(B);
  const double SyncStart = now();
  const std::vector<int> &Members = Groups[MyGroup];
  const int N = static_cast<int>(Members.size());
  const int Leader = Members.front();
  auto Index = [&](int R) { return R - Leader; };
  std::vector<StageProfile> All(N);
  All[Index(Rank)] = {Cols, ElementsSinceSync, BusySinceSync};
  const std::vector<char> Mine = encode(All[Index(Rank)]);
  StageRanges Ranges;
  auto Decide = [&] {
    std::vector<double> Speeds(N);
    for (int I = 0; I < N; ++I) {
      Ranges.Old.push_back(All[I].Cols);
      Speeds[I] = All[I].Busy > 0 ? All[I].Elements / All[I].Busy : 0;
    }
    Ranges.New =
        rebalancePipeline(Ranges.Old, Speeds, Params.Balance.ProfitFactor);
  };
  auto ReceiveProfile = [&](int M) {
    All[Index(M)] = decode<StageProfile>(
        dlb::receive(M, PipeSyncTag, "a pipeline synchronization's profile"));
  };
  // Under auto a pipeline runs as gcdlb (pipelineParams in ExecutionPlan.cpp).
  const bool Central = isCentralized(Params.Strat);
  Requests Reqs;
  if (Central && Rank == Leader) {
    for (int M : Members)
      if (M != Rank)
        ReceiveProfile(M);
    Decide();
    sendToEach(encode(Ranges), Members, PipeSyncTag);
  } else if (Central) {
    postSend(Mine.data(), Mine.size(), Leader, PipeSyncTag, Reqs);
    Ranges = decode<StageRanges>(dlb::receive(
        Leader, PipeSyncTag, "the group's new ranges from its first member"));
    waitAll(Reqs);
  } else {
    for (int M : Members)
      if (M != Rank)
        postSend(Mine.data(), Mine.size(), M, PipeSyncTag, Reqs);
    for (int M : Members)
      if (M != Rank)
        ReceiveProfile(M);
    waitAll(Reqs);
    Decide();
  }
  const std::vector<Range> &Old = Ranges.Old;
  const std::vector<Range> &New = Ranges.New;
  if (Rank == Leader)
    ++Result.Counters.Syncs;
  const double Moving = now();
  if (New != Old) {
    moveColumns(Old, New);
    Period.moved(now() - Moving, now());
    if (Rank == Leader)
      ++Result.Counters.Redistributions;
    Cols = New[Index(Rank)];
    State.Begin = Cols.Begin;
    State.End = Cols.End;
  }
  ElementsSinceSync = 0;
  BusySinceSync = 0;
  if (Rank == 0) {
    Period.interacted(Moving - SyncStart);
    NextHook = blocksToSync();
    BlocksSinceSync = 0;
    PeriodStart = now();
  }
}

long long PipelineRunner::blocksToSync() const {
  const double PerBlock =
      BlocksSinceSync > 0 ? (now() - PeriodStart) / BlocksSinceSync : 0;
  return nextHook(Period.target(), PerBlock, 1LL << 40);
}

namespace {
/// Columns [R) of array K go from member From to member To of a group.
struct Segment {
  std::size_t K;
  Range R;
  int From, To;
};

/// The plan of a redistribution of a group's columns from Old to New (one
/// range per member, in order), the same on every member: for each member
/// and array, the columns of its new needed range, each from its old
/// owner; a halo column outside the group from whoever holds it already
/// (the member itself, else the group's edge member). NewNeed: member Me's
/// new needed range of each array.
std::vector<Segment> columnPlan(const LoopSpec &Spec,
                                const std::vector<Range> &Old,
                                const std::vector<Range> &New, int Me,
                                std::vector<Range> &NewNeed) {
  const int N = static_cast<int>(Old.size());
  const Range Group{Old.front().Begin, Old.back().End};
  std::vector<Segment> Plan;
  NewNeed.assign(Spec.Arrays.size(), Range());
  for (int D = 0; D < N; ++D)
    for (std::size_t K = 0; K < Spec.Arrays.size(); ++K) {
      const ArrayArg &A = Spec.Arrays[K];
      if (A.Role != ArrayArg::Distributed)
        continue;
      const long long Extent = distExtent(A);
      const Range Need = neededRange(New[D], A.Acc, Extent);
      const Range Had = neededRange(Old[D], A.Acc, Extent);
      if (D == Me)
        NewNeed[K] = Need;
      auto Source = [&](long long C) {
        if (C >= Old[D].Begin && C < Old[D].End)
          return D;
        for (int O = 0; O < N; ++O)
          if (C >= Old[O].Begin && C < Old[O].End)
            return O;
        if (C >= Had.Begin && C < Had.End)
          return D;
        return C < Group.Begin ? 0 : N - 1;
      };
      for (long long C = Need.Begin; C < Need.End;) {
        const int From = Source(C);
        long long E = C + 1;
        while (E < Need.End && Source(E) == From)
          ++E;
        Plan.push_back({K, {C, E}, From, D});
        C = E;
      }
    }
  return Plan;
}

/// A worker's storage for the slabs NewNeed of the distributed arrays.
Piece columnStorage(const LoopSpec &Spec, const std::vector<Range> &NewNeed) {
  Piece Next;
  std::size_t Bytes = 0;
  for (std::size_t K = 0; K < Spec.Arrays.size(); ++K)
    if (Spec.Arrays[K].Role == ArrayArg::Distributed)
      Bytes += slabBytes(Spec.Arrays[K], NewNeed[K]) + PieceAlign;
  auto Buffer = std::make_shared<SlabBuffer>(Bytes);
  Next.Storage = {Buffer};
  Next.Slabs.resize(Spec.Arrays.size());
  char *P = Buffer->data();
  for (std::size_t K = 0; K < Spec.Arrays.size(); ++K) {
    const ArrayArg &A = Spec.Arrays[K];
    if (A.Role != ArrayArg::Distributed)
      continue;
    P = reinterpret_cast<char *>(
        (reinterpret_cast<std::uintptr_t>(P) + PieceAlign - 1) / PieceAlign *
        PieceAlign);
    Next.Slabs[K] = {bufferLayout(A, NewNeed[K], P), NewNeed[K].Begin};
    P += slabBytes(A, NewNeed[K]);
  }
  return Next;
}
} // namespace

void PipelineRunner::moveColumns(const std::vector<Range> &Old,
                                 const std::vector<Range> &New) {
  const std::vector<int> &Members = Groups[MyGroup];
  const int N = static_cast<int>(Members.size());
  const int Me = Rank - Members.front();
  std::vector<Range> NewNeed;
  const std::vector<Segment> Plan = columnPlan(Spec, Old, New, Me, NewNeed);
  const long long Rows = Params.OuterUb - Params.OuterLb;
  // This rank's new storage (workers; rank 0 keeps the user's arrays).
  Piece Next;
  if (!UserMemory)
    Next = columnStorage(Spec, NewNeed);
  auto Local = [](const Range &R, long long First) {
    return Range{R.Begin - First, R.End - First};
  };
  // Where a segment goes on this rank.
  auto Target = [&](const Segment &S) -> std::pair<const ArrayArg *, Range> {
    if (UserMemory)
      return {&Spec.Arrays[S.K], S.R};
    const Slab &T = Next.Slabs[S.K];
    return {&T.Layout, Local(S.R, T.First)};
  };
  std::vector<std::vector<char>> In(N), Out(N);
  for (const Segment &S : Plan) {
    const std::size_t Bytes = slabBytes(Spec.Arrays[S.K], S.R);
    if (S.To == Me && S.From != Me)
      In[S.From].resize(In[S.From].size() + Bytes);
    if (S.From == Me && S.To != Me) {
      std::vector<char> &O = Out[S.To];
      O.resize(O.size() + Bytes);
      packSlab(layout(S.K), Local(S.R, first(S.K)), O.data() + O.size() - Bytes);
      Result.Counters.MovedBytes += static_cast<long long>(Bytes);
      // Iterations moved: the written array's columns this rank owned.
      if (Spec.Arrays[S.K].Acc.Written)
        Result.Counters.MovedIterations +=
            Rows * std::max(0LL, std::min(S.R.End, Old[Me].End) -
                                     std::max(S.R.Begin, Old[Me].Begin));
    }
    if (S.From == Me && S.To == Me && !UserMemory) {
      std::vector<char> Tmp(Bytes);
      packSlab(layout(S.K), Local(S.R, first(S.K)), Tmp.data());
      auto [L, R] = Target(S);
      unpackSlab(*L, R, Tmp.data());
    }
  }
  Requests Reqs;
  for (int O = 0; O < N; ++O) {
    if (!In[O].empty())
      postRecv(In[O].data(), In[O].size(), Members[O], PipeMoveTag, Reqs);
    if (!Out[O].empty())
      postSend(Out[O].data(), Out[O].size(), Members[O], PipeMoveTag, Reqs);
  }
  waitAll(Reqs);
  std::vector<std::size_t> Offset(N, 0);
  for (const Segment &S : Plan) {
    if (S.To != Me || S.From == Me)
      continue;
    auto [L, R] = Target(S);
    unpackSlab(*L, R, In[S.From].data() + Offset[S.From]);
    Offset[S.From] += slabBytes(Spec.Arrays[S.K], S.R);
  }
  if (!UserMemory) {
    Current.Slabs = std::move(Next.Slabs);
    Current.Storage = std::move(Next.Storage);
    pointViews();
  }
}

void PipelineRunner::run() {
  if (Params.Stages > 1 && !Params.Shift.measured())
    measureShift();
  pointViews();
  Block B;
  detail::BlockState &State = detail::state(B);
  State.Begin = Cols.Begin;
  State.End = Cols.End;
  State.Next = State.Begin;
  State.Scalars = Spec.Scalars.data();
  State.ScalarOffsets = Spec.ScalarOffsets.data();
  State.Arrays = Views.data();
  State.Reductions = Result.Slots.data();
  State.Countdown = std::numeric_limits<long long>::max();
  State.Handler = this;
  State.OuterBegin = Params.OuterLb;
  State.OuterEnd = Params.OuterUb;
  State.Skew = Params.Skew;
  State.InnerLb = Params.InnerLb;
  State.InnerUb = Params.InnerUb;
  State.Receive = &PipelineRunner::receiveThunk;
  State.Send = &PipelineRunner::sendThunk;
  // The loop ran before: its time per element gives the block size now.
  if (Rank == 0 && !Chosen && Params.ElementSeconds > 0 && Params.Stages > 1)
    chooseBlockSize();
  PeriodStart = now();
  Context &C = context();
  const bool Outer = C.InKernel;
  C.InKernel = true;
  Kernel(B);
  C.InKernel = Outer;
  for (Outgoing &M : Sends)
    waitAll(M.Reqs);
  Sends.clear();
  Current.Iters = Cols;
  Executed.push_back(Current);
  if (Rank == 0) {
    // Too few blocks for three measurements (large blocks): what there is.
    if (PendingElements > 0)
      ElementTimes.push_back(PendingSeconds / PendingElements);
    if (!Report.ElementSeconds && !ElementTimes.empty())
      Report.ElementSeconds =
          *std::min_element(ElementTimes.begin(), ElementTimes.end());
    Report.BlockSize = blockSize();
    predict();
  }
}

} // namespace dlb
