//===- Execution.cpp - Pieces, hooks and the four strategies --------------===//
//
// A rank runs its pieces one after the other. The kernel calls Block::hook()
// after every iteration; every ~PollSeconds of computing, the hook's slow
// path (poll) sleeps for the emulated external load and looks for a
// synchronization. Synchronization is receiver-initiated: the first rank of
// a group to run out of work starts it (section 1.2 of the chapter).
//
// Every member sends exactly one PROFILE per synchronization (epoch):
//  * distributed (GDDLB, LDDLB): an idle member sends its PROFILE to every
//    other member of its group; a member that sees a PROFILE at a hook sends
//    its own to all and goes on computing; each, once it has all profiles
//    (at a later hook), computes the same decide() (all-to-all).
//  * centralized (GCDLB, LCDLB): rank 0 is the balancer (for every group
//    under LCDLB, which it serves in arrival order while it also computes).
//    An idle member sends its PROFILE to rank 0; rank 0 sends a SYNC request
//    to every other member of the group (one-to-all), collects the PROFILEs
//    (all-to-one) at its hooks while it goes on computing (no rank waits
//    for a synchronization), decides when it has them all, and sends each
//    member an INSTRUCTION with the transfers (one-to-all).
// A decision with no work left in the group ends the loop for the group.
// Then each sender cuts the iterations it gives away from the end of its
// remaining work and sends them, with their slabs, in one message per
// receiver; rank 0, which holds every array whole, receives ranges only.
//
//===----------------------------------------------------------------------===//
#include "Execution.h"

#include "Residency.h"

#include "Comm.h"
#include "Context.h"
#include "Layout.h"
#include "Protocol.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace dlb {
namespace {

/// A rank's speed (W units per second, load included) is compared window
/// by window; a change by more than SpeedChange times counts as a change of
/// load, from which the cost model estimates how long a load persists.
constexpr double SpeedWindowSeconds = 0.05;
constexpr double SpeedChange = 1.3;
/// delta, the time decide() takes, for the cost model: a constant, because
/// the distributed strategies need every rank to evaluate the model on the
/// same numbers (measured: under 20 us for 16 ranks).
constexpr double DecisionSeconds = 20e-6;


int groupOf(const std::vector<std::vector<int>> &Groups, int Rank) {
  for (std::size_t G = 0; G < Groups.size(); ++G)
    if (std::find(Groups[G].begin(), Groups[G].end(), Rank) != Groups[G].end())
      return static_cast<int>(G);
  return 0;
}

template <class T> void sendValue(const T &V, int Dest, int Tag,
                                  Requests &Reqs, std::vector<char> &Keep) {
  Keep.resize(sizeof(T));
  std::memcpy(Keep.data(), &V, sizeof(T));
  postSend(Keep.data(), Keep.size(), Dest, Tag, Reqs);
}

/// Sends V to each rank of Dests (other than this one) and waits.
template <class T> void sendToAll(const T &V, const std::vector<int> &Dests,
                                  int Tag) {
  Requests Reqs;
  std::vector<char> Keep(sizeof(T));
  std::memcpy(Keep.data(), &V, sizeof(T));
  for (int D : Dests)
    if (D != context().Rank)
      postSend(Keep.data(), Keep.size(), D, Tag, Reqs);
  waitAll(Reqs);
}

void checkEpoch(int Got, int Want) {
  if (Got != Want)
    fatal("load balancing messages out of order (epoch " +
          std::to_string(Got) + ", expected " + std::to_string(Want) + ")");
}

} // namespace

Executor::Executor(const LoopSpec &Spec, KernelFn Kernel,
                   const ExecParams &Params, const WorkCurve &Curve,
                   std::vector<ArrayView> &Views)
    : PieceRunner(Spec, Kernel, Params, Curve, Views),
      Balancing(Params.Strat != Strategy::Static && Params.GroupSize > 1 &&
                Params.Hooks != HookLevel::Execution),
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

