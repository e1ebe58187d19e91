//===- CentralizedSync.cpp - GCDLB and LCDLB's synchronization ------------===//
//
// Rank 0 is the balancer (for every group under LCDLB, which it serves in
// arrival order while it also computes). An idle member sends its PROFILE
// to rank 0; rank 0 sends a SYNC request to every other member of the
// group (one-to-all), collects the PROFILEs (all-to-one) at its hooks while
// it goes on computing (no rank waits for a synchronization), decides when
// it has them all, and sends each member an INSTRUCTION with the transfers
// (one-to-all).
//
//===----------------------------------------------------------------------===//
#include "protocols/BalancingRunner.h"

#include "transport/Comm.h"
#include "core/Context.h"
#include "transport/Protocol.h"
#include "observe/Trace.h"

#include <algorithm>

namespace dlb {
namespace {
void checkEpoch(int Got, int Want) {
  if (Got != Want)
    fatal("load balancing messages out of order (epoch " +
          std::to_string(Got) + ", expected " + std::to_string(Want) + ")");
}

/// Rank 0's message of Kind for synchronization Epoch, with no transfers.
DirectiveMsg control(DirectiveKind Kind, int Epoch) {
  DirectiveMsg M;
  M.Kind = Kind;
  M.Epoch = Epoch;
  return M;
}
} // namespace

void BalancingRunner::sendProfile() {
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

void BalancingRunner::serviceMember() {
  std::vector<char> Buf;
  while (!Terminated && !Switched &&
         tryReceive(0, DirectiveTag, Buf, nullptr)) {
    const auto Msg = decode<DirectiveMsg>(std::move(Buf));
    if (Msg.Kind != DirectiveKind::Request) {
      // Every other message ends a synchronization this member sent its
      // PROFILE to, and is the answer to it.
      if (!Unanswered)
        fatal("rank 0 answered a load balancing profile this rank did not "
              "send (epoch " + std::to_string(Msg.Epoch) + ")");
      Unanswered = false;
    }
    if (Msg.Kind == DirectiveKind::Terminate) {
      Terminated = true;
    } else if (Msg.Kind == DirectiveKind::Switch) {
      moveWork(Msg.Transfers, /*Receive=*/true);
      reconfigure(Msg.Next, Msg.Epoch + 1);
    } else if (Msg.Kind == DirectiveKind::Request) {
      // A member that ran out of work has sent this epoch's profile already.
      if (Msg.Epoch == Epochs[MyGroup])
        sendProfile();
    } else {
      moveWork(Msg.Transfers, /*Receive=*/false);
    }
  }
  receivePendingWork();
}

void BalancingRunner::beginCollection(int Group, int FirstFrom,
                                      const ProfileMsg *First) {
  const std::vector<int> &Members = Groups[Group];
  sendToEach(encode(control(DirectiveKind::Request, Epochs[Group])), Members,
             DirectiveTag);
  Gathering &C = Collections[Group];
  startGathering(C, Epochs[Group]);
  if (First)
    take(C, FirstFrom, *First);
  progressCollection(Group);
}

void BalancingRunner::startGathering(Gathering &G, int Epoch) {
  G.Active = true;
  G.Epoch = Epoch;
  G.Got.assign(context().Size, false);
  G.Profiles.assign(context().Size, RankProfile());
  G.Sent = G.Received = 0;
}

void BalancingRunner::take(Gathering &G, int From, const ProfileMsg &Msg) {
  checkEpoch(Msg.Epoch, G.Epoch);
  G.Profiles[From] = Msg.Profile;
  G.Sent += Msg.Sent;
  G.Received += Msg.Received;
  G.Got[From] = true;
}

bool BalancingRunner::gather(Gathering &G, const std::vector<int> &Members) {
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

bool BalancingRunner::progressCollection(int Group) {
  Gathering &C = Collections[Group];
  if (!C.Active || !gather(C, Groups[Group]))
    return false;
  finishCollection(Group);
  return true;
}

void BalancingRunner::finishCollection(int Group) {
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
    sendToEach(encode(control(DirectiveKind::Terminate, Epoch)), Members,
               DirectiveTag);
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
      DirectiveMsg Switch = control(DirectiveKind::Switch, Epoch);
      Switch.Next = Next;
      if (D.Move)
        Switch.Transfers = D.Transfers;
      sendToEach(encode(Switch), Members, DirectiveTag);
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
    if (M == Rank)
      continue;
    DirectiveMsg Instruction = control(DirectiveKind::Instruction, Epoch);
    for (const Transfer &T : D.Transfers)
      if (T.From == M)
        Instruction.Transfers.push_back(T);
    Instructions.push_back(encode(Instruction));
    postSend(Instructions.back().data(), Instructions.back().size(), M,
             DirectiveTag, Reqs);
  }
  waitAll(Reqs);
  if (Member && D.Move)
    moveWork(D.Transfers, /*Receive=*/false);
}

bool BalancingRunner::serveGroups() {
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

bool BalancingRunner::idleCentralized() {
  // Out of work, a rank starts a synchronization once (rank 0
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
    const double Step = now();
    const bool Tracing = trace::on();
    const SyncMark Mark = Tracing ? syncMark() : SyncMark();
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
    if (Tracing)
      traceSync(Step, Mark);
    if (Served)
      Wait.reset();
    else
      Wait.pause();
  }
}

} // namespace dlb
