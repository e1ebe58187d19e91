/* c-idioms.c - a C program written as numerical C is: the arrays from
 * malloc and calloc without casts, restrict pointer parameters, an enum
 * set from an int, a struct without a typedef, bool from stdbool.h, two
 * grids swapped by pointer between the steps of a time loop. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

enum norm { NORM_SUM, NORM_MAX };

struct grid {
  int n;
  double *u, *v;
};

static void smooth(int n, double *restrict out, const double *restrict in,
                   double w) {
  int i;
#pragma dlb doall distribute(out) whole(in) shape(out[n], in[n])
  for (i = 1; i < n - 1; i++)
    out[i] = (1 - w) * in[i] + w * 0.5 * (in[i - 1] + in[i + 1]);
}

static double norm_of(const struct grid *g, enum norm kind) {
  double s = 0;
  int i;
  for (i = 0; i < g->n; i++)
    s = kind == NORM_MAX ? fmax(s, fabs(g->u[i])) : s + fabs(g->u[i]);
  return s;
}

int main(int argc, char **argv) {
  struct grid g;
  int t, i, steps = 40;
  enum norm kind = argc > 2 ? atoi(argv[2]) : 0;
  bool halved = false;
  g.n = argc > 1 ? atoi(argv[1]) : 20000;
  g.u = malloc(g.n * sizeof *g.u);
  g.v = calloc(g.n, sizeof(double));
  if (!g.u || !g.v)
    return 1;
  for (i = 0; i < g.n; i++)
    g.u[i] = sin(0.01 * i) + (i % 13) * 0.125;
  for (t = 0; t < steps; t++) {
    double *tmp;
    smooth(g.n, g.v, g.u, 0.25);
    g.v[0] = g.u[0];
    g.v[g.n - 1] = g.u[g.n - 1];
    tmp = g.u;
    g.u = g.v;
    g.v = tmp;
    if (!halved && norm_of(&g, NORM_MAX) < 2.0) {
      halved = true;
      printf("below 2 after %d steps\n", t + 1);
    }
  }
  printf("norm %.12e\n", norm_of(&g, kind));
  free(g.u);
  free(g.v);
  return 0;
}
