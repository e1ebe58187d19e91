/* vcycle.c - a multigrid V-cycle written the way NPB's MG is: each level's
   grid is one allocation reached as a pointer to rows of run-time extents,
   double (*u)[n2][n1], cast from the void * the functions are given (a
   pointer to such rows cannot be a C++ parameter). Residual, smoother,
   restriction and interpolation distribute the planes of their grid;
   restriction and interpolation read the other level whole; the periodic
   boundary stays sequential. Prints the residual norm after each cycle.
   Usage: vcycle [levels] [cycles] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void boundary(void *ou, int n) {
  double (*u)[n][n] = (double (*)[n][n])ou;
  for (int i3 = 0; i3 < n; i3++)
    for (int i2 = 0; i2 < n; i2++) {
      u[i3][i2][0] = u[i3][i2][n - 2];
      u[i3][i2][n - 1] = u[i3][i2][1];
    }
  for (int i3 = 0; i3 < n; i3++)
    for (int i1 = 0; i1 < n; i1++) {
      u[i3][0][i1] = u[i3][n - 2][i1];
      u[i3][n - 1][i1] = u[i3][1][i1];
    }
  for (int i2 = 0; i2 < n; i2++)
    for (int i1 = 0; i1 < n; i1++) {
      u[0][i2][i1] = u[n - 2][i2][i1];
      u[n - 1][i2][i1] = u[1][i2][i1];
    }
}

/* r = v - A u, A the 7-point Laplacian's stencil. */
static void resid(void *ou, void *ov, void *or_, int n) {
  double (*u)[n][n] = (double (*)[n][n])ou;
  double (*v)[n][n] = (double (*)[n][n])ov;
  double (*r)[n][n] = (double (*)[n][n])or_;
#pragma dlb doall distribute(r, u, v) shape(r[n], u[n], v[n])
  for (int i3 = 1; i3 < n - 1; i3++)
    for (int i2 = 1; i2 < n - 1; i2++)
      for (int i1 = 1; i1 < n - 1; i1++)
        r[i3][i2][i1] = v[i3][i2][i1] - 6.0 * u[i3][i2][i1] +
                        u[i3 - 1][i2][i1] + u[i3 + 1][i2][i1] +
                        u[i3][i2 - 1][i1] + u[i3][i2 + 1][i1] +
                        u[i3][i2][i1 - 1] + u[i3][i2][i1 + 1];
  boundary(or_, n);
}

/* u += a smoothing of r (a damped Jacobi step on the error equation). */
static void smooth(void *or_, void *ou, int n) {
  double (*r)[n][n] = (double (*)[n][n])or_;
  double (*u)[n][n] = (double (*)[n][n])ou;
#pragma dlb doall distribute(u, r) shape(u[n], r[n])
  for (int i3 = 1; i3 < n - 1; i3++)
    for (int i2 = 1; i2 < n - 1; i2++)
      for (int i1 = 1; i1 < n - 1; i1++)
        u[i3][i2][i1] += (r[i3][i2][i1] * 0.5 +
                          (r[i3 - 1][i2][i1] + r[i3 + 1][i2][i1]) * 0.125 +
                          (r[i3][i2 - 1][i1] + r[i3][i2 + 1][i1]) * 0.125) /
                         6.0;
  boundary(ou, n);
}

/* The coarse grid's (m points a side) right-hand side from the fine one's
   residual: twice its local average (a restriction that under-corrects
   rather than overshoots), the fine grid read whole. */
static void restrict3(void *of, int n, void *oc, int m) {
  double (*f)[n][n] = (double (*)[n][n])of;
  double (*c)[m][m] = (double (*)[m][m])oc;
#pragma dlb doall distribute(c) whole(f) shape(c[m], f[n])
  for (int j3 = 1; j3 < m - 1; j3++)
    for (int j2 = 1; j2 < m - 1; j2++)
      for (int j1 = 1; j1 < m - 1; j1++) {
        int i3 = 2 * j3 - 1, i2 = 2 * j2 - 1, i1 = 2 * j1 - 1;
        c[j3][j2][j1] = 1.0 * f[i3][i2][i1] +
                        (f[i3 - 1][i2][i1] + f[i3 + 1][i2][i1] +
                         f[i3][i2 - 1][i1] + f[i3][i2 + 1][i1] +
                         f[i3][i2][i1 - 1] + f[i3][i2][i1 + 1]) /
                            6.0;
      }
  boundary(oc, m);
}

