// sor.cpp - 5-point Gauss-Seidel successive over-relaxation (the SOR example
// of Siegell & Steenkiste, section 4.2).
//
// The j loop carries a dependence (a[i][j - 1] is this sweep's new value),
// so it is a doacross loop: its columns are distributed, and dlbcc pipelines
// the enclosing i loop, strip-mined into blocks of rows whose size the
// runtime chooses. Each rank computes a block of rows over its columns, then
// sends the block's last column to the next rank in one message. The reads
// of a[i][j + 1] and a[i + 1][j] need old values (this sweep has not
// reached them yet): the halo sent at the start of each sweep holds them.
//
// Each element is computed by the same operations in the same order as the
// sequential program, so the output is identical on any number of ranks.
//
// Usage: sor [n [iters]]    n x n grid, 3 <= n <= 2048 (default 256),
//                           iters sweeps (default 10).
#include <cstdio>
#include <cstdlib>

constexpr int MAXN = 2048;

static double a[MAXN][MAXN];

static long parse(const char *Text, long Lo, long Hi, bool &Ok) {
  char *end = nullptr;
  long v = std::strtol(Text, &end, 10);
  Ok = Ok && end != Text && *end == '\0' && v >= Lo && v <= Hi;
  return v;
}

int main(int argc, char **argv) {
  int n = 256, iters = 10;
  bool ok = argc <= 3;
  if (argc > 1)
    n = static_cast<int>(parse(argv[1], 3, MAXN, ok));
  if (argc > 2)
    iters = static_cast<int>(parse(argv[2], 1, 100000, ok));
  if (!ok) {
    std::fprintf(stderr, "usage: %s [n [iters]]  (3 <= n <= %d)\n", argv[0],
                 MAXN);
    return 1;
  }

  // Boundary values on the edges, a rough guess inside.
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      a[i][j] = (i == 0 || j == 0 || i == n - 1 || j == n - 1)
                    ? ((i * 7 + j * 3) % 11) / 4.0
                    : 1.0;
  const double w = 1.5;

  for (int it = 0; it < iters; ++it)
    for (int i = 1; i < n - 1; ++i) {
#pragma dlb doacross distribute(a)
      for (int j = 1; j < n - 1; ++j)
        a[i][j] = (1 - w) * a[i][j] +
                  w * 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] +
                              a[i][j + 1]);
    }

  // Checksums, computed sequentially after the sweeps.
  double sum = 0.0, wsum = 0.0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      sum += a[i][j];
      wsum += a[i][j] * ((i + 2 * j) % 7 + 1);
    }
  std::printf("sor n=%d iters=%d\n", n, iters);
  std::printf("sum   = %.10e\n", sum);
  std::printf("wsum  = %.10e\n", wsum);
  std::printf("a[n/2][n/3] = %.10e\n", a[n / 2][n / 3]);
  return 0;
}
