//===- jacobi-2d.cpp - 5-point Jacobi stencil on a grid, TSTEPS steps -----===//
// Two sweeps per step, each distributed over rows; the grids stay on the
// ranks for the whole time loop.
//===----------------------------------------------------------------------===//
#include <cstdio>

#ifndef N
#define N 250
#endif
#ifndef TSTEPS
#define TSTEPS 40
#endif

static void kernel_jacobi_2d(int tsteps, int n, double A[N][N],
                             double B[N][N]) {
  int t, i, j;
  for (t = 0; t < tsteps; t++) {
#pragma dlb doall distribute(A, B)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] +
                         A[i - 1][j]);
#pragma dlb doall distribute(A, B)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] +
                         B[i - 1][j]);
  }
}

static double A[N][N], B[N][N];

int main() {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      A[i][j] = ((double)i * (j + 2) + 2) / N;
      B[i][j] = ((double)i * (j + 3) + 3) / N;
    }
  kernel_jacobi_2d(TSTEPS, N, A, B);
  double s = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += A[i][j] * (i + 1);
  std::printf("%.10e\n", s);
  return 0;
}
