// ac.cpp - adjoint convolution (the chapter's AC kernel).
//
// Two vectors b and c of length L = n^2 are convolved:
//   a[i] += x * sum_{k=i}^{L-1} b[k] * c[k-i]        for i = 0 .. L-1
// Iteration i does L - i multiply-adds, so the work per iteration is
// triangular (non-uniform): the first iterations are the heaviest. The
// output a is distributed (element i per iteration); b and c are read with
// arbitrary subscripts and are whole (replicated). The cost() clause tells
// the load balancer how much work an iteration does, and schedule(bitonic)
// pairs iteration i with L - 1 - i, as the chapter does for AC: L/2 pairs of
// L + 1 multiply-adds each, a uniform loop.
//
// All values are small multiples of 1/8, so the sums are exact in double
// precision and the output does not depend on evaluation order.
//
// Usage: ac [n]    vectors of length n^2, 1 <= n <= MAXN (256 by default),
// default 100. Workers get only the rows of b and c the loop reads (0..L-1),
// whatever MAXN; a build may still size the arrays to one problem: -DMAXN=n
// (given to dlbcc and to the compiler alike; bench/sim_table14.py does).
#include <cstdio>
#include <cstdlib>

#ifndef MAXN
#define MAXN 256
#endif
constexpr int MAXL = MAXN * MAXN;

static double a[MAXL];
static double b[MAXL];
static double c[MAXL];

int main(int argc, char **argv) {
  int n = 100;
  if (argc > 1) {
    char *end = nullptr;
    long v = std::strtol(argv[1], &end, 10);
    if (end == argv[1] || *end != '\0' || v < 1 || v > MAXN) {
      std::fprintf(stderr, "usage: %s [n]  (1 <= n <= %d)\n", argv[0], MAXN);
      return 1;
    }
    n = static_cast<int>(v);
  }
  const int len = n * n;
  const double x = 0.5;

  for (int i = 0; i < len; ++i) {
    a[i] = (i % 5) / 8.0;
    b[i] = (i * 7 % 17 - 8) / 8.0;
    c[i] = (i * 3 % 13 - 6) / 4.0;
  }

#pragma dlb doall distribute(a) whole(b, c) cost(len - i) schedule(bitonic)
  for (int i = 0; i < len; ++i) {
    double acc = 0.0;
    for (int k = i; k < len; ++k)
      acc += b[k] * c[k - i];
    a[i] += x * acc;
  }

  // Checksums, computed sequentially after the loop.
  double sum = 0.0, wsum = 0.0, amax = 0.0;
  for (int i = 0; i < len; ++i) {
    sum += a[i];
    wsum += a[i] * (i % 9 + 1);
    double m = a[i] < 0 ? -a[i] : a[i];
    if (m > amax)
      amax = m;
  }
  std::printf("ac n=%d L=%d\n", n, len);
  std::printf("sum   = %.6e\n", sum);
  std::printf("wsum  = %.6e\n", wsum);
  std::printf("max|a| = %.6e\n", amax);
  std::printf("a[0]     = %.6e\n", a[0]);
  std::printf("a[L/3]   = %.6e\n", a[len / 3]);
  std::printf("a[L-1]   = %.6e\n", a[len - 1]);
  return 0;
}
