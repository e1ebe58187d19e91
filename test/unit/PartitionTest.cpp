//===- PartitionTest.cpp - Tests of the initial partition -----------------===//
//
// Owns the unit tests of dlb::initialPartition, dlb::neededRange and
// dlb::ownedRange.
//
//===----------------------------------------------------------------------===//
#include "model/Partition.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>

using namespace dlb;

namespace {

using Partition = std::vector<std::vector<Range>>;

/// The rank of every iteration; fails if one is not covered exactly once.
std::map<long long, int> owners(const Partition &P, long long Lb,
                                long long Ub) {
  std::map<long long, int> Owner;
  for (std::size_t R = 0; R < P.size(); ++R) {
    for (const Range &Block : P[R]) {
      EXPECT_GT(Block.size(), 0) << "empty block on rank " << R;
      for (long long I = Block.Begin; I < Block.End; ++I) {
        EXPECT_GE(I, Lb);
        EXPECT_LT(I, Ub);
        EXPECT_TRUE(Owner.emplace(I, static_cast<int>(R)).second)
            << "iteration " << I << " assigned twice";
      }
    }
  }
  EXPECT_EQ(static_cast<long long>(Owner.size()), std::max(Ub - Lb, 0LL));
  return Owner;
}

struct Case {
  long long Lb, Ub;
  int Ranks;
};

std::string describe(const Case &C) {
  return "[" + std::to_string(C.Lb) + ", " + std::to_string(C.Ub) + ") on " +
         std::to_string(C.Ranks) + " ranks";
}

const Case Cases[] = {{0, 100, 4},  {0, 103, 4}, {1, 99, 3}, {-7, 13, 6},
                      {5, 6, 1},    {0, 10, 10}, {0, 3, 8},  {10, 11, 4},
                      {0, 1000, 7}, {-3, -1, 2}};

TEST(PartitionTest, BlockIsContiguousNearlyEqualBiggerFirst) {
  for (const Case &C : Cases) {
    SCOPED_TRACE(describe(C));
    Partition P = initialPartition(Schedule::Block, C.Lb, C.Ub, C.Ranks);
    ASSERT_EQ(P.size(), static_cast<std::size_t>(C.Ranks));
    owners(P, C.Lb, C.Ub);
    long long Next = C.Lb;
    long long Previous = C.Ub - C.Lb;
    for (const std::vector<Range> &Blocks : P) {
      ASSERT_LE(Blocks.size(), 1u);
      long long Size = Blocks.empty() ? 0 : Blocks[0].size();
      if (!Blocks.empty()) {
        EXPECT_EQ(Blocks[0].Begin, Next) << "ranks own ranges in order";
        Next = Blocks[0].End;
      }
      EXPECT_LE(Size, Previous) << "bigger blocks first";
      Previous = Size;
    }
    auto Sizes = [&](const std::vector<Range> &B) {
      return B.empty() ? 0 : B[0].size();
    };
    auto [Min, Max] = std::minmax_element(
        P.begin(), P.end(),
        [&](const auto &A, const auto &B) { return Sizes(A) < Sizes(B); });
    EXPECT_LE(Sizes(*Max) - Sizes(*Min), 1);
  }
}

TEST(PartitionTest, BlockSizesOfAnExample) {
  Partition P = initialPartition(Schedule::Block, 0, 10, 4);
  EXPECT_EQ(P, (Partition{{{0, 3}}, {{3, 6}}, {{6, 8}}, {{8, 10}}}));
}

TEST(PartitionTest, CyclicDealsSingleIterationsInTurn) {
  for (const Case &C : Cases) {
    SCOPED_TRACE(describe(C));
    Partition P = initialPartition(Schedule::Cyclic, C.Lb, C.Ub, C.Ranks);
    ASSERT_EQ(P.size(), static_cast<std::size_t>(C.Ranks));
    for (const auto &[I, Rank] : owners(P, C.Lb, C.Ub))
      EXPECT_EQ(Rank, (I - C.Lb) % C.Ranks) << "iteration " << I;
    for (const std::vector<Range> &Blocks : P) {
      for (std::size_t B = 0; B < Blocks.size(); ++B) {
        EXPECT_EQ(Blocks[B].size(), 1);
        if (B)
          EXPECT_LT(Blocks[B - 1].Begin, Blocks[B].Begin);
      }
    }
  }
}

TEST(PartitionTest, FewerIterationsThanRanksLeavesTheLastRanksIdle) {
  for (Schedule S : {Schedule::Block, Schedule::Cyclic}) {
    Partition P = initialPartition(S, 4, 6, 5);
    EXPECT_EQ(P, (Partition{{{4, 5}}, {{5, 6}}, {}, {}, {}}));
  }
}

TEST(PartitionTest, EmptyLoopsAssignNothing) {
  for (Schedule S : {Schedule::Block, Schedule::Cyclic}) {
    EXPECT_EQ(initialPartition(S, 5, 5, 3), Partition(3));
    EXPECT_EQ(initialPartition(S, 9, 2, 2), Partition(2));
  }
}

TEST(PartitionTest, NeededRangeWidensByTheHalo) {
  Access Stencil;
  Stencil.HaloLo = -1;
  Stencil.HaloHi = 2;
  EXPECT_EQ(neededRange({10, 20}, Stencil, 100), (Range{9, 22}));
  EXPECT_EQ(neededRange({10, 20}, Access(), 100), (Range{10, 20}));
}

TEST(PartitionTest, NeededRangeIsClippedToTheArray) {
  Access Stencil;
  Stencil.HaloLo = -2;
  Stencil.HaloHi = 2;
  EXPECT_EQ(neededRange({0, 5}, Stencil, 100), (Range{0, 7}));
  EXPECT_EQ(neededRange({1, 99}, Stencil, 100), (Range{0, 100}));
  EXPECT_EQ(neededRange({97, 100}, Stencil, 100), (Range{95, 100}));
  // A block outside the array needs nothing.
  EXPECT_EQ(neededRange({200, 210}, Stencil, 100).size(), 0);
  EXPECT_EQ(neededRange({-30, -20}, Stencil, 100).size(), 0);
}

TEST(PartitionTest, NeededRangeAlwaysHoldsTheBlockItself) {
  // Iteration I reads only I+1 .. I+3 but writes I.
  Access Ahead;
  Ahead.Written = true;
  Ahead.HaloLo = 1;
  Ahead.HaloHi = 3;
  EXPECT_EQ(neededRange({10, 20}, Ahead, 100), (Range{10, 23}));
  Access Behind;
  Behind.HaloLo = -3;
  Behind.HaloHi = -1;
  EXPECT_EQ(neededRange({10, 20}, Behind, 100), (Range{7, 20}));
}

TEST(PartitionTest, OwnedRangeIsTheBlockClipped) {
  EXPECT_EQ(ownedRange({10, 20}, 100), (Range{10, 20}));
  EXPECT_EQ(ownedRange({-5, 3}, 100), (Range{0, 3}));
  EXPECT_EQ(ownedRange({95, 105}, 100), (Range{95, 100}));
  EXPECT_EQ(ownedRange({120, 130}, 100).size(), 0);
  EXPECT_EQ(ownedRange({0, 4}, 0).size(), 0);
}

} // namespace

