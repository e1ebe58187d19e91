//===- atax.cpp - y = A^T (A x) -------------------------------------------===//
// One loop over the rows of A computes tmp[i] = A[i] . x and adds row i's
// share to every y[j]: y is an array reduction.
//===----------------------------------------------------------------------===//
#include <cstdio>

#ifndef M
#define M 390
#endif
#ifndef N
#define N 410
#endif

static void kernel_atax(int m, int n, double A[M][N], double x[N], double y[N],
                        double tmp[M]) {
  int i, j;
  for (i = 0; i < n; i++)
    y[i] = 0;
#pragma dlb doall distribute(A, tmp) whole(x) reduction(+: y)
  for (i = 0; i < m; i++) {
    tmp[i] = 0.0;
    for (j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
}

static double A[M][N], x[N], y[N], tmp[M];

int main() {
  int i, j;
  for (i = 0; i < N; i++)
    x[i] = 1 + (i % 4) / 4.0;
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      A[i][j] = (double)((i + j) % N) / (4 * N);
  kernel_atax(M, N, A, x, y, tmp);
  double s = 0;
  for (i = 0; i < N; i++)
    s += y[i] * (i + 1);
  // y sums M products per element in rank order: rounding may differ in
  // the last digits from the sequential order.
  std::printf("%.8e\n", s);
  return 0;
}
