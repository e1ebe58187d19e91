//===- BalancingRunner.cpp - The block strategies' runner -----------------===//
//
// A rank runs its pieces one after the other (PieceRunner). The kernel calls
// Block::hook() after every iteration; every ~PollSeconds of computing, the
// hook's slow path (poll) sleeps for the emulated external load and looks
// for a synchronization. Synchronization is receiver-initiated: the first
// rank of a group to run out of work starts it (section 1.2 of the
// chapter). Every member sends exactly one PROFILE per synchronization
// (epoch); the protocols that gather them are CentralizedSync.cpp (GCDLB,
// LCDLB) and DistributedSync.cpp (GDDLB, LDDLB); auto's choice and switch
// are AutoSelection.cpp. A decision with no work left in the group ends the
// loop for the group. Then each sender cuts the iterations it gives away
// from the end of its remaining work and sends them, with their slabs, in
// one message per receiver; rank 0, which holds every array whole,
// receives ranges only.
//
//===----------------------------------------------------------------------===//
#include "protocols/BalancingRunner.h"

#include "residency/Residency.h"

#include "transport/Comm.h"
#include "core/Context.h"
#include "residency/Layout.h"
#include "transport/Protocol.h"
#include "observe/Trace.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace dlb {
namespace {

/// A rank's speed (W units per second, load included) is compared window
/// by window; a change by more than SpeedChange times counts as a change of
/// load, from which the cost model estimates how long a load persists.
constexpr double SpeedWindowSeconds = 0.05;
constexpr double SpeedChange = 1.3;

} // namespace

int BalancingRunner::groupOf(const std::vector<std::vector<int>> &Groups,
                             int Rank) {
  for (std::size_t G = 0; G < Groups.size(); ++G)
    if (std::find(Groups[G].begin(), Groups[G].end(), Rank) != Groups[G].end())
      return static_cast<int>(G);
  return 0;
}

BalancingRunner::BalancingRunner(const LoopSpec &Spec, KernelFn Kernel,
                                 const ExecParams &Params,
                                 const WorkCurve &Curve,
                                 std::vector<ArrayView> &Views)
    : PieceRunner(Spec, Kernel, Params, Curve, Views),
      Balancing(balancesWhileRunning(Params)),
      Centralized(isCentralized(Params.Strat) ||
                  Params.Strat == Strategy::Auto),
      Period(Params.Control, Params.FixedPeriod),
      Filter(Params.Filter, Params.FilterHistory) {
  Groups = fixedGroups(context().Size, std::max(1, Params.GroupSize));
  MyGroup = groupOf(Groups, Rank);
  Epochs.assign(Groups.size(), 0);
  GroupDone.assign(Groups.size(), false);
  Collections.resize(Groups.size());
  Inbox.resize(context().Size);
  ProfilesFrom.assign(context().Size, 0);
}

void BalancingRunner::poll(Block &B) {
  detail::BlockState &State = detail::state(B);
  // The polls are spaced in wall time, the emulated load's sleep included,
  // so that a slowed-down rank still answers its group promptly.
  const Stretch S = hookStretch(B);
  const long long Iters = S.Iters.size();
  trackSpeed(Curve.of(S.Iters), S.Seconds);
  HooksSinceSync += Iters > 0 ? (Iters - 1) / State.Strip + 1 : 0;
  State.Strip = stripSize();
  if (NextHook == 0 && PerIteration > 0)
    planNextHook();
  if (Balancing && !Terminated) {
    const double Start = now();
    const int Epoch = Epochs[MyGroup];
    const double Moving = MoveSeconds;
    const bool Tracing = trace::on();
    const SyncMark Mark = Tracing ? syncMark() : SyncMark();
    // A switch of strategy stops the handling of messages only until this
    // hook: a member whose period was due at every hook never read rank
    // 0's answers again after auto switched to gcdlb (a 3200-row mxm on 16
    // ranks then balanced nothing after its third synchronization).
    Switched = false;
    if (periodDue())
      initiateSync();
    else
      checkSync();
    // t_interact of eq. 11: a synchronization, its work movement aside.
    if (Epochs[MyGroup] != Epoch)
      Period.interacted(now() - Start - (MoveSeconds - Moving));
    Result.Counters.BalanceSeconds += now() - Start;
    if (Tracing)
      traceSync(Start, Mark);
    LastPoll = now();
  }
  // The next poll after PollSeconds of computing, or at nexthook.
  State.Countdown = pollCountdown(PollSeconds, State.Strip);
  if (Balancing && NextHook > HooksSinceSync)
    State.Countdown = std::min(State.Countdown, NextHook - HooksSinceSync);
}

