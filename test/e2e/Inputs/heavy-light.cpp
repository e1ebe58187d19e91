// A time loop of a heavy loop and a light one over the same grids, which
// stay on the ranks between them: the light loop (a copy back) costs less
// than its execution's messages, the heavy one gains far more. The light
// loop must not take the grids back to rank 0 (the heavy one would hand
// them out again at its next execution): loops that start from the same
// kept arrays are judged together, by their summed times.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 256

static double a[N][N], b[N][N];

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 12;
  int i, j, k, t;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      a[i][j] = (i * 7 + j * 3) % 11 / 11.0;
  for (t = 0; t < steps; t++) {
#pragma dlb doall distribute(a, b)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++) {
        double s = a[i][j];
        for (k = 0; k < 24; k++)
          s = 0.9 * s + 0.1 * sin(s + k);
        b[i][j] = s;
      }
#pragma dlb doall distribute(a, b)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        a[i][j] = b[i][j];
  }
  double sum = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      sum += a[i][j] * (i + 1);
  printf("%.12e\n", sum);
  return 0;
}
