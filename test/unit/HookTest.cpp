//===- HookTest.cpp - Tests of the strip hook's bookkeeping ---------------===//
//
// Owns the unit tests of Block::hookStrip (dlb/Loop.h): the closed-form
// index checksums of a strip equal those of one hook per iteration, for
// negative, zero-crossing and large indices.
//
//===----------------------------------------------------------------------===//
#include "dlb/Loop.h"

#include <gtest/gtest.h>

using namespace dlb;

namespace {

void noPoll(Block &) {}

TEST(HookTest, StripChecksumsEqualPerIterationOnes) {
  const long long Cases[][2] = {{0, 0},     {0, 1},      {0, 10},
                                {-7, 5},    {-20, -3},   {3, 4},
                                {1000003, 1000999}, {(1LL << 40) - 5, (1LL << 40) + 17}};
  for (const auto &C : Cases) {
    Block One, Strip;
    One.Poll = Strip.Poll = &noPoll;
    One.Countdown = Strip.Countdown = 1LL << 40;
    for (long long I = C[0]; I < C[1]; ++I)
      One.hook(I);
    Strip.hookStrip(C[0], C[1]);
    EXPECT_EQ(One.IndexSum, Strip.IndexSum) << C[0] << " " << C[1];
    EXPECT_EQ(One.IndexSquares, Strip.IndexSquares) << C[0] << " " << C[1];
    if (C[1] > C[0])
      EXPECT_EQ(Strip.Next, C[1]);
  }
}

TEST(HookTest, StripsEndAtTheBlockEnd) {
  Block B;
  B.End = 10;
  B.Strip = 4;
  EXPECT_EQ(B.strip(0), 4);
  EXPECT_EQ(B.strip(8), 10);
  B.Strip = std::numeric_limits<long long>::max();
  EXPECT_EQ(B.strip(3), 10);
}

} // namespace
