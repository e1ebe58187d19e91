// Fixed rows (dlbcc: PinnedRow): Gaussian elimination reads the pivot row
// k in every iteration over the rows below it; back substitution by
// columns reads x[k] while it updates the entries above it (counting
// down, in a std::vector); a loop reads two fixed rows at once; a
// right-looking Cholesky update, whose rows shorten with the index and
// whose pivot row the step's own code updates before the loop. LU's A
// stays on the ranks across its steps (its pivot row copied from its
// owner at each step; its rows move between the ranks as the range
// shrinks); Cholesky's S stays with rank 0 (the step's code uses row k).
#include <cstdio>
#include <vector>

#ifndef N
#define N 96
#endif

static double A[N][N], S[N][N];

static void cholesky(int n) {
  int i, j, k;
  for (k = 0; k < n; k++) {
    S[k][k] = S[k][k] > 0 ? S[k][k] : 1;
    for (j = k + 1; j < n; j++)
      S[k][j] /= S[k][k];
#pragma dlb doall distribute(S)
    for (i = k + 1; i < n; i++)
      for (j = i; j < n; j++)
        S[i][j] -= S[k][i] * S[k][j] * 0.5;
  }
}

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
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      S[i][j] = (double)((i * 5 + j) % 13) / 13 + (i == j ? 4 : 0);
  cholesky(N);
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
      s += A[i][j] * ((i + j) % 3) + S[i][j] * ((i * j) % 5);
  std::printf("%.12e\n", s);
  return 0;
}
