// A sum updated through a function that only adds to what it is given
// (PointeeUse::Accumulates): `acc(&sum, v)` is `sum += v`, also for an
// element of an array reduction and through a function that passes the
// pointer on. A function that does more with the pointer is an error of the
// reduction, once.
// RUN: %dlbcc %s -o %t.cpp
// RUN: FileCheck %s --check-prefix=EMIT < %t.cpp
// RUN: %mpicxx -fsyntax-only %t.cpp $(%dlbcc --cflags)
// RUN: not %dlbcc %s -o %t.err.cpp -- -DERRORS 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error: --implicit-check-not=note:

#include <cstdio>

double y[64];

static void acc(double *s, double v) { *s += v; }
static void drain(double *s, double v) { *s -= 0.5 * v; }
static void both(double *s, double v) {
  acc(s, v);
  drain(s, v);
}

double sums(int n) {
  double sum = 0, h[4] = {0};
  int i;
// EMIT: dlbcc_run.reduction(sum, dlb::ReduceOp::Sum);
#pragma dlb doall reduction(+: sum, h)
  for (i = 0; i < n; i++) {
    acc(&sum, y[i]);
    both(&h[i % 4], y[i]);
  }
  return sum + h[0] + h[3];
}

#ifdef ERRORS
static void scale(double *s, double v) { *s = *s * v; }
static void peek(double *s, double v) { *s += v * *s; }
static void count(int *c, double v) { *c += v; }
double wrong(int n) {
  double p = 1, q = 0;
  int c = 0, i;
#pragma dlb doall reduction(+: p, q, c)
  for (i = 0; i < n; i++) {
    scale(&p, y[i]);
// ERR: :[[@LINE-1]]:12: error: reduction variable 'p' may only be updated as
    peek(&q, y[i]);
// ERR: :[[@LINE-1]]:11: error: reduction variable 'q' may only be updated as
    count(&c, y[i]);
// ERR: :[[@LINE-1]]:12: error: reduction variable 'c' may only be updated as
  }
  return p + q + c;
}
#endif

int main() {
  for (int i = 0; i < 64; i++)
    y[i] = i * 0.25;
  std::printf("%.17g\n", sums(64));
  return 0;
}
