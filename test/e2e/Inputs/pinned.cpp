// Fixed rows (dlbcc: PinnedRow): Gaussian elimination reads the pivot row
// k in every iteration over the rows below it; back substitution by
// columns reads x[k] while it updates the entries above it (counting
// down, in a std::vector); a loop reads two fixed rows at once.
#include <cstdio>
#include <vector>

#ifndef N
#define N 96
#endif

static double A[N][N];

static void eliminate(int n) {
  int i, j, k;
  for (k = 0; k < n - 1; k++) {
#pragma dlb doall distribute(A)
    for (i = k + 1; i < n; i++) {
      A[i][k] = A[i][k] / A[k][k];
      for (j = k + 1; j < n; j++)
        A[i][j] = A[i][j] - A[i][k] * A[k][j];
    }
  }
}

static void substitute(int n, std::vector<double> &x) {
  int i, k;
  for (k = n - 1; k >= 0; k--) {
    x[k] = x[k] / A[k][k];
#pragma dlb doall distribute(x) whole(A)
    for (i = k - 1; i >= 0; i--)
      x[i] -= A[i][k] * x[k];
  }
}

int main() {
  int i, j;
  for (i = 0; i < N; i++) {
    for (j = 0; j < N; j++)
      A[i][j] = (double)((i * 7 + j * 3) % 11) / 11 + (i == j ? N : 0);
  }
  std::vector<double> x(N);
  for (i = 0; i < N; i++)
    x[i] = i % 5 + 1;
  eliminate(N);
  substitute(N, x);
  double s = 0;
  for (i = 0; i < N; i++)
    s += x[i] * (i + 1);
  int m = N / 3;
#pragma dlb doall distribute(A)
  for (i = m + 1; i <= N - 2; i++)
    for (j = 0; j < N; j++)
      A[i][j] += A[m][j] * 0.5 - A[N - 1][j] * 0.25;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += A[i][j] * ((i + j) % 3);
  std::printf("%.12e\n", s);
  return 0;
}
