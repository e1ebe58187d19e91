// A kernel written as numerical C is: indices and a temporary declared at
// the top of the function and reused by every loop, and the distributed
// loop's index read after it; loops counting down, as back substitutions
// and reversed sweeps are written; a scratch array declared at the top of
// the function that each iteration fills before reading it.
#include <cstdio>

#define N 96
static double A[N][N], B[N][N], C[N][N];

static int gemm(int n, double alpha) {
  int i, j, k;
  double t;
#pragma dlb doall distribute(C, A) whole(B)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      t = 0;
      for (k = 0; k < n; k++)
        t += alpha * A[i][k] * B[k][j];
      C[i][j] = t;
    }
  // The index as the loop left it.
  int last = i;
  for (i = 0; i < n; i++)
    C[i][i] += 1;
  return last;
}

// Counting down: the index leaves lower - 1; a reduction over the rows.
static int reversed(int n, double &s) {
  int i, j;
  s = 0;
#pragma dlb doall distribute(A, C) reduction(+: s)
  for (i = n - 1; i >= 1; i--) {
    for (j = 0; j < n; j++)
      C[i][j] = A[i][j] * 2 - A[i - 1][j];
    s += C[i][1];
  }
  int stop = i;
#pragma dlb doall distribute(A)
  for (int r = n - 2; 0 <= r; --r)
    A[r][0] = A[r][1] + r;
  return stop;
}

// Each row's smoothed copy goes through a scratch array of the function.
static double smoothed(int n) {
  double row[N + 2];
  int i, k;
  double total = 0;
#pragma dlb doall distribute(A) reduction(+: total)
  for (i = 0; i < n; i++) {
    for (k = 0; k < N + 2; k++)
      row[k] = A[i][k == 0 ? 0 : k > N ? N - 1 : k - 1] + k;
    for (k = 1; k <= N; k++)
      A[i][k - 1] = (row[k - 1] + 2 * row[k] + row[k + 1]) / 4;
    total += row[N / 2] * (i % 3);
  }
  return total;
}

int main() {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      A[i][j] = (i * j % 7) / 8.0;
      B[i][j] = (i + 2 * j) % 5;
    }
  int last = gemm(N, 1.5);
  double s = 0, w = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      s += C[i][j];
      w += C[i][j] * ((i + j) % 3);
    }
  std::printf("gemm n=%d last=%d sum=%.17g w=%.17g\n", N, last, s, w);
  double r = 0;
  int stop = reversed(N, r);
  s = 0;
  for (i = 0; i < N; i++)
    s += C[i][i] * (i + 1) + A[i][0];
  std::printf("reversed stop=%d sum=%.17g rows=%.6e\n", stop, s, r);
  double total = smoothed(N);
  s = 0;
  for (i = 0; i < N; i++)
    s += A[i][i] + A[i][N - 1 - i];
  std::printf("smoothed total=%.10e sum=%.17g\n", total, s);
  return 0;
}
