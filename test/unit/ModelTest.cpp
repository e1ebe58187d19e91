//===- ModelTest.cpp - The cost model on hand-computed cases --------------===//
#include "model/Model.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace dlb;

namespace {

/// A network where every pattern among N ranks costs Fixed + PerRank N
/// seconds and messages cost nothing per byte.
NetProfile flatNetwork(double Fixed, double PerRank, double L, double B) {
  NetProfile Net;
  Net.Latency = L;
  Net.Bandwidth = B;
  for (PatternFit &F : Net.Fits) {
    F.Coeffs[0] = Fixed;
    F.Coeffs[1] = PerRank;
  }
  return Net;
}

ModelInput input(std::vector<double> Speeds, std::vector<double> Remaining) {
  ModelInput In;
  In.Speeds = std::move(Speeds);
  In.Remaining = std::move(Remaining);
  In.Net = flatNetwork(0.001, 0, 0.0001, 1e6);
  In.GroupSize = 2;
  In.Balance.MinMove = 1;
  In.Balance.MinMoveFraction = 0.05;
  In.Balance.ProfitFactor = 0.9;
  return In;
}

const Prediction &of(const std::vector<Prediction> &P, Strategy S) {
  for (const Prediction &X : P)
    if (X.Strat == S)
      return X;
  ADD_FAILURE() << "no prediction for " << strategyName(S);
  return P.front();
}

} // namespace

TEST(ModelTest, SyncCostFollowsTheChapter) {
  ModelInput In = input({1, 1}, {0, 0});
  In.Net = flatNetwork(0.001, 0.0005, 1e-4, 1e6);
  // xi = one-to-all(N) + all-to-one(N) (centralized), + all-to-all(N)
  // (distributed); each pattern costs 0.001 + 0.0005 N here.
  EXPECT_DOUBLE_EQ(syncCost(In, Strategy::GCDLB, 4), 2 * 0.003);
  EXPECT_DOUBLE_EQ(syncCost(In, Strategy::GDDLB, 4), 2 * 0.003);
  EXPECT_DOUBLE_EQ(syncCost(In, Strategy::LDDLB, 2), 2 * 0.002);
  EXPECT_DOUBLE_EQ(syncCost(In, Strategy::LCDLB, 1), 0);
  // Computing members answer at a hook: (N-1)/N of a poll period, and rank
  // 0 notices a centralized request half a period late.
  In.PollSeconds = 0.001;
  EXPECT_DOUBLE_EQ(syncCost(In, Strategy::GDDLB, 4), 0.006 + 0.00075);
  EXPECT_DOUBLE_EQ(syncCost(In, Strategy::GCDLB, 4), 0.006 + 0.00125);
}

TEST(ModelTest, PersistentSpeedsNeedOneMoreSynchronization) {
  // Two ranks, speeds 3 and 1 W/s, 40 W left each. The evaluation's own
  // redistribution gives 60 and 20 (eq. 1.3.3): both finish at t = 20, and
  // the one synchronization then finds Gamma = 0 (eq. 1.3.4).
  ModelInput In = input({3, 1}, {40, 40});
  In.Future = FutureLoad::Persistent;
  const auto P = predict(In);
  const Prediction &GD = of(P, Strategy::GDDLB);
  EXPECT_EQ(GD.Syncs, 1);
  EXPECT_NEAR(GD.Seconds, 20 + 0.002, 1e-9); // xi = 2 patterns of 0.001
  EXPECT_DOUBLE_EQ(GD.MoveSeconds, 0);
  // K = 2 covers both ranks: local = global here.
  EXPECT_NEAR(of(P, Strategy::LDDLB).Seconds, GD.Seconds, 1e-12);
}

TEST(ModelTest, RedistributionPricedAsTheBalancerDoes) {
  // The case above, with decide()'s cost-benefit test and its price of a
  // moved iteration (BalanceParams::MoveSecondsPerIteration, which the
  // runtime sets to a hand-out's cost, not D / B): moving 20 iterations at
  // 10 s each costs more than twice what it saves (20 s), so nothing
  // moves and rank 1 finishes its 40 W at t = 40.
  ModelInput In = input({3, 1}, {40, 40});
  In.Future = FutureLoad::Persistent;
  In.LoadPersistence = 100;
  In.Balance.CostBenefit = true;
  In.Balance.MoveSecondsPerIteration = 10;
  EXPECT_GT(of(predict(In), Strategy::GDDLB).Seconds, 40);
  In.Balance.MoveSecondsPerIteration = 0.01;
  EXPECT_LT(of(predict(In), Strategy::GDDLB).Seconds, 21);
}

