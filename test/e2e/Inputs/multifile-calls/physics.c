/* physics.c - a response function with a static helper and a constant
 * table; it calls mix64 of rng.c (multifile-calls.test). */
#include <math.h>

#include "model.h"

static const double coef[4] = {1.0, -0.5, 0.25, -0.125};

static double poly(double x) {
  return coef[0] + x * (coef[1] + x * (coef[2] + x * coef[3]));
}

double response(double x, unsigned long seed) {
  double noise = (double)(mix64(seed) & 1023) / 1024.0;
  return poly(x) * exp(-x) + 0.01 * noise + sqrt(x + 1);
}