TEST(PartitionTest, WeightedBlocksFollowTheWeights) {
  auto Parts = weightedPartition(10, 110, {1.0, 3.0, 0.0, 1.0});
  ASSERT_EQ(Parts.size(), 4u);
  EXPECT_EQ(Parts[0], (std::vector<Range>{{10, 30}}));
  EXPECT_EQ(Parts[1], (std::vector<Range>{{30, 90}}));
  EXPECT_TRUE(Parts[2].empty());
  EXPECT_EQ(Parts[3], (std::vector<Range>{{90, 110}}));
}

TEST(PartitionTest, WeightedBlocksWithoutUsableWeightsAreEqual) {
  EXPECT_EQ(weightedPartition(0, 9, {0.0, 0.0, 0.0}),
            initialPartition(Schedule::Block, 0, 9, 3));
  EXPECT_EQ(weightedPartition(0, 9, {1.0, -1.0, 2.0}),
            initialPartition(Schedule::Block, 0, 9, 3));
  EXPECT_TRUE(weightedPartition(5, 5, {1.0, 2.0})[1].empty());
}

TEST(PartitionTest, InterleavedBlocksAreDealtInTurn) {
  // 100 iterations, 2 ranks, 5 blocks each: blocks of 10 in turn.
  auto Parts = interleavedPartition(0, 100, {1.0, 1.0}, 5);
  ASSERT_EQ(Parts.size(), 2u);
  EXPECT_EQ(Parts[0], (std::vector<Range>{
                          {0, 10}, {20, 30}, {40, 50}, {60, 70}, {80, 90}}));
  EXPECT_EQ(Parts[1], (std::vector<Range>{
                          {10, 20}, {30, 40}, {50, 60}, {70, 80}, {90, 100}}));
}

