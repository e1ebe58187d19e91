//===- mvt.cpp - x1 += A y1; x2 += A^T y2 ---------------------------------===//
// Two matrix-vector products, each over the elements of its result: the
// first reads A by rows, the second reads it whole (by columns).
//===----------------------------------------------------------------------===//
#include <cstdio>
#include <vector>

#ifndef N
#define N 500
#endif

static double A[N][N];

static void kernel_mvt(int n, std::vector<double> &x1, std::vector<double> &x2,
                       const std::vector<double> &y1,
                       const std::vector<double> &y2) {
  int i, j;
#pragma dlb doall distribute(x1, A) whole(y1)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x1[i] = x1[i] + A[i][j] * y1[j];
#pragma dlb doall distribute(x2) whole(A, y2)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x2[i] = x2[i] + A[j][i] * y2[j];
}

int main() {
  std::vector<double> x1(N), x2(N), y1(N), y2(N);
  for (int i = 0; i < N; i++) {
    x1[i] = (double)(i % N) / N;
    x2[i] = (double)((i + 1) % N) / N;
    y1[i] = (double)((i + 3) % N) / N;
    y2[i] = (double)((i + 4) % N) / N;
    for (int j = 0; j < N; j++)
      A[i][j] = (double)(i * j % N) / N;
  }
  kernel_mvt(N, x1, x2, y1, y2);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += x1[i] * (i + 1) + x2[i];
  std::printf("%.10e\n", s);
  return 0;
}
