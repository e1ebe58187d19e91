//===- TimeLoop.cpp - A loop executed 50 times in a time loop -------------===//
//
// Like dlbcc's output for a Jacobi solver: each time step runs the parallel
// loop "jacobi" from one grid into the other, with a max reduction of the
// change. The grid rows (3.2 KB each, 640 KB a grid) make messages of several
// chunks. Compared with the sequential solver. Built with -DKEEP, the time
// loop keeps the grids and Seen on the ranks (as dlbcc emits it when the
// step does not touch them): the grids swap roles at every step, written
// in one and read with a halo in the next.
//
//===----------------------------------------------------------------------===//
#include "Check.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace {

constexpr int N = 200;
constexpr int M = 400;
constexpr int Steps = 50;

double A[N][M];
double B[N][M];
double RefA[N][M];
double RefB[N][M];
int Seen[N];

/// One sequential sweep of row i from Src to Dst; returns the largest change.
double sweepRow(double (*Dst)[M], const double (*Src)[M], int i) {
  double Change = 0;
  for (int j = 1; j < M - 1; ++j) {
    Dst[i][j] =
        0.25 * (Src[i - 1][j] + Src[i + 1][j] + Src[i][j - 1] + Src[i][j + 1]);
    Change = std::max(Change, std::fabs(Dst[i][j] - Src[i][j]));
  }
  return Change;
}

// for (int i = 1; i < N - 1; ++i) {
//   for (int j = 1; j < M - 1; ++j) {
//     Dst[i][j] = 0.25 * (Src[i-1][j] + Src[i+1][j] + Src[i][j-1] +
//     Src[i][j+1]); Change = std::max(Change, std::fabs(Dst[i][j] -
//     Src[i][j]));
//   }
//   Seen[i] += 1;
// }
void jacobiKernel(dlb::Block &Blk) {
  dlb::Dist2D<double> Dst = Blk.dist2D<double>(0);
  dlb::Dist2D<double> Src = Blk.dist2D<double>(1);
  dlb::Dist1D<int> Seen = Blk.dist1D<int>(2);
  double Change = dlb::identity<double>(dlb::ReduceOp::Max);
  for (int i = Blk.begin(); i < Blk.end(); Blk.hook(i), ++i) {
    for (int j = 1; j < M - 1; ++j) {
      Dst[i][j] = 0.25 * (Src[i - 1][j] + Src[i + 1][j] + Src[i][j - 1] +
                          Src[i][j + 1]);
      Change = std::max(Change, std::fabs(Dst[i][j] - Src[i][j]));
    }
    Seen[i] += 1;
  }
  Blk.reduce(0, dlb::ReduceOp::Max, Change);
}
dlb::LoopDesc JacobiLoop("jacobi", jacobiKernel);

void init(double (*G)[M]) {
  for (int I = 0; I < N; ++I)
    for (int J = 0; J < M; ++J)
      G[I][J] = (I == 0 || J == 0) ? 100.0 : (I * J) % 7;
}

int userMain(int, char **) {
  init(A);
  init(B);
  init(RefA);
  init(RefB);
  double Change = 0;
  double RefChange = 0;
#ifdef KEEP
  {
  dlb::ResidentScope Scope;
#endif
  for (int Step = 0; Step < Steps; ++Step) {
    double(*Dst)[M] = Step % 2 ? A : B;
    double(*Src)[M] = Step % 2 ? B : A;
    Change = 0;
    dlb::LoopRun R(JacobiLoop);
    R.bounds(1, N - 1);
    R.distPointer(Dst, N, 0, written());
    R.distPointer(Src, N, 0, readOnly(-1, 1));
    R.distArray(Seen, written());
    R.reduction(Change, dlb::ReduceOp::Max);
#ifdef KEEP
    R.keep(0);
    R.keep(1);
    R.keep(2);
#endif
    R.run();

    RefChange = 0;
    for (int I = 1; I < N - 1; ++I)
      RefChange = std::max(RefChange, sweepRow(Step % 2 ? RefA : RefB,
                                               Step % 2 ? RefB : RefA, I));
  }
#ifdef KEEP
  }
#endif
  bool Ok = Change == RefChange && std::memcmp(A, RefA, sizeof A) == 0 &&
            std::memcmp(B, RefB, sizeof B) == 0;
  for (int I = 1; I < N - 1; ++I)
    Ok = Ok && Seen[I] == Steps;
  Ok = Ok && Seen[0] == 0 && Seen[N - 1] == 0;
  std::printf("jacobi: %s\n", Ok ? "ok" : "FAILED");
  std::printf("change %.17g center %.17g\n", Change, A[N / 2][M / 2]);
  return 0;
}

} // namespace

int main(int Argc, char **Argv) { return dlb::runMain(Argc, Argv, userMain); }