TEST(PartitionTest, InterleavedBlocksCoverEveryIterationOnce) {
  for (long long N : {1LL, 7LL, 64LL, 1000LL, 2049LL})
    for (int Ranks : {1, 2, 3, 5, 16}) {
      SCOPED_TRACE(std::to_string(N) + " iterations, " +
                   std::to_string(Ranks) + " ranks");
      const auto Parts = interleavedPartition(
          3, 3 + N, std::vector<double>(Ranks, 1.0), 64);
      const auto Owner = owners(Parts, 3, 3 + N);
      EXPECT_EQ(static_cast<long long>(Owner.size()), N);
      // Ranges of a rank are increasing and never adjacent (merged).
      for (const auto &Mine : Parts)
        for (std::size_t K = 1; K < Mine.size(); ++K)
          EXPECT_LT(Mine[K - 1].End, Mine[K].Begin);
    }
}

TEST(PartitionTest, InterleavedBlocksFollowTheWeights) {
  // Weights 1 : 3 : 0: rank 1 gets three blocks for each of rank 0's, rank
  // 2 none; every rank's blocks spread over the whole range.
  auto Parts = interleavedPartition(0, 1200, {1.0, 3.0, 0.0}, 100);
  long long Sizes[3] = {0, 0, 0};
  for (int R = 0; R < 3; ++R)
    for (const Range &B : Parts[R])
      Sizes[R] += B.size();
  EXPECT_EQ(Sizes[0], 300);
  EXPECT_EQ(Sizes[1], 900);
  EXPECT_TRUE(Parts[2].empty());
  EXPECT_LT(Parts[0].front().Begin, 100);
  EXPECT_GT(Parts[0].back().End, 1100);
  // Unusable weights: equal shares, in turn.
  EXPECT_EQ(interleavedPartition(0, 40, {0.0, -1.0}, 2),
            interleavedPartition(0, 40, {1.0, 1.0}, 2));
}

TEST(PartitionTest, OrdinaryLoopsDistributeTheirIterations) {
  const Pairing P{3, 10, false};
  EXPECT_EQ(P.space(), (Range{3, 10}));
  EXPECT_EQ(P.sides(), 1u);
  EXPECT_EQ(P.side({4, 7}, 0), (Range{4, 7}));
}

