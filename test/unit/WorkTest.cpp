//===- WorkTest.cpp - Cumulative work of iteration ranges -----------------===//
#include "model/Work.h"

#include <gtest/gtest.h>

using namespace dlb;

TEST(WorkTest, UniformLoopsMultiply) {
  WorkCurve C(2.5);
  EXPECT_TRUE(C.uniform());
  EXPECT_DOUBLE_EQ(C.of({10, 14}), 10);
  EXPECT_DOUBLE_EQ(C.of({5, 5}), 0);
}

TEST(WorkTest, SmallLoopsAreExact) {
  // Triangular: W(i) = 100 - i over [0, 100); sum over [10, 20) is
  // 90 + 89 + ... + 81 = 855.
  WorkCurve C(0, 100, [](long long I) { return 100.0 - I; });
  EXPECT_FALSE(C.uniform());
  EXPECT_DOUBLE_EQ(C.of({10, 20}), 855);
  EXPECT_DOUBLE_EQ(C.of({0, 100}), 5050);
  EXPECT_DOUBLE_EQ(C.of({0, 0}), 0);
}

TEST(WorkTest, LargeLoopsAreCloseAndExactAtTheEnds) {
  // 10^6 iterations: 1024 knots, sampled segments; affine W is summed
  // within rounding of the sampling.
  const long long N = 1000000;
  WorkCurve C(0, N, [&](long long I) { return static_cast<double>(N - I); });
  const double Total = static_cast<double>(N) * (N + 1) / 2;
  EXPECT_NEAR(C.of({0, N}), Total, Total * 1e-3);
  EXPECT_NEAR(C.of({0, N / 2}), 0.75 * Total, Total * 2e-3);
}

TEST(WorkTest, NegativeWorkCountsAsNothing) {
  WorkCurve C(0, 4, [](long long I) { return I < 2 ? -5.0 : 1.0; });
  EXPECT_DOUBLE_EQ(C.of({0, 4}), 2);
}

TEST(WorkTest, EncodingRoundTrips) {
  WorkCurve C(3, 50, [](long long I) { return 1.0 * I * I; });
  WorkCurve D = WorkCurve::decode(C.encode());
  for (long long I : {3, 4, 17, 49, 50})
    EXPECT_DOUBLE_EQ(D.cumulative(I), C.cumulative(I));
  EXPECT_DOUBLE_EQ(WorkCurve::decode(WorkCurve(7).encode()).of({0, 2}), 14);
}

TEST(WorkTest, BitonicPairsOfAnAffineLoopAreUniform) {
  // W(i) = 100 - i over [0, 10): every pair does 100 - p + 100 - (9 - p).
  const auto W = pairWork(0, 10, [](long long I) { return 100.0 - I; });
  for (long long P = 0; P < 5; ++P)
    EXPECT_DOUBLE_EQ(W(P), 191);
  WorkCurve C(0, 5, W);
  EXPECT_DOUBLE_EQ(C.of({1, 3}), 382);
  EXPECT_DOUBLE_EQ(C.of({0, 5}), 955);
}

TEST(WorkTest, TheMiddlePairOfAnOddLoopRunsOnce) {
  // Over [3, 8): pairs (3, 7), (4, 6), (5).
  const auto W = pairWork(3, 8, [](long long I) { return 1.0 * I; });
  EXPECT_DOUBLE_EQ(W(0), 10);
  EXPECT_DOUBLE_EQ(W(1), 10);
  EXPECT_DOUBLE_EQ(W(2), 5);
  // Negative work counts as nothing on each side.
  const auto N = pairWork(0, 4, [](long long I) { return I < 2 ? -5.0 : 1.0; });
  EXPECT_DOUBLE_EQ(N(0), 1);
}
