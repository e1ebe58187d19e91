//===- DistributedSync.cpp - GDDLB and LDDLB's synchronization ------------===//
//
// An idle member sends its PROFILE to every other member of its group; a
// member that sees a PROFILE at a hook sends its own to all and goes on
// computing; each, once it has all profiles (at a later hook), computes the
// same decide() (all-to-all) and moves its part.
//
//===----------------------------------------------------------------------===//
#include "protocols/BalancingRunner.h"

#include "transport/Comm.h"
#include "core/Context.h"
#include "transport/Protocol.h"
#include "observe/Trace.h"

#include <algorithm>

namespace dlb {

void BalancingRunner::startDistributed() {
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

bool BalancingRunner::progressDistributed() {
  if (!Pending.Active || !gather(Pending, Groups[MyGroup]))
    return false;
  finishDistributed();
  return true;
}

void BalancingRunner::finishDistributed() {
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

bool BalancingRunner::idleDistributed() {
  if (Terminated)
    return true;
  const double Sync = now();
  const bool Tracing = trace::on();
  const SyncMark Mark = Tracing ? syncMark() : SyncMark();
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
  if (Tracing)
    traceSync(Sync, Mark);
  return Terminated;
}

} // namespace dlb
