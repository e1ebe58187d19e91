//===- Exit.cpp - The user's program ends with exit() ---------------------===//
//
// The user's main runs a loop, then calls exit(3) from a nested function:
// the runtime must still stop the workers, write its statistics and finalize
// every rank, and the program's status must be 3.
//
//===----------------------------------------------------------------------===//
#include "Check.h"

#include <cstdlib>

namespace {

constexpr int N = 30;

int Seen[N];
long long Squares[N];

// for (int i = 0; i < N; ++i) { Squares[i] = (long long)i * i; Seen[i] += 1; }
void squaresKernel(dlb::Block &B) {
  dlb::Dist1D<long long> Squares = B.dist1D<long long>(0);
  dlb::Dist1D<int> Seen = B.dist1D<int>(1);
  for (int i = B.begin(); i < B.end(); B.hook(i), ++i) {
    Squares[i] = static_cast<long long>(i) * i;
    Seen[i] += 1;
  }
}
dlb::LoopDesc SquaresLoop("squares", squaresKernel);

[[noreturn]] void giveUp(long long Total) {
  std::printf("total %lld, exiting with 3\n", Total);
  std::exit(3);
}

int userMain(int, char **) {
  dlb::LoopRun R(SquaresLoop);
  R.bounds(0, N);
  R.distArray(Squares, written());
  R.distArray(Seen, written());
  R.run();
  report("squares", dlb::Schedule::Block, ranOnce(Seen, N, 0, N));
  long long Total = 0;
  for (long long S : Squares)
    Total += S;
  giveUp(Total);
}

} // namespace

int main(int Argc, char **Argv) { return dlb::runMain(Argc, Argv, userMain); }
