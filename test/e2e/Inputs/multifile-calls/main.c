/* main.c - a loop that calls functions of the program's other files
 * (multifile-calls.test): a counter-based random number generator
 * (rng.c), a response function that calls back into rng.c (physics.c) and
 * an inline function of the shared header. The work per iteration varies
 * with the random numbers. A second loop draws each iteration's numbers
 * from a generator with state (rng.c's randlc and vranlc), passing the
 * address of its own seed and its own buffer. */
#include <stdio.h>
#include <stdlib.h>

#include "model.h"

static void evaluate(int n, double *out, unsigned long seed) {
  int i;
#pragma dlb doall distribute(out) shape(out[n])
  for (i = 0; i < n; i++) {
    double x = uniform_at(seed, i), s = 0;
    int k, m = 1 + (int)(x * 60);
    for (k = 0; k < m; k++)
      s += response(x + k * 1e-3, seed + k);
    out[i] = clamp01(s / m);
  }
}

static void draw(int n, double *out) {
  int i;
#pragma dlb doall distribute(out) shape(out[n])
  for (i = 0; i < n; i++) {
    double seed = 271828183.0 + 2.0 * i, buf[16], s = 0;
    int k;
    randlc(&seed, 1220703125.0);
    vranlc(16, &seed, 1220703125.0, buf);
    for (k = 0; k < 16; k++)
      s += buf[k] * (k + 1);
    out[i] = s;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4000;
  int i, t;
  double sum = 0;
  double *out = malloc(n * sizeof *out);
  if (!out)
    return 1;
  for (t = 0; t < 3; t++) {
    evaluate(n, out, 12345u + t);
    for (i = 0; i < n; i++)
      sum += out[i] * (i % 5 + 1);
  }
  printf("%.12e %.12e %.12e\n", sum, out[0], out[n - 1]);
  draw(n, out);
  sum = 0;
  for (i = 0; i < n; i++)
    sum += out[i] * (i % 3 + 1);
  printf("%.12e %.12e\n", sum, out[n / 2]);
  free(out);
  return 0;
}
