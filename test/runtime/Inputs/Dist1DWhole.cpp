//===- Dist1DWhole.cpp - 1-D distributions and whole arrays ---------------===//
//
// Like dlbcc's output for a loop over 1-D arrays: a std::vector, a C array
// and a pointer distributed with halos, reading whole arrays of every kind:
// a 2-D C array, std::vectors (one empty), a T ** row table, a T (*)[M]
// pointer and a T * pointer. Runs with both schedules and is compared with
// the sequential loop.
//
//===----------------------------------------------------------------------===//
#include "Check.h"

#include <algorithm>
#include <vector>

namespace {

constexpr int N = 57;

int Counts[N];
int Seen[N];
double Coef[4][5];

// for (int i = 2; i < N - 1; ++i) {
//   Out[i] = Counts[i - 2] + Counts[i + 1] + 10 * Lin[i - 1] + Coef[i % 4][i %
//   5]
//          + Weights[i % Weights.size()] + Empty.size() + Tab[i % 3][i % 2]
//          + Mat[i % 6][i % 5] + Flat[i % 7] + Out.size() + Scale * i;
//   Seen[i] += 1;
// }
void mixKernel(dlb::Block &B) {
  dlb::Dist1D<double> Out = B.dist1D<double>(0);
  dlb::Dist1D<int> Counts = B.dist1D<int>(1);
  dlb::Dist1D<double> Lin = B.dist1D<double>(2);
  dlb::Dist1D<int> Seen = B.dist1D<int>(3);
  double(&Coef)[4][5] = *B.wholeData<double[4][5]>(4);
  std::vector<int> &Weights = B.wholeVector<int>(5);
  std::vector<int> &Empty = B.wholeVector<int>(6);
  double **Tab = B.wholeRows<double>(7);
  double(*Mat)[5] = B.wholeData<double[5]>(8);
  const double *Flat = B.wholeData<double>(9);
  double Scale = B.scalar<double>(0);
  for (int i = B.begin(); i < B.end(); B.hook(i), ++i) {
    Out[i] = Counts[i - 2] + Counts[i + 1] + 10 * Lin[i - 1] +
             Coef[i % 4][i % 5] + Weights[i % Weights.size()] + Empty.size() +
             Tab[i % 3][i % 2] + Mat[i % 6][i % 5] + Flat[i % 7] + Out.size() +
             Scale * i;
    Seen[i] += 1;
  }
}
dlb::LoopDesc MixLoop("mix", mixKernel);

int userMain(int, char **) {
  std::vector<double> Out(N, -1.0);
  double *Lin = new double[N];
  for (int I = 0; I < N; ++I) {
    Counts[I] = I * I % 17;
    Lin[I] = I * 0.25;
  }
  for (int I = 0; I < 4; ++I)
    for (int J = 0; J < 5; ++J)
      Coef[I][J] = I * 5 + J;
  std::vector<int> Weights = {3, 1, 4, 1, 5, 9, 2, 6};
  std::vector<int> Empty;
  double **Tab = new double *[3];
  for (int I = 2; I >= 0; --I)
    Tab[I] = new double[2]{I * 100.0, I * 100.0 + 1};
  double(*Mat)[5] = new double[6][5];
  for (int I = 0; I < 6; ++I)
    for (int J = 0; J < 5; ++J)
      Mat[I][J] = 1000.0 * I + J;
  const double Flat[7] = {0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5};
  const double Scale = 0.125;

  std::vector<double> Ref = Out;
  for (int I = 2; I < N - 1; ++I)
    Ref[I] = Counts[I - 2] + Counts[I + 1] + 10 * Lin[I - 1] +
             Coef[I % 4][I % 5] + Weights[I % Weights.size()] + Empty.size() +
             Tab[I % 3][I % 2] + Mat[I % 6][I % 5] + Flat[I % 7] + Out.size() +
             Scale * I;

  double Checksum = 0;
  for (dlb::Schedule S : {dlb::Schedule::Block, dlb::Schedule::Cyclic}) {
    for (int &Count : Seen)
      Count = 0;
    std::fill(Out.begin(), Out.end(), -1.0);
    dlb::LoopRun R(MixLoop);
    R.bounds(2, N - 1);
    R.schedule(S);
    R.scalar(Scale);
    R.distVector(Out, written());
    R.distArray(Counts, readOnly(-2, 1));
    R.distPointer(Lin, N, readOnly(-1, 0));
    R.distArray(Seen, written());
    R.wholeArray(Coef);
    R.wholeVector(Weights);
    R.wholeVector(Empty);
    R.wholePointer(Tab, 3, 2);
    R.wholePointer(Mat, 6);
    R.wholePointer(Flat, 7);
    R.run();
    report("mix", S, ranOnce(Seen, N, 2, N - 1) && Out == Ref);
    for (double V : Out)
      Checksum += V;
  }
  std::printf("checksum %.17g\n", Checksum);
  return 0;
}

} // namespace

int main(int Argc, char **Argv) { return dlb::runMain(Argc, Argv, userMain); }
