//===- PipelineTest.cpp - Tests of the pipeline model ---------------------===//
//
// Owns the unit tests of runtime/model/PipelineModel.h: eqs. (4), (6), (9), (10) and (2) of
// Siegell & Steenkiste on hand-computed cases, and the contiguous
// redistribution of a pipeline's columns.
//
//===----------------------------------------------------------------------===//
#include "model/PipelineModel.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace dlb;

namespace {

PipelineShape shape(long long Rows, int Stages, double Seq, double Bytes) {
  PipelineShape S;
  S.Rows = Rows;
  S.Stages = Stages;
  S.SeqSeconds = Seq;
  S.BytesPerRow = Bytes;
  return S;
}

TEST(PipelineTest, OptimalBlocksIsEquation10) {
  // M = sqrt((1.0 (1 - 1/4) + 1e-9 * 8 * 1000 * (4 - 2)) / 1e-4)
  //   = sqrt(0.750016 / 1e-4) = sqrt(7500.16).
  EXPECT_NEAR(optimalBlocks(shape(1000, 4, 1.0, 8), {1e-4, 1e-9}),
              std::sqrt(7500.16), 1e-9);
  // P = 2: the t_incr term vanishes: sqrt(0.5 * 0.5 / 2e-4) = sqrt(1250).
  EXPECT_NEAR(optimalBlocks(shape(1000, 2, 0.5, 8), {2e-4, 5e-9}),
              std::sqrt(1250.0), 1e-9);
}

TEST(PipelineTest, OptimalBlocksIsClampedToTheRows) {
  EXPECT_EQ(optimalBlocks(shape(1000, 4, 1.0, 8), {100.0, 0}), 1.0);
  EXPECT_EQ(optimalBlocks(shape(1000, 4, 1.0, 8), {1e-12, 0}), 1000.0);
  // One stage, or an unmeasured network: one block.
  EXPECT_EQ(optimalBlocks(shape(1000, 1, 1.0, 8), {1e-4, 0}), 1.0);
  EXPECT_EQ(optimalBlocks(shape(1000, 4, 1.0, 8), {}), 1.0);
}

TEST(PipelineTest, BlockSizeIsEquation4) {
  EXPECT_EQ(blockSizeFor(std::sqrt(7500.16), 1000, 0), 12); // 11.55
  EXPECT_EQ(blockSizeFor(std::sqrt(7500.16), 1000, 5), 5);  // the limit
  EXPECT_EQ(blockSizeFor(2000, 1000, 0), 1);
  EXPECT_EQ(blockSizeFor(0.5, 1000, 0), 1000);
  EXPECT_EQ(blockSizeFor(3, 0, 0), 1);
}

TEST(PipelineTest, PredictedSecondsIsEquation9) {
  // M = 10, P = 4: 13 * 1.0 / 40 + 12 * (1e-4 + 1e-9 * 8 * 1000 / 10).
  EXPECT_NEAR(predictedSeconds(shape(1000, 4, 1.0, 8), {1e-4, 1e-9}, 10),
              0.325 + 12 * 1.008e-4, 1e-12);
  // The latency of a shift to a waiting rank counts once per rank, to fill
  // the pipeline: 3 * (5e-4 - 1e-4) more.
  EXPECT_NEAR(predictedSeconds(shape(1000, 4, 1.0, 8), {1e-4, 1e-9, 5e-4}, 10),
              0.325 + 12 * 1.008e-4 + 3 * 4e-4, 1e-12);
  // One stage: the sequential time, no shifts.
  EXPECT_NEAR(predictedSeconds(shape(1000, 1, 1.0, 8), {1e-4, 1e-9}, 10), 1.0,
              1e-12);
}

TEST(PipelineTest, Equation10MinimizesEquation9) {
  std::mt19937 Gen(3);
  std::uniform_real_distribution<double> Seq(1e-3, 10), Fixed(1e-6, 1e-3),
      Incr(0, 1e-8);
  for (int K = 0; K < 200; ++K) {
    const PipelineShape S = shape(100000, 2 + K % 15, Seq(Gen), 8 * (K % 4));
    const ShiftCost C{Fixed(Gen), Incr(Gen)};
    const double M = optimalBlocks(S, C);
    if (M <= 1.5 || M >= S.Rows - 1)
      continue;
    const double T = predictedSeconds(S, C, M);
    EXPECT_LE(T, predictedSeconds(S, C, M * 0.9) + 1e-15);
    EXPECT_LE(T, predictedSeconds(S, C, M * 1.1) + 1e-15);
  }
}

TEST(PipelineTest, EfficiencyBoundIsEquation6) {
  EXPECT_DOUBLE_EQ(efficiencyBound(10, 4), 10.0 / 13);
  EXPECT_DOUBLE_EQ(efficiencyBound(10, 1), 1.0);
}

TEST(PipelineTest, EfficiencyIsEquation2) {
  // 1.0 / (4 * 0.5 - 0.4).
  EXPECT_DOUBLE_EQ(efficiency(1.0, 4, 0.5, 0.4), 0.625);
  EXPECT_EQ(efficiency(1.0, 4, 0, 0), 0);
}

TEST(PipelineTest, RangesFollowTheSpeeds) {
  EXPECT_EQ(pipelineRanges({0, 10}, {1, 1}),
            (std::vector<Range>{{0, 5}, {5, 10}}));
  // 7.5 and 2.5 columns: the tie of the fractions goes to the first member.
  EXPECT_EQ(pipelineRanges({0, 10}, {3, 1}),
            (std::vector<Range>{{0, 8}, {8, 10}}));
  // A member that did nothing keeps one column.
  EXPECT_EQ(pipelineRanges({0, 10}, {1, 0}),
            (std::vector<Range>{{0, 9}, {9, 10}}));
  // No usable speed: equal shares.
  EXPECT_EQ(pipelineRanges({4, 10}, {0, 0, NAN}),
            (std::vector<Range>{{4, 6}, {6, 8}, {8, 10}}));
}

TEST(PipelineTest, RangesAreContiguousAndKeepTheFloor) {
  std::mt19937 Gen(11);
  std::uniform_real_distribution<double> Speed(0, 100);
  for (int K = 0; K < 500; ++K) {
    const int N = 1 + K % 9;
    const long long Lo = K % 7, Size = N * 2 + K % 50;
    std::vector<double> Speeds(N);
    for (double &S : Speeds)
      S = K % 5 ? Speed(Gen) : 0;
    const std::vector<Range> R = pipelineRanges({Lo, Lo + Size}, Speeds, 2);
    ASSERT_EQ(R.size(), static_cast<std::size_t>(N));
    long long At = Lo;
    for (const Range &X : R) {
      EXPECT_EQ(X.Begin, At);
      EXPECT_GE(X.size(), 2);
      At = X.End;
    }
    EXPECT_EQ(At, Lo + Size);
  }
}

TEST(PipelineTest, SkewedSpaceCountsEachRowsPart) {
  // j in [1, 5), i in [1, 4), q = j + i: columns 2..7 hold 1 2 3 3 2 1.
  const SkewedSpace S{{1, 5}, {1, 4}, 1};
  EXPECT_EQ(S.space(), (Range{2, 8}));
  EXPECT_EQ(S.row(1, {2, 4}), (Range{1, 3}));
  EXPECT_LE(S.row(3, {2, 4}).size(), 0); // none of row 3
  EXPECT_EQ(S.elements(S.space()), 12);
  EXPECT_EQ(S.elements({4, 6}), 6);
  // Equal elements: 6 and 6, not equal columns.
  EXPECT_EQ(skewedRanges(S, {1, 1}), (std::vector<Range>{{2, 5}, {5, 8}}));
  EXPECT_EQ(skewedRanges(S, {2, 1}), (std::vector<Range>{{2, 6}, {6, 8}}));
}

TEST(PipelineTest, SkewedRangesCoverTheSpaceInOrder) {
  std::mt19937 Gen(5);
  std::uniform_real_distribution<double> Speed(0, 10);
  for (int K = 0; K < 300; ++K) {
    const SkewedSpace S{{K % 3, K % 3 + 1 + K % 40},
                        {K % 5, K % 5 + 1 + K % 17}, 1 + K % 3};
    const int N = 1 + K % 6;
    if (S.space().size() < N)
      continue;
    std::vector<double> Speeds(N);
    for (double &X : Speeds)
      X = Speed(Gen);
    const std::vector<Range> R = skewedRanges(S, Speeds);
    ASSERT_EQ(R.size(), static_cast<std::size_t>(N));
    long long At = S.space().Begin, Elements = 0;
    for (const Range &X : R) {
      EXPECT_EQ(X.Begin, At);
      EXPECT_GE(X.size(), 1);
      At = X.End;
      Elements += S.elements(X);
    }
    EXPECT_EQ(At, S.space().End);
    EXPECT_EQ(Elements, S.space().size() ? S.elements(S.space()) : 0);
    // Each boundary where the elements before it first reach the share of
    // the ranks before it, counted element by element (within the columns
    // the ranks around it must keep).
    const std::vector<Range> Share =
        pipelineRanges({0, S.elements(S.space())}, Speeds, 0);
    for (int Q = 0; Q + 1 < N; ++Q) {
      long long Cut = S.space().Begin;
      while (Cut < S.space().End &&
             S.elements({S.space().Begin, Cut}) < Share[Q].End)
        ++Cut;
      Cut = std::clamp(Cut, R[Q].Begin + 1, S.space().End - (N - 1 - Q));
      EXPECT_EQ(R[Q].End, Cut) << "case " << K << ", boundary " << Q;
    }
  }
}

TEST(PipelineTest, FinishIsTheSlowestMember) {
  EXPECT_NEAR(pipelineFinish({{0, 8}, {8, 10}}, {3, 1}), 8.0 / 3, 1e-12);
  EXPECT_TRUE(std::isinf(pipelineFinish({{0, 8}, {8, 10}}, {3, 0})));
}

TEST(PipelineTest, RebalanceKeepsTheRangesUnlessProfitable) {
  const std::vector<Range> Old{{0, 5}, {5, 10}};
  // 3:1 speeds: the slowest finishes in 2 instead of 5.
  EXPECT_EQ(rebalancePipeline(Old, {3, 1}, 0.9),
            (std::vector<Range>{{0, 8}, {8, 10}}));
  // Equal speeds: nothing to gain.
  EXPECT_EQ(rebalancePipeline(Old, {1, 1}, 0.9), Old);
  // 1.1:1 speeds: 5 -> 4.76, under the 10% the profit factor asks.
  EXPECT_EQ(rebalancePipeline(Old, {1.1, 1}, 0.9), Old);
  EXPECT_EQ(rebalancePipeline(Old, {1.1, 1}, 1.0),
            (std::vector<Range>{{0, 5}, {5, 10}}));
  // Fewer columns than members: kept.
  EXPECT_EQ(rebalancePipeline({{0, 1}, {1, 1}}, {1, 5}, 0.9),
            (std::vector<Range>{{0, 1}, {1, 1}}));
}

} // namespace
