/* variable-rows-kept.c - a Jacobi time loop on two grids reached as pointers
   to rows of run-time length (double (*a)[m] from malloc): both loops
   distribute them by rows, so the ranks keep them across the time loop;
   then a sweep down the columns distributes one by columns
   (test/e2e/vcycle.test). Usage: variable-rows-kept [n] */
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 200, m = n + 3, steps = 30;
  double (*a)[m] = malloc(sizeof(double[n][m]));
  double (*b)[m] = malloc(sizeof(double[n][m]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] = b[i][j] = (i * 7 + j * 3) % 11;
  for (int t = 0; t < steps; t++) {
#pragma dlb doall distribute(a, b) shape(a[n], b[n])
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        b[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
#pragma dlb doall distribute(a, b) shape(a[n], b[n])
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        a[i][j] = b[i][j];
  }
  /* A sweep down each column: b distributed by columns. */
#pragma dlb doall distribute(b) whole(a) shape(a[n], b[n])
  for (int j = 1; j < m - 1; j++)
    for (int i = 1; i < n; i++)
      b[i][j] = b[i - 1][j] * 0.5 + a[i][j];
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s += a[i][j] * (i + 1) + b[i][j];
  printf("%.12f\n", s);
  free(a); free(b);
  return 0;
}
