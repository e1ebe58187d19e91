//===- ControlTest.cpp - Tests of the balancing period and rate filter ----===//
//
// Owns the unit tests of runtime/model/Control.h: eqs. 11-15 of Siegell & Steenkiste
// on hand-computed cases, every row of Table 1, and eq. 16 on sequences
// whose filtered values are computed by hand.
//
//===----------------------------------------------------------------------===//
#include "model/Control.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using namespace dlb;

namespace {

TEST(ControlTest, TargetIsTheLargestLimit) {
  PeriodInputs In;
  In.Interact = 0.002;      // eq. 11: 0.002 / 0.05 = 0.04
  In.InteractFraction = 0.05;
  In.Movement = 0.3;        // eq. 12: 0.3 / 2 = 0.15
  In.WorkScale = 2;
  In.Quantum = 0.012;       // eq. 13: 0.012 * 10 = 0.12
  In.QuantumScale = 10;
  Period P = targetPeriod(In);
  EXPECT_DOUBLE_EQ(P.Interact, 0.04);
  EXPECT_DOUBLE_EQ(P.Movement, 0.15);
  EXPECT_DOUBLE_EQ(P.Scheduling, 0.12);
  EXPECT_DOUBLE_EQ(P.Target, 0.15);
  // The paper's Nectar setting: 100 ms quanta, quantumscale 10 -> 1 s.
  In.Movement = 0;
  In.Quantum = 0.1;
  EXPECT_DOUBLE_EQ(targetPeriod(In).Target, 1.0);
  // Slow interactions dominate.
  In.Interact = 0.1;
  EXPECT_DOUBLE_EQ(targetPeriod(In).Target, 2.0);
}

TEST(ControlTest, NextHookIsEquation15) {
  EXPECT_EQ(nextHook(0.1, 0.001, 1000000), 100);
  EXPECT_EQ(nextHook(0.1, 0.003, 1000000), 34); // ceil(33.3)
  EXPECT_EQ(nextHook(0.1, 0.5, 1000000), 1);    // a phase longer than it
  EXPECT_EQ(nextHook(0.1, 1e-9, 1000), 1000);   // capped
  EXPECT_EQ(nextHook(0.1, 0, 50), 50);          // unmeasured
}

TEST(ControlTest, WorkScaleCountsPeriodsBetweenMoves) {
  EXPECT_DOUBLE_EQ(workScale(0, 0.1), 1);
  EXPECT_DOUBLE_EQ(workScale(0.05, 0.1), 1);
  EXPECT_DOUBLE_EQ(workScale(0.8, 0.1), 8);
}

TEST(ControlTest, TrendTableIsTable1) {
  struct Row {
    Trend From;
    bool Increase;
    Trend Next;
    double H;
  };
  const Row Rows[] = {
      {Trend::Down3, true, Trend::Down1, 1.0},
      {Trend::Down2, true, Trend::Constant, 1.0},
      {Trend::Down1, true, Trend::Up1, 1.0},
      {Trend::Constant, true, Trend::Up1, 0.8},
      {Trend::Up1, true, Trend::Up2, 0.6},
      {Trend::Up2, true, Trend::Up3, 0.4},
      {Trend::Up3, true, Trend::Up3, 0.2},
      {Trend::Down3, false, Trend::Down3, 0.1},
      {Trend::Down2, false, Trend::Down3, 0.1},
      {Trend::Down1, false, Trend::Down2, 0.2},
      {Trend::Constant, false, Trend::Down1, 0.3},
      {Trend::Up1, false, Trend::Down1, 0.4},
      {Trend::Up2, false, Trend::Down1, 0.5},
      {Trend::Up3, false, Trend::Constant, 0.6}};
  for (const Row &R : Rows) {
    TrendStep S = trendStep(R.From, R.Increase);
    EXPECT_EQ(S.Next, R.Next) << static_cast<int>(R.From) << R.Increase;
    EXPECT_DOUBLE_EQ(S.History, R.H) << static_cast<int>(R.From) << R.Increase;
  }
}

TEST(ControlTest, TableFilterTrustsDecreasesSooner) {
  RateFilter F(FilterMode::Table, 0);
  F.update(100); // the first measurement is taken as it is
  EXPECT_DOUBLE_EQ(F.adjusted(), 100);
  EXPECT_EQ(F.state(), Trend::Constant);
  // A drop to 50: Constant -> Down1, h = 0.3: 0.7 * 50 + 0.3 * 100 = 65.
  EXPECT_DOUBLE_EQ(F.preview(50), 65);
  EXPECT_EQ(F.state(), Trend::Constant); // preview changes nothing
  F.update(50);
  EXPECT_DOUBLE_EQ(F.adjusted(), 65);
  EXPECT_EQ(F.state(), Trend::Down1);
  // Still 50: Down1 -> Down2, h = 0.2: 0.8 * 50 + 0.2 * 65 = 53.
  F.update(50);
  EXPECT_DOUBLE_EQ(F.adjusted(), 53);
  EXPECT_EQ(F.state(), Trend::Down2);
  // Back to 100: Down2 -> Constant, h = 1: the rise is not believed yet.
  F.update(100);
  EXPECT_DOUBLE_EQ(F.adjusted(), 53);
  EXPECT_EQ(F.state(), Trend::Constant);
  // Again: Constant -> Up1, h = 0.8: 0.2 * 100 + 0.8 * 53 = 62.4.
  F.update(100);
  EXPECT_DOUBLE_EQ(F.adjusted(), 62.4);
  EXPECT_EQ(F.state(), Trend::Up1);
}

TEST(ControlTest, FixedAndOffFilters) {
  RateFilter Fixed(FilterMode::Fixed, 0.8);
  Fixed.update(10);
  Fixed.update(20); // 0.2 * 20 + 0.8 * 10 = 12
  EXPECT_DOUBLE_EQ(Fixed.adjusted(), 12);
  Fixed.update(0); // 0.8 * 12
  EXPECT_DOUBLE_EQ(Fixed.adjusted(), 9.6);
  RateFilter Off(FilterMode::Off, 0);
  Off.update(10);
  Off.update(20);
  EXPECT_DOUBLE_EQ(Off.adjusted(), 20);
  EXPECT_DOUBLE_EQ(Off.preview(3), 3);
}

} // namespace