void Executor::poll(Block &B) {
  // The polls are spaced in wall time, the emulated load's sleep included,
  // so that a slowed-down rank still answers its group promptly.
  const long long Iters = B.Next - PollNext;
  const double Compute = now() - LastPoll;
  const double Delay = account();
  if (Iters > 0 && Compute + Delay > 0)
    PerIteration = (Compute + Delay) / static_cast<double>(Iters);
  trackSpeed(Curve.of({PollNext, B.Next}), Compute + Delay);
  computedStretch(Compute + Delay);
  PollNext = B.Next;
  HooksSinceSync += Iters > 0 ? (Iters - 1) / B.Strip + 1 : 0;
  B.Strip = stripSize();
  if (NextHook == 0 && PerIteration > 0)
    planNextHook();
  if (Balancing && !Terminated) {
    const double Start = now();
    const int Epoch = Epochs[MyGroup];
    const double Moving = MoveSeconds;
    if (periodDue())
      initiateSync();
    else
      checkSync();
    // t_interact of eq. 11: a synchronization, its work movement aside.
    if (Epochs[MyGroup] != Epoch)
      Period.interacted(now() - Start - (MoveSeconds - Moving));
    Result.Counters.BalanceSeconds += now() - Start;
    LastPoll = now();
  }
  // The next poll after PollSeconds of computing, or at nexthook.
  const double PerHook = PerIteration * static_cast<double>(B.Strip);
  double Next = PerHook > 0 ? PollSeconds / PerHook : 1;
  if (Balancing && NextHook > HooksSinceSync)
    Next = std::min(Next, static_cast<double>(NextHook - HooksSinceSync));
  B.Countdown = static_cast<long long>(std::clamp(Next, 1.0, 1e9));
}

bool Executor::periodDue() const {
  return NextHook > 0 && HooksSinceSync >= NextHook && remaining() > 0 &&
         !InitiatedIdle;
}