TEST(ModelTest, ShiftingSpeedsMoveWorkAgain) {
  // Speeds 3 and 1 W/s, 40 W left each, loads persist 10 s and shift by
  // one rank (the current one goes on for 5 s). The evaluation gives 60
  // and 20 (eq. 1.3.3). [0, 5): speeds (3, 1), left (45, 15). [5, 15):
  // speeds (1, 3); rank 1 runs out at t = 10, rank 0 has 40 left.
  // Sync 1 (xi = 2 patterns of 0.001 s): sigma = (20, 20) W / 10 s, so
  // chi = (20, 20): alpha = 20 W = 20 iterations of D = 1000 bytes at
  // B = 1e6 B/s, beta = 1: kappa = 1e-4 + 0.02 = 0.0201 (eq. 1.3.5). From
  // t = 10.0221: rank 1 does 14.93 W by t = 15; [15, 25): speeds (3, 1);
  // rank 0 runs out at 20.0074 (sync 2: 0.0589 W left on rank 1, less than
  // an iteration: no move), rank 1 at 20.0683 (sync 3: Gamma = 0).
  ModelInput In = input({3, 1}, {40, 40});
  In.DataBytes = 1000;
  In.Future = FutureLoad::Shifting;
  In.LoadPersistence = 10;
  In.GroupSize = 1;
  const auto P = predict(In);
  const Prediction &GD = of(P, Strategy::GDDLB);
  EXPECT_EQ(GD.Syncs, 3);
  EXPECT_NEAR(GD.MoveSeconds, 0.0201, 1e-12);
  EXPECT_NEAR(GD.SyncSeconds, 0.006, 1e-12);
  EXPECT_DOUBLE_EQ(GD.InstructionSeconds, 0);
  EXPECT_NEAR(GD.Seconds, 20.0703, 1e-3);
  // Centralized pays psi = beta L per redistribution on top.
  const Prediction &GC = of(P, Strategy::GCDLB);
  EXPECT_NEAR(GC.InstructionSeconds, 1e-4, 1e-12);
  EXPECT_GT(GC.Seconds, GD.Seconds);
  // Groups of one never balance. Rank 0's 60 W: 15 in [0, 5) at 3, 10 in
  // [5, 15) at 1, 30 in [15, 25) at 3, the last 5 at 1: done at 30 s.
  EXPECT_NEAR(of(P, Strategy::LDDLB).Seconds, 30, 1e-9);
  EXPECT_EQ(of(P, Strategy::LDDLB).Syncs, 0);
  EXPECT_EQ(cheapest(P), Strategy::GDDLB);
  // The chapter's assumption: the speeds stay, one sync ends the loop.
  In.Future = FutureLoad::Persistent;
  EXPECT_NEAR(of(predict(In), Strategy::LDDLB).Seconds, 20, 1e-9);
}

TEST(ModelTest, DataMovementCostIsEq135) {
  // Persistent speeds 1 and 1 but all work on rank 0: the evaluation moves
  // half; the strategies start balanced and sync once to terminate.
  // The movement at evaluation is common to all strategies (not counted).
  ModelInput In = input({1, 1}, {100, 0});
  In.Future = FutureLoad::Persistent;
  const auto P = predict(In);
  EXPECT_NEAR(of(P, Strategy::GCDLB).Seconds, 50 + 0.002, 1e-9);
  EXPECT_EQ(of(P, Strategy::GCDLB).Syncs, 1);
}

TEST(ModelTest, LocalGroupsCannotShareWork) {
  // Four ranks, K = 2. Shifting by one rank per period moves the slow speed
  // from group {0,1} to group {2,3} and back, so global strategies balance
  // across groups and locals cannot.
  ModelInput In = input({1, 4, 4, 4}, {100, 100, 100, 100});
  In.Future = FutureLoad::Shifting;
  const auto P = predict(In);
  EXPECT_LT(of(P, Strategy::GDDLB).Seconds, of(P, Strategy::LDDLB).Seconds);
  // On a fast network with cheap synchronizations the distributed and
  // centralized strategies are close; LCDLB pays the delay factor only
  // when two groups wait for rank 0 at once.
  EXPECT_GE(of(P, Strategy::LCDLB).DelaySeconds, 0);
}