bool BalancingRunner::periodDue() const {
  return NextHook > 0 && HooksSinceSync >= NextHook && remaining() > 0 &&
         !InitiatedIdle;
}

void BalancingRunner::initiateSync() {
  if (!Centralized) {
    if (!Pending.Active)
      startDistributed();
    else
      progressDistributed();
    return;
  }
  if (Rank != 0) {
    // One unanswered PROFILE at a time (Unanswered): a member whose last
    // one is still in rank 0's hands waits for the answer to start again.
    if (!Unanswered)
      sendProfile();
    serviceMember();
    return;
  }
  // Rank 0 goes on computing while the profiles arrive (checkSync).
  if (!Collections[MyGroup].Active)
    beginCollection(MyGroup, -1, nullptr);
  checkSync();
}

void BalancingRunner::trackSpeed(double Work, double Seconds) {
  WindowWork += Work;
  WindowSeconds += Seconds;
  if (WindowSeconds < SpeedWindowSeconds)
    return;
  const double Rate = WindowWork / WindowSeconds;
  if (WindowRate > 0 && (Rate > SpeedChange * WindowRate ||
                         Rate * SpeedChange < WindowRate))
    ++SpeedChanges;
  WindowRate = Rate;
  WindowWork = 0;
  WindowSeconds = 0;
}

void BalancingRunner::run() {
  context().Watch.State = [this] { return watchState(); };
  prime();
  LastPoll = now();
  for (;;) {
    runQueued();
    if (!Balancing)
      return;
    const double Start = now();
    const double BalanceBefore = Result.Counters.BalanceSeconds;
    const bool Done = idleStep();
    Result.Counters.WaitSeconds += (now() - Start) -
                                   (Result.Counters.BalanceSeconds -
                                    BalanceBefore);
    if (trace::on())
      trace::span(trace::Kind::Idle, Start, static_cast<int>(Params.Strat));
    if (Done)
      return;
  }
}

BalancingRunner::SyncMark BalancingRunner::syncMark() const {
  return {std::accumulate(Epochs.begin(), Epochs.end(), 0LL), Phase,
          MoveSeconds};
}

void BalancingRunner::traceSync(double Start, const SyncMark &Before) const {
  if (syncMark() != Before)
    trace::span(trace::Kind::Synchronization, Start,
                static_cast<int>(Params.Strat), Epochs[MyGroup]);
}

std::string BalancingRunner::watchState() const {
  // Under auto the strategy changes when the model commits: say both.
  const bool Chosen = (Params.Auto || Params.Committed) &&
                      Params.Strat != Strategy::Auto;
  std::string S = (Chosen ? std::string("auto, chose ") : std::string()) +
                  strategyName(Params.Strat) + ", " +
                  std::to_string(Epochs[MyGroup]) + " synchronizations, " +
                  std::to_string(remaining()) + " iterations left here";
  if (Centralized && Rank != 0 && Unanswered)
    S += ", its PROFILE unanswered";
  return S + (Terminated ? ", terminated" : "");
}

void BalancingRunner::planNextHook() {
  // Eq. 15: the hooks until the next interaction, from the time per hook
  // measured so far (the period target of eqs. 11-14).
  NextHook = nextHook(Period.target(),
                      PerIteration * static_cast<double>(stripSize()),
                      1LL << 40);
}

