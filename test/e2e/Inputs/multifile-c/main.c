/* main.c - the annotated file of a C program of three files: the loop's
 * arrays come from fill (util.c), its weights from a global of util.c, and
 * util.c calls report, defined here. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "util.h"

long reports = 0;

void report(const char *what, double value) {
  reports++;
  printf("%s %.12e\n", what, value);
}

static void smooth(int n, double *restrict out, const double *restrict in,
                   double w0, double w1, double w2) {
  int i;
#pragma dlb doall distribute(out) whole(in) shape(out[n], in[n])
  for (i = 1; i < n - 1; i++)
    out[i] = sqrt(w0 * in[i - 1] + w1 * in[i] + w2 * in[i + 1]);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : default_size;
  int t, steps = 5;
  double *a = malloc(n * sizeof *a);
  double *b = malloc(n * sizeof *b);
  if (!a || !b)
    return 1;
  fill(a, n, 7);
  for (t = 0; t < steps; t++) {
    double *tmp;
    smooth(n, b, a, weights[0], weights[1], weights[2]);
    b[0] = a[0];
    b[n - 1] = a[n - 1];
    tmp = a;
    a = b;
    b = tmp;
  }
  summarize(a, n);
  printf("%ld reports\n", reports);
  free(a);
  free(b);
  return 0;
}