TEST(ModelTest, ExpensiveSynchronizationFavoursSmallGroups) {
  // Synchronizing many ranks is costly (0.5 s per rank per pattern) and the
  // load is persistent and within groups: the locals win.
  ModelInput In = input({1, 2, 1, 2}, {30, 30, 30, 30});
  In.Net = flatNetwork(0, 0.5, 1e-4, 1e9);
  In.Future = FutureLoad::Persistent;
  const auto P = predict(In);
  EXPECT_LT(of(P, Strategy::LDDLB).Seconds, of(P, Strategy::GDDLB).Seconds);
  const Strategy Best = cheapest(P);
  EXPECT_TRUE(Best == Strategy::LDDLB || Best == Strategy::LCDLB);
}

TEST(ModelTest, LcdlbDelayFactorQueuesGroups) {
  // Two groups that synchronize at the same moments: rank 0 serves one
  // after the other, so one of them waits delta + psi each time.
  ModelInput In = input({1, 3, 1, 3}, {50, 50, 50, 50});
  In.Delta = 0.01;
  In.Future = FutureLoad::Shifting;
  const auto P = predict(In);
  EXPECT_GT(of(P, Strategy::LCDLB).DelaySeconds, 0);
  EXPECT_DOUBLE_EQ(of(P, Strategy::LDDLB).DelaySeconds, 0);
}

TEST(ModelTest, ZeroSpeeds) {
  // No rank measured any speed: nothing can finish.
  EXPECT_TRUE(std::isinf(of(predict(input({0, 0}, {10, 10})),
                            Strategy::GDDLB).Seconds));
  // A rank that did nothing counts as 1/1000 of the fastest: the
  // evaluation's redistribution leaves it 20 * 0.01 / 10.01 W, done
  // together with the other rank's share after 20 / 10.01 s.
  ModelInput In = input({0, 10}, {10, 10});
  In.Future = FutureLoad::Persistent;
  const auto P = predict(In);
  EXPECT_NEAR(of(P, Strategy::GDDLB).Seconds, 20 / 10.01 + 0.002, 1e-6);
  EXPECT_FALSE(std::isinf(of(P, Strategy::LDDLB).Seconds));
}

TEST(ModelTest, SelectionAndReselection) {
  std::vector<Prediction> P(4);
  const Strategy Order[] = {Strategy::GCDLB, Strategy::GDDLB, Strategy::LCDLB,
                            Strategy::LDDLB};
  const double Seconds[] = {10, 8.8, 7, 12};
  for (int I = 0; I < 4; ++I) {
    P[I].Strat = Order[I];
    P[I].Seconds = Seconds[I];
  }
  EXPECT_EQ(cheapest(P), Strategy::LCDLB);
  // The first selection: LCDLB's 7 s beat GDDLB's 8.8 s by 20%, more than
  // the margin; a local strategy that wins by less is not worth giving up
  // re-selection for. Auto has run GCDLB's protocol so far: GDDLB's 8.8 s
  // must beat GCDLB's 10 s by the margin too.
  EXPECT_EQ(select(P, Strategy::Auto, 0.1), Strategy::LCDLB);
  EXPECT_EQ(select(P, Strategy::Auto, 0.25), Strategy::GCDLB);
  EXPECT_EQ(select(P, Strategy::Auto, 0.21), Strategy::GCDLB);
  EXPECT_EQ(select(P, Strategy::Auto, 0), Strategy::LCDLB);
  P[2].Seconds = 9.5; // no local wins by the margin
  EXPECT_EQ(select(P, Strategy::Auto, 0.1), Strategy::GDDLB);
  EXPECT_EQ(select(P, Strategy::Auto, 0.15), Strategy::GCDLB);
  EXPECT_EQ(select(P, Strategy::Auto, 0), Strategy::GDDLB);
  P[2].Seconds = 7;
  // Later only the global strategies are candidates: GDDLB's 8.8 s against
  // GCDLB's 10 s saves 12%.
  EXPECT_EQ(select(P, Strategy::GCDLB, 0.1), Strategy::GDDLB);
  EXPECT_EQ(select(P, Strategy::GCDLB, 0.15), Strategy::GCDLB);
  EXPECT_EQ(select(P, Strategy::GDDLB, 0.1), Strategy::GDDLB);
  EXPECT_EQ(select(P, Strategy::GDDLB, 0), Strategy::GDDLB);
}

