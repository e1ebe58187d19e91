//===- ChunksTest.cpp - Tests of the self-scheduling chunk rules ----------===//
//
// Owns the unit tests of the chunk rules of guided self-scheduling,
// factoring, adaptive weighted factoring and trapezoid self-scheduling
// (runtime/protocols/chunks/), of the registry's self-scheduling column and of
// firstChunks.
//
//===----------------------------------------------------------------------===//
#include "protocols/SelfScheduling.h"

#include <gtest/gtest.h>

#include <random>

using namespace dlb;

namespace {

/// Hands out N iterations to P ranks asking in turn (rates given); returns
/// the chunk sizes.
std::vector<long long> handOut(ChunkRule &Rule, long long N, int P,
                               std::vector<double> Rates = {}) {
  ChunkRequest Req;
  Req.Ranks = P;
  Req.Rates = Rates.empty() ? std::vector<double>(P, 0.0) : Rates;
  std::vector<long long> Sizes;
  for (long long Left = N; Left > 0;) {
    Req.Remaining = Left;
    Req.Requester = static_cast<int>(Sizes.size() % P);
    const long long Size = Rule.next(Req);
    EXPECT_GE(Size, 1);
    EXPECT_LE(Size, Left);
    Sizes.push_back(Size);
    Left -= Size;
  }
  return Sizes;
}

TEST(Chunks, GuidedTakesTheRemainingOverP) {
  auto Rule = chunkRule(Strategy::GSS);
  ASSERT_TRUE(Rule);
  EXPECT_EQ(handOut(*Rule, 100, 4),
            (std::vector<long long>{25, 19, 14, 11, 8, 6, 5, 3, 3, 2, 1, 1,
                                    1, 1}));
}

TEST(Chunks, FactoringHandsOutHalfPerBatchInPEqualChunks) {
  auto Rule = chunkRule(Strategy::FAC);
  ASSERT_TRUE(Rule);
  EXPECT_EQ(handOut(*Rule, 100, 2),
            (std::vector<long long>{25, 25, 13, 13, 6, 6, 3, 3, 2, 2, 1, 1}));
}

TEST(Chunks, WeightedFactoringSharesABatchBySpeed) {
  // Rank 1 three times as fast: its chunks of the 50-iteration first batch
  // are three times as large.
  auto Rule = chunkRule(Strategy::AWF);
  ASSERT_TRUE(Rule);
  const std::vector<long long> Sizes = handOut(*Rule, 100, 2, {1.0, 3.0});
  ASSERT_GE(Sizes.size(), 4u);
  EXPECT_EQ(Sizes[0], 13);
  EXPECT_EQ(Sizes[1], 38);
  // Unmeasured ranks weigh the same: factoring's chunks.
  auto Plain = chunkRule(Strategy::AWF);
  EXPECT_EQ(handOut(*Plain, 100, 2),
            (std::vector<long long>{25, 25, 13, 13, 6, 6, 3, 3, 2, 2, 1, 1}));
}

TEST(Chunks, TrapezoidFallsLinearlyToOne) {
  // N = 100, P = 2: f = 25, n = ceil(200 / 26) = 8 chunks, d = 24 / 7;
  // from the fifth on no more than the requester's share of what is left,
  // ceil(R / 2): 10 of 20 (not 11), 5 of 10 (not 8).
  auto Rule = chunkRule(Strategy::TSS);
  ASSERT_TRUE(Rule);
  EXPECT_EQ(handOut(*Rule, 100, 2),
            (std::vector<long long>{25, 22, 18, 15, 10, 5, 3, 1, 1}));
}

TEST(Chunks, TrapezoidFollowsWhatRankZeroRan) {
  // Rank 0 ran 35 of the 75 iterations left after the first chunk (25):
  // the worker's next chunk is the trapezoid's at 60 iterations taken, the
  // third (25 - 2 d = 18), not the second (22, or the share of 40, 20) of
  // the count of requests.
  auto Rule = chunkRule(Strategy::TSS);
  ChunkRequest Req;
  Req.Ranks = 2;
  Req.Rates = {0.0, 0.0};
  Req.Requester = 1;
  Req.Remaining = 100;
  EXPECT_EQ(Rule->next(Req), 25);
  Req.Remaining = 40;
  EXPECT_EQ(Rule->next(Req), 18);
}

TEST(Chunks, EveryRuleHandsOutEverythingOnce) {
  std::mt19937 Gen(11);
  for (Strategy S :
       {Strategy::GSS, Strategy::FAC, Strategy::AWF, Strategy::TSS})
    for (int Trial = 0; Trial < 200; ++Trial) {
      const int P = 1 + static_cast<int>(Gen() % 16);
      const long long N = 1 + static_cast<long long>(Gen() % 100000);
      std::vector<double> Rates(P);
      for (double &R : Rates)
        R = (Gen() % 4 == 0) ? 0.0 : 1.0 + (Gen() % 1000);
      auto Rule = chunkRule(S);
      long long Sum = 0;
      const std::vector<long long> Sizes = handOut(*Rule, N, P, Rates);
      for (long long Size : Sizes)
        Sum += Size;
      EXPECT_EQ(Sum, N) << strategyName(S);
      // Shrinking chunks: never more than about P log(N) + P of them
      // (GSS's bound; factoring's is of the same order).
      EXPECT_LE(static_cast<double>(Sizes.size()),
                4.0 * P * (std::log2(static_cast<double>(N)) + 2))
          << strategyName(S) << " P " << P << " N " << N;
    }
}

TEST(Chunks, OnlyTheSelfSchedulingStrategiesHaveRules) {
#define DLB_STRATEGY(Id, Name, Local, Centralized, Modeled, Chunks, Desc)    \
  EXPECT_EQ(chunkRule(Strategy::Id) != nullptr, Chunks) << Name;               \
  EXPECT_EQ(isSelfScheduled(Strategy::Id), Chunks) << Name;
#include "dlb/Strategies.def"
}

TEST(Chunks, FirstChunksComeFromTheBack) {
  auto Rule = chunkRule(Strategy::GSS);
  const auto Parts = firstChunks(*Rule, 100, 4);
  ASSERT_EQ(Parts.size(), 4u);
  EXPECT_EQ(Parts[1], (std::vector<Range>{{75, 100}}));
  EXPECT_EQ(Parts[2], (std::vector<Range>{{56, 75}}));
  EXPECT_EQ(Parts[3], (std::vector<Range>{{42, 56}}));
  EXPECT_EQ(Parts[0], (std::vector<Range>{{0, 42}}));
  // Fewer iterations than ranks: the last workers start with nothing.
  auto Small = chunkRule(Strategy::GSS);
  const auto Few = firstChunks(*Small, 2, 4);
  EXPECT_EQ(Few[1], (std::vector<Range>{{1, 2}}));
  EXPECT_EQ(Few[2], (std::vector<Range>{{0, 1}}));
  EXPECT_TRUE(Few[3].empty());
  EXPECT_TRUE(Few[0].empty());
}

} // namespace
