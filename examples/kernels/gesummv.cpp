//===- gesummv.cpp - y = alpha A x + beta B x -----------------------------===//
// Over the rows of A and B; x is read whole.
//===----------------------------------------------------------------------===//
#include <cstdio>

#ifndef N
#define N 500
#endif

static void kernel_gesummv(int n, double alpha, double beta, double A[N][N],
                           double B[N][N], double tmp[N], double x[N],
                           double y[N]) {
  int i, j;
#pragma dlb doall distribute(A, B, tmp, y) whole(x)
  for (i = 0; i < n; i++) {
    tmp[i] = 0.0;
    y[i] = 0.0;
    for (j = 0; j < n; j++) {
      tmp[i] = A[i][j] * x[j] + tmp[i];
      y[i] = B[i][j] * x[j] + y[i];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
}

static double A[N][N], B[N][N], tmp[N], x[N], y[N];

int main() {
  int i, j;
  for (i = 0; i < N; i++) {
    x[i] = (double)(i % N) / N;
    for (j = 0; j < N; j++) {
      A[i][j] = (double)((i * j + 1) % N) / N;
      B[i][j] = (double)((i * j + 2) % N) / N;
    }
  }
  kernel_gesummv(N, 1.5, 1.2, A, B, tmp, x, y);
  double s = 0;
  for (i = 0; i < N; i++)
    s += y[i] * (i + 1);
  std::printf("%.10e\n", s);
  return 0;
}