namespace {

TEST(ControlTest, PeriodControlAveragesRecentCosts) {
  PeriodInputs In;
  In.Interact = 0.001;
  In.Quantum = 0.01;
  PeriodControl P(In, -1);
  EXPECT_DOUBLE_EQ(P.target(), 0.1); // eq. 13 dominates
  P.interacted(0.009);               // (0.001 + 0.009) / 2 = 0.005
  EXPECT_DOUBLE_EQ(P.period().Interact, 0.1);
  P.interacted(0.015); // (0.005 + 0.015) / 2 = 0.01 -> 0.2 s
  EXPECT_DOUBLE_EQ(P.target(), 0.2);
  // Movements of 1 s every 2 s: workscale = 2 / 0.2 = 10, limit 0.1 s.
  P.moved(1.0, 10.0);
  P.moved(1.0, 12.0);
  EXPECT_DOUBLE_EQ(P.period().Movement, 0.1);
  // Expensive movements rarely: workscale 1 (one gap of 0.1 s), 4 s.
  PeriodControl Q(In, -1);
  Q.moved(4.0, 1.0);
  EXPECT_DOUBLE_EQ(Q.target(), 4.0);
  // A fixed period overrides eq. 14.
  EXPECT_DOUBLE_EQ(PeriodControl(In, 0.5).target(), 0.5);
  EXPECT_DOUBLE_EQ(PeriodControl(In, 0).target(), 0);
}

TEST(ControlTest, ShareTimeIsTheSlowestShare) {
  EXPECT_DOUBLE_EQ(shareTime({1, 1}, {1, 1}), 0.5);
  EXPECT_DOUBLE_EQ(shareTime({1, 1}, {2, 1}), 0.5);
  EXPECT_DOUBLE_EQ(shareTime({2, 1}, {2, 1}), 1.0 / 3);
  EXPECT_TRUE(std::isinf(shareTime({1, 1}, {1, 0})));
  EXPECT_DOUBLE_EQ(shareTime({1, 0}, {1, 0}), 1);
}

TEST(ControlTest, HistoryInteractsEveryNextHookExecutions) {
  LoopHistory H;
  LoopHistory::Settings S;
  S.Filter = FilterMode::Off;
  // Executions of 0.05 s against a 0.2 s period: the first one interacts
  // (nothing measured yet), then every 4th.
  EXPECT_TRUE(H.executed({100, 100}, {1, 2}, 0.05, 0.05, 0.2, S));
  EXPECT_EQ(H.weights(), (std::vector<double>{100, 50}));
  EXPECT_EQ(H.nextHook(), 4);
  EXPECT_FALSE(H.executed({100, 100}, {1, 1}, 0.10, 0.05, 0.2, S));
  EXPECT_FALSE(H.executed({100, 100}, {1, 1}, 0.15, 0.05, 0.2, S));
  EXPECT_FALSE(H.executed({100, 100}, {1, 1}, 0.20, 0.05, 0.2, S));
  // Four executions of rates 100 and 100/1.25 = 80 (accumulated):
  // 400 / 4 = 100 and 400 / 5 = 80.
  EXPECT_TRUE(H.executed({100, 100}, {1, 2}, 0.25, 0.05, 0.2, S));
  EXPECT_EQ(H.raw(), (std::vector<double>{100, 80}));
  // Weights 100:50 give rank 1 a third at speed 80: 1/240 s per unit;
  // 100:80 gives 1/180: a gain of 25% > 10%, adopted.
  EXPECT_EQ(H.weights(), (std::vector<double>{100, 80}));
  // Other code runs between executions: 0.1 s from one end to the next
  // makes the next interaction 0.2 / 0.1 = 2 executions away.
  EXPECT_FALSE(H.executed({100, 100}, {1, 1}, 0.35, 0.05, 0.2, S));
  EXPECT_FALSE(H.executed({100, 100}, {1, 1}, 0.45, 0.05, 0.2, S));
  EXPECT_FALSE(H.executed({100, 100}, {1, 1}, 0.55, 0.05, 0.2, S));
  EXPECT_TRUE(H.executed({100, 100}, {1, 1}, 0.65, 0.05, 0.2, S));
  EXPECT_EQ(H.nextHook(), 2);
}

TEST(ControlTest, HistoryThresholdKeepsCloseWeights) {
  LoopHistory H;
  LoopHistory::Settings S;
  S.Filter = FilterMode::Off;
  EXPECT_FALSE(H.takeNewWeights());
  H.executed({100, 100}, {1, 1}, 1, 1, 0, S);
  EXPECT_EQ(H.weights(), (std::vector<double>{100, 100}));
  EXPECT_TRUE(H.takeNewWeights());
  EXPECT_FALSE(H.takeNewWeights());
  // Rates 100 and 95: equal weights lose 2.5% against the ideal: kept.
  H.executed({100, 95}, {1, 1}, 2, 1, 0, S);
  EXPECT_EQ(H.weights(), (std::vector<double>{100, 100}));
  EXPECT_FALSE(H.takeNewWeights());
  // Threshold off: adopted.
  S.Threshold = 0;
  H.executed({100, 95}, {1, 1}, 3, 1, 0, S);
  EXPECT_EQ(H.weights(), (std::vector<double>{100, 95}));
  EXPECT_TRUE(H.takeNewWeights());
}

TEST(ControlTest, HistoryFiltersTheRates) {
  LoopHistory H;
  LoopHistory::Settings S; // Table 1
  S.Threshold = 0;
  H.executed({100, 100}, {1, 1}, 1, 1, 0, S);
  // Rank 1 drops to 50: Constant -> Down1, h = 0.3: 65.
  H.executed({100, 50}, {1, 1}, 2, 1, 0, S);
  EXPECT_EQ(H.raw(), (std::vector<double>{100, 50}));
  EXPECT_EQ(H.filtered(), (std::vector<double>{100, 65}));
  EXPECT_EQ(H.weights(), (std::vector<double>{100, 65}));
}

} // namespace
