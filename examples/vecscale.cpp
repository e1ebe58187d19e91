// vecscale.cpp - a distributed loop executed repeatedly inside a time loop.
//
// u (a std::vector<double>) is distributed, one element per iteration; w is
// a replicated (whole) input read with a shifted subscript. The annotated
// loop runs once per time step, 20 times in all. Between the steps the
// sequential code changes the live-in scalars (alpha, shift), modifies the
// whole input w and reads the distributed result u, so every execution must
// start from the state the sequential program has at that point.
//
// Usage: vecscale [n]    vectors of n elements, 1 <= n <= 10000000, default 200000.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  long n = 200000;
  if (argc > 1) {
    char *end = nullptr;
    long v = std::strtol(argv[1], &end, 10);
    if (end == argv[1] || *end != '\0' || v < 1 || v > 10000000L) {
      std::fprintf(stderr, "usage: %s [n]  (1 <= n <= 10000000)\n", argv[0]);
      return 1;
    }
    n = v;
  }
  const int len = static_cast<int>(n);
  const int steps = 20;

  std::vector<double> u(len), w(len);
  for (int i = 0; i < len; ++i) {
    u[i] = (i % 10) / 10.0;
    w[i] = 1.0 + (i * 3 % 7) / 4.0;
  }

  for (int step = 0; step < steps; ++step) {
    const double alpha = 1.0 / (step + 1);
    const int shift = (step * 37) % len;

#pragma dlb doall distribute(u) whole(w)
    for (int i = 0; i < len; ++i) {
      int k = i + shift;
      if (k >= len)
        k -= len;
      u[i] = 0.5 * u[i] + alpha * std::sqrt(w[k]);
    }

    // Sequential code between the executions of the loop: it reads the
    // result and changes the replicated input for the next step.
    w[step % len] += 2.0;
    if (step % 5 == 4)
      std::printf("step %2d: u[0] = %.6e  u[n-1] = %.6e\n", step + 1, u[0],
                  u[len - 1]);
  }

  // Checksums, computed sequentially after the time loop.
  double sum = 0.0, wsum = 0.0;
  for (int i = 0; i < len; ++i) {
    sum += u[i];
    wsum += u[i] * (i % 13 + 1);
  }
  std::printf("vecscale n=%d steps=%d\n", len, steps);
  std::printf("sum  = %.6e\n", sum);
  std::printf("wsum = %.6e\n", wsum);
  std::printf("u[n/2] = %.6e\n", u[len / 2]);
  return 0;
}
