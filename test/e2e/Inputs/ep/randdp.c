/* randdp.c - x(k+1) = a * x(k) mod 2^46 in double arithmetic, split in
 * 23-bit halves as NPB's randdp does (ep.test). */
#include "randdp.h"

static const double r23 = 1.1920928955078125e-07, t23 = 8.388608e+06;

static double step(double *x, double a1, double a2) {
  const double r46 = r23 * r23, t46 = t23 * t23;
  double t1 = r23 * (*x), x1 = (int)t1, x2 = *x - t23 * x1;
  double z, t2, t3, t4;
  t1 = a1 * x2 + a2 * x1;
  t2 = (int)(r23 * t1);
  z = t1 - t23 * t2;
  t3 = t23 * z + a2 * x2;
  t4 = (int)(r46 * t3);
  *x = t3 - t46 * t4;
  return r46 * (*x);
}

double randlc(double *x, double a) {
  double a1 = (int)(r23 * a);
  return step(x, a1, a - t23 * a1);
}

void vranlc(int n, double *x, double a, double y[]) {
  double a1 = (int)(r23 * a), a2 = a - t23 * a1;
  int i;
  for (i = 0; i < n; i++)
    y[i] = step(x, a1, a2);
}
