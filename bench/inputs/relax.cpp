// relax.cpp - a Jacobi-like relaxation in a time-step loop (bench/control.py).
//
// Each time step runs two doall loops over the interior rows: one from grid
// a into grid b, one from b back into a. Every element of a row is the
// average of its four neighbours in the other grid (rows i - 1 and i + 1
// are the loop's halo), refined by `inner` steps of a fixed-point iteration
// so that a row costs enough computation (about 50 ns per element and inner
// step 8 here) for the loop to be worth distributing: the execution of one
// loop is a few tens of milliseconds, and a run has hundreds of them, like
// the SOR runs of Siegell & Steenkiste (section 6, Figures 22-24), whose
// load balancer acts between the computation phases.
//
// Every element is computed by one iteration with the same operations in
// the same order as here, so the checksums printed at the end are identical
// on any number of ranks, under any partition.
//
// Usage: relax [n [steps [inner]]]   n x n grids, 3 <= n <= 2048 (default
//                                    512), steps time steps (default 100),
//                                    inner refinement steps (default 8).
#include <cstdio>
#include <cstdlib>

constexpr int MAXN = 2048;

static double a[MAXN][MAXN];
static double b[MAXN][MAXN];

static long parse(const char *Text, long Lo, long Hi, bool &Ok) {
  char *end = nullptr;
  long v = std::strtol(Text, &end, 10);
  Ok = Ok && end != Text && *end == '\0' && v >= Lo && v <= Hi;
  return v;
}

int main(int argc, char **argv) {
  int n = 512, steps = 100, inner = 8;
  bool ok = argc <= 4;
  if (argc > 1)
    n = static_cast<int>(parse(argv[1], 3, MAXN, ok));
  if (argc > 2)
    steps = static_cast<int>(parse(argv[2], 1, 1000000, ok));
  if (argc > 3)
    inner = static_cast<int>(parse(argv[3], 0, 10000, ok));
  if (!ok) {
    std::fprintf(stderr, "usage: %s [n [steps [inner]]]  (3 <= n <= %d)\n",
                 argv[0], MAXN);
    return 1;
  }

  // Fixed boundary values on the edges, a rough guess inside.
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      a[i][j] = (i == 0 || j == 0 || i == n - 1 || j == n - 1)
                    ? ((i * 7 + j * 3) % 11) / 4.0
                    : 1.0;
      b[i][j] = a[i][j];
    }

  for (int step = 0; step < steps; ++step) {
#pragma dlb doall distribute(b, a)
    for (int i = 1; i < n - 1; ++i) {
      for (int j = 1; j < n - 1; ++j) {
        double s = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] +
                           a[i][j + 1]);
        double x = s;
        for (int k = 0; k < inner; ++k)
          x = 0.5 * (x + s / (1.0 + x * x));
        b[i][j] = 0.5 * (s + x);
      }
    }

#pragma dlb doall distribute(a, b)
    for (int i = 1; i < n - 1; ++i) {
      for (int j = 1; j < n - 1; ++j) {
        double s = 0.25 * (b[i - 1][j] + b[i + 1][j] + b[i][j - 1] +
                           b[i][j + 1]);
        double x = s;
        for (int k = 0; k < inner; ++k)
          x = 0.5 * (x + s / (1.0 + x * x));
        a[i][j] = 0.5 * (s + x);
      }
    }
  }

  // Checksums, computed sequentially after the time loop.
  double sum = 0.0, wsum = 0.0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      sum += a[i][j];
      wsum += a[i][j] * ((i + 2 * j) % 7 + 1);
    }
  std::printf("relax n=%d steps=%d inner=%d\n", n, steps, inner);
  std::printf("sum   = %.12e\n", sum);
  std::printf("wsum  = %.12e\n", wsum);
  std::printf("a[n/2][n/3] = %.12e\n", a[n / 2][n / 3]);
  return 0;
}
