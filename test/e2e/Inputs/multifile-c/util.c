/* util.c - the helpers of the multi-file C program: no dlb pragma and no
 * main, so dlbcxx and dlb_add_executable compile it as C. It calls back
 * into main.c, which dlbcc translates. */
#include <stdio.h>

#include "util.h"

int default_size = 20000;
double weights[3] = {0.25, 0.5, 0.25};

void fill(double *a, int n, unsigned seed) {
  int i;
  for (i = 0; i < n; i++) {
    seed = seed * 1103515245u + 12345u;
    a[i] = (double)((seed >> 16) & 0x7fff) / 32768.0;
  }
}

double checksum(const double *a, int n) {
  double s = 0;
  int i;
  for (i = 0; i < n; i++)
    s += a[i] * (i % 7 + 1);
  return s;
}

void summarize(const double *a, int n) {
  report("first", a[0]);
  report("last", a[n - 1]);
  report("checksum", checksum(a, n));
}
