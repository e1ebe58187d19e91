// An array kept on the ranks across a time loop, distributed by columns in
// one loop (iteration i writes column i of v) and read whole in the next.
// Under a strategy that moves work, a rank keeps several adjacent column
// ranges; they must come back to rank 0 as the columns they are.
#include <cstdio>

#ifndef N
#define N 200
#endif
#ifndef STEPS
#define STEPS 6
#endif

static double v[N][N], w[N][N];

int main() {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      v[i][j] = (i * 7 + j * 3) % 11;
  for (int t = 0; t < STEPS; t++) {
#pragma dlb doall distribute(v)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        v[j][i] = v[j][i] * 0.5 + (i + j + t) % 5;
#pragma dlb doall distribute(w)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        w[i][j] += v[i][j];
  }
  double sv = 0, sw = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      sv += v[i][j] * (1 + (i * N + j) % 13);
      sw += w[i][j] * (1 + (i * 5 + j) % 11);
    }
  std::printf("v %.17g\nw %.17g\n", sv, sw);
  return 0;
}