void Executor::initiateSync() {
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

void Executor::trackSpeed(double Work, double Seconds) {
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

void Executor::run() {
  context().Watch.State = [this] { return watchState(); };
  prime();
  LastPoll = now();
  for (;;) {
    if (!Work.empty()) {
      Piece P = std::move(Work.front());
      Work.pop_front();
      runPiece(std::move(P));
      continue;
    }
    if (!Balancing)
      return;
    const double Start = now();
    const double BalanceBefore = Result.Counters.BalanceSeconds;
    const bool Done = idleStep();
    Result.Counters.WaitSeconds += (now() - Start) -
                                   (Result.Counters.BalanceSeconds -
                                    BalanceBefore);
    if (Done)
      return;
  }
}

std::string Executor::watchState() const {
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

void Executor::planNextHook() {
  // Eq. 15: the hooks until the next interaction, from the time per hook
  // measured so far (the period target of eqs. 11-14).
  NextHook = nextHook(Period.target(),
                      PerIteration * static_cast<double>(stripSize()),
                      1LL << 40);
}

RankProfile Executor::profile() const {
  RankProfile P;
  P.Remaining = remaining();
  P.Done = iterationsRun() - ExecutedAtSync;
  P.Seconds = busy() - BusyAtSync;
  P.MoveSeconds = MoveCost;
  P.DoneWork = WorkBefore - WorkAtSync;
  P.SpeedChanges = SpeedChanges;
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

void Executor::startPeriod(const RankProfile &Sent) {
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
  SpeedChanges = 0;
  ExecutedAtSync = Executed;
  WorkAtSync = WorkBefore + (CurrentBlock ? Curve.of({CurrentBlock->Begin,
                                                       CurrentBlock->Next})
                                          : 0);
  BusyAtSync = busy();
}

void Executor::sendWork(const std::vector<Transfer> &Transfers,
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
    // Rank 0 holds every array, current but for the rows the ranks kept
    // from an earlier execution (Residency.h).
    Keep.push_back(cutAndPack(Count, T.To != 0 || startsFromKept(Spec)));
    const std::vector<char> &Body = Keep.back();
    Keep.emplace_back();
    sendValue(HeadMsg{Body.size()}, T.To, TransferHeadTag, Sends, Keep.back());
    postSend(Body.data(), Body.size(), T.To, TransferTag, Sends);
  }
}

void Executor::moveWork(const std::vector<Transfer> &Transfers, bool Receive) {
  const double Start = now();
  Requests Sends;
  std::vector<std::vector<char>> Keep;
  Keep.reserve(2 * Transfers.size());
  sendWork(Transfers, Receive, Sends, Keep);
  if (Receive)
    for (const Transfer &T : Transfers)
      if (T.To == Rank)
        ReceivedIterations += receiveWork(T.From);
  waitAll(Sends);
  const double Cost = now() - Start;
  MoveCost = MoveCost > 0 ? (MoveCost + Cost) / 2 : Cost;
  MoveSeconds += Cost;
  Period.moved(Cost, now());
}

void Executor::startDistributed() {
  const std::vector<int> &Members = Groups[MyGroup];
  startGathering(Pending, Epochs[MyGroup]);
  Pending.Profiles[Rank] = profile();
  sendProfileTo(Pending.Profiles[Rank], 0, 0, Members);
  ++Epochs[MyGroup];
  // The next period starts now: this rank goes on computing while the
  // other members' PROFILEs arrive.
  startPeriod(Pending.Profiles[Rank]);
  progressDistributed();
}

bool Executor::progressDistributed() {
  if (!Pending.Active || !gather(Pending, Groups[MyGroup]))
    return false;
  finishDistributed();
  return true;
}

void Executor::finishDistributed() {
  Pending.Active = false;
  const std::vector<int> &Members = Groups[MyGroup];
  const std::vector<RankProfile> &Profiles = Pending.Profiles;
  // The group's first member counts its synchronizations.
  const bool Counts = Rank == Members.front();
  Result.Counters.Syncs += Counts;
  long long Left = 0;
  for (int M : Members)
    Left += Profiles[M].Remaining;
  if (Left == 0) {
    Terminated = true;
    return;
  }
  // Every member decides on the same profiles, those sent, and reaches the
  // same transfers and choice (the model is deterministic arithmetic).
  const Decision D = decide(Profiles, Members, Params.Balance);
  const Strategy Next =
      mayChoose(Members) ? choose(Profiles) : Params.Strat;
  if (D.Move) {
    // Every member moves its part when it decides: a receiver waits for
    // the senders', so no work is in flight at the next synchronization.
    Result.Counters.Redistributions += Counts;
    moveWork(D.Transfers, /*Receive=*/true);
    if (!Work.empty())
      InitiatedIdle = false;
  }
  if (Next != Params.Strat)
    reconfigure(Next, Epochs[MyGroup]);
}

void Executor::sendProfile() {
  if (Unanswered)
    fatal("a member sent a second load balancing profile before rank 0 "
          "answered the first (epoch " + std::to_string(Epochs[MyGroup]) + ")");
  Unanswered = true;
  const RankProfile Mine = profile();
  sendProfileTo(Mine, Result.Counters.MovedIterations - SentAtSwitch,
                ReceivedIterations - ReceivedAtSwitch, {0});
  startPeriod(Mine);
  ++Epochs[MyGroup];
}

void Executor::serviceMember() {
  std::vector<char> Buf;
  while (!Terminated && !Switched && tryReceive(0, ControlTag, Buf, nullptr)) {
    Reader In(Buf);
    const auto Kind = In.get<ControlKind>();
    const int Epoch = In.get<int>();
    if (Kind != ControlKind::Request) {
      // Every other message ends a synchronization this member sent its
      // PROFILE to, and is the answer to it.
      if (!Unanswered)
        fatal("rank 0 answered a load balancing profile this rank did not "
              "send (epoch " + std::to_string(Epoch) + ")");
      Unanswered = false;
    }
    if (Kind == ControlKind::Terminate) {
      Terminated = true;
    } else if (Kind == ControlKind::Switch) {
      const auto Next = In.get<Strategy>();
      moveWork(In.getVector<Transfer>(), /*Receive=*/true);
      reconfigure(Next, Epoch + 1);
    } else if (Kind == ControlKind::Request) {
      // A member that ran out of work has sent this epoch's profile already.
      if (Epoch == Epochs[MyGroup])
        sendProfile();
    } else {
      moveWork(In.getVector<Transfer>(), /*Receive=*/false);
    }
  }
  receivePendingWork();
}

void Executor::receivePendingWork() {
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

void Executor::beginCollection(int Group, int FirstFrom,
                               const ProfileMsg *First) {
  const std::vector<int> &Members = Groups[Group];
  Writer Request;
  Request.put(ControlKind::Request);
  Request.put(Epochs[Group]);
  sendToMembers(Request.buffer(), Members);
  Gathering &C = Collections[Group];
  startGathering(C, Epochs[Group]);
  if (First)
    take(C, FirstFrom, *First);
  progressCollection(Group);
}

void Executor::startGathering(Gathering &G, int Epoch) {
  G.Active = true;
  G.Epoch = Epoch;
  G.Got.assign(context().Size, false);
  G.Profiles.assign(context().Size, RankProfile());
  G.Sent = G.Received = 0;
}

void Executor::take(Gathering &G, int From, const ProfileMsg &Msg) {
  checkEpoch(Msg.Epoch, G.Epoch);
  G.Profiles[From] = Msg.Profile;
  G.Sent += Msg.Sent;
  G.Received += Msg.Received;
  G.Got[From] = true;
}

bool Executor::gather(Gathering &G, const std::vector<int> &Members) {
  pullProfiles();
  bool All = true;
  for (int M : Members) {
    if (G.Got[M] || M == Rank)
      continue;
    if (Inbox[M].empty()) {
      All = false;
      continue;
    }
    take(G, M, Inbox[M].front());
    Inbox[M].pop_front();
  }
  return All;
}

bool Executor::progressCollection(int Group) {
  Gathering &C = Collections[Group];
  if (!C.Active || !gather(C, Groups[Group]))
    return false;
  finishCollection(Group);
  return true;
}

void Executor::finishCollection(int Group) {
  Gathering &C = Collections[Group];
  C.Active = false;
  const std::vector<int> &Members = Groups[Group];
  const int Epoch = Epochs[Group];
  const bool Member = Group == MyGroup;
  std::vector<RankProfile> &Profiles = C.Profiles;
  // Rank 0's own profile is taken now, the freshest of the group's.
  if (Member) {
    Profiles[Rank] = profile();
    C.Sent += Result.Counters.MovedIterations - SentAtSwitch;
    C.Received += ReceivedIterations - ReceivedAtSwitch;
  }
  ++Epochs[Group];
  ++Result.Counters.Syncs;
  if (Member)
    startPeriod(Profiles[Rank]);
  long long Left = 0;
  for (int M : Members)
    Left += Profiles[M].Remaining;
  // Done when no member holds work and none is on its way to a member.
  if (Left == 0 && C.Sent == C.Received) {
    Writer Stop;
    Stop.put(ControlKind::Terminate);
    Stop.put(Epoch);
    sendToMembers(Stop.buffer(), Members);
    GroupDone[Group] = true;
    Terminated |= Member;
    return;
  }
  const Decision D = decide(Profiles, Members, Params.Balance);
  // Auto: the model may choose now, but not while work is on its way (a
  // distributed strategy would not wait for it).
  if (mayChoose(Members) && C.Sent == C.Received) {
    const Strategy Next = choose(Profiles);
    if (Next != Params.Strat) {
      Writer Out;
      Out.put(ControlKind::Switch);
      Out.put(Epoch);
      Out.put(Next);
      Out.putVector(D.Move ? D.Transfers : std::vector<Transfer>());
      sendToMembers(Out.buffer(), Members);
      if (D.Move) {
        ++Result.Counters.Redistributions;
        moveWork(D.Transfers, /*Receive=*/true);
      }
      reconfigure(Next, Epochs[Group]);
      return;
    }
  }
  if (D.Move)
    ++Result.Counters.Redistributions;
  // Every member gets an INSTRUCTION, the answer to its PROFILE: with the
  // transfers it must send (section 1.2), or none. The receivers take the
  // work in at their next hook.
  Requests Reqs;
  std::vector<std::vector<char>> Instructions;
  Instructions.reserve(Members.size());
  for (int M : Members) {
    std::vector<Transfer> Mine;
    for (const Transfer &T : D.Transfers)
      if (T.From == M)
        Mine.push_back(T);
    if (M == Rank)
      continue;
    Writer Out;
    Out.put(ControlKind::Instruction);
    Out.put(Epoch);
    Out.putVector(Mine);
    Instructions.push_back(std::move(Out.buffer()));
    postSend(Instructions.back().data(), Instructions.back().size(), M,
             ControlTag, Reqs);
  }
  waitAll(Reqs);
  if (Member && D.Move)
    moveWork(D.Transfers, /*Receive=*/false);
}

void Executor::sendToMembers(const std::vector<char> &Message,
                             const std::vector<int> &Members) {
  Requests Reqs;
  for (int M : Members)
    if (M != Rank)
      postSend(Message.data(), Message.size(), M, ControlTag, Reqs);
  waitAll(Reqs);
}

bool Executor::serveGroups() {
  bool Served = false;
  for (std::size_t G = 0; G < Collections.size() && !Switched; ++G)
    Served |= progressCollection(static_cast<int>(G));
  // A profile from a group with no synchronization going on starts one.
  pullProfiles();
  for (std::size_t R = 0; R < Inbox.size() && !Switched; ++R) {
    const int Group = groupOf(Groups, static_cast<int>(R));
    if (Inbox[R].empty() || Collections[Group].Active)
      continue;
    const ProfileMsg Msg = Inbox[R].front();
    Inbox[R].pop_front();
    beginCollection(Group, static_cast<int>(R), &Msg);
    Served = true;
  }
  return Served;
}

void Executor::sendProfileTo(const RankProfile &Mine, long long Sent,
                             long long Received,
                             const std::vector<int> &Dests) {
  ProfileMsg Msg;
  Msg.Phase = Phase;
  Msg.Epoch = Epochs[MyGroup];
  Msg.Profile = Mine;
  Msg.Sent = Sent;
  Msg.Received = Received;
  sendToAll(Msg, Dests, ProfileTag);
  if (Rank != 0 && std::find(Dests.begin(), Dests.end(), 0) != Dests.end())
    ++Result.Counters.ProfilesToRoot;
}

void Executor::pullProfiles() {
  std::vector<char> Buf;
  int From = 0;
  while (tryReceive(MPI_ANY_SOURCE, ProfileTag, Buf, &From)) {
    ++ProfilesFrom[From];
    const auto Msg = decode<ProfileMsg>(Buf);
    if (Msg.Phase >= Phase)
      Inbox[From].push_back(Msg);
  }
}

bool Executor::arrivedProfile() {
  pullProfiles();
  return std::any_of(Inbox.begin(), Inbox.end(),
                     [](const std::deque<ProfileMsg> &Q) { return !Q.empty(); });
}

void Executor::drainProfiles(int From, long long Sent) {
  while (ProfilesFrom[From] < Sent) {
    receive(From, ProfileTag, "a stale PROFILE");
    ++ProfilesFrom[From];
  }
}

void Executor::checkSync() {
  Switched = false;
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

bool Executor::mayChoose(const std::vector<int> &Members) const {
  return Params.Auto &&
         static_cast<int>(Members.size()) == context().Size &&
         (Params.Strat == Strategy::Auto || Params.Reselect);
}

Strategy Executor::choose(const std::vector<RankProfile> &Profiles) {
  std::vector<int> All(context().Size);
  std::iota(All.begin(), All.end(), 0);
  ModelInput In;
  In.Speeds = memberSpeeds(Profiles, All, /*InWork=*/true);
  if (In.Speeds.empty())
    return Params.Strat == Strategy::Auto ? Strategy::GDDLB : Params.Strat;
  double Work = 0, Iterations = 0;
  for (const RankProfile &P : Profiles) {
    In.Remaining.push_back(P.RemainingWork);
    Work += P.RemainingWork;
    Iterations += static_cast<double>(P.Remaining);
  }
  In.WorkPerIteration =
      Work > 0 && Iterations > 0 ? Work / Iterations : Curve.perIteration();
  if (!(In.WorkPerIteration > 0))
    In.WorkPerIteration = 1;
  In.DataBytes = Params.DataBytes;
  In.GroupSize = Params.LocalGroupSize;
  In.Delta = DecisionSeconds;
  In.PollSeconds = PollSeconds;
  In.ProfileBytes = sizeof(ProfileMsg);
  In.InstructionBytes = sizeof(ControlKind) + sizeof(int) + 2 * sizeof(Transfer);
  In.Net = Params.Net;
  In.Balance = Params.Balance;
  In.Future = Params.Future;
  // How long a load lasts: the busy time measured per change of speed seen
  // (at most the period itself, when no speed changed).
  In.LoadPersistence = loadPersistence(Profiles, All, PollSeconds);
  const std::vector<Prediction> Predictions = predict(In);
  Selection S;
  S.Synchronization = Result.Counters.Syncs;
  S.From = Params.Strat;
  // Without re-selection every choice is final: no margin for the locals.
  S.Chosen = select(Predictions, Params.Strat,
                    Params.Reselect ? Params.ReselectMargin : 0);
  for (int K = 0; K < NumModelStrategies; ++K)
    S.Predicted[K] = Predictions[K].Seconds;
  Selections.push_back(S);
  return S.Chosen;
}

void Executor::reconfigure(Strategy S, int Epoch) {
  // Called at the same point of the same global synchronization on every
  // rank, with every transfer completed: epochs and counters restart alike.
  ++Phase;
  const int Ranks = context().Size;
  Params.Strat = S;
  Params.GroupSize = isLocal(S) ? Params.LocalGroupSize : Ranks;
  Balancing = Params.GroupSize > 1;
  Centralized = isCentralized(S);
  Groups = fixedGroups(Ranks, Params.GroupSize);
  MyGroup = groupOf(Groups, Rank);
  Epochs.assign(Groups.size(), Epoch);
  GroupDone.assign(Groups.size(), false);
  Collections.assign(Groups.size(), Gathering());
  // PROFILEs received for the old strategy are void.
  for (std::deque<ProfileMsg> &Queue : Inbox)
    Queue.erase(std::remove_if(Queue.begin(), Queue.end(),
                               [&](const ProfileMsg &M) {
                                 return M.Phase < Phase;
                               }),
                Queue.end());
  // Idle members start a synchronization of their new group: one that gets
  // no work must still learn when its group is done.
  InitiatedIdle = false;
  Terminated = false;
  SentAtSwitch = Result.Counters.MovedIterations;
  ReceivedAtSwitch = ReceivedIterations;
  Switched = true;
}

bool Executor::idleStep() {
  Switched = false;
  if (!Centralized) {
    if (Terminated)
      return true;
    if (!Pending.Active) {
      if (InitiatedIdle) {
        // Wait for another member to start the next synchronization.
        Backoff Wait({"a PROFILE that starts the group's next "
                      "synchronization"});
        while (!arrivedProfile())
          Wait.pause();
      }
      InitiatedIdle = true;
      const double Start = now();
      startDistributed();
      Result.Counters.BalanceSeconds += now() - Start;
    }
    // Out of work, nothing to do but wait for the other members' PROFILEs.
    Backoff Wait({"the other members' PROFILEs"});
    while (!progressDistributed() && Pending.Active)
      Wait.pause();
    return Terminated;
  }
  // Centralized. Out of work, a rank starts a synchronization once (rank 0
  // directly, a member by sending its profile), then serves until work or
  // the end comes; rank 0 serves every group until all are done.
  Backoff Wait({Rank == 0 ? "the PROFILEs of the groups' synchronizations, "
                            "or work"
                          : "an answer, work or the end of the loop",
                Rank == 0 ? -1 : 0});
  for (;;) {
    // A switch of strategy: go on under the new one.
    if (Switched) {
      Switched = false;
      return false;
    }
    const bool AllDone = std::all_of(GroupDone.begin(), GroupDone.end(),
                                     [](bool B) { return B; });
    if (Rank == 0 ? AllDone : Terminated)
      return true;
    if (!Work.empty())
      return false;
    // A member whose last PROFILE is unanswered starts its idle one when
    // the answer has come and left it still idle.
    if (!InitiatedIdle && !Terminated && (Rank == 0 || !Unanswered)) {
      const double Start = now();
      InitiatedIdle = true;
      if (Rank == 0 && !Collections[MyGroup].Active)
        beginCollection(MyGroup, -1, nullptr);
      else if (Rank != 0)
        sendProfile();
      Result.Counters.BalanceSeconds += now() - Start;
    }
    const double Serve = now();
    const bool Served = Rank == 0 && serveGroups();
    if (Rank == 0)
      receivePendingWork();
    else
      serviceMember();
    Result.Counters.BalanceSeconds += now() - Serve;
    if (Served)
      Wait.reset();
    else
      Wait.pause();
  }
}

} // namespace dlb
