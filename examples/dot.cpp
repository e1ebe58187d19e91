// dot.cpp - reductions: dot product, squared norm, extrema and a count.
//
// One distributed loop over two std::vector<double> inputs (partitioned
// along with the iterations; only read) folds five reduction variables: two
// sums, a max, a min, and an int count. Each rank reduces its own iterations
// and the partial results are combined.
//
// The vector elements are multiples of 1/8 (products multiples of 1/64) and
// the sums stay far below 2^53 / 64, so every partial sum is exact: the
// result is identical whatever the order in which the partial sums are
// combined, i.e. on any number of ranks.
//
// Usage: dot [n]    vectors of n elements, 1 <= n <= 20000000, default 1000000.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  long n = 1000000;
  if (argc > 1) {
    char *end = nullptr;
    long v = std::strtol(argv[1], &end, 10);
    if (end == argv[1] || *end != '\0' || v < 1 || v > 20000000L) {
      std::fprintf(stderr, "usage: %s [n]  (1 <= n <= 20000000)\n", argv[0]);
      return 1;
    }
    n = v;
  }
  const int len = static_cast<int>(n);

  std::vector<double> x(len), y(len);
  for (int i = 0; i < len; ++i) {
    x[i] = (i * 7 % 17 - 8) / 8.0;
    y[i] = ((i / 3) * 5 % 23 - 11) / 8.0;
  }

  double dot = 0.0;
  double sq = 0.0;
  double mx = -1.0e300;
  double mn = 1.0e300;
  int npos = 0;

#pragma dlb doall distribute(x, y) reduction(+: dot) reduction(+: sq) reduction(max: mx) reduction(min: mn) reduction(+: npos)
  for (int i = 0; i < len; ++i) {
    double p = x[i] * y[i];
    dot += p;
    sq += x[i] * x[i];
    mx = std::max(mx, p);
    mn = std::min(mn, p - std::abs(x[i]));
    npos += p > 0.0 ? 1 : 0;
  }

  std::printf("dot n=%d\n", len);
  std::printf("dot     = %.10g\n", dot);
  std::printf("|x|^2   = %.10g\n", sq);
  std::printf("|x|     = %.10g\n", std::sqrt(sq));
  std::printf("max x*y = %.10g\n", mx);
  std::printf("min x*y-|x| = %.10g\n", mn);
  std::printf("#(x*y > 0) = %d\n", npos);
  return 0;
}
