//===- trisolv.cpp - solve L x = b, L lower triangular ---------------------===//
// Forward substitution: x[i] needs every x[j] with j < i, so the loop over
// i is sequential; the pragma marks it, and dlbcc rejects it.
//===----------------------------------------------------------------------===//
#include <cstdio>

#ifndef N
#define N 400
#endif

static double L[N][N], x[N], b[N];

static void kernel_trisolv(int n) {
  int i, j;
#pragma dlb doall distribute(x, L) whole(b)
  for (i = 0; i < n; i++) {
    x[i] = b[i];
    for (j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
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
