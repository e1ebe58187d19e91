// Arrays passed to kernel functions as fixed-size parameters (no shape()),
// with the index in several dimensions: make a matrix diagonally dominant,
// then y = A x.
#include <cstdio>

#ifndef N
#define N 80
#endif

static void dominant(int n, double A[N][N]) {
  int i, j;
  double s;
#pragma dlb doall distribute(A)
  for (i = 0; i < n; i++) {
    s = 0;
    for (j = 0; j < n; j++)
      if (j != i)
        s += A[i][j] < 0 ? -A[i][j] : A[i][j];
    A[i][i] = s + 1;
  }
}

static void matvec(int n, double A[N][N], double x[N], double y[N]) {
  int i, j;
#pragma dlb doall distribute(A, y) whole(x)
  for (i = 0; i < n; i++) {
    y[i] = 0;
    for (j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
  }
}

int main() {
  static double A[N][N], x[N], y[N];
  int i, j;
  for (i = 0; i < N; i++) {
    x[i] = (i % 5) - 2;
    for (j = 0; j < N; j++)
      A[i][j] = ((i * 3 + j * 7) % 11 - 5) / 4.0;
  }
  dominant(N, A);
  matvec(N, A, x, y);
  double s = 0;
  for (i = 0; i < N; i++)
    s += y[i] * (i % 7 + 1) + A[i][i];
  std::printf("params n=%d s=%.17g\n", N, s);
  return 0;
}
