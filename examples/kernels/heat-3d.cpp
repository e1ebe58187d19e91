//===- heat-3d.cpp - heat equation in a cube, TSTEPS steps ----------------===//
// Two sweeps per step over the planes of the cube (3-D arrays distributed
// along their first dimension), kept on the ranks across the steps.
//===----------------------------------------------------------------------===//
#include <cstdio>

#ifndef N
#define N 40
#endif
#ifndef TSTEPS
#define TSTEPS 20
#endif

static double A[N][N][N], B[N][N][N];

static void kernel_heat_3d(int tsteps, int n) {
  int t, i, j, k;
  for (t = 1; t <= tsteps; t++) {
#pragma dlb doall distribute(A, B)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        for (k = 1; k < n - 1; k++)
          B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k]) +
                       0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k]) +
                       0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1]) +
                       A[i][j][k];
#pragma dlb doall distribute(A, B)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        for (k = 1; k < n - 1; k++)
          A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k]) +
                       0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k]) +
                       0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1]) +
                       B[i][j][k];
  }
}

int main() {
  int i, j, k;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        A[i][j][k] = B[i][j][k] = (double)(i + j + (N - k)) * 10 / N;
  kernel_heat_3d(TSTEPS, N);
  double s = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        s += A[i][j][k] * (i + 1);
  std::printf("%.10e\n", s);
  return 0;
}
