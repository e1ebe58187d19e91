//===- seidel-2d.cpp - 9-point Gauss-Seidel sweeps, TSTEPS steps ----------===//
// Each point takes the new values of the row above and of its left
// neighbour: the row loop carries dependences in both directions of j
// (A[i - 1][j + 1] is new, A[i + 1][j - 1] is old), and the pragma marks
// the column loop as a doacross pipeline over the rows.
//===----------------------------------------------------------------------===//
#include <cstdio>

#ifndef N
#define N 200
#endif
#ifndef TSTEPS
#define TSTEPS 10
#endif

static double A[N][N];

static void kernel_seidel_2d(int tsteps, int n) {
  int t, i, j;
  for (t = 0; t <= tsteps - 1; t++)
    for (i = 1; i <= n - 2; i++) {
#pragma dlb doacross distribute(A)
      for (j = 1; j <= n - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] +
                   A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j - 1] +
                   A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
    }
}

int main() {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = ((double)i * (j + 2) + 2) / N;
  kernel_seidel_2d(TSTEPS, N);
  double s = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += A[i][j] * (i + 1);
  std::printf("%.10e\n", s);
  return 0;
}
