// short-sweeps.cpp - a time loop of short sweeps over grids kept on the
// ranks (about 0.3 ms a sweep): distributed on idle cores, alone on rank 0
// when another process keeps a rank's core busy (test/e2e/busy-core.test).
#include <cstdio>

#ifndef N
#define N 400
#endif

static double A[N][N], B[N][N];

int main() {
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      A[i][j] = ((i * 13 + j * 7) % 17) / 8.0;
  for (int step = 0; step < 40; ++step) {
#pragma dlb doall distribute(B, A)
    for (int i = 1; i < N - 1; ++i)
      for (int j = 1; j < N - 1; ++j)
        B[i][j] = 0.2 * (A[i][j] + A[i - 1][j] + A[i + 1][j] + A[i][j - 1] +
                         A[i][j + 1]);
#pragma dlb doall distribute(A, B)
    for (int i = 1; i < N - 1; ++i)
      for (int j = 1; j < N - 1; ++j)
        A[i][j] = B[i][j];
  }
  double s = 0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      s += A[i][j] * ((i + 3 * j) % 5 + 1);
  std::printf("%.10e\n", s);
  return 0;
}
