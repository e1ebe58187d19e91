//===- PieceRunner.cpp - Running a rank's pieces of an execution -----------===//
#include "protocols/PieceRunner.h"

#include "transport/Comm.h"
#include "core/Context.h"
#include "messages/WorkTransfer.h"
#include "residency/Layout.h"
#include "transport/Protocol.h"
#include "residency/Residency.h"
#include "observe/Trace.h"
#include "transport/Transport.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace dlb {
namespace {
/// A hook after a strip, the strip's own loop control included, where it
/// costs most: between two cheap iterations that the processor would
/// otherwise overlap (measured with bench/hookcost.cpp: about 1 ns).
constexpr double StripHookSeconds = 1e-9;
} // namespace

PieceRunner::PieceRunner(const LoopSpec &Spec, KernelFn Kernel,
                         const ExecParams &Params, const WorkCurve &Curve,
                         std::vector<ArrayView> &Views)
    : Spec(Spec), Kernel(Kernel), Params(Params), Curve(Curve), Views(Views),
      Rank(context().Rank), UserMemory(context().Rank == 0),
      Load(context().Opts.Load, context().Rank), Result(Spec.Reductions),
      Mirrors(Views), Tables(Spec.Pairs.sides() * Spec.Arrays.size()) {
  // A rank running alone with no emulated load has nothing to poll for:
  // the kernel's hooks then cost one decrement (the accounting is done at
  // the end of each piece).
  if (Params.GroupSize <= 1 && !Load.active())
    Countdown = std::numeric_limits<long long>::max();
}

RunReport PieceRunner::report() const {
  RunReport R;
  R.Ended = strategy();
  return R;
}

void PieceRunner::pollThunk(Block &B) {
  detail::BlockState &State = detail::state(B);
  PieceRunner &R = *static_cast<PieceRunner *>(State.Handler);
  transport::computed(R.Curve.of({R.PollNext, State.Next}));
  if (PendingSends *Sends = context().InFlight)
    progress(*Sends);
  R.poll(B);
}

double PieceRunner::account() {
  const double T = now();
  const double Compute = T - LastPoll;
  const double Delay = Load.active()
                           ? emulatedDelay(Load, LastPoll - context().StartTime,
                                           Compute)
                           : 0;
  sleepFor(Delay);
  if (trace::on())
    trace::load(Load, LastPoll);
  Result.Counters.ComputeSeconds += Compute;
  Result.Counters.LoadSeconds += Delay;
  LastPoll = now();
  return Delay;
}

PieceRunner::Stretch PieceRunner::hookStretch(const Block &B) {
  const detail::BlockState &State = detail::state(B);
  const Range Iters{PollNext, State.Next};
  const double Compute = now() - LastPoll;
  const double Seconds = Compute + account();
  if (Iters.size() > 0 && Seconds > 0) {
    PerIteration = Seconds / static_cast<double>(Iters.size());
    PaceIteration = std::max(PerIteration, PaceIteration / 2);
  }
  computedStretch(Seconds);
  PollNext = State.Next;
  return {Iters, Seconds};
}

long long PieceRunner::pollCountdown(double Every, long long Strip) const {
  const double PerHook = PaceIteration * static_cast<double>(Strip);
  const double Next = PerHook > 0 ? Every / PerHook : 1;
  return static_cast<long long>(std::clamp(Next, 1.0, 1e9));
}

void PieceRunner::runQueued() {
  while (!Work.empty()) {
    Piece P = std::move(Work.front());
    Work.pop_front();
    runPiece(std::move(P));
  }
}

long long PieceRunner::stripSize() const {
  // The operation count of hookParams sizes the strips until the time of an
  // iteration is known; then a strip also lasts at least StripHookSeconds /
  // HookFraction, the 1% rule against the hook's measured time (the
  // operation count underrates a hook next to cheap pipelined arithmetic,
  // since leaving the inner loop costs a mispredicted branch).
  if (Params.Hooks != HookLevel::Strip || !(PerIteration > 0))
    return Params.Strip;
  const double Timed =
      std::ceil(StripHookSeconds / (HookFraction * PerIteration));
  return std::max(Params.Strip,
                  static_cast<long long>(std::min(Timed, 1e15)));
}

void PieceRunner::prime() {
  // A call with no iterations runs the kernel's prologue (a worker rebuilds
  // each whole std::vector there) outside the measured time, so the speed of
  // the first iterations is not mistaken for the rank's speed. Rank 0's
  // views are the program's own arrays: nothing to rebuild.
  if (UserMemory)
    return;
  std::vector<ReductionSlot> Scratch(Spec.Reductions);
  Block B = startBlock(Spec, Params, Range{0, 0}, Views.data(),
                       Mirrors.data(), Scratch.data());
  runKernel(Kernel, B);
}

