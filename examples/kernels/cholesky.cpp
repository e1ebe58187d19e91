//===- cholesky.cpp - A = L L^T, L in the lower triangle of A -------------===//
// Row by row: each element of row i needs the elements of row i to its
// left and the rows above. The loop over j within a row carries a
// dependence (A[i][k] for k < j); the pragma marks the row loop, which is
// sequential, so dlbcc rejects it.
//===----------------------------------------------------------------------===//
#include <cmath>
#include <cstdio>

#ifndef N
#define N 200
#endif

static double A[N][N];

static void kernel_cholesky(int n) {
  int i, j, k;
#pragma dlb doall distribute(A)
  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      for (k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
    for (k = 0; k < i; k++)
      A[i][i] -= A[i][k] * A[i][k];
    A[i][i] = std::sqrt(A[i][i]);
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
    for (j = 0; j <= i; j++)
      s += A[i][j] * (j + 1);
  std::printf("%.10e\n", s);
  return 0;
}
