//===- AutoSelection.cpp - auto's choice of a strategy, and the switch ----===//
//
// At a synchronization of all ranks under auto, the cost model (Model.h)
// predicts each candidate's time from the profiles, and the executor
// switches to the cheapest: every rank reconfigures at the same point of
// the same synchronization.
//
//===----------------------------------------------------------------------===//
#include "protocols/BalancingRunner.h"

#include "transport/Comm.h"
#include "core/Context.h"
#include "transport/Protocol.h"
#include "observe/Trace.h"

#include <algorithm>
#include <numeric>

namespace dlb {
namespace {
/// delta, the time decide() takes, for the cost model: a constant, because
/// the distributed strategies need every rank to evaluate the model on the
/// same numbers (measured: under 20 us for 16 ranks).
constexpr double DecisionSeconds = 20e-6;
} // namespace

bool BalancingRunner::mayChoose(const std::vector<int> &Members) const {
  return Params.Auto &&
         static_cast<int>(Members.size()) == context().Size &&
         (Params.Strat == Strategy::Auto || Params.Reselect);
}

Strategy BalancingRunner::choose(const std::vector<RankProfile> &Profiles) {
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
  // Synchronizations come at the shortest of the periods in the profiles
  // (not this rank's own target, which may have changed since it sent its
  // profile): every member of a distributed group predicts alike.
  In.SyncPeriod = 0;
  for (const RankProfile &P : Profiles)
    if (P.Period > 0 && (In.SyncPeriod == 0 || P.Period < In.SyncPeriod))
      In.SyncPeriod = P.Period;
  In.InteractFraction = Params.Control.InteractFraction;
  In.ProfileBytes = sizeof(ProfileMsg);
  In.InstructionBytes =
      sizeof(DirectiveKind) + sizeof(int) + 2 * sizeof(Transfer);
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
  if (trace::on())
    trace::choice(S.Synchronization, static_cast<int>(S.From),
                  static_cast<int>(S.Chosen), S.Predicted);
  return S.Chosen;
}

void BalancingRunner::reconfigure(Strategy S, int Epoch) {
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

} // namespace dlb
