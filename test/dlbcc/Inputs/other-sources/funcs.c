/* funcs.c - functions another source's loops call (other-sources.cpp). */
#include <math.h>
#include <stdio.h>

#include "funcs.h"

static const double coef[3] = {0.5, 0.25, 0.125};

static double poly(double x) { return coef[0] + x * (coef[1] + x * coef[2]); }

double smooth(double x) { return poly(x) * exp(-x) + mix(x); }

int calls;

double counted(double x) {
  calls++;
  return x;
}

double indirect(double x) { return counted(x) * 2; }

double printer(double x) {
  printf("%g\n", x);
  return x;
}
