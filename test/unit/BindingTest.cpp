//===- BindingTest.cpp - Tests of the load look behind --dlb-bind ---------===//
//
// Owns the unit tests of dlb::parseTaskStat, dlb::taskLoad, dlb::coreShare,
// dlb::runnableTasks and dlb::cpusByLoad.
//
//===----------------------------------------------------------------------===//
#include "platform/Binding.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include <pthread.h>
#include <sched.h>
#include <unistd.h>

using namespace dlb;

namespace {

TEST(Binding, ParsesAStatLineWhoseNameHoldsSpacesAndParentheses) {
  // 52 fields as Linux 6 writes them; field 39 (the CPU) is 3.
  const std::string Text =
      "4242 (my (odd) prog) R 17 4242 17 0 -1 4194304 120 0 0 0 5 1 0 0 20 "
      "0 1 0 1000 9000000 300 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 "
      "17 3 0 0 0 0 0 0 0 0 0 0 0 0 0\n";
  TaskStat Task;
  ASSERT_TRUE(parseTaskStat(Text, Task));
  EXPECT_EQ(Task.State, 'R');
  EXPECT_EQ(Task.Parent, 17);
  EXPECT_EQ(Task.Cpu, 3);
  EXPECT_EQ(Task.CpuTicks, 6u);
  EXPECT_EQ(Task.StartTicks, 1000u);
}

TEST(Binding, WeighsARunnableTaskByItsShareOfACpuSinceItStarted) {
  TaskStat Hog, Started, Daemon;
  // Now: 4000 s after boot, at 100 ticks a second. Busy for all of its
  // last 30 s.
  const std::uint64_t Now = 400000;
  Hog.StartTicks = Now - 3000;
  Hog.CpuTicks = 3000;
  // Started 5 ms ago, no tick of CPU yet.
  Started.StartTicks = Now;
  // Up for an hour, 36 s of CPU.
  Daemon.StartTicks = Now - 360000;
  Daemon.CpuTicks = 3600;
  EXPECT_EQ(taskLoad(Hog, Now, 100), TaskLoadScale);
  EXPECT_EQ(taskLoad(Started, Now, 100), TaskLoadScale / 4);
  EXPECT_LT(taskLoad(Daemon, Now, 100), TaskLoadScale * 26 / 100);
  // Two tasks that merely ran at the look weigh less than one hog: a CPU
  // with a shell's pipeline starting on it is not the hog's.
  EXPECT_LT(2 * taskLoad(Started, Now, 100), taskLoad(Hog, Now, 100));
}

TEST(Binding, CoreShareCountsCpuBoundProcesses) {
  // One CPU hog: half the core; two: a third; a command that merely ran at
  // the look (a quarter of a hog) or less: the whole core.
  EXPECT_DOUBLE_EQ(coreShare(0), 1);
  EXPECT_DOUBLE_EQ(coreShare(TaskLoadScale / 4), 1);
  EXPECT_DOUBLE_EQ(coreShare(TaskLoadScale), 0.5);
  EXPECT_DOUBLE_EQ(coreShare(2 * TaskLoadScale), 1.0 / 3);
  EXPECT_LT(coreShare(TaskLoadScale / 2), 1);
}

TEST(Binding, RejectsTextThatIsNotAStatLine) {
  TaskStat Task;
  EXPECT_FALSE(parseTaskStat("", Task));
  EXPECT_FALSE(parseTaskStat("12 (cut short) S 1 2 3", Task));
  EXPECT_FALSE(parseTaskStat("no parenthesis at all", Task));
}

TEST(Binding, OrdersCpusLeastLoadedFirstAndKeepsNumberOrderAmongEquals) {
  EXPECT_EQ(cpusByLoad({0, 1, 2, 3}, {2, 0, 1, 0}),
            (std::vector<int>{1, 3, 2, 0}));
  // A CPU the look does not cover counts as idle.
  EXPECT_EQ(cpusByLoad({0, 70}, {1}), (std::vector<int>{70, 0}));
}

TEST(Binding, SeesABusyThreadOfAnotherJobOnItsCpu) {
  // A spinning thread is runnable at every look, on the CPU it is bound
  // to. Self is a process of another job (init's child: not this test's
  // parent, grandparent or sibling), so this process's tasks count.
  cpu_set_t Allowed;
  ASSERT_EQ(sched_getaffinity(0, sizeof(Allowed), &Allowed), 0);
  int Cpu = 0;
  while (!CPU_ISSET(Cpu, &Allowed))
    ++Cpu;
  std::atomic<bool> Stop{false};
  std::thread Spinner([&] {
    cpu_set_t One;
    CPU_ZERO(&One);
    CPU_SET(Cpu, &One);
    pthread_setaffinity_np(pthread_self(), sizeof(One), &One);
    while (!Stop.load(std::memory_order_relaxed)) {
    }
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const std::vector<std::uint32_t> Runnable = runnableTasks(1);
  Stop = true;
  Spinner.join();
  ASSERT_EQ(Runnable.size(), 64u);
  EXPECT_GE(Runnable[static_cast<std::size_t>(Cpu)], TaskLoadScale / 4);
}

TEST(Binding, LooksWhileTasksComeAndGo) {
  // A task that exits between the listing of /proc and the read of its
  // stat file fails the read (ESRCH): the look skips it. (Read through a
  // std::ifstream, the failure threw out of the start-up: the sanitized
  // suite's churn of processes ended ranks there.)
  std::atomic<bool> Stop{false};
  std::thread Churn([&] {
    while (!Stop.load())
      std::thread([] {}).join();
  });
  for (int Look = 0; Look < 300; ++Look)
    EXPECT_EQ(runnableTasks(1).size(), 64u);
  Stop = true;
  Churn.join();
}

} // namespace
