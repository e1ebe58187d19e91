//===- NetworkTest.cpp - Pattern fits and the profile file ----------------===//
#include "platform/NetChar.h"
#include "model/Network.h"

#include <gtest/gtest.h>

using namespace dlb;

TEST(NetworkTest, FitRecoversAPolynomial) {
  // cost = 1e-4 + 2e-5 n + 3e-6 n^2 + bytes (1e-9 + 2e-10 n), sampled
  // exactly: the least-squares fit is the polynomial itself.
  std::vector<PatternSample> S;
  for (int N : {2, 3, 4, 6, 8})
    for (double Bytes : {64.0, 4096.0, 65536.0})
      S.push_back({Pattern::AllToAll, N, Bytes,
                   1e-4 + 2e-5 * N + 3e-6 * N * N +
                       Bytes * (1e-9 + 2e-10 * N)});
  S.push_back({Pattern::OneToAll, 2, 64, 42}); // another pattern: ignored
  PatternFit F = fitPattern(S, Pattern::AllToAll);
  EXPECT_NEAR(F.Coeffs[0], 1e-4, 1e-10);
  EXPECT_NEAR(F.Coeffs[1], 2e-5, 1e-11);
  EXPECT_NEAR(F.Coeffs[2], 3e-6, 1e-12);
  EXPECT_NEAR(F.Coeffs[3], 1e-9, 1e-14);
  EXPECT_NEAR(F.Coeffs[4], 2e-10, 1e-15);
  EXPECT_NEAR(F.at(16, 100), 1e-4 + 32e-5 + 768e-6 + 100 * (1e-9 + 32e-10),
              1e-9);
}

TEST(NetworkTest, FitUsesOnlyDeterminedTerms) {
  // Two rank counts and one size: a line in n, no n^2 and no bytes terms.
  std::vector<PatternSample> S = {{Pattern::OneToAll, 2, 64, 0.002},
                                  {Pattern::OneToAll, 4, 64, 0.004},
                                  {Pattern::OneToAll, 4, 64, 0.006}};
  PatternFit F = fitPattern(S, Pattern::OneToAll);
  EXPECT_NEAR(F.Coeffs[0], -0.001, 1e-12); // through (2, .002) and (4, .005)
  EXPECT_NEAR(F.Coeffs[1], 0.0015, 1e-12);
  EXPECT_EQ(F.Coeffs[2], 0);
  EXPECT_EQ(F.Coeffs[3], 0);
  EXPECT_EQ(F.Coeffs[4], 0);
  EXPECT_EQ(fitPattern(S, Pattern::AllToOne).Coeffs[0], 0); // no samples
}

TEST(NetworkTest, OneRankCountScalesWithRanks) {
  // Measured among 2 ranks only: the cost there, proportional to n beyond.
  std::vector<PatternSample> S = {{Pattern::AllToAll, 2, 64, 0.002},
                                  {Pattern::AllToAll, 2, 64, 0.004},
                                  {Pattern::AllToAll, 2, 1064, 0.013}};
  PatternFit F = fitPattern(S, Pattern::AllToAll);
  EXPECT_EQ(F.Coeffs[0], 0);
  EXPECT_EQ(F.Coeffs[3], 0);
  EXPECT_NEAR(F.at(2, 64), 0.003, 1e-9);
  EXPECT_NEAR(F.at(2, 1064), 0.013, 1e-9);
  EXPECT_NEAR(F.at(8, 64), 4 * F.at(2, 64), 1e-12);
}

TEST(NetworkTest, CostIsNeverBelowLatency) {
  NetProfile P;
  P.Latency = 1e-5;
  P.Fits[0].Coeffs[0] = -1;
  EXPECT_EQ(P.cost(Pattern::OneToAll, 4, 64), 1e-5);
  EXPECT_EQ(P.cost(Pattern::OneToAll, 1, 64), 0); // nobody to talk to
}

TEST(NetworkTest, TextFormRoundTrips) {
  NetProfile P;
  P.Latency = 2.5e-5;
  P.Bandwidth = 3.25e9;
  P.MeasuredRanks = 8;
  for (int K = 0; K < 3; ++K)
    for (int T = 0; T < PatternFit::Terms; ++T)
      P.Fits[K].Coeffs[T] = (K + 1) * 1e-6 + T * 1e-7;
  NetProfile Q;
  std::string Hosts, Error;
  ASSERT_TRUE(parseNetProfile(formatNetProfile(P, "a,b"), Q, Hosts, Error))
      << Error;
  EXPECT_DOUBLE_EQ(Q.Latency, P.Latency);
  EXPECT_DOUBLE_EQ(Q.Bandwidth, P.Bandwidth);
  EXPECT_EQ(Q.MeasuredRanks, 8);
  EXPECT_EQ(Hosts, "a,b");
  for (int K = 0; K < 3; ++K)
    for (int T = 0; T < PatternFit::Terms; ++T)
      EXPECT_DOUBLE_EQ(Q.Fits[K].Coeffs[T], P.Fits[K].Coeffs[T]);
}

TEST(NetworkTest, BadProfilesNameTheLine) {
  NetProfile P;
  std::string Hosts, Error;
  EXPECT_FALSE(parseNetProfile("latency 1e-5\nbandwidth -3\n", P, Hosts, Error));
  EXPECT_EQ(Error, "line 2: bad value for 'bandwidth'");
  EXPECT_FALSE(parseNetProfile("latency 1e-5\nspeed 3\n", P, Hosts, Error));
  EXPECT_EQ(Error, "line 2: unknown key 'speed'");
  EXPECT_FALSE(parseNetProfile("latency 1e-5 7\n", P, Hosts, Error));
  EXPECT_EQ(Error, "line 1: unexpected '7' after 'latency'");
  EXPECT_FALSE(parseNetProfile("latency 1e-5\nlatency 1e-5\n", P, Hosts, Error));
  EXPECT_EQ(Error, "line 2: 'latency' given twice");
  EXPECT_FALSE(parseNetProfile("# empty\n", P, Hosts, Error));
  EXPECT_EQ(Error, "missing 'latency'");
}

TEST(NetworkTest, QuickPlanMeasuresAtMostQuickRanks) {
  // Rank counts 2, K and P, the larger ones capped: the fits extrapolate.
  EXPECT_EQ(quickPlan(4, 2).RankCounts, (std::vector<int>{2, 4}));
  EXPECT_EQ(quickPlan(16, 8).RankCounts, (std::vector<int>{2, 8, 16}));
  EXPECT_EQ(quickPlan(1024, 32).RankCounts,
            (std::vector<int>{2, 32, QuickRanks}));
  EXPECT_EQ(quickPlan(1024, 512).RankCounts,
            (std::vector<int>{2, QuickRanks}));
}

