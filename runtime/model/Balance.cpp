//===- Balance.cpp - The load balancing decision --------------------------===//
//
// Owns dlb::decide and dlb::fixedGroups. Equation and section numbers refer
// to Zaki, Parthasarathy & Li, "Customized Dynamic Load Balancing".
//
// Speed of a member (section 1.2, "Performance Metric": iterations per second
// since the last synchronization):
//   * Done > 0, Seconds > 0: Done / Seconds (measured);
//   * Done == 0, Seconds > 0: 0. It computed for a measurable time without
//     finishing an iteration; eq. 1.3.3 then gives it no work, so all of its
//     remaining iterations move away;
//   * Done > 0, Seconds == 0: its work took less than the clock resolution,
//     so it is at least as fast as anything measured: the fastest measured
//     speed among the members;
//   * Done == 0, Seconds == 0: nothing to go by (it had no work): the slowest
//     measured speed, so it gets a modest share and is measured next time.
// A member whose profile carries a filtered rate (Siegell & Steenkiste,
// eq. 16) has its measured speed scaled by filtered / raw rate.
// When no member has a measured speed nothing can be predicted and nothing
// moves (FinishBefore = FinishAfter = 0).
//
// Everything is a function of the members' profiles taken in rank order, so
// every member of a distributed strategy computes the same decision.
//
//===----------------------------------------------------------------------===//
#include "model/Balance.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <numeric>

