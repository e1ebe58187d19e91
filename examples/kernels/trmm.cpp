//===- trmm.cpp - B = alpha * A^T B, A unit lower triangular --------------===//
// Each column j of B is computed on its own: the loop over j is
// distributed (B by columns), A is read whole; row i of column j reads the
// rows below it, which that column has not changed yet.
//===----------------------------------------------------------------------===//
#include <cstdio>

#ifndef M
#define M 200
#endif
#ifndef N
#define N 240
#endif

static void kernel_trmm(int m, int n, double alpha, double A[M][M],
                        double B[M][N]) {
  int i, j, k;
#pragma dlb doall distribute(B) whole(A)
  for (j = 0; j < n; j++)
    for (i = 0; i < m; i++) {
      for (k = i + 1; k < m; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}

static double A[M][M], B[M][N];

int main() {
  int i, j;
  for (i = 0; i < M; i++) {
    for (j = 0; j < i; j++)
      A[i][j] = (double)((i + j) % M) / M;
    A[i][i] = 1.0;
    for (j = 0; j < N; j++)
      B[i][j] = (double)((N + (i - j)) % N) / N;
  }
  kernel_trmm(M, N, 1.5, A, B);
  double s = 0;
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      s += B[i][j] * (i + 1);
  std::printf("%.10e\n", s);
  return 0;
}