TEST(PartitionTest, BitonicPairsCoverEveryIterationOnce) {
  // Even N = 8 over [2, 10): pair p is 2 + p and 9 - p.
  const Pairing Even{2, 10, true};
  EXPECT_EQ(Even.space(), (Range{0, 4}));
  EXPECT_EQ(Even.sides(), 2u);
  EXPECT_EQ(Even.side({1, 3}, 0), (Range{3, 5}));
  EXPECT_EQ(Even.side({1, 3}, 1), (Range{7, 9}));
  EXPECT_EQ(Even.side({3, 4}, 1), (Range{6, 7}));
  // Odd N = 7 over [0, 7): the middle pair 3 runs iteration 3 only, in front.
  const Pairing Odd{0, 7, true};
  EXPECT_EQ(Odd.space(), (Range{0, 4}));
  EXPECT_EQ(Odd.side({3, 4}, 0), (Range{3, 4}));
  EXPECT_EQ(Odd.side({3, 4}, 1).size(), 0);
  EXPECT_EQ(Odd.side({2, 4}, 1), (Range{4, 5}));
  EXPECT_EQ(Odd.side({0, 4}, 1), (Range{4, 7}));
  // Every iteration on exactly one side of one pair, for small N.
  for (long long N = 0; N <= 9; ++N) {
    const Pairing P{5, 5 + N, true};
    std::vector<int> Seen(N, 0);
    for (long long Pair = 0; Pair < P.space().End; ++Pair)
      for (unsigned Side = 0; Side < 2; ++Side) {
        const Range R = P.side({Pair, Pair + 1}, Side);
        for (long long I = R.Begin; I < R.End; ++I)
          ++Seen[I - 5];
      }
    EXPECT_EQ(std::count(Seen.begin(), Seen.end(), 1), N) << "N = " << N;
  }
  EXPECT_EQ((Pairing{4, 4, true}).space().size(), 0);
  EXPECT_EQ((Pairing{4, 5, true}).space(), (Range{0, 1}));
}

TEST(PartitionTest, SpreadPartitionMapsOntoTheRangesLeft) {
  // Iterations 2-4, 7, 9-11 (7 of them) split 3 / 2 / 2.
  const std::vector<Range> Real = {{2, 5}, {7, 8}, {8, 8}, {9, 12}};
  const auto Parts = spreadPartition(initialPartition(Schedule::Block, 0, 7, 3),
                                     Real);
  ASSERT_EQ(Parts.size(), 3u);
  EXPECT_EQ(Parts[0], (std::vector<Range>{{2, 5}}));
  EXPECT_EQ(Parts[1], (std::vector<Range>{{7, 8}, {9, 10}}));
  EXPECT_EQ(Parts[2], (std::vector<Range>{{10, 12}}));
  // Cyclic: one iteration each, in order.
  const auto Cyclic =
      spreadPartition(initialPartition(Schedule::Cyclic, 0, 7, 2), Real);
  EXPECT_EQ(Cyclic[0],
            (std::vector<Range>{{2, 3}, {4, 5}, {9, 10}, {11, 12}}));
  EXPECT_EQ(Cyclic[1], (std::vector<Range>{{3, 4}, {7, 8}, {10, 11}}));
  // One range: the partition itself, shifted.
  EXPECT_EQ(spreadPartition({{{0, 3}}, {{3, 4}}}, {{10, 14}}),
            (std::vector<std::vector<Range>>{{{10, 13}}, {{13, 14}}}));
}

TEST(PartitionTest, DropFirstCreditsRankZerosSamples) {
  // Jacobi's 1598 rows on 2 ranks, 100 of them sampled on rank 0: rank 0
  // gets 699 more (799 in all), rank 1 its 799.
  const Partition Whole = initialPartition(Schedule::Block, 0, 1598, 2);
  const Partition Rest = dropFirst(Whole, 100);
  EXPECT_EQ(Rest, (Partition{{{0, 699}}, {{699, 1498}}}));
  const Partition Spread = spreadPartition(Rest, {{101, 1599}});
  EXPECT_EQ(Spread, (Partition{{{101, 800}}, {{800, 1599}}}));
  // Samples beyond rank 0's share: it gets nothing more, rank 1 the rest.
  EXPECT_EQ(dropFirst(initialPartition(Schedule::Block, 0, 10, 2), 7),
            (Partition{{}, {{0, 3}}}));
  // Nothing sampled: the partition itself.
  EXPECT_EQ(dropFirst(Whole, 0), Whole);
  // Any partition: every unit left once, renumbered from 0.
  const Partition Cyclic =
      dropFirst(initialPartition(Schedule::Cyclic, 0, 7, 3), 2);
  std::vector<int> Seen(5, 0);
  for (const auto &Ranges : Cyclic)
    for (const Range &R : Ranges)
      for (long long I = R.Begin; I < R.End; ++I)
        ++Seen[I];
  EXPECT_EQ(Seen, std::vector<int>(5, 1));
}
