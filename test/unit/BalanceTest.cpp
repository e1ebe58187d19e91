//===- BalanceTest.cpp - Tests of the work movement decision --------------===//
//
// Owns the unit tests of dlb::decide and dlb::fixedGroups.
//
//===----------------------------------------------------------------------===//
#include "model/Balance.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <random>
#include <set>

using namespace dlb;

namespace {

using Profiles = std::vector<RankProfile>;
using Transfers = std::vector<Transfer>;
using Counts = std::vector<long long>;

RankProfile profile(long long Done, double Seconds, long long Remaining) {
  RankProfile R;
  R.Done = Done;
  R.Seconds = Seconds;
  R.Remaining = Remaining;
  return R;
}

std::vector<int> allRanks(int N) {
  std::vector<int> Members(N);
  std::iota(Members.begin(), Members.end(), 0);
  return Members;
}

/// Only the profitability rule and MinMove = 1 apply.
BalanceParams noThreshold() {
  BalanceParams P;
  P.MinMoveFraction = 0;
  return P;
}

/// Checks what must hold of every decision: work is conserved, the transfers
/// turn the old distribution into the new one, stay inside the group, and no
/// member both sends and receives.
void checkInvariants(const Profiles &Ps, const std::vector<int> &Members,
                     const Decision &D) {
  ASSERT_EQ(D.NewRemaining.size(), Members.size());
  std::map<int, long long> Work;
  long long Before = 0, After = 0;
  for (std::size_t I = 0; I < Members.size(); ++I) {
    Work[Members[I]] = Ps[Members[I]].Remaining;
    Before += Ps[Members[I]].Remaining;
    After += D.NewRemaining[I];
    EXPECT_GE(D.NewRemaining[I], 0);
  }
  EXPECT_EQ(Before, After) << "work not conserved";
  if (!D.Move) {
    EXPECT_TRUE(D.Transfers.empty());
    for (std::size_t I = 0; I < Members.size(); ++I)
      EXPECT_EQ(D.NewRemaining[I], Ps[Members[I]].Remaining);
    return;
  }
  std::set<int> Senders, Receivers;
  for (const Transfer &T : D.Transfers) {
    EXPECT_TRUE(Work.count(T.From)) << "sender " << T.From << " not a member";
    EXPECT_TRUE(Work.count(T.To)) << "receiver " << T.To << " not a member";
    EXPECT_NE(T.From, T.To);
    EXPECT_GT(T.Count, 0);
    Work[T.From] -= T.Count;
    Work[T.To] += T.Count;
    Senders.insert(T.From);
    Receivers.insert(T.To);
  }
  for (int Rank : Senders)
    EXPECT_FALSE(Receivers.count(Rank))
        << "rank " << Rank << " sends and receives";
  for (std::size_t I = 0; I < Members.size(); ++I)
    EXPECT_EQ(Work[Members[I]], D.NewRemaining[I])
        << "transfers do not yield the new distribution for rank "
        << Members[I];
}

bool sameDecision(const Decision &A, const Decision &B) {
  return A.NewRemaining == B.NewRemaining && A.Transfers == B.Transfers &&
         A.Move == B.Move && A.FinishBefore == B.FinishBefore &&
         A.FinishIdeal == B.FinishIdeal && A.FinishAfter == B.FinishAfter &&
         A.MoveCost == B.MoveCost && A.Benefit == B.Benefit;
}

TEST(BalanceTest, TransferEquality) {
  EXPECT_EQ((Transfer{1, 2, 3}), (Transfer{1, 2, 3}));
  EXPECT_FALSE((Transfer{1, 2, 3}) == (Transfer{2, 1, 3}));
  EXPECT_FALSE((Transfer{1, 2, 3}) == (Transfer{1, 2, 4}));
}

TEST(BalanceTest, TwiceAsFastGetsTwiceTheWork) {
  // Eq. 1.3.3 with speeds 200 and 100 iterations per second.
  Profiles Ps = {profile(200, 1, 30), profile(50, 0.5, 30)};
  Decision D = decide(Ps, allRanks(2), BalanceParams());
  checkInvariants(Ps, allRanks(2), D);
  EXPECT_TRUE(D.Move);
  EXPECT_EQ(D.NewRemaining, (Counts{40, 20}));
  EXPECT_EQ(D.Transfers, (Transfers{{1, 0, 10}}));
  EXPECT_DOUBLE_EQ(D.FinishBefore, 0.3);
  EXPECT_DOUBLE_EQ(D.FinishAfter, 0.2);
}

TEST(BalanceTest, LargestRemainderRounding) {
  // Speeds 3:2:1 over 61 iterations: quotas 30.5, 20.33, 10.17; the unit
  // left after rounding down goes to the largest fraction.
  Profiles Ps = {profile(30, 1, 0), profile(20, 1, 0), profile(10, 1, 61)};
  Decision D = decide(Ps, allRanks(3), BalanceParams());
  checkInvariants(Ps, allRanks(3), D);
  ASSERT_TRUE(D.Move);
  EXPECT_EQ(D.NewRemaining, (Counts{31, 20, 10}));
  EXPECT_EQ(D.Transfers, (Transfers{{2, 0, 31}, {2, 1, 20}}));
}

TEST(BalanceTest, EqualFractionsFavourTheLowerRankWhateverTheMemberOrder) {
  Profiles Ps = {profile(10, 1, 10), profile(10, 1, 0), profile(10, 1, 0)};
  const std::vector<int> Members = {2, 0, 1};
  Decision D = decide(Ps, Members, BalanceParams());
  checkInvariants(Ps, Members, D);
  ASSERT_TRUE(D.Move);
  EXPECT_EQ(D.NewRemaining, (Counts{3, 4, 3})); // ranks 2, 0, 1
  EXPECT_EQ(D.Transfers, (Transfers{{0, 1, 3}, {0, 2, 3}}));
}

TEST(BalanceTest, GreedyMatchingInRankOrder) {
  // Equal speeds, 60 iterations: 15 each. Senders 0 (+15) and 2 (+5),
  // receivers 1 (-10) and 3 (-10).
  Profiles Ps = {profile(1, 1, 30), profile(1, 1, 5), profile(1, 1, 20),
                 profile(1, 1, 5)};
  Decision D = decide(Ps, allRanks(4), noThreshold());
  checkInvariants(Ps, allRanks(4), D);
  ASSERT_TRUE(D.Move);
  EXPECT_EQ(D.NewRemaining, (Counts{15, 15, 15, 15}));
  EXPECT_EQ(D.Transfers, (Transfers{{0, 1, 10}, {0, 3, 5}, {2, 3, 5}}));
}

TEST(BalanceTest, MinMoveThreshold) {
  // Equal speeds, 20 iterations on rank 1: 10 would move.
  Profiles Ps = {profile(5, 1, 0), profile(5, 1, 20)};
  BalanceParams P = noThreshold();
  P.MinMove = 10;
  EXPECT_TRUE(decide(Ps, allRanks(2), P).Move);
  P.MinMove = 11;
  Decision D = decide(Ps, allRanks(2), P);
  checkInvariants(Ps, allRanks(2), D);
  EXPECT_FALSE(D.Move);
  // The prediction is still reported.
  EXPECT_DOUBLE_EQ(D.FinishBefore, 4);
  EXPECT_DOUBLE_EQ(D.FinishAfter, 2);
}

TEST(BalanceTest, MinMoveFractionThreshold) {
  Profiles Ps = {profile(5, 1, 0), profile(5, 1, 20)};
  BalanceParams P;
  P.MinMoveFraction = 0.5; // 10 of 20
  EXPECT_TRUE(decide(Ps, allRanks(2), P).Move);
  P.MinMoveFraction = 0.51;
  Decision D = decide(Ps, allRanks(2), P);
  checkInvariants(Ps, allRanks(2), D);
  EXPECT_FALSE(D.Move);
}

TEST(BalanceTest, DefaultFractionIgnoresASmallProfitableMove) {
  // 20 equally fast ranks with 10 iterations each but 13 on rank 19: moving 3
  // would cut the finish from 13 to 11 s, but 3 is less than 5% of 203.
  Profiles Ps(20, profile(1, 1, 10));
  Ps[19].Remaining = 13;
  Decision D = decide(Ps, allRanks(20), BalanceParams());
  checkInvariants(Ps, allRanks(20), D);
  EXPECT_FALSE(D.Move);
  EXPECT_DOUBLE_EQ(D.FinishBefore, 13);
  EXPECT_DOUBLE_EQ(D.FinishAfter, 11);
  D = decide(Ps, allRanks(20), noThreshold());
  checkInvariants(Ps, allRanks(20), D);
  EXPECT_TRUE(D.Move);
  EXPECT_EQ(D.Transfers, (Transfers{{19, 0, 1}, {19, 1, 1}, {19, 2, 1}}));
}

TEST(BalanceTest, ProfitabilityBoundary) {
  // Equal speeds of 1 iteration per second: before = 100 s, after =
  // (A + 100) / 2 s.
  auto MovesWith = [](long long A, double Factor) {
    Profiles Ps = {profile(7, 7, A), profile(7, 7, 100)};
    BalanceParams P = noThreshold();
    P.ProfitFactor = Factor;
    Decision D = decide(Ps, allRanks(2), P);
    checkInvariants(Ps, allRanks(2), D);
    return D.Move;
  };
  EXPECT_TRUE(MovesWith(78, 0.9));  // 89 s: 11% better
  EXPECT_FALSE(MovesWith(82, 0.9)); // 91 s: 9% better
  EXPECT_TRUE(MovesWith(50, 0.75)); // 75 s: exactly on the boundary
  EXPECT_FALSE(MovesWith(52, 0.75));
}

TEST(BalanceTest, MoveCostChargedToTheReceiver) {
  // Equal speeds of 1/s, 100 iterations on rank 1: ideal 50 s, after
  // 50 + 50 c; the threshold looks at the ideal finish only.
  Profiles Ps = {profile(3, 3, 0), profile(3, 3, 100)};
  BalanceParams P = noThreshold();
  P.MoveSecondsPerIteration = 0.79;
  Decision D = decide(Ps, allRanks(2), P);
  EXPECT_TRUE(D.Move);
  EXPECT_DOUBLE_EQ(D.FinishIdeal, 50);
  EXPECT_DOUBLE_EQ(D.FinishAfter, 50 + 50 * 0.79);
  EXPECT_DOUBLE_EQ(D.MoveCost, 50 * 0.79);
  P.MoveSecondsPerIteration = 2;
  EXPECT_TRUE(decide(Ps, allRanks(2), P).Move);
}

TEST(BalanceTest, CostBenefitWeighsCostAgainstProjectedBenefit) {
  // Speeds 1/s, rank 1 holds 100 iterations: moving halves the finish
  // (reduction 0.5). Without speed changes the loads are expected to last
  // the members' average busy time, (30 + 30) / 2 = 30 s, so the benefit is
  // 0.5 * min(100, 30) = 15 s; the movement is cancelled above 2 * 15 s.
  Profiles Ps = {profile(30, 30, 0), profile(30, 30, 100)};
  BalanceParams P = noThreshold();
  P.CostBenefit = true;
  P.MoveSecondsPerIteration = 0.59; // 50 iterations: 29.5 s
  Decision D = decide(Ps, allRanks(2), P);
  EXPECT_DOUBLE_EQ(D.Benefit, 15);
  EXPECT_TRUE(D.Move);
  P.MoveSecondsPerIteration = 0.61; // 30.5 s
  EXPECT_FALSE(decide(Ps, allRanks(2), P).Move);
  // Loads that changed 5 times per member last 30 / 6 = 5 s: benefit 2.5 s.
  Ps[0].SpeedChanges = Ps[1].SpeedChanges = 5;
  P.MoveSecondsPerIteration = 0.09; // 4.5 s
  EXPECT_DOUBLE_EQ(decide(Ps, allRanks(2), P).Benefit, 2.5);
  EXPECT_TRUE(decide(Ps, allRanks(2), P).Move);
  P.MoveSecondsPerIteration = 0.11; // 5.5 s
  EXPECT_FALSE(decide(Ps, allRanks(2), P).Move);
  // Off, the cost does not matter.
  P.CostBenefit = false;
  EXPECT_TRUE(decide(Ps, allRanks(2), P).Move);
}

TEST(BalanceTest, LoadPersistenceSpansTheExecutionNotThePeriod) {
  // Periods of 2 s without a change of speed, in an execution whose ranks
  // have been busy 40 s with 3 changes each: loads last 40 / 4 = 10 s, not
  // the 2 s of the last period.
  Profiles Ps = {profile(10, 2, 50), profile(10, 2, 50)};
  EXPECT_DOUBLE_EQ(loadPersistence(Ps, allRanks(2), 0), 2);
  for (RankProfile &R : Ps) {
    R.LoadSeconds = 40;
    R.SpeedChanges = 3;
  }
  EXPECT_DOUBLE_EQ(loadPersistence(Ps, allRanks(2), 0), 10);
  EXPECT_DOUBLE_EQ(loadPersistence(Ps, allRanks(2), 12), 12);
  // So a move that pays within 10 s but not within 2 s is made: speeds
  // 5/s and 1/s, 50 iterations each, 3 s of data to move.
  Ps[1].Done = 2;
  BalanceParams P = noThreshold();
  P.CostBenefit = true;
  P.MoveSecondsPerIteration = 3.0 / 33;
  EXPECT_TRUE(decide(Ps, allRanks(2), P).Move);
  for (RankProfile &R : Ps)
    R.LoadSeconds = 0;
  EXPECT_FALSE(decide(Ps, allRanks(2), P).Move);
}

TEST(BalanceTest, ZeroSpeedRankGivesAllItsWorkAway) {
  // Rank 1 computed for 5 s without finishing an iteration.
  Profiles Ps = {profile(10, 1, 10), profile(0, 5, 40), profile(10, 1, 10)};
  Decision D = decide(Ps, allRanks(3), BalanceParams());
  checkInvariants(Ps, allRanks(3), D);
  ASSERT_TRUE(D.Move);
  EXPECT_EQ(D.NewRemaining, (Counts{30, 0, 30}));
  EXPECT_EQ(D.Transfers, (Transfers{{1, 0, 20}, {1, 2, 20}}));
  EXPECT_TRUE(std::isinf(D.FinishBefore));
  EXPECT_DOUBLE_EQ(D.FinishAfter, 3);
}

TEST(BalanceTest, ZeroSpeedRankNeverGetsARoundingUnit) {
  // Quotas 0.5, 0, 0.5 of one iteration: the unit goes to rank 0.
  Profiles Ps = {profile(4, 1, 0), profile(0, 1, 1), profile(4, 1, 0)};
  Decision D = decide(Ps, allRanks(3), noThreshold());
  checkInvariants(Ps, allRanks(3), D);
  ASSERT_TRUE(D.Move);
  EXPECT_EQ(D.NewRemaining, (Counts{1, 0, 0}));
}

TEST(BalanceTest, UnmeasuredSpeeds) {
  // Rank 2 finished iterations in no measurable time: as fast as the
  // fastest (30/s). Rank 3 did nothing at all: as slow as the slowest (10/s).
  Profiles Ps = {profile(10, 1, 80), profile(60, 2, 0), profile(5, 0, 0),
                 profile(0, 0, 0)};
  Decision D = decide(Ps, allRanks(4), BalanceParams());
  checkInvariants(Ps, allRanks(4), D);
  ASSERT_TRUE(D.Move);
  EXPECT_EQ(D.NewRemaining, (Counts{10, 30, 30, 10}));
  EXPECT_EQ(D.Transfers, (Transfers{{0, 1, 30}, {0, 2, 30}, {0, 3, 10}}));
  EXPECT_DOUBLE_EQ(D.FinishBefore, 8);
  EXPECT_DOUBLE_EQ(D.FinishAfter, 1);
}

TEST(BalanceTest, NothingMovesWithoutAMeasuredSpeed) {
  for (const Profiles &Ps : {Profiles{profile(0, 0, 0), profile(0, 0, 0)},
                             Profiles{profile(0, 0, 10), profile(0, 0, 0)},
                             Profiles{profile(0, 2, 10), profile(0, 0, 0)},
                             Profiles{profile(3, 0, 10), profile(0, 0, 0)}}) {
    Decision D = decide(Ps, allRanks(2), noThreshold());
    checkInvariants(Ps, allRanks(2), D);
    EXPECT_FALSE(D.Move);
    EXPECT_EQ(D.FinishBefore, 0);
    EXPECT_EQ(D.FinishAfter, 0);
  }
}

TEST(BalanceTest, NothingMovesWhenNothingRemains) {
  Profiles Ps = {profile(10, 1, 0), profile(1, 1, 0)};
  Decision D = decide(Ps, allRanks(2), noThreshold());
  checkInvariants(Ps, allRanks(2), D);
  EXPECT_FALSE(D.Move);
  EXPECT_EQ(D.FinishBefore, 0);
}

TEST(BalanceTest, BalancedStaysPut) {
  Profiles Ps = {profile(20, 2, 30), profile(10, 1, 30), profile(5, 0.5, 30)};
  Decision D = decide(Ps, allRanks(3), noThreshold());
  checkInvariants(Ps, allRanks(3), D);
  EXPECT_FALSE(D.Move);
  EXPECT_DOUBLE_EQ(D.FinishBefore, D.FinishAfter);
}

TEST(BalanceTest, EmptyGroup) {
  Decision D = decide(Profiles{profile(1, 1, 5)}, {}, BalanceParams());
  EXPECT_TRUE(D.NewRemaining.empty());
  EXPECT_FALSE(D.Move);
}

TEST(BalanceTest, GroupDecisionIgnoresNonMembers) {
  Profiles Ps = {profile(1000, 1, 0), profile(0, 9, 500), profile(1, 1, 7),
                 profile(40, 1, 0),   profile(10, 1, 90), profile(30, 1, 10),
                 profile(20, 1, 20)};
  const std::vector<int> Group = {4, 5, 6};
  Decision D = decide(Ps, Group, BalanceParams());
  checkInvariants(Ps, Group, D);
  ASSERT_TRUE(D.Move);
  EXPECT_EQ(D.NewRemaining, (Counts{20, 60, 40}));
  EXPECT_EQ(D.Transfers, (Transfers{{4, 5, 50}, {4, 6, 20}}));
  // Non-members may change freely.
  Profiles Changed = Ps;
  for (int Rank : {0, 1, 2, 3})
    Changed[Rank] = profile(Rank, Rank + 1, 1000 * Rank);
  EXPECT_TRUE(sameDecision(D, decide(Changed, Group, BalanceParams())));
}

TEST(BalanceTest, FixedGroupShapes) {
  using Groups = std::vector<std::vector<int>>;
  EXPECT_EQ(fixedGroups(7, 3), (Groups{{0, 1, 2}, {3, 4, 5}, {6}}));
  EXPECT_EQ(fixedGroups(8, 4), (Groups{{0, 1, 2, 3}, {4, 5, 6, 7}}));
  EXPECT_EQ(fixedGroups(10, 4), (Groups{{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9}}));
  EXPECT_EQ(fixedGroups(3, 5), (Groups{{0, 1, 2}}));
  EXPECT_EQ(fixedGroups(3, 1), (Groups{{0}, {1}, {2}}));
  EXPECT_EQ(fixedGroups(1, 1), (Groups{{0}}));
  EXPECT_EQ(fixedGroups(0, 2), Groups{});
}

TEST(BalanceTest, LocalDecisionsStayInTheirGroups) {
  std::mt19937 Gen(7);
  std::uniform_int_distribution<long long> Work(0, 500), Done(1, 100);
  Profiles Ps;
  for (int R = 0; R < 10; ++R)
    Ps.push_back(profile(Done(Gen), 1, Work(Gen)));
  for (const std::vector<int> &Group : fixedGroups(10, 4)) {
    Decision D = decide(Ps, Group, noThreshold());
    checkInvariants(Ps, Group, D);
  }
}

/// Random profiles: some ranks stalled, some unmeasured, some idle.
Profiles randomProfiles(std::mt19937 &Gen, int Ranks) {
  std::uniform_int_distribution<int> Kind(0, 9);
  std::uniform_int_distribution<long long> Work(0, 10000), Done(1, 5000);
  std::uniform_real_distribution<double> Seconds(0.001, 10);
  Profiles Ps;
  for (int R = 0; R < Ranks; ++R) {
    switch (Kind(Gen)) {
    case 0:
      Ps.push_back(profile(0, Seconds(Gen), Work(Gen))); // stalled
      break;
    case 1:
      Ps.push_back(profile(Done(Gen), 0, Work(Gen))); // too fast to time
      break;
    case 2:
      Ps.push_back(profile(0, 0, Kind(Gen) < 5 ? 0 : Work(Gen))); // idle
      break;
    default:
      Ps.push_back(profile(Done(Gen), Seconds(Gen), Work(Gen)));
    }
  }
  return Ps;
}

TEST(BalanceTest, PropertiesOverRandomInputs) {
  std::mt19937 Gen(20240601);
  std::uniform_int_distribution<int> RankCount(1, 12);
  std::uniform_real_distribution<double> Factor(0.5, 1.2), Fraction(0, 0.2),
      Cost(0, 1e-3);
  std::uniform_int_distribution<long long> MinMove(0, 50);
  int Moves = 0;
  for (int Case = 0; Case < 3000; ++Case) {
    SCOPED_TRACE("case " + std::to_string(Case));
    const int Ranks = RankCount(Gen);
    Profiles Ps = randomProfiles(Gen, Ranks);
    std::vector<int> Members = allRanks(Ranks);
    std::shuffle(Members.begin(), Members.end(), Gen);
    Members.resize(std::uniform_int_distribution<int>(1, Ranks)(Gen));
    BalanceParams P;
    P.ProfitFactor = Factor(Gen);
    P.MinMove = MinMove(Gen);
    P.MinMoveFraction = Fraction(Gen);
    P.MoveSecondsPerIteration = Cost(Gen);
    P.CostBenefit = Case % 2 == 0;

    Decision D = decide(Ps, Members, P);
    checkInvariants(Ps, Members, D);
    Moves += D.Move;
    if (D.Move) {
      long long Moved = 0;
      for (const Transfer &T : D.Transfers)
        Moved += T.Count;
      EXPECT_GE(Moved, P.MinMove);
      EXPECT_LE(D.FinishIdeal, P.ProfitFactor * D.FinishBefore);
      if (P.CostBenefit)
        EXPECT_LE(D.MoveCost, P.CostBenefitMargin * D.Benefit);
    }

    // Deterministic, and a function of the set of members, not their order.
    EXPECT_TRUE(sameDecision(D, decide(Ps, Members, P)));
    std::vector<int> Reversed(Members.rbegin(), Members.rend());
    Decision R = decide(Ps, Reversed, P);
    EXPECT_EQ(R.Transfers, D.Transfers);
    EXPECT_EQ(R.Move, D.Move);
    for (std::size_t I = 0; I < Members.size(); ++I)
      EXPECT_EQ(R.NewRemaining[Members.size() - 1 - I], D.NewRemaining[I]);
  }
  // The inputs exercise both outcomes.
  EXPECT_GT(Moves, 300);
  EXPECT_LT(Moves, 2700);
}

TEST(BalanceTest, RoundingStaysWithinOneOfTheExactShare) {
  std::mt19937 Gen(99);
  std::uniform_int_distribution<int> RankCount(1, 16);
  std::uniform_int_distribution<long long> Work(0, 100000), Done(1, 1000000);
  for (int Case = 0; Case < 1000; ++Case) {
    const int Ranks = RankCount(Gen);
    Profiles Ps;
    double SpeedSum = 0;
    long long Total = 0;
    // Rank 0 holds all the work, so that moving is always profitable.
    for (int R = 0; R < Ranks; ++R) {
      Ps.push_back(profile(Done(Gen), 1, R == 0 ? Work(Gen) : 0));
      SpeedSum += Ps[R].Done;
      Total += Ps[R].Remaining;
    }
    BalanceParams P = noThreshold();
    P.ProfitFactor = 1;
    P.MinMove = 0;
    Decision D = decide(Ps, allRanks(Ranks), P);
    checkInvariants(Ps, allRanks(Ranks), D);
    if (!D.Move)
      continue;
    for (int R = 0; R < Ranks; ++R)
      EXPECT_LT(std::abs(D.NewRemaining[R] - Total * (Ps[R].Done / SpeedSum)),
                1.0)
          << "case " << Case << " rank " << R;
  }
}

} // namespace

