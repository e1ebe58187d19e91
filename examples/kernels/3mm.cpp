//===- 3mm.cpp - G = (A * B) * (C * D) ------------------------------------===//
// Three products, each distributed over the rows of its result.
//===----------------------------------------------------------------------===//
#include <cstdio>

#ifndef N
#define N 120
#endif

static double A[N][N], B[N][N], C[N][N], D[N][N], E[N][N], F[N][N], G[N][N];

static void kernel_3mm(int n) {
  int i, j, k;
#pragma dlb doall distribute(E, A) whole(B)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      E[i][j] = 0.0;
      for (k = 0; k < n; ++k)
        E[i][j] += A[i][k] * B[k][j];
    }
#pragma dlb doall distribute(F, C) whole(D)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      F[i][j] = 0.0;
      for (k = 0; k < n; ++k)
        F[i][j] += C[i][k] * D[k][j];
    }
#pragma dlb doall distribute(G, E) whole(F)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      G[i][j] = 0.0;
      for (k = 0; k < n; ++k)
        G[i][j] += E[i][k] * F[k][j];
    }
}

int main() {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      A[i][j] = (double)((i * j + 1) % N) / (5 * N);
      B[i][j] = (double)((i * (j + 1) + 2) % N) / (5 * N);
      C[i][j] = (double)(i * (j + 3) % N) / (5 * N);
      D[i][j] = (double)((i * (j + 2) + 2) % N) / (5 * N);
    }
  kernel_3mm(N);
  double s = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += G[i][j] * (i + j + 1);
  std::printf("%.10e\n", s);
  return 0;
}
