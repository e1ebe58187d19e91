/* An OpenMP doacross nest (ordered(2) with depend points): Gauss-Seidel
 * sweeps over a grid of run-time size in a time loop, each point after
 * its north and west neighbours of the same sweep, and a second array
 * relaxed by a plain parallel for between sweeps. Prints a checksum of
 * both; argv[1] is the number of sweeps. */
#include <stdio.h>
#include <stdlib.h>

#define ROWS 160
#define COLS 240

static double g[ROWS][COLS], h[ROWS][COLS];

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 6;
  const int m = COLS;
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < m; j++) {
      g[i][j] = (double)((i * 7 + j * 3) % 11);
      h[i][j] = 0;
    }
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for ordered(2)
    for (int i = 1; i < ROWS - 1; i++)
      for (int j = 1; j < m - 1; j++) {
#pragma omp ordered depend(sink : i - 1, j) depend(sink : i, j - 1)
        g[i][j] = 0.2 * (g[i - 1][j] + g[i][j - 1] + g[i][j] + g[i][j + 1] +
                         g[i + 1][j]);
#pragma omp ordered depend(source)
      }
#pragma omp parallel for
    for (int i = 0; i < ROWS; i++)
      for (int j = 0; j < m; j++)
        h[i][j] = 0.5 * h[i][j] + g[i][j];
  }
  double s = 0, w = 0;
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < m; j++) {
      s += g[i][j] * (i % 5 + 1);
      w += h[i][j] * (j % 3 + 1);
    }
  printf("g %.12e h %.12e\n", s, w);
  return 0;
}