RankProfile BalancingRunner::profile() const {
  RankProfile P;
  P.Remaining = remaining();
  P.Done = iterationsRun() - ExecutedAtSync;
  P.Seconds = busy() - BusyAtSync;
  P.MoveSeconds = MoveCost;
  P.DoneWork = WorkBefore - WorkAtSync;
  P.SpeedChanges = SpeedChanges;
  P.LoadSeconds = busy();
  P.Period = Period.target();
  if (CurrentBlock) {
    P.DoneWork += Curve.of({CurrentBlock->Begin, CurrentBlock->Next});
    P.RemainingWork = Curve.of({CurrentBlock->Next, CurrentBlock->End});
  }
  for (const Piece &W : Work)
    P.RemainingWork += Curve.of(W.Iters);
  // An idle rank reports the speed of its last period with work.
  if (P.Done == 0 && LastDone > 0) {
    P.Done = LastDone;
    P.DoneWork = LastDoneWork;
    P.Seconds = LastSeconds;
    P.Rate = Filter.adjusted();
  } else if (P.DoneWork > 0 && P.Seconds > 0) {
    // Eq. 16 of Siegell & Steenkiste, as the synchronization will commit it.
    P.Rate = Filter.preview(P.DoneWork / P.Seconds);
  }
  return P;
}

void BalancingRunner::startPeriod(const RankProfile &Sent) {
  // A rank that reported no work left has told its group it is idle: it
  // must not start another synchronization before work comes its way (its
  // report may already have ended the loop).
  if (Sent.Remaining == 0)
    InitiatedIdle = true;
  const long long Executed = iterationsRun();
  // A period with work measured a rate: the filter takes it in.
  if (Executed > ExecutedAtSync && Sent.DoneWork > 0 && Sent.Seconds > 0)
    Filter.update(Sent.DoneWork / Sent.Seconds);
  if (Sent.Done > 0 && Sent.Seconds > 0) {
    LastDone = Sent.Done;
    LastDoneWork = Sent.DoneWork;
    LastSeconds = Sent.Seconds;
  }
  planNextHook();
  HooksSinceSync = 0;
  ExecutedAtSync = Executed;
  WorkAtSync = WorkBefore + (CurrentBlock ? Curve.of({CurrentBlock->Begin,
                                                       CurrentBlock->Next})
                                          : 0);
  BusyAtSync = busy();
}

void BalancingRunner::sendWork(const std::vector<Transfer> &Transfers,
                               bool Synchronous, Requests &Sends,
                               std::vector<std::vector<char>> &Keep) {
  for (const Transfer &T : Transfers) {
    if (T.From != Rank)
      continue;
    // Under a centralized strategy the rank may have run some of the work
    // since its profile: it gives what it still has. A receiver that waits
    // for the transfer (Synchronous) gets it even when that is nothing.
    const long long Count = std::max(0LL, std::min(T.Count, remaining()));
    if (Count == 0 && !Synchronous)
      continue;
    const double Start = now();
    // Rank 0 holds every array, current but for the rows the ranks kept
    // from an earlier execution (Residency.h).
    Keep.push_back(cutAndPack(Count, T.To != 0 || startsFromKept(Spec)));
    const std::vector<char> &Body = Keep.back();
    Keep.push_back(encode(HeadMsg{Body.size()}));
    // The receiver of a synchronous transfer may get it before the
    // directive that tells it to wait for it (a member that reads rank 0's
    // SWITCH after a faster member acted on its own): its tags keep it from
    // the probe that takes INSTRUCTIONs' work in (receivePendingWork).
    postSend(Keep.back().data(), Keep.back().size(), T.To,
             Synchronous ? MoveHeadTag : TransferHeadTag, Sends);
    postSend(Body.data(), Body.size(), T.To,
             Synchronous ? MoveTag : TransferTag, Sends);
    if (trace::on())
      trace::transfer(trace::Kind::Send, Start, T.To, Count,
                      static_cast<long long>(Body.size()));
  }
}