void PieceRunner::runPiece(Piece P) {
  if (P.Iters.size() <= 0)
    return;
  Current = std::move(P);
  if (!UserMemory)
    pointViews();
  Block B = startBlock(Spec, Params, Current.Iters, Views.data(),
                       Mirrors.data(), Result.Slots.data());
  detail::BlockState &State = detail::state(B);
  // A piece received from another rank may be unlike what this one ran so
  // far (rows from another part of an image): its first hook polls, so that
  // the spacing is measured on its own iterations. A rank that never polls
  // (Countdown at its maximum) stays so.
  State.Countdown =
      Current.Moved && Countdown != std::numeric_limits<long long>::max()
          ? 1
          : Countdown;
  State.Strip = stripSize();
  State.Poll = &PieceRunner::pollThunk;
  State.Handler = this;
  CurrentBlock = &State;
  PollNext = State.Begin;
  LastPoll = now();
  const double Began = LastPoll;

  const bool Outer = runKernel(Kernel, B);
  transport::computed(Curve.of({PollNext, State.Next}));

  account();
  countBlock(B, Result.Counters);
  CurrentBlock = nullptr;
  Countdown = State.Countdown;
  Current.Iters.End = State.End;
  ExecutedBefore += State.End - State.Begin;
  WorkBefore += Curve.of({State.Begin, State.End});
  // A loop inside a kernel belongs to the enclosing piece.
  if (trace::on() && !Outer)
    trace::span(trace::Kind::Compute, Began, static_cast<int>(Params.Strat),
                State.End - State.Begin, State.Begin);
  Executed.push_back(std::move(Current));
}

void PieceRunner::pointViews() {
  const std::size_t Arrays = Spec.Arrays.size();
  for (std::size_t Slot = 0; Slot < Current.Slabs.size(); ++Slot) {
    const std::size_t K = Slot % Arrays;
    if (Spec.Arrays[K].Role != ArrayArg::Distributed)
      continue;
    const Slab &S = Current.Slabs[Slot];
    pointDistributed(Slot < Arrays ? Views[K] : Mirrors[K], Spec.Arrays[K],
                     S.Layout, S.First, Tables[Slot]);
  }
}

long long PieceRunner::iterationsRun() const {
  return ExecutedBefore +
         (CurrentBlock ? CurrentBlock->Next - CurrentBlock->Begin : 0);
}

long long PieceRunner::remaining() const {
  long long R = CurrentBlock ? CurrentBlock->End - CurrentBlock->Next : 0;
  for (const Piece &W : Work)
    R += W.Iters.size();
  return R;
}

std::vector<char> PieceRunner::cutAndPack(long long Count, bool WithData) {
  // The iterations given away are the last ones this rank would run.
  std::vector<std::pair<Range, Piece *>> Cut;
  for (auto It = Work.rbegin(); It != Work.rend() && Count > 0; ++It) {
    const long long Take = std::min(Count, It->Iters.size());
    Cut.push_back({{It->Iters.End - Take, It->Iters.End}, &*It});
    Count -= Take;
  }
  if (Count > 0 && CurrentBlock) {
    const long long Take =
        std::min(Count, CurrentBlock->End - CurrentBlock->Next);
    Cut.push_back({{CurrentBlock->End - Take, CurrentBlock->End}, &Current});
    Count -= Take;
  }
  if (Count > 0)
    fatal("a transfer asked for more iterations than this rank holds");

  WorkTransfer Moved;
  for (auto &[R, Source] : Cut)
    Moved.Ranges.push_back(R);
  Writer Out;
  encode(Out, Moved);
  for (auto &[R, Source] : Cut) {
    if (WithData)
      packSlabs(Out, Spec, R, UserMemory ? nullptr : Source);
    Result.Counters.MovedIterations += R.size();
  }
  // Now shrink what was cut: whole pieces at the back, then the current one.
  for (auto &[R, Source] : Cut) {
    Source->Iters.End = R.Begin;
    if (Source == &Current)
      CurrentBlock->End = R.Begin;
  }
  while (!Work.empty() && Work.back().Iters.size() <= 0)
    Work.pop_back();
  Result.Counters.MovedBytes += static_cast<long long>(Out.buffer().size());
  return std::move(Out.buffer());
}

