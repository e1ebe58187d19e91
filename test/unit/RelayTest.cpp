//===- RelayTest.cpp - The binomial tree of the whole arrays --------------===//
#include "model/Relay.h"

#include <gtest/gtest.h>

#include <set>

using namespace dlb;

TEST(RelayTest, BinomialTree) {
  EXPECT_EQ(relayChildren(0, 8), (std::vector<int>{4, 2, 1}));
  EXPECT_EQ(relayChildren(1, 8), (std::vector<int>{5, 3}));
  EXPECT_EQ(relayChildren(2, 8), (std::vector<int>{6}));
  EXPECT_EQ(relayChildren(3, 8), (std::vector<int>{7}));
  EXPECT_TRUE(relayChildren(4, 8).empty());
  EXPECT_EQ(relayChildren(0, 6), (std::vector<int>{4, 2, 1}));
  EXPECT_EQ(relayChildren(1, 6), (std::vector<int>{5, 3}));
  EXPECT_TRUE(relayChildren(0, 1).empty());
  EXPECT_EQ(relayParent(1), 0);
  EXPECT_EQ(relayParent(5), 1);
  EXPECT_EQ(relayParent(6), 2);
  EXPECT_EQ(relayParent(7), 3);
  EXPECT_EQ(relayParent(8), 0);
}

TEST(RelayTest, EveryParticipantOnceAndLogDepth) {
  for (int Count : {1, 2, 3, 5, 16, 17, 100, 1024, 1025}) {
    std::multiset<int> Reached;
    for (int I = 0; I < Count; ++I)
      for (int C : relayChildren(I, Count)) {
        EXPECT_EQ(relayParent(C), I) << Count << " " << C;
        Reached.insert(C);
      }
    EXPECT_EQ(static_cast<int>(Reached.size()), Count - 1);
    for (int I = 1; I < Count; ++I) {
      EXPECT_EQ(Reached.count(I), 1u) << Count << " " << I;
      int Depth = 0;
      for (int J = I; J; J = relayParent(J))
        ++Depth;
      EXPECT_LE(1 << (Depth - 1), Count - 1);
    }
  }
}

TEST(RelayTest, TreeInRanks) {
  // Participants 0, 2, 3, 7 (ranks 1, 4, 5, 6 take no part).
  const std::vector<Relay> T = relayTree({0, 2, 3, 7});
  EXPECT_EQ(T[0].Children, (std::vector<int>{3, 2}));
  EXPECT_EQ(T[1].Parent, 0);
  EXPECT_EQ(T[1].Children, (std::vector<int>{7}));
  EXPECT_EQ(T[2].Parent, 0);
  EXPECT_EQ(T[3].Parent, 2);
  EXPECT_TRUE(T[3].Children.empty());
}
