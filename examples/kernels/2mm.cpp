//===- 2mm.cpp - D = alpha * A * B * C + beta * D -------------------------===//
// Two matrix products, each distributed over the rows of its result: tmp
// and A by rows (B whole), then D and tmp by rows (C whole).
//===----------------------------------------------------------------------===//
#include <cstdio>

#ifndef N
#define N 150
#endif

static double tmp[N][N], A[N][N], B[N][N], C[N][N], D[N][N];

static void kernel_2mm(int n, double alpha, double beta) {
  int i, j, k;
#pragma dlb doall distribute(tmp, A) whole(B)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      tmp[i][j] = 0.0;
      for (k = 0; k < n; ++k)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
#pragma dlb doall distribute(D, tmp) whole(C)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      D[i][j] *= beta;
      for (k = 0; k < n; ++k)
        D[i][j] += tmp[i][k] * C[k][j];
    }
}

int main() {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      A[i][j] = (double)((i * j + 1) % N) / N;
      B[i][j] = (double)(i * (j + 1) % N) / N;
      C[i][j] = (double)((i * (j + 3) + 1) % N) / N;
      D[i][j] = (double)(i * (j + 2) % N) / N;
    }
  kernel_2mm(N, 1.5, 1.2);
  double s = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += D[i][j] * (j + 1);
  std::printf("%.10e\n", s);
  return 0;
}
