//===- gemver.cpp - A += u1 v1^T + u2 v2^T; x = beta A^T y + z; w = A x ---===//
// Four vector and matrix-vector loops. The rank-2 update and w = A x run
// over the rows of A; x = A^T y runs over the columns of A, which it
// reads whole.
//===----------------------------------------------------------------------===//
#include <cstdio>

#ifndef N
#define N 400
#endif

static double A[N][N], u1[N], v1[N], u2[N], v2[N], w[N], x[N], y[N], z[N];

static void kernel_gemver(int n, double alpha, double beta) {
  int i, j;
#pragma dlb doall distribute(A, u1, u2) whole(v1, v2)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];
#pragma dlb doall distribute(x) whole(A, y)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x[i] = x[i] + beta * A[j][i] * y[j];
#pragma dlb doall distribute(x, z)
  for (i = 0; i < n; i++)
    x[i] = x[i] + z[i];
#pragma dlb doall distribute(A, w) whole(x)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      w[i] = w[i] + alpha * A[i][j] * x[j];
}

int main() {
  int i, j;
  for (i = 0; i < N; i++) {
    u1[i] = i;
    u2[i] = ((i + 1) / (double)N) / 2.0;
    v1[i] = ((i + 1) / (double)N) / 4.0;
    v2[i] = ((i + 1) / (double)N) / 6.0;
    y[i] = ((i + 1) / (double)N) / 8.0;
    z[i] = ((i + 1) / (double)N) / 9.0;
    x[i] = 0.0;
    w[i] = 0.0;
    for (j = 0; j < N; j++)
      A[i][j] = (double)(i * j % N) / N;
  }
  kernel_gemver(N, 1.5, 1.2);
  double s = 0;
  for (i = 0; i < N; i++)
    s += w[i] * (i + 1) + x[i];
  std::printf("%.10e\n", s);
  return 0;
}
