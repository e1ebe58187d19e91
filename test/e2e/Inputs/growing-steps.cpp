// A forward substitution like PolyBench's trisolv, with the matrix's
// elements computed where they are used: step i's dot product over j < i is
// a loop that grows by one iteration per step, thousands of executions of
// microseconds.
// The number of steps is argv[1] (at most N, N by default).
#include <cstdio>
#include <cstdlib>

const int N = 3000;
static double x[N];

static double lower(int i, int j) { return (double)(i + N - j + 1) * 2 / N; }

int main(int argc, char **argv) {
  const int n = argc > 1 && std::atoi(argv[1]) > 0 && std::atoi(argv[1]) < N
                    ? std::atoi(argv[1])
                    : N;
  for (int i = 0; i < n; i++) {
    double s = i % 17 - 8;
#pragma dlb doall reduction(+: s)
    for (int j = 0; j < i; j++)
      s -= lower(i, j) * x[j];
    x[i] = s / lower(i, i);
  }
  for (int i = 0; i < n; i += n / 10)
    std::printf("%.9g\n", x[i]);
}
