//===- KeptBalanceTest.cpp - Moving kept rows to balance an execution -----===//
#include "model/KeptBalance.h"

#include <gtest/gtest.h>

using namespace dlb;

namespace {
bool sameParts(const Partition &A, const Partition &B) {
  if (A.size() != B.size())
    return false;
  for (std::size_t R = 0; R < A.size(); ++R)
    if (A[R].size() != B[R].size() ||
        !std::equal(A[R].begin(), A[R].end(), B[R].begin()))
      return false;
  return true;
}
} // namespace

TEST(KeptBalanceTest, WorkPartitionFollowsWorkAndSpeeds) {
  // Cholesky-like rows: W(i) = 100 - i over [0, 100), 5050 in all.
  const WorkCurve C(0, 100, [](long long I) { return 100.0 - I; });
  const Partition Even = workPartition({0, 100}, C, {1, 1});
  ASSERT_EQ(Even[0].size(), 1u);
  ASSERT_EQ(Even[1].size(), 1u);
  EXPECT_EQ(Even[0][0].Begin, 0);
  EXPECT_EQ(Even[0][0].End, Even[1][0].Begin);
  EXPECT_EQ(Even[1][0].End, 100);
  // The first block reaches half of the work: 30 rows of 100..71 hold 2565.
  EXPECT_EQ(Even[0][0].End, 30);
  // A rank twice as fast gets twice the work.
  const Partition Fast = workPartition({0, 100}, WorkCurve(1), {1, 2, 1});
  EXPECT_EQ(Fast[0][0].size(), 25);
  EXPECT_EQ(Fast[1][0].size(), 50);
  EXPECT_EQ(Fast[2][0].size(), 25);
  // A rank of no speed gets nothing.
  const Partition None = workPartition({0, 10}, WorkCurve(1), {1, 0});
  EXPECT_EQ(None[0][0].size(), 10);
  EXPECT_TRUE(None[1].empty());
}

TEST(KeptBalanceTest, SlowestAndMoved) {
  const Partition From = {{{0, 50}}, {{50, 100}}};
  const Partition To = {{{0, 60}}, {{60, 100}}};
  EXPECT_DOUBLE_EQ(slowestSeconds(From, WorkCurve(2), {1, 4}), 100);
  EXPECT_EQ(movedUnits(From, To), 10);
  EXPECT_EQ(movedUnits(To, From), 10);
  EXPECT_EQ(movedUnits(From, From), 0);
}

TEST(KeptBalanceTest, LuStepsMoveRowsOnceTheImbalancePays) {
  // LU's step k runs rows [k + 1, 100), uniform; the ranks kept the rows of
  // the first step, [1, 50) and [50, 100). Five steps on, rank 0 has 44
  // rows and rank 1 50: within the threshold, the rows stay.
  KeptBalanceInput In;
  In.Space = {6, 100};
  In.Owned = {{{6, 50}}, {{50, 100}}};
  In.Speeds = {1000, 1000};
  In.UnitBytes = 8000;
  In.ByteSeconds = 1e-9;
  In.Lost = 0.5;
  KeptBalance B = keptPartition(In, WorkCurve(1));
  EXPECT_TRUE(sameParts(B.Parts, In.Owned));
  EXPECT_EQ(B.Lost, 0);
  // Thirty steps on, 19 rows against 50: balanced by work, 16 rows move,
  // since the 15.5 ms lost exceed moving them (0.128 ms).
  In.Space = {31, 100};
  In.Owned = {{{31, 50}}, {{50, 100}}};
  In.Lost = 0;
  B = keptPartition(In, WorkCurve(1));
  EXPECT_FALSE(sameParts(B.Parts, In.Owned));
  EXPECT_EQ(B.Parts[0][0].Begin, 31);
  EXPECT_EQ(B.Parts[0][0].End, 66);
  EXPECT_EQ(movedUnits(In.Owned, B.Parts), 16);
  EXPECT_EQ(B.Lost, 0);
  // Moving costs 0.128 s: the rows stay until the executions since the
  // last move lost that much (the ninth of 15.5 ms).
  In.ByteSeconds = 1e-6;
  for (int E = 1; E <= 8; ++E) {
    B = keptPartition(In, WorkCurve(1));
    ASSERT_TRUE(sameParts(B.Parts, In.Owned)) << E;
    EXPECT_NEAR(B.Lost, 0.0155 * E, 1e-12);
    In.Lost = B.Lost;
  }
  B = keptPartition(In, WorkCurve(1));
  EXPECT_FALSE(sameParts(B.Parts, In.Owned));
  EXPECT_EQ(B.Lost, 0);
}

TEST(KeptBalanceTest, MeasuredSpeedsKeepAnUnevenSplit) {
  // Next to a CPU hog rank 0 computes at half speed and owns a third of
  // the rows: that is balanced, nothing moves.
  KeptBalanceInput In;
  In.Space = {0, 90};
  In.Owned = {{{0, 30}}, {{30, 90}}};
  In.Speeds = {500, 1000};
  In.UnitBytes = 8;
  In.ByteSeconds = 1e-9;
  EXPECT_TRUE(sameParts(keptPartition(In, WorkCurve(1)).Parts, In.Owned));
  // Without measured speeds nothing moves either.
  In.Speeds.clear();
  EXPECT_TRUE(sameParts(keptPartition(In, WorkCurve(1)).Parts, In.Owned));
}