namespace dlb {
namespace {

/// The member indices sorted by rank: the order of every sum and match, so
/// that the decision does not depend on the order of Members.
std::vector<std::size_t> byRank(const std::vector<int> &Members) {
  std::vector<std::size_t> Order(Members.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::sort(Order.begin(), Order.end(), [&](std::size_t A, std::size_t B) {
    return Members[A] < Members[B];
  });
  return Order;
}

/// Eq. 1.3.3: Total split proportionally to Speeds, rounded by the largest
/// remainder method so that the parts add up to Total exactly. The units left
/// after rounding down go to the largest fractional parts, equal fractions to
/// the lower rank.
std::vector<long long> apportion(long long Total,
                                 const std::vector<double> &Speeds,
                                 const std::vector<std::size_t> &ByRank) {
  long double Sum = 0;
  for (std::size_t I : ByRank)
    Sum += Speeds[I];
  std::vector<long long> Parts(Speeds.size());
  std::vector<long double> Fractions(Speeds.size());
  long long Given = 0;
  for (std::size_t I = 0; I < Speeds.size(); ++I) {
    long double Quota = Total * (Speeds[I] / Sum);
    Parts[I] = static_cast<long long>(std::floor(Quota));
    Fractions[I] = Quota - Parts[I];
    Given += Parts[I];
  }
  const long long Left = Total - Given;
  assert(Left >= 0 && Left <= static_cast<long long>(Speeds.size()) &&
         "rounding error beyond one unit per member");
  // The fractions are below 1 and add up to Left, so more than Left of them
  // are positive: a member of speed 0 (fraction 0) never gets a unit.
  std::vector<std::size_t> Order = ByRank;
  std::stable_sort(Order.begin(), Order.end(),
                   [&](std::size_t A, std::size_t B) {
                     return Fractions[A] > Fractions[B];
                   });
  for (long long K = 0; K < Left; ++K)
    ++Parts[Order[K]];
  return Parts;
}

/// Seconds a member of speed Speed needs for Work iterations.
double secondsFor(long long Work, double Speed) {
  if (Work == 0)
    return 0;
  return Speed > 0 ? Work / Speed : std::numeric_limits<double>::infinity();
}

/// Surplus members send to deficit members, both taken in rank order and
/// matched greedily. Adds to MovedIn the iterations each member receives.
std::vector<Transfer> matchTransfers(const std::vector<long long> &Old,
                                     const std::vector<long long> &New,
                                     const std::vector<int> &Members,
                                     const std::vector<std::size_t> &ByRank,
                                     std::vector<long long> &MovedIn) {
  std::vector<std::size_t> Senders, Receivers;
  for (std::size_t I : ByRank) {
    if (Old[I] > New[I])
      Senders.push_back(I);
    else if (Old[I] < New[I])
      Receivers.push_back(I);
  }
  std::vector<Transfer> Transfers;
  std::size_t S = 0, R = 0;
  long long Surplus = Senders.empty() ? 0 : Old[Senders[0]] - New[Senders[0]];
  long long Deficit =
      Receivers.empty() ? 0 : New[Receivers[0]] - Old[Receivers[0]];
  while (S < Senders.size() && R < Receivers.size()) {
    long long Count = std::min(Surplus, Deficit);
    Transfers.push_back({Members[Senders[S]], Members[Receivers[R]], Count});
    MovedIn[Receivers[R]] += Count;
    Surplus -= Count;
    Deficit -= Count;
    if (Surplus == 0 && ++S < Senders.size())
      Surplus = Old[Senders[S]] - New[Senders[S]];
    if (Deficit == 0 && ++R < Receivers.size())
      Deficit = New[Receivers[R]] - Old[Receivers[R]];
  }
  assert(S == Senders.size() && R == Receivers.size() &&
         "surplus and deficit differ");
  return Transfers;
}

} // namespace

std::vector<double> memberSpeeds(const std::vector<RankProfile> &Profiles,
                                 const std::vector<int> &Members, bool InWork) {
  // A filtered rate scales the raw one: Rate / (DoneWork / Seconds).
  auto Done = [&](const RankProfile &R) {
    const double Raw = InWork ? R.DoneWork : static_cast<double>(R.Done);
    return R.Rate > 0 && R.DoneWork > 0 && R.Seconds > 0
               ? Raw * (R.Rate * R.Seconds / R.DoneWork)
               : Raw;
  };
  double Fastest = 0;
  double Slowest = std::numeric_limits<double>::infinity();
  for (int Rank : Members) {
    const RankProfile &R = Profiles[Rank];
    assert(R.Done >= 0 && R.Seconds >= 0 && R.Remaining >= 0 &&
           "negative profile");
    if (Done(R) > 0 && R.Seconds > 0) {
      double S = Done(R) / R.Seconds;
      Fastest = std::max(Fastest, S);
      Slowest = std::min(Slowest, S);
    }
  }
  if (Fastest == 0)
    return {};
  std::vector<double> Speeds;
  for (int Rank : Members) {
    const RankProfile &R = Profiles[Rank];
    if (R.Seconds > 0)
      Speeds.push_back(Done(R) / R.Seconds);
    else
      Speeds.push_back(Done(R) > 0 ? Fastest : Slowest);
  }
  return Speeds;
}

std::vector<long long> apportion(long long Total,
                                 const std::vector<double> &Weights) {
  std::vector<std::size_t> Order(Weights.size());
  std::iota(Order.begin(), Order.end(), 0);
  return apportion(Total, Weights, Order);
}

bool Transfer::operator==(const Transfer &O) const {
  return From == O.From && To == O.To && Count == O.Count;
}

Decision decide(const std::vector<RankProfile> &Profiles,
                const std::vector<int> &Members, const BalanceParams &P) {
  Decision D;
  long long Total = 0;
  for (int Rank : Members) {
    assert(Rank >= 0 && static_cast<std::size_t>(Rank) < Profiles.size() &&
           "member without a profile");
    D.NewRemaining.push_back(Profiles[Rank].Remaining);
    Total += Profiles[Rank].Remaining;
  }
  const std::vector<double> Speeds = memberSpeeds(Profiles, Members, /*InWork=*/false);
  if (Speeds.empty())
    return D;

  const std::vector<std::size_t> ByRank = byRank(Members);
  const std::vector<long long> New = apportion(Total, Speeds, ByRank);
  std::vector<long long> MovedIn(Members.size(), 0);
  std::vector<Transfer> Transfers =
      matchTransfers(D.NewRemaining, New, Members, ByRank, MovedIn);

  // The predicted finish is that of the last member (section 1.3.2); a
  // receiver also pays for the data it receives (eq. 1.3.5), and moving at
  // all costs what past redistributions cost: the most any member measured,
  // so that every member decides alike.
  long long Moved = 0;
  double Overhead = 0, DataCost = 0;
  for (std::size_t I = 0; I < Members.size(); ++I) {
    const double Before = secondsFor(D.NewRemaining[I], Speeds[I]);
    const double Ideal = secondsFor(New[I], Speeds[I]);
    const double Data = MovedIn[I] * P.MoveSecondsPerIteration;
    D.FinishBefore = std::max(D.FinishBefore, Before);
    D.FinishIdeal = std::max(D.FinishIdeal, Ideal);
    D.FinishAfter = std::max(D.FinishAfter, Ideal + Data);
    DataCost = std::max(DataCost, Data);
    Moved += MovedIn[I];
    Overhead = std::max(Overhead, Profiles[Members[I]].MoveSeconds);
  }
  D.FinishAfter += Overhead;
  D.MoveCost = Overhead + DataCost;
  // Section 6.3: the time saved, over no longer than the loads are expected
  // to last (the reduction fraction times that horizon).
  D.Benefit = projectedBenefit(D.FinishBefore, D.FinishIdeal,
                               loadPersistence(Profiles, Members, 0));

  // Section 1.2, "Work Movement": too little to move means almost balanced
  // or almost done; then the imbalance threshold (section 6.2 of Siegell &
  // Steenkiste) and their cost-benefit test (section 6.3).
  const bool Enough =
      Moved > 0 && Moved >= P.MinMove && Moved >= P.MinMoveFraction * Total;
  const bool Imbalanced = D.FinishIdeal <= P.ProfitFactor * D.FinishBefore;
  const bool Profitable =
      !P.CostBenefit || D.MoveCost <= P.CostBenefitMargin * D.Benefit;
  D.Move = Enough && Imbalanced && Profitable;
  if (D.Move) {
    D.NewRemaining = New;
    D.Transfers = std::move(Transfers);
  }
  return D;
}

double projectedBenefit(double Before, double Ideal, double Persistence) {
  if (!std::isfinite(Before) || Before <= 0)
    return std::numeric_limits<double>::infinity();
  return (1 - Ideal / Before) * std::min(Before, Persistence);
}

double loadPersistence(const std::vector<RankProfile> &Profiles,
                       const std::vector<int> &Members, double Floor) {
  double Busy = 0, Pieces = 0;
  for (int Rank : Members) {
    const RankProfile &R = Profiles[Rank];
    Busy += R.LoadSeconds > 0 ? R.LoadSeconds : R.Seconds;
    Pieces += static_cast<double>(R.SpeedChanges + 1);
  }
  return std::max(Floor, Pieces > 0 ? Busy / Pieces : 0);
}

std::vector<std::vector<int>> fixedGroups(int Ranks, int K) {
  assert(K > 0 && "groups of no rank");
  std::vector<std::vector<int>> Groups;
  for (int Rank = 0; Rank < Ranks; ++Rank) {
    if (Rank % K == 0)
      Groups.emplace_back();
    Groups.back().push_back(Rank);
  }
  return Groups;
}

} // namespace dlb
