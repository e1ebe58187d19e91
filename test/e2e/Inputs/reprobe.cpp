// A light loop in a time loop: each execution touches its 32 MB of rows once,
// and a step writes a run of elements between executions (so its arrays are
// not kept on the ranks). Distributing it never pays on an idle rank 0; while
// rank 0 is loaded, the probe finds rank 0 alone slower than moving the rows.
#include <cstdio>

#ifndef N
#define N 2000000
#endif
#ifndef STEPS
#define STEPS 12
#endif

static double x[N], y[N];

int main() {
  int i, j;
  for (i = 0; i < N; i++) {
    x[i] = i % 97;
    y[i] = i % 13;
  }
  for (int step = 0; step < STEPS; step++) {
#pragma dlb doall distribute(x, y)
    for (i = 0; i < N; i++)
      y[i] = 2 * x[i] + y[i];
    for (j = 0; j <= step; j++)
      x[j] = y[j];
  }
  double c = 0;
  for (i = 0; i < N; i++)
    c += y[i];
  std::printf("%.6e\n", c);
}
