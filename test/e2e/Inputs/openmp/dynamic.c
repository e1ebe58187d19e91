/* An OpenMP program with schedule(dynamic) on an irregular loop: row i of
 * a triangular matrix costs i, and every tenth row far more. Prints what
 * it computes; argv[1] is n. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1200;
  double *a = malloc((size_t)n * n * sizeof *a);
  double *row = malloc(n * sizeof *row);
  long lo = 1L << 40;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i * n + j] = (double)((i + 3 * j) % 11);
#pragma omp parallel for schedule(dynamic, 4) reduction(min: lo)
  for (int i = 0; i < n; i++) {
    double s = 0;
    int reps = i % 10 == 0 ? 40 : 1;
    for (int r = 0; r < reps; r++)
      for (int j = 0; j <= i; j++)
        s += a[i * n + j] * (r + 1);
    row[i] = s;
    if ((long)s < lo)
      lo = (long)s;
  }
  double check = 0;
  for (int i = 0; i < n; i++)
    check += row[i] * (i % 7);
  printf("check %.1f min %ld row[n-1] %.1f\n", check, lo, row[n - 1]);
  free(a);
  free(row);
  return 0;
}
