// Loops for the decision to distribute at all (runtime/execution/Profit.h): one that
// touches each element once (moving its rows costs more than computing
// them; its arrays are not kept on the ranks, the time loop writes rows
// that change as it runs),
// and three whose iterations compute far more than they move, one of
// uniform and one of increasing work, with reductions, and one whose work
// dlbcc cannot know (an inner loop that runs until a sum reaches a goal
// read from an array): a band of its iterations costs 40 times the others,
// which the samples find; it runs twice in a time loop that calls a
// function of the program (so its array is not kept on the ranks), the
// second time from interleaved blocks in the proportions of the first
// execution's speeds.
#include <cstdio>

#ifndef N
#define N 2000000
#endif
#ifndef M
#define M 48
#endif

static double x[N], y[N];
static long long r[M], t[M], v[M];
static long long goal[M];

// A function of the program: the time loop that calls it keeps no array on
// the ranks (annotations.md, section 8a).
static long long twice(long long x) { return 2 * x; }

int main() {
  int i, j;
  for (i = 0; i < N; i++) {
    x[i] = i % 97;
    y[i] = i % 13;
  }
  for (int step = 0; step < 3; step++) {
#pragma dlb doall distribute(x, y)
    for (i = 0; i < N; i++)
      y[i] = 2 * x[i] + y[i];
    for (j = 0; j <= step; j++)
      x[j] = y[j];
  }
  long long s = 0;
#pragma dlb doall distribute(r) reduction(+: s)
  for (i = 0; i < M; i++) {
    long long a = 0;
    for (j = 0; j < 400000; j++)
      a += (i * 31 + j) % 7;
    r[i] = a;
    s += a;
  }
  long long u = 0;
#pragma dlb doall distribute(t) reduction(+: u)
  for (i = 0; i < M; i++) {
    long long a = 0;
    for (j = 0; j < 16000 * i; j++)
      a += (i + j) % 5;
    t[i] = a;
    u += a;
  }
  long long w = 0, seen = 0;
  for (int step = 0; step < 2; step++) {
    for (i = 0; i < M; i++)
      goal[i] = (i >= M / 4 && i < M / 2 ? 4800000 : 120000) + 1000 * step;
#pragma dlb doall distribute(v) reduction(+: w)
    for (i = 0; i < M; i++) {
      long long a = 0, k = 0;
      while (a < goal[i])
        a += (i + k++) % 3 + 1;
      v[i] = a + k;
      w += k;
    }
    seen += twice(step);
  }
  double c = 0;
  for (i = 0; i < N; i++)
    c += y[i];
  for (i = 0; i < M; i++)
    c += r[i] + t[i] + v[i];
  std::printf("%.6e %lld %lld %lld %lld\n", c, s, u, w, seen);
  return 0;
}
