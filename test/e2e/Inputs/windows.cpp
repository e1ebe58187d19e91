// Reads of a written distributed array outside the elements the loop
// writes, over a range that inner loops bound (read windows): LU's update
// of row i at columns j >= i reads the row at columns k < i; a sweep over
// columns j < i reads the columns k >= i of the same row. Each block gets
// the window with its own columns: A from rank 0 at every step (the
// sequential part between the loops uses it), B from the ranks that keep
// its columns across the time loop.
#include <cstdio>

#ifndef N
#define N 80
#endif

static double A[N][N], B[N][N];

int main() {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (i == j) ? N : 1.0 / (1 + i + j);
      B[i][j] = (i * 3 + j) % 7;
    }
  for (int i = 0; i < N; i++) {
    // The lower part of row i: iteration j reads columns that earlier
    // iterations write, so it stays sequential.
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[k][j];
      A[i][j] /= A[j][j];
    }
#pragma dlb doall distribute(A)
    for (int j = i; j < N; j++)
      for (int k = 0; k < i; k++)
        A[i][j] -= A[i][k] * A[k][j];
#pragma dlb doall distribute(B)
    for (int j = 0; j < i; j++) {
      double s = 0;
      for (int k = i; k < N; k++)
        s += B[i][k] * (k - j);
      B[i][j] = s / N;
    }
  }
  double sa = 0, sb = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      sa += A[i][j] * (1 + (i + 2 * j) % 5);
      sb += B[i][j] * (1 + (i * 7 + j) % 3);
    }
  std::printf("A %.17g\nB %.17g\n", sa, sb);
  return 0;
}
