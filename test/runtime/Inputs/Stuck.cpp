//===- Stuck.cpp - A rank that stops answering in the middle of a loop ----===//
//
// One iteration (argv[1]) sleeps for argv[2] seconds, then the loop goes on:
// to the other ranks of a dynamic strategy that rank looks stuck, since it
// answers no synchronization while it sleeps. Before the loop, rank 0 runs
// argv[3] seconds of sequential code while the workers wait for it.
//
//===----------------------------------------------------------------------===//
#include "Check.h"

#include <cstdlib>
#include <ctime>
#include <vector>

namespace {

void nap(double Seconds) {
  timespec T{static_cast<time_t>(Seconds),
             static_cast<long>((Seconds - static_cast<time_t>(Seconds)) * 1e9)};
  nanosleep(&T, nullptr);
}

// for (int i = 0; i < n; ++i) { if (i == stuck) nap(seconds); Seen[i] += 1; }
void stuckKernel(dlb::Block &B) {
  const int Stuck = B.scalar<int>(0);
  const double Seconds = B.scalar<double>(1);
  dlb::Dist1D<int> Seen = B.dist1D<int>(0);
  for (int i = B.begin(); i < B.end(); B.hook(i), ++i) {
    if (i == Stuck)
      nap(Seconds);
    Seen[i] += 1;
  }
}
dlb::LoopDesc StuckLoop("stuck", stuckKernel);

int userMain(int Argc, char **Argv) {
  if (Argc != 4)
    return 1;
  const int Stuck = std::atoi(Argv[1]);
  const double Seconds = std::atof(Argv[2]);
  nap(std::atof(Argv[3]));
  const int N = 300;
  std::vector<int> Seen(N);
  dlb::LoopRun R(StuckLoop);
  R.bounds(0, N);
  R.scalar(Stuck);
  R.scalar(Seconds);
  R.distVector(Seen, written());
  R.run();
  report("stuck", dlb::Schedule::Block, ranOnce(Seen.data(), N, 0, N));
  return 0;
}

} // namespace

int main(int Argc, char **Argv) { return dlb::runMain(Argc, Argv, userMain); }
