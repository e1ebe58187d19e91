//===- jacobi-2d-vector.cpp - jacobi-2d on std::vector grids ---------------===//
// The 5-point Jacobi stencil with each grid in one std::vector, point
// (i, j) at [i * n + j]; two sweeps per step, each distributed over rows;
// the grids stay on the ranks for the whole time loop.
//===----------------------------------------------------------------------===//
#include <cstdio>
#include <vector>

#ifndef N
#define N 250
#endif
#ifndef TSTEPS
#define TSTEPS 40
#endif

static void kernel_jacobi_2d(int tsteps, int n, std::vector<double> &A,
                             std::vector<double> &B) {
  int t, i, j;
  for (t = 0; t < tsteps; t++) {
#pragma dlb doall distribute(A, B)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i * n + j] = 0.2 * (A[i * n + j] + A[i * n + j - 1] +
                              A[i * n + j + 1] + A[(i + 1) * n + j] +
                              A[(i - 1) * n + j]);
#pragma dlb doall distribute(A, B)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i * n + j] = 0.2 * (B[i * n + j] + B[i * n + j - 1] +
                              B[i * n + j + 1] + B[(i + 1) * n + j] +
                              B[(i - 1) * n + j]);
  }
}

int main() {
  int n = N, i, j;
  std::vector<double> A(n * n), B(n * n);
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      A[i * n + j] = ((double)i * (j + 2) + 2) / n;
      B[i * n + j] = ((double)i * (j + 3) + 3) / n;
    }
  kernel_jacobi_2d(TSTEPS, n, A, B);
  double s = 0;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      s += A[i * n + j] * (i + 1);
  std::printf("%.10e\n", s);
  return 0;
}
