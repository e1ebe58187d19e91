/* An OpenMP program in the `parallel for` style: reductions (+, max, min,
 * and an array section), a private temporary, schedule(static), a timer
 * from <omp.h>. Values are integers held in doubles, so every order of the
 * sums gives the same bits. Prints what it computes; argv[1] is n. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define BINS 8

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20000;
  double *x = malloc(n * sizeof *x);
  double *y = malloc(n * sizeof *y);
  double hist[BINS] = {0};
  double sum = 0, big = -1, small = 1e30, t;
  long count = 0;
  double start = omp_get_wtime();
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; i++)
    x[i] = (double)((i * 7919) % 1000);
#pragma omp parallel for private(t) reduction(+: sum, count) reduction(max: big) reduction(min: small)
  for (int i = 0; i < n; i++) {
    t = x[i] * 2 - 500;
    y[i] = t;
    sum += t;
    if (t > 0)
      count++;
    big = t > big ? t : big;
    small = t < small ? t : small;
  }
#pragma omp parallel for reduction(+: hist[:BINS])
  for (int i = 0; i < n; i++)
    hist[(int)x[i] % BINS] += 1;
  printf("sum %.1f count %ld max %.1f min %.1f\n", sum, count, big, small);
  for (int b = 0; b < BINS; b++)
    printf("bin %d: %.0f\n", b, hist[b]);
  printf("y[7] %.1f y[n-1] %.1f\n", y[7], y[n - 1]);
  free(x);
  free(y);
  return omp_get_wtime() < start;
}
