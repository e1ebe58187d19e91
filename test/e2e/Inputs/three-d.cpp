// Arrays of three dimensions: a heat equation in a cube (two sweeps per
// step, fixed-size parameters, the grids kept on the ranks), and a local
// array written slice by slice.
#include <cstdio>
#ifndef N
#define N 24
#endif
#define TSTEPS 10
static double A[N][N][N], B[N][N][N];
static void kernel(int n, double X[N][N][N], double Y[N][N][N]) {
  int t, i, j, k;
  for (t = 1; t <= TSTEPS; t++) {
#pragma dlb doall distribute(X, Y)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        for (k = 1; k < n - 1; k++)
          Y[i][j][k] = 0.125 * (X[i + 1][j][k] - 2.0 * X[i][j][k] + X[i - 1][j][k]) +
                       0.125 * (X[i][j + 1][k] - 2.0 * X[i][j][k] + X[i][j - 1][k]) +
                       0.125 * (X[i][j][k + 1] - 2.0 * X[i][j][k] + X[i][j][k - 1]) + X[i][j][k];
#pragma dlb doall distribute(X, Y)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        for (k = 1; k < n - 1; k++)
          X[i][j][k] = 0.125 * (Y[i + 1][j][k] - 2.0 * Y[i][j][k] + Y[i - 1][j][k]) +
                       0.125 * (Y[i][j + 1][k] - 2.0 * Y[i][j][k] + Y[i][j - 1][k]) +
                       0.125 * (Y[i][j][k + 1] - 2.0 * Y[i][j][k] + Y[i][j][k - 1]) + Y[i][j][k];
  }
}
int main() {
  int i, j, k;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        A[i][j][k] = B[i][j][k] = (double)(i + j + (N - k)) * 10 / N;
  kernel(N, A, B);
  double s = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        s += A[i][j][k] * (i + 1) + B[i][j][k];
  std::printf("%.12e\n", s);
  double G[N][N][4] = {};
#pragma dlb doall distribute(G)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      G[i][j][i % 4] = A[i][j][j] + 1;
  s = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += G[i][j][i % 4] * j;
  std::printf("%.12e\n", s);
}
