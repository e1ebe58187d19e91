// mxm6.cpp - Z = X * Y six times, as a user sizes it: -DN=720.
//
// X and Z are distributed by rows, Y is read whole; the sequential code
// between the executions changes nothing the loop reads, as in a solver
// that applies the same operator several times.
#include <cstdio>

#ifndef N
#define N 720
#endif

static double X[N][N], Y[N][N], Z[N][N];

int main() {
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      X[i][j] = ((i * 7 + j * 3) % 11 - 5) / 4.0;
      Y[i][j] = ((i * 5 + j * 2) % 13 - 6) / 4.0;
    }
  double trace = 0;
  for (int rep = 0; rep < 6; ++rep) {
#pragma dlb doall distribute(Z, X) whole(Y)
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < N; ++j) {
        double s = 0.0;
        for (int k = 0; k < N; ++k)
          s += X[i][k] * Y[k][j];
        Z[i][j] = s;
      }
    trace += Z[rep][rep];
  }
  double sum = 0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      sum += Z[i][j] * ((i + 2 * j) % 7 + 1);
  std::printf("mxm6 N=%d trace=%.6e sum=%.6e\n", N, trace, sum);
  return 0;
}
