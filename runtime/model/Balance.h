//===- Balance.h - The load balancing decision ----------------------------===//
//
// The pure part of a load balancing step (Zaki, Parthasarathy & Li, section
// 1.2, "Work Movement" and "Data Movement and Profitability Analysis"): from
// the profiles the members measured since the last synchronization, compute
// the new distribution of the remaining iterations, the transfers that
// realize it, and whether moving is worth it. No MPI: the distributed
// strategies run it on every member and rely on it being deterministic.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_BALANCE_H
#define DLB_BALANCE_H

#include <vector>

namespace dlb {

/// What one rank measured since the last synchronization.
struct RankProfile {
  long long Done = 0;      ///< iterations completed
  double Seconds = 0;      ///< time spent computing them (busy time, not idle)
  long long Remaining = 0; ///< iterations still assigned to the rank
  /// What moving work has cost this rank so far, per redistribution (the
  /// fixed part: messages and bookkeeping); 0 before the first.
  double MoveSeconds = 0;
  /// Done and Remaining in units of W (basic operations, runtime/model/Work.h), for
  /// the cost model; decide() balances iterations and ignores them.
  double DoneWork = 0;
  double RemainingWork = 0;
  /// How often its speed changed markedly over LoadSeconds, its busy
  /// seconds in this execution so far (0: over Seconds): the estimate of
  /// how long a load persists. Counted over the whole execution, not the
  /// last period: a period without a change says only that loads last
  /// longer than a period (gddlb at P = 16 synchronized every 2 s under
  /// loads of 10 s, so that no move could pay within 2 s and it stopped
  /// moving).
  long long SpeedChanges = 0;
  double LoadSeconds = 0;
  /// Its computation rate in W units per second as the rank's filter
  /// adjusted it (Siegell & Steenkiste, eq. 16); 0: use the raw rate.
  double Rate = 0;
  /// The balancing period the rank aims at (PeriodControl::target); each
  /// rank measures its own. The cost model takes the shortest of the
  /// profiles, the same number on every member of a distributed group (a
  /// member's own target there made members choose different strategies
  /// and wait for each other forever).
  double Period = 0;
};

/// Count iterations move from rank From to rank To.
struct Transfer {
  int From = 0;
  int To = 0;
  long long Count = 0;
  bool operator==(const Transfer &Other) const;
};

struct BalanceParams {
  /// The imbalance threshold: move only if the predicted finish with the
  /// new distribution (costs aside) is at most ProfitFactor times the finish
  /// without moving (section 1.2: "at least a 10% improvement"; Siegell &
  /// Steenkiste, section 6.2: rfract >= tfract with ProfitFactor = 1 -
  /// tfract). 1 turns the threshold off.
  double ProfitFactor = 0.9;
  /// No movement when fewer iterations than this would move in total...
  long long MinMove = 1;
  /// ...or when less than this fraction of the remaining work would move
  /// (section 1.2: a small movement means "almost balanced").
  double MinMoveFraction = 0.05;
  /// Estimated cost of moving one iteration (its data) to a receiver (the
  /// alpha(j) term of eq. 1.3.5).
  double MoveSecondsPerIteration = 0;
  /// Siegell & Steenkiste's cost-benefit test (section 6.3): cancel the
  /// movement when its predicted cost exceeds CostBenefitMargin times its
  /// projected benefit (a wide margin: cancelling delays the reaction to
  /// real changes).
  bool CostBenefit = false;
  double CostBenefitMargin = 2;
};

struct Decision {
  /// Per member, in Members order; the old Remaining unless Move.
  std::vector<long long> NewRemaining;
  /// From/To are rank numbers; ordered by From, then To. Empty unless Move.
  std::vector<Transfer> Transfers;
  /// Predicted seconds until the last member finishes, without moving, with
  /// the proposed distribution (Ideal: if moving cost nothing; After: with
  /// the movement's cost), reported even when it is not adopted. Before is
  /// +infinity when a member of speed 0 still has work.
  double FinishBefore = 0;
  double FinishIdeal = 0;
  double FinishAfter = 0;
  /// The cost-benefit test's figures: the movement's predicted cost (the
  /// most any member measured per redistribution, plus the data of the
  /// busiest receiver) and its projected benefit (the time saved, over at
  /// most the time the loads are expected to stay as measured).
  double MoveCost = 0;
  double Benefit = 0;
  bool Move = false;
};

/// Decides the redistribution of the remaining iterations of \p Members (all
/// ranks for global strategies, one group for local ones); \p Profiles is
/// indexed by rank. The rules, documented in Balance.cpp, make the result a
/// function of the members' profiles and \p P only.
Decision decide(const std::vector<RankProfile> &Profiles,
                const std::vector<int> &Members, const BalanceParams &Params);

/// The speed of each member (in Members order) in iterations per second, or
/// with InWork in W units per second (DoneWork), by the rules documented in
/// Balance.cpp; empty when no member has a measured speed.
std::vector<double> memberSpeeds(const std::vector<RankProfile> &Profiles,
                                 const std::vector<int> &Members, bool InWork);

/// Total split in proportion to the (non-negative, not all zero) Weights,
/// rounded by the largest remainder method: the parts add up to Total, and
/// equal remainders favour the lower index (eq. 1.3.3).
std::vector<long long> apportion(long long Total,
                                 const std::vector<double> &Weights);

/// How long the members' loads are expected to stay as measured: their busy
/// seconds (LoadSeconds) per observed change of speed (SpeedChanges),
/// averaged over the members; at least \p Floor.
double loadPersistence(const std::vector<RankProfile> &Profiles,
                       const std::vector<int> &Members, double Floor);

/// Siegell & Steenkiste's projected benefit of a movement (section 6.3):
/// the reduction fraction 1 - Ideal / Before over no longer than the loads
/// are expected to last; +infinity when Before is not a positive finite
/// time (a member of speed 0 with work, or nothing left).
double projectedBenefit(double Before, double Ideal, double Persistence);

/// Groups of K consecutive ranks, the last one smaller when K does not divide
/// Ranks: the local strategies' K-block fixed groups (section 1.2.1).
std::vector<std::vector<int>> fixedGroups(int Ranks, int GroupSize);

} // namespace dlb

#endif // DLB_BALANCE_H
