//===- syr2k.cpp - C = alpha * (A * B^T + B * A^T) + beta * C (lower) -----===//
// The loop over the rows of C is distributed; A and B are read whole.
//===----------------------------------------------------------------------===//
#include <cstdio>

#ifndef N
#define N 160
#endif
#ifndef M
#define M 140
#endif

static double C[N][N], A[N][M], B[N][M];

static void kernel_syr2k(int n, int m, double alpha, double beta) {
  int i, j, k;
#pragma dlb doall distribute(C) whole(A, B)
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < m; k++)
      for (j = 0; j <= i; j++)
        C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
  }
}

int main() {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      A[i][j] = (double)((i * j + 1) % N) / N;
      B[i][j] = (double)((i * j + 2) % M) / M;
    }
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      C[i][j] = (double)((i * j + 3) % N) / M;
  kernel_syr2k(N, M, 1.5, 1.2);
  double s = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j <= i; j++)
      s += C[i][j] * (j + 1);
  std::printf("%.10e\n", s);
  return 0;
}
