// jacobi2.cpp - a Jacobi 2-D time loop with two sweeps per step (a -> b,
// then b -> a), and a max reduction of the change in the second sweep: two
// doall loops executed in turn, each reading its source across block
// boundaries (halo of one row).
//
// Usage: jacobi2 [n] [steps]    1 <= n <= 300, default 64 rows, 30 steps.
#include <cmath>
#include <cstdio>
#include <cstdlib>

constexpr int MAXN = 300;
constexpr int M = 48;
static double a[MAXN][M];
static double b[MAXN][M];

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 64;
  int steps = argc > 2 ? std::atoi(argv[2]) : 30;
  if (n < 3 || n > MAXN || steps < 1) {
    std::fprintf(stderr, "usage: %s [n] [steps]\n", argv[0]);
    return 1;
  }
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < M; ++j)
      a[i][j] = b[i][j] = (i == 0 || j == 0) ? 100.0 : (i * j) % 11;
  double change = 0;
  for (int t = 0; t < steps; ++t) {
#pragma dlb doall distribute(a, b)
    for (int i = 1; i < n - 1; ++i)
      for (int j = 1; j < M - 1; ++j)
        b[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
    change = 0;
#pragma dlb doall distribute(a, b) reduction(max : change)
    for (int i = 1; i < n - 1; ++i)
      for (int j = 1; j < M - 1; ++j) {
        double v = 0.25 * (b[i - 1][j] + b[i + 1][j] + b[i][j - 1] + b[i][j + 1]);
        change = std::fmax(change, std::fabs(v - a[i][j]));
        a[i][j] = v;
      }
    if (t % 10 == 9)
      std::printf("step %d change %.17g\n", t + 1, change);
  }
  double sum = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < M; ++j)
      sum += a[i][j] * ((i + j) % 5 + 1);
  std::printf("jacobi2 n=%d steps=%d sum=%.17g\n", n, steps, sum);
  return 0;
}
