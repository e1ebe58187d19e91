/* rows.c - row kernels as a C library writes them: pointers and lengths,
 * offsets passed on to a helper (call-arrays.test). */
#include "rows.h"

double dot(const double *u, const double *v, int n) {
  double s = 0;
  int k;
  for (k = 0; k < n; k++)
    s += u[k] * v[k];
  return s;
}

void smooth(double *out, const double *up, const double *mid,
            const double *down, int n) {
  int k;
  out[0] = mid[0];
  out[n - 1] = mid[n - 1];
  for (k = 1; k < n - 1; k++)
    out[k] = 0.25 * (up[k] + down[k] + mid[k - 1] + mid[k + 1]);
}

static void scale_part(double *p, int m, double f) {
  int k;
  for (k = 0; k < m; k++)
    p[k] *= f;
}

void scale(double *row, int n, double f) {
  scale_part(row, 1, 2.0 * f);
  scale_part(row + 1, n - 1, f);
}

void add_to(double *s, double v) { *s += v; }

double row_max(const double *row, int n) {
  double m = row[0];
  int k;
  for (k = 1; k < n; k++)
    if (row[k] > m)
      m = row[k];
  return m;
}