void BalancingRunner::moveWork(const std::vector<Transfer> &Transfers,
                               bool Receive) {
  const double Start = now();
  const double Waited = SenderWaitSeconds;
  Requests Sends;
  std::vector<std::vector<char>> Keep;
  Keep.reserve(2 * Transfers.size());
  sendWork(Transfers, Receive, Sends, Keep);
  if (Receive)
    for (const Transfer &T : Transfers)
      if (T.To == Rank)
        ReceivedIterations += receiveWork(T.From, /*Awaited=*/true);
  waitAll(Sends);
  const double Cost = now() - Start;
  // What moving costs the next decisions (Balance.cpp): not the wait for
  // senders still computing towards their hooks (under a distributed
  // strategy each member moves when it decides, at its own next hook),
  // which says nothing of what the next move will cost.
  const double Moving = Cost - (SenderWaitSeconds - Waited);
  MoveCost = MoveCost > 0 ? (MoveCost + Moving) / 2 : Moving;
  MoveSeconds += Cost;
  Period.moved(Cost, now());
}

void BalancingRunner::receivePendingWork() {
  // INSTRUCTIONs' transfers only: a SWITCH's arrive on MoveHeadTag, and
  // the SWITCH's own moveWork waits for them.
  for (;;) {
    int Flag = 0;
    MPI_Status Status;
    MPI_Iprobe(MPI_ANY_SOURCE, TransferHeadTag, context().Comm, &Flag, &Status);
    if (!Flag)
      return;
    ReceivedIterations += receiveWork(Status.MPI_SOURCE);
    InitiatedIdle = false;
  }
}

void BalancingRunner::sendProfileTo(const RankProfile &Mine, long long Sent,
                                    long long Received,
                                    const std::vector<int> &Dests) {
  ProfileMsg Msg;
  Msg.Phase = Phase;
  Msg.Epoch = Epochs[MyGroup];
  Msg.Profile = Mine;
  Msg.Sent = Sent;
  Msg.Received = Received;
  sendToEach(encode(Msg), Dests, ProfileTag);
  if (Rank != 0 && std::find(Dests.begin(), Dests.end(), 0) != Dests.end())
    ++Result.Counters.ProfilesToRoot;
}

void BalancingRunner::pullProfiles() {
  std::vector<char> Buf;
  int From = 0;
  while (tryReceive(MPI_ANY_SOURCE, ProfileTag, Buf, &From)) {
    ++ProfilesFrom[From];
    const auto Msg = decode<ProfileMsg>(std::move(Buf));
    if (Msg.Phase >= Phase)
      Inbox[From].push_back(Msg);
  }
}

RunReport BalancingRunner::report() const {
  RunReport R = PieceRunner::report();
  R.Selections = Selections;
  return R;
}

bool BalancingRunner::arrivedProfile() {
  pullProfiles();
  return std::any_of(Inbox.begin(), Inbox.end(),
                     [](const std::deque<ProfileMsg> &Q) { return !Q.empty(); });
}

void BalancingRunner::resultArrived(int From, const RankResult &W) {
  while (ProfilesFrom[From] < W.Counters.ProfilesToRoot) {
    receive(From, ProfileTag, "a stale PROFILE");
    ++ProfilesFrom[From];
  }
}

void BalancingRunner::checkSync() {
  if (!Centralized) {
    if (Pending.Active)
      progressDistributed();
    else if (arrivedProfile())
      startDistributed();
    return;
  }
  if (Rank != 0) {
    serviceMember();
    return;
  }
  // After a switch the profiles that arrive belong to the new strategy.
  while (!Switched && serveGroups())
    ;
  if (!Switched)
    receivePendingWork();
}

bool BalancingRunner::idleStep() {
  Switched = false;
  return Centralized ? idleCentralized() : idleDistributed();
}

} // namespace dlb
