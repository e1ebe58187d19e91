//===- HookTest.cpp - Tests of the strip hook's bookkeeping ---------------===//
//
// Owns the unit tests of Block::hook and Block::hookStrip (dlb/Loop.h): the
// index checksums, kept per run of consecutive indices in closed form, equal
// the sums over the hooked indices (negative, zero-crossing and large ones,
// runs broken by skipped, repeated and earlier indices), and the countdown.
//
//===----------------------------------------------------------------------===//
#include "dlb/Loop.h"

#include <gtest/gtest.h>

using namespace dlb;

namespace {

void noPoll(Block &) {}

/// The checksums of a block whose hooks ran for Hooks, run by run.
Block hooked(const std::vector<long long> &Hooks, long long Begin) {
  Block B;
  detail::BlockState &State = detail::state(B);
  State.Poll = &noPoll;
  State.Countdown = 1LL << 40;
  State.Next = State.StreakStart = Begin;
  for (long long I : Hooks)
    B.hook(I);
  State.foldStreak();
  return B;
}

TEST(HookTest, StripChecksumsEqualPerIterationOnes) {
  const long long Cases[][2] = {{0, 0},     {0, 1},      {0, 10},
                                {-7, 5},    {-20, -3},   {3, 4},
                                {1000003, 1000999}, {(1LL << 40) - 5, (1LL << 40) + 17}};
  for (const auto &C : Cases) {
    std::vector<long long> Hooks;
    unsigned long long Sum = 0, Squares = 0;
    for (long long I = C[0]; I < C[1]; ++I) {
      Hooks.push_back(I);
      Sum += static_cast<unsigned long long>(I);
      Squares += static_cast<unsigned long long>(I) * static_cast<unsigned long long>(I);
    }
    const Block OneBlock = hooked(Hooks, C[0]);
    const detail::BlockState &One = detail::state(OneBlock);
    Block StripBlock;
    detail::BlockState &Strip = detail::state(StripBlock);
    Strip.Poll = &noPoll;
    Strip.Countdown = 1LL << 40;
    Strip.Next = Strip.StreakStart = C[0];
    StripBlock.hookStrip(C[0], C[1]);
    Strip.foldStreak();
    EXPECT_EQ(One.IndexSum, Sum) << C[0] << " " << C[1];
    EXPECT_EQ(One.IndexSquares, Squares) << C[0] << " " << C[1];
    EXPECT_EQ(Strip.IndexSum, Sum) << C[0] << " " << C[1];
    EXPECT_EQ(Strip.IndexSquares, Squares) << C[0] << " " << C[1];
    if (C[1] > C[0])
      EXPECT_EQ(Strip.Next, C[1]);
  }
}

TEST(HookTest, RunsThatBreakStillCountEveryHook) {
  // A skipped iteration (3), a repeated one (5) and a jump backwards (1):
  // each hook is counted once, so the runtime's comparison with the
  // expected checksums fails.
  const std::vector<long long> Hooks = {0, 1, 2, 4, 5, 5, 6, 1};
  unsigned long long Sum = 0, Squares = 0;
  for (long long I : Hooks) {
    Sum += static_cast<unsigned long long>(I);
    Squares += static_cast<unsigned long long>(I * I);
  }
  const Block B = hooked(Hooks, 0);
  EXPECT_EQ(detail::state(B).IndexSum, Sum);
  EXPECT_EQ(detail::state(B).IndexSquares, Squares);
  EXPECT_EQ(detail::state(B).Next, 2);
  // A first hook that is not the block's first iteration starts a new run.
  EXPECT_EQ(detail::state(hooked({7, 8}, 5)).IndexSum, 15u);
}

TEST(HookTest, PollsEveryCountdownHooks) {
  static int Polls;
  Polls = 0;
  Block B;
  detail::state(B).Poll = [](Block &P) {
    ++Polls;
    detail::state(P).Countdown = 3;
  };
  detail::state(B).Countdown = 3;
  for (long long I = 0; I < 10; ++I)
    B.hook(I);
  EXPECT_EQ(Polls, 3);
}

TEST(HookTest, StripsEndAtTheBlockEnd) {
  Block B;
  detail::state(B).End = 10;
  detail::state(B).Strip = 4;
  EXPECT_EQ(B.strip(0), 4);
  EXPECT_EQ(B.strip(8), 10);
  detail::state(B).Strip = std::numeric_limits<long long>::max();
  EXPECT_EQ(B.strip(3), 10);
}

} // namespace
