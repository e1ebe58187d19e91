// A forward substitution like PolyBench's trisolv, with the matrix's
// elements computed where they are used: step i's dot product over j < i is
// a loop that grows by one iteration per step, thousands of executions of
// microseconds.
#include <cstdio>

const int N = 3000;
static double x[N];

static double lower(int i, int j) { return (double)(i + N - j + 1) * 2 / N; }

int main() {
  for (int i = 0; i < N; i++) {
    double s = i % 17 - 8;
#pragma dlb doall reduction(+: s)
    for (int j = 0; j < i; j++)
      s -= lower(i, j) * x[j];
    x[i] = s / lower(i, i);
  }
  for (int i = 0; i < N; i += 300)
    std::printf("%.9g\n", x[i]);
}