/* u (fine) += the coarse correction z, interpolated by injection. */
static void interpolate(void *oz, int m, void *ou, int n) {
  double (*z)[m][m] = (double (*)[m][m])oz;
  double (*u)[n][n] = (double (*)[n][n])ou;
#pragma dlb doall distribute(u) whole(z) shape(u[n], z[m])
  for (int i3 = 1; i3 < n - 1; i3++)
    for (int i2 = 1; i2 < n - 1; i2++)
      for (int i1 = 1; i1 < n - 1; i1++)
        u[i3][i2][i1] += z[(i3 + 1) / 2][(i2 + 1) / 2][(i1 + 1) / 2];
  boundary(ou, n);
}

static double norm(void *or_, int n) {
  double (*r)[n][n] = (double (*)[n][n])or_;
  double s = 0;
#pragma dlb doall reduction(+ : s) shape(r[n])
  for (int i3 = 1; i3 < n - 1; i3++)
    for (int i2 = 1; i2 < n - 1; i2++)
      for (int i1 = 1; i1 < n - 1; i1++)
        s += r[i3][i2][i1] * r[i3][i2][i1];
  return sqrt(s);
}

int main(int argc, char **argv) {
  int levels = argc > 1 ? atoi(argv[1]) : 4;
  int cycles = argc > 2 ? atoi(argv[2]) : 3;
  if (levels < 2 || levels > 7 || cycles < 1)
    return 2;
  int size[8];
  void *u[8], *r[8], *s[8];
  for (int k = 0; k < levels; k++) {
    size[k] = (1 << (k + 2)) + 2; /* 6, 10, 18, 34, ... points a side */
    u[k] = calloc((size_t)size[k] * size[k] * size[k], sizeof(double));
    r[k] = calloc((size_t)size[k] * size[k] * size[k], sizeof(double));
    s[k] = calloc((size_t)size[k] * size[k] * size[k], sizeof(double));
  }
  int top = levels - 1, n = size[top];
  double *v = calloc((size_t)n * n * n, sizeof(double));
  /* Charges of zero sum (the periodic problem's solvability). */
  for (long p = 0; p < (long)n * n * n; p++)
    v[p] = p % 37 == 0 ? 1.0 : p % 37 == 18 ? -1.0 : 0.0;
  boundary(v, n);
  resid(u[top], v, r[top], n);
  printf("initial %.12e\n", norm(r[top], n));
  for (int it = 0; it < cycles; it++) {
    for (int k = top; k > 0; k--)
      restrict3(r[k], size[k], r[k - 1], size[k - 1]);
    for (long p = 0; p < (long)size[0] * size[0] * size[0]; p++)
      ((double *)u[0])[p] = 0;
    smooth(r[0], u[0], size[0]);
    for (int k = 1; k < top; k++) {
      for (long p = 0; p < (long)size[k] * size[k] * size[k]; p++)
        ((double *)u[k])[p] = 0;
      interpolate(u[k - 1], size[k - 1], u[k], size[k]);
      resid(u[k], r[k], s[k], size[k]);
      smooth(s[k], u[k], size[k]);
    }
    interpolate(u[top - 1], size[top - 1], u[top], n);
    resid(u[top], v, r[top], n);
    smooth(r[top], u[top], n);
    resid(u[top], v, r[top], n);
    printf("cycle %d %.12e\n", it + 1, norm(r[top], n));
  }
  for (int k = 0; k < levels; k++) {
    free(u[k]);
    free(r[k]);
    free(s[k]);
  }
  free(v);
  return 0;
}
