/* An OpenMP program of two C files (dlbcxx.test): both use <omp.h>. */
#include <stdio.h>
#include "util.h"

#define N 4000
static double a[N];

int main(void) {
  double start = omp_get_wtime(), sum = 0;
  double w = weight(3);
#pragma omp parallel for reduction(+: sum)
  for (int i = 0; i < N; i++) {
    a[i] = (i % 17) * w;
    sum += a[i];
  }
  printf("sum %.1f a[7] %.1f\n", sum, a[7]);
  return elapsed_since(start) < 0;
}
