//===- cholesky.cpp - A = U^T U, U in the upper triangle of A -------------===//
// Right-looking (outer product) Cholesky, the form parallel codes use: step
// k finishes row k of U, then every row below it subtracts its share of the
// outer product of row k with itself. The update loop over those rows is
// distributed, row k (fixed during the step) read by every one of them.
// (The row-by-row, left-looking form has no parallel loop: a pragma on its
// row loop is rejected, test/dlbcc/kernel-rejections.cpp.)
//===----------------------------------------------------------------------===//
#include <cmath>
#include <cstdio>

#ifndef N
#define N 200
#endif

static double A[N][N];

static void kernel_cholesky(int n) {
  int i, j, k;
  for (k = 0; k < n; k++) {
    A[k][k] = std::sqrt(A[k][k]);
    for (j = k + 1; j < n; j++)
      A[k][j] /= A[k][k];
#pragma dlb doall distribute(A)
    for (i = k + 1; i < n; i++)
      for (j = i; j < n; j++)
        A[i][j] -= A[k][i] * A[k][j];
  }
}

int main() {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = i == j ? N : 1.0 / (1 + i + j);
  kernel_cholesky(N);
  double s = 0;
  for (i = 0; i < N; i++)
    for (j = i; j < N; j++)
      s += A[i][j] * (j + 1);
  std::printf("%.10e\n", s);
  return 0;
}