TEST(ModelTest, LoadShiftsAtRoundedTimesStillAdvance) {
  // Measured on 4 ranks (mxm 768 under random load): the shift times,
  // multiples of a persistence that is not a round number, once made the
  // simulation stand still at a boundary until its guard gave up
  // (predictions of infinity).
  ModelInput In = input({276941060.55784988, 1629786652.7597086,
                         167125013.02160046, 602907040.14019239},
                        {573682176, 0, 609094656, 446197248});
  In.WorkPerIteration = 3541248;
  In.DataBytes = 16384;
  In.PollSeconds = 1e-3;
  In.Delta = 2e-5;
  In.LoadPersistence = 0.16122368569958781;
  In.Net.Latency = 2.03e-4;
  In.Net.Bandwidth = 1.28241784e+09;
  const double Fits[3][5] = {
      {0.0151980025, -0.00808392338, 0.00120524362, -4.19898966e-08,
       1.62226212e-08},
      {0.00286349089, -0.000976901046, 0.00033207825, 3.48192383e-08,
       -9.12325512e-09},
      {-0.000125309317, 0.00363090492, -0.000856640562, -1.53974629e-08,
       5.58900428e-09}};
  for (int K = 0; K < 3; ++K)
    for (int T = 0; T < PatternFit::Terms; ++T)
      In.Net.Fits[K].Coeffs[T] = Fits[K][T];
  for (const Prediction &P : predict(In)) {
    EXPECT_TRUE(std::isfinite(P.Seconds)) << strategyName(P.Strat);
    // The work left at the total speed is a lower bound.
    EXPECT_GT(P.Seconds, 1629149184 / 2676759766.7 * 0.99);
  }
}

TEST(ModelTest, DistributionPaysWhenComputingOutweighsMovingTheData) {
  // 1 s of work on 4 ranks, 100 MB of rows of which 20 MB are written
  // (sent back too), 10 MB of whole arrays, 1 ns per byte, 100 us per
  // message: the work split 4 ways (0.25 s), 3/4 of 120 MB moved (0.09 s),
  // the whole arrays down a tree of depth log2 4 = 2 (0.02 s), 3 ranks x 3
  // messages (0.0009 s).
  DistributionInput In;
  In.AloneSeconds = 1;
  In.Ranks = 4;
  In.RowBytes = 100e6;
  In.WrittenRowBytes = 20e6;
  In.WholeBytes = 10e6;
  In.ByteSeconds = 1e-9;
  In.Latency = 1e-4;
  DistributionPrediction P = predictDistribution(In);
  EXPECT_DOUBLE_EQ(P.AloneSeconds, 1);
  EXPECT_NEAR(P.DistributedSeconds, 0.25 + 0.09 + 0.02 + 0.0009, 1e-12);
  EXPECT_TRUE(P.Pays);
  // A matrix-vector product: 50 ms of work on 128 MB of rows.
  In.AloneSeconds = 0.05;
  In.RowBytes = 128e6;
  In.WrittenRowBytes = 0;
  In.WholeBytes = 32e3;
  P = predictDistribution(In);
  EXPECT_GT(P.DistributedSeconds, P.AloneSeconds);
  EXPECT_FALSE(P.Pays);
}

TEST(ModelTest, DistributionFixedCostIsMeasuredOrTheProfilesExchanges) {
  // trisolv's step on 2 ranks from kept rows: 0.113 ms alone, no data
  // moved. Three 11 us latencies make it 0.09 ms distributed; the
  // profile's start and results exchanges (73 us, sleeping waits) make it
  // 0.13 ms, and it runs alone; once an execution measured its fixed cost,
  // that counts instead.
  DistributionInput In;
  In.AloneSeconds = 113e-6;
  In.Ranks = 2;
  In.Latency = 11e-6;
  EXPECT_NEAR(predictDistribution(In).DistributedSeconds, 56.5e-6 + 33e-6,
              1e-12);
  EXPECT_TRUE(predictDistribution(In).Pays);
  In.PatternSeconds = 73e-6;
  EXPECT_NEAR(predictDistribution(In).DistributedSeconds, 56.5e-6 + 73e-6,
              1e-12);
  EXPECT_FALSE(predictDistribution(In).Pays);
  In.ExecutionSeconds = 40e-6;
  EXPECT_NEAR(predictDistribution(In).DistributedSeconds, 56.5e-6 + 40e-6,
              1e-12);
  EXPECT_TRUE(predictDistribution(In).Pays);
}

TEST(ModelTest, DistributionMustBeatTheThreshold) {
  // Predicted 0.5 + 0.35 = 0.85 of the time alone on 2 ranks: pays at the
  // 10% threshold, not at 20%; one rank never distributes.
  DistributionInput In;
  In.AloneSeconds = 1;
  In.Ranks = 2;
  In.RowBytes = 0.7e9;
  In.ByteSeconds = 1e-9;
  In.ProfitFactor = 0.9;
  EXPECT_TRUE(predictDistribution(In).Pays);
  In.ProfitFactor = 0.8;
  EXPECT_FALSE(predictDistribution(In).Pays);
  In.Ranks = 1;
  In.RowBytes = 0;
  In.ProfitFactor = 1;
  EXPECT_FALSE(predictDistribution(In).Pays);
}

