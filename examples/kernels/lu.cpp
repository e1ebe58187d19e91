//===- lu.cpp - LU decomposition without pivoting, in place ---------------===//
// Step k divides column k below the diagonal and updates the rows below
// row k: the loop over those rows is distributed, with row k (the pivot
// row) read by every one of them.
//===----------------------------------------------------------------------===//
#include <cstdio>

#ifndef N
#define N 200
#endif

static double A[N][N];

static void kernel_lu(int n) {
  int i, j, k;
  for (k = 0; k < n; k++) {
#pragma dlb doall distribute(A)
    for (i = k + 1; i < n; i++) {
      A[i][k] = A[i][k] / A[k][k];
      for (j = k + 1; j < n; j++)
        A[i][j] = A[i][j] - A[i][k] * A[k][j];
    }
  }
}

int main() {
  int i, j;
  for (i = 0; i < N; i++) {
    for (j = 0; j < N; j++)
      A[i][j] = (double)(-(j + i) % N) / N + 1;
    A[i][i] = N + 1;
  }
  kernel_lu(N);
  double s = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += A[i][j] * (i + j + 1);
  std::printf("%.10e\n", s);
  return 0;
}
