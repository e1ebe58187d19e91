//===- bicg.cpp - s = A^T r and q = A p (BiCG sub-kernel) -----------------===//
// One loop over the rows of A: q[i] is row i's own, s is an array
// reduction over the rows.
//===----------------------------------------------------------------------===//
#include <cstdio>

#ifndef M
#define M 390
#endif
#ifndef N
#define N 410
#endif

static double A[N][M], s[M], q[N], p[M], r[N];

static void kernel_bicg(int m, int n) {
  int i, j;
  for (i = 0; i < m; i++)
    s[i] = 0;
#pragma dlb doall distribute(A, q, r) whole(p) reduction(+: s)
  for (i = 0; i < n; i++) {
    q[i] = 0.0;
    for (j = 0; j < m; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
}

int main() {
  int i, j;
  for (i = 0; i < M; i++)
    p[i] = (double)(i % M) / M;
  for (i = 0; i < N; i++) {
    r[i] = (double)(i % 8) / 8;
    for (j = 0; j < M; j++)
      A[i][j] = (double)(i * (j + 1) % 16) / 16;
  }
  kernel_bicg(M, N);
  double sum = 0;
  for (i = 0; i < M; i++)
    sum += s[i] * (i + 1);
  for (i = 0; i < N; i++)
    sum += q[i];
  std::printf("%.10e\n", sum);
  return 0;
}
