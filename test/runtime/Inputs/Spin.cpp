//===- Spin.cpp - A loop of iterations that compute for a while -----------===//
//
// argv[1] iterations of about argv[2] microseconds of computing each, each
// adding its index to a distributed array: long enough for the balancing
// period to come due and for the ranks to move work.
//
//===----------------------------------------------------------------------===//
#include "Check.h"

#include <chrono>
#include <cstdlib>
#include <vector>

namespace {

// for (int i = 0; i < n; ++i) { spin(us); Seen[i] += 1; }
void spinKernel(dlb::Block &B) {
  const double Micros = B.scalar<double>(0);
  dlb::Dist1D<int> Seen = B.dist1D<int>(0);
  for (int i = B.begin(); i < B.end(); B.hook(i), ++i) {
    const auto Until = std::chrono::steady_clock::now() +
                       std::chrono::duration<double, std::micro>(Micros);
    while (std::chrono::steady_clock::now() < Until)
      ;
    Seen[i] += 1;
  }
}
dlb::LoopDesc SpinLoop("spin", spinKernel);

int userMain(int Argc, char **Argv) {
  if (Argc != 3)
    return 1;
  const int N = std::atoi(Argv[1]);
  const double Micros = std::atof(Argv[2]);
  std::vector<int> Seen(N);
  dlb::LoopRun R(SpinLoop);
  R.bounds(0, N);
  R.scalar(Micros);
  R.distVector(Seen, written());
  R.run();
  report("spin", dlb::Schedule::Block, ranOnce(Seen.data(), N, 0, N));
  return 0;
}

} // namespace

int main(int Argc, char **Argv) { return dlb::runMain(Argc, Argv, userMain); }
