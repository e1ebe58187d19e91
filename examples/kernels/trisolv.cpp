//===- trisolv.cpp - solve L x = b, L lower triangular ---------------------===//
// Column-oriented forward substitution, the form parallel codes use: once
// x[j] is final, every later x[i] subtracts L[i][j] x[j]. That loop over i
// is distributed, x[j] (fixed during the step) read by every iteration.
// (Row-oriented substitution, x[i] from all earlier x[j], has no parallel
// loop: a pragma on it is rejected, test/dlbcc/kernel-rejections.cpp.)
//===----------------------------------------------------------------------===//
#include <cstdio>

#ifndef N
#define N 400
#endif

static double L[N][N], x[N], b[N];

static void kernel_trisolv(int n) {
  int i, j;
  for (i = 0; i < n; i++)
    x[i] = b[i];
  for (j = 0; j < n; j++) {
    x[j] = x[j] / L[j][j];
#pragma dlb doall distribute(x, L)
    for (i = j + 1; i < n; i++)
      x[i] -= L[i][j] * x[j];
  }
}

int main() {
  int i, j;
  for (i = 0; i < N; i++) {
    b[i] = i;
    for (j = 0; j <= i; j++)
      L[i][j] = (double)(i + N - j + 1) * 2 / N;
  }
  kernel_trisolv(N);
  double s = 0;
  for (i = 0; i < N; i++)
    s += x[i] * (i + 1);
  std::printf("%.10e\n", s);
  return 0;
}