long long PieceRunner::receiveWork(int From, bool Awaited) {
  const double Start = now();
  long long Received = 0;
  const char *What = "the work a synchronization moved to this rank";
  const auto Head = decode<HeadMsg>(
      receive(From, Awaited ? MoveHeadTag : TransferHeadTag, What));
  SenderWaitSeconds += now() - Start;
  auto Body = std::make_shared<SlabBuffer>(Head.Bytes);
  Requests Reqs;
  postRecv(Body->data(), Body->size(), From, Awaited ? MoveTag : TransferTag,
           Reqs);
  waitAll(Reqs, {What, From});
  Reader In(*Body);
  WorkTransfer Moved;
  decode(In, Moved);
  for (const Range &R : Moved.Ranges) {
    Received += R.size();
    if (!UserMemory) {
      Work.push_back(unpackSlabs(In, Spec, R, Body));
      Work.back().Moved = true;
      continue;
    }
    // Rank 0 computes in the program's arrays; slabs that come with the
    // work (of arrays kept on the ranks) go there first: the rows of the
    // moved iterations, and the halo rows a worker owned that rank 0 has
    // not computed since (its copy is stale). Any other halo row is current
    // in rank 0's memory, maybe just computed (a loop stepping by 2 reads
    // rows next to those it writes): the copy must not overwrite it.
    if (startsFromKept(Spec)) {
      const Piece Sent = unpackSlabs(In, Spec, R, Body);
      const auto &Residences = context().Residency.Residences;
      forEachSide(Spec, R, [&](std::size_t Slot, const ArrayArg &A,
                               const Range &Iters) {
        auto It = Residences.find(A.Id);
        const Ownership *Owners =
            A.Kept && It != Residences.end() ? &It->second.Owners : nullptr;
        auto Ran = [&](long long Row) {
          for (const Piece &P : Executed)
            if (Row >= P.Iters.Begin && Row < P.Iters.End)
              return true;
          return CurrentBlock && Row >= CurrentBlock->Begin &&
                 Row < CurrentBlock->Next;
        };
        auto Stale = [&](long long Row) {
          return (Row >= Iters.Begin && Row < Iters.End) ||
                 (Owners && Owners->ownerOf(Row) != 0 && !Ran(Row));
        };
        const Slab &S = Sent.Slabs[Slot];
        const long long End = S.First + distExtent(S.Layout);
        for (long long Row = S.First; Row < End;) {
          const bool Copy = Stale(Row);
          long long Next = Row + 1;
          while (Next < End && Stale(Next) == Copy)
            ++Next;
          if (Copy) {
            std::vector<char> Buf(slabBytes(A, {Row, Next}));
            packSlab(S.Layout, {Row - S.First, Next - S.First}, Buf.data());
            unpackSlab(A, {Row, Next}, Buf.data());
          }
          Row = Next;
        }
      });
    }
    Piece P;
    P.Iters = R;
    P.Moved = true;
    Work.push_back(std::move(P));
  }
  if (trace::on())
    trace::transfer(trace::Kind::Receive, Start, From, Received,
                    static_cast<long long>(Head.Bytes));
  return Received;
}

Block startBlock(const LoopSpec &Spec, const ExecParams &Params, Range Iters,
                 ArrayView *Views, ArrayView *Mirrors, ReductionSlot *Slots) {
  Block B;
  detail::BlockState &State = detail::state(B);
  State.Begin = Iters.Begin;
  State.End = Iters.End;
  State.Next = State.StreakStart = State.Begin;
  State.Scalars = Spec.Scalars.data();
  State.ScalarOffsets = Spec.ScalarOffsets.data();
  State.Arrays = Views;
  State.Mirrors = Mirrors;
  State.PairLb = Spec.Pairs.Lb;
  State.PairUb = Spec.Pairs.Ub;
  State.Reductions = Slots;
  State.Strip = Params.Strip;
  State.Stride = Params.Stride;
  State.Anchor = Params.Anchor;
  return B;
}

bool runKernel(KernelFn Kernel, Block &B) {
  Context &C = context();
  const bool Outer = C.InKernel;
  C.InKernel = true;
  Kernel(B);
  C.InKernel = Outer;
  return Outer;
}

void countBlock(Block &B, WorkCounters &W) {
  detail::BlockState &State = detail::state(B);
  State.foldStreak();
  W.Iterations += State.End - State.Begin;
  W.IndexSum += State.IndexSum;
  W.IndexSquares += State.IndexSquares;
}

RankResult runOneBlock(const LoopSpec &Spec, KernelFn Kernel,
                       const ExecParams &Params, std::vector<ArrayView> &Views,
                       Range Iters) {
  RankResult Result(Spec.Reductions);
  // The views are the arrays as the call site passed them (rank 0: the
  // program's; a loop inside a kernel: the rank's buffers), the same on
  // both sides of a bitonic loop's pairs.
  Block B = startBlock(Spec, Params, Iters, Views.data(), Views.data(),
                       Result.Slots.data());
  detail::state(B).Countdown = std::numeric_limits<long long>::max();
  const double Began = now();
  runKernel(Kernel, B);
  const double Seconds = now() - Began;
  countBlock(B, Result.Counters);
  Result.Counters.ComputeSeconds = Result.Counters.CpuSeconds = Seconds;
  computedStretch(Seconds);
  return Result;
}

StaticRunner::StaticRunner(const LoopSpec &Spec, KernelFn Kernel,
                           const ExecParams &Params, const WorkCurve &Curve,
                           std::vector<ArrayView> &Views)
    : PieceRunner(Spec, Kernel, Params, Curve, Views) {}

void StaticRunner::run() {
  context().Watch.State = [this] {
    return std::string(strategyName(Params.Strat)) + ", no balancing, " +
           std::to_string(remaining()) + " iterations left here";
  };
  prime();
  LastPoll = now();
  runQueued();
}

void StaticRunner::poll(Block &B) {
  detail::BlockState &State = detail::state(B);
  hookStretch(B);
  State.Strip = stripSize();
  State.Countdown = pollCountdown(PollSeconds, State.Strip);
}

} // namespace dlb