TEST(BalanceTest, PastMovementCostsCanMakeMovingUnprofitable) {
  // Rank 1 is twice as slow: moving 33 of its 100 iterations cuts the finish
  // from 2 s to 1.34 s (reduction 0.33) over loads expected to last 1 s, a
  // benefit of 0.33 s: a past redistribution of 0.5 s is worth it (at most
  // twice the benefit), one of 0.7 s is not.
  std::vector<RankProfile> Profiles = {{100, 1.0, 0}, {50, 1.0, 100}};
  Profiles[1].Remaining = 100;
  Profiles[0].Remaining = 100;
  BalanceParams P;
  P.CostBenefit = true;
  Profiles[0].MoveSeconds = 0.5;
  Decision Cheap = decide(Profiles, {0, 1}, P);
  EXPECT_TRUE(Cheap.Move);
  EXPECT_NEAR(Cheap.Benefit, 0.33, 1e-9);
  Profiles[0].MoveSeconds = 0.7;
  Decision Costly = decide(Profiles, {0, 1}, P);
  EXPECT_FALSE(Costly.Move);
  EXPECT_NEAR(Costly.FinishAfter - Cheap.FinishAfter, 0.2, 1e-9);
  // Every member uses the largest cost, whoever measured it.
  std::swap(Profiles[0].MoveSeconds, Profiles[1].MoveSeconds);
  EXPECT_FALSE(decide(Profiles, {0, 1}, P).Move);
}
