//===- jacobi-1d.cpp - 3-point Jacobi stencil on a line, TSTEPS steps -----===//
// Two sweeps per step, each distributed; A and B stay on the ranks for the
// whole time loop (only the elements at block boundaries move).
//===----------------------------------------------------------------------===//
#include <cstdio>
#include <vector>

#ifndef N
#define N 20000
#endif
#ifndef TSTEPS
#define TSTEPS 50
#endif

static void kernel_jacobi_1d(int tsteps, int n, std::vector<double> &A,
                             std::vector<double> &B) {
  int t, i;
  for (t = 0; t < tsteps; t++) {
#pragma dlb doall distribute(A, B)
    for (i = 1; i < n - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
#pragma dlb doall distribute(A, B)
    for (i = 1; i < n - 1; i++)
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
}

int main() {
  std::vector<double> A(N), B(N);
  for (int i = 0; i < N; i++) {
    A[i] = ((double)i + 2) / N;
    B[i] = ((double)i + 3) / N;
  }
  kernel_jacobi_1d(TSTEPS, N, A, B);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += A[i] * (i % 7 + 1);
  std::printf("%.10e\n", s);
  return 0;
}
