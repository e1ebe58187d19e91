//===- syrk.cpp - C = alpha * A * A^T + beta * C (lower triangle) ---------===//
// The loop over the rows of C is distributed; the row length grows with i
// (a triangular loop), A is read whole.
//===----------------------------------------------------------------------===//
#include <cstdio>

#ifndef N
#define N 200
#endif
#ifndef M
#define M 160
#endif

static void kernel_syrk(int n, int m, double alpha, double beta,
                        double C[N][N], double A[N][M]) {
  int i, j, k;
#pragma dlb doall distribute(C) whole(A)
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < m; k++)
      for (j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
}

int main() {
  static double C[N][N], A[N][M];
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      A[i][j] = (double)((i * j + 1) % N) / N;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      C[i][j] = (double)((i * j + 2) % M) / M;
  kernel_syrk(N, M, 1.5, 1.2, C, A);
  double s = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j <= i; j++)
      s += C[i][j] * (i - j + 1);
  std::printf("%.10e\n", s);
  return 0;
}
