// rescale.cpp - a short runtime-sized std::vector loop executed 24 times.
//
// The program of the GCDLB hang (shared/findings/hang-gcdlb.md): u is
// rescaled once per step by a doall loop that reads a whole input w at a
// rotating subscript, with a print every 6 steps. Each execution is short,
// so synchronizations, transfers and the ends of executions are close
// together.
//
// Usage: rescale [n]    1 <= n <= 10000000, default 200000.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  long n = argc > 1 ? std::strtol(argv[1], nullptr, 10) : 200000;
  if (n < 1 || n > 10000000) {
    std::fprintf(stderr, "usage: %s [n]\n", argv[0]);
    return 1;
  }
  std::vector<double> u(n), w(n);
  for (long i = 0; i < n; ++i) {
    u[i] = 1.0 + (i % 17) / 8.0;
    w[i] = 2.0 + (i % 5);
  }
  for (int step = 0; step < 24; ++step) {
    const double beta = 1.0 / (step + 2);
    const long rot = (step * 7919L) % n;
#pragma dlb doall distribute(u) whole(w)
    for (long i = 0; i < n; ++i)
      u[i] = 0.25 * u[i] + beta * std::sqrt(w[(i + rot) % n]);
    if (step % 6 == 5)
      std::printf("step %d: u[0] = %.17g u[n-1] = %.17g\n", step + 1, u[0],
                  u[n - 1]);
  }
  double sum = 0;
  for (long i = 0; i < n; ++i)
    sum += u[i] * (i % 7 + 1);
  std::printf("rescale n=%ld sum=%.17g\n", n, sum);
  return 0;
}