TEST(ModelTest, DistributionCountsCoresSharedWithBusyProcesses) {
  // 2 ranks, rank 1's core shared with a CPU hog (share 0.5): the work goes
  // 1 : 0.5, so 1 s alone takes 1 / 1.5 s, plus half a 10 ms slice of
  // waiting for the shared core. Pays for a long execution; a sweep of 4.4
  // ms (2.9 ms of work, 5 ms of waiting) runs alone, though on whole cores
  // (2.2 ms) it would pay.
  DistributionInput In;
  In.AloneSeconds = 1;
  In.Ranks = 2;
  In.Rank0Share = 1;
  In.ShareSum = 1.5;
  In.Waiting = 0.01 * 0.5;
  DistributionPrediction P = predictDistribution(In);
  EXPECT_NEAR(P.DistributedSeconds, 1 / 1.5 + 0.005, 1e-12);
  EXPECT_TRUE(P.Pays);
  In.AloneSeconds = 0.0044;
  EXPECT_FALSE(predictDistribution(In).Pays);
  DistributionInput Whole = In;
  Whole.ShareSum = 0;
  Whole.Waiting = 0;
  EXPECT_NEAR(predictDistribution(Whole).DistributedSeconds, 0.0022, 1e-12);
  EXPECT_TRUE(predictDistribution(Whole).Pays);
  // Rank 0 measured at half its core (both cores shared): its 1 s is 0.5 s
  // of whole-core work, shared by 0.5 + 0.5.
  In.AloneSeconds = 1;
  In.Rank0Share = 0.5;
  In.ShareSum = 1;
  EXPECT_NEAR(predictDistribution(In).DistributedSeconds, 0.5 + 0.005,
              1e-12);
}

TEST(ModelTest, BalancingPeriodChargesEverySynchronization) {
  // Two ranks at 1 W/s with 10 W each: nothing to balance, both finish at
  // t = 10 plus the synchronizations. Without a period only the last one
  // (eq. 1.3.4) is paid; with a period of 1.5 s, six more (at 1.5, 3, ...,
  // 9 s of computing), each costing xi, and xi is what sets the strategies
  // apart: 0.002 (one-to-all + all-to-one) against 0.002 + 0.01 (one-to-all
  // + an all-to-all of 0.011 here).
  ModelInput In = input({1, 1}, {10, 10});
  In.Future = FutureLoad::Persistent;
  In.Net.Fits[static_cast<int>(Pattern::AllToAll)].Coeffs[0] = 0.011;
  std::vector<Prediction> P = predict(In);
  EXPECT_EQ(of(P, Strategy::GCDLB).Syncs, 1);
  EXPECT_NEAR(of(P, Strategy::GCDLB).Seconds, 10 + 0.002, 1e-9);
  EXPECT_NEAR(of(P, Strategy::GDDLB).Seconds, 10 + 0.012, 1e-9);
  In.SyncPeriod = 1.5;
  P = predict(In);
  EXPECT_EQ(of(P, Strategy::GCDLB).Syncs, 7);
  EXPECT_EQ(of(P, Strategy::GDDLB).Syncs, 7);
  EXPECT_NEAR(of(P, Strategy::GCDLB).Seconds, 10 + 7 * 0.002, 1e-9);
  EXPECT_NEAR(of(P, Strategy::GDDLB).Seconds, 10 + 7 * 0.012, 1e-9);
  // Eq. 11 with the cheapest xi: a period of at least 0.002 / 0.05 =
  // 0.04 s, 249 periodic synchronizations in 10 s and the last one.
  In.SyncPeriod = 1e-5;
  P = predict(In);
  EXPECT_NEAR(of(P, Strategy::GCDLB).Syncs, 250, 1);
  EXPECT_NEAR(of(P, Strategy::GDDLB).Seconds, 10 + 250 * 0.012, 0.02);
  // Without it (f_interact 0), a period far shorter than the work: the
  // model simulates a longer one (at most 2e5 / P = 1e5 periods here, 100
  // at least) and charges each of its synchronizations for the ones it
  // stands for, so the total stays: 1e5 periods of 1e-4 s stand for 1e6 of
  // 1e-5 s, 10 x 0.002 s each.
  In.InteractFraction = 0;
  P = predict(In);
  EXPECT_LE(of(P, Strategy::GCDLB).Syncs, 100001);
  EXPECT_NEAR(of(P, Strategy::GCDLB).SyncSeconds, 1e6 * 0.002, 0.01 * 1e6 * 0.002);
}
