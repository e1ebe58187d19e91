// mix.cpp - a third source: smooth() of funcs.c calls mix(); looped()
// holds a dlb loop of its own (other-sources.cpp).
#include "funcs.h"

double mix(double x) { return x * 0.5; }

double looped(double x) {
  double a[8];
#pragma dlb doall distribute(a)
  for (int i = 0; i < 8; ++i)
    a[i] = x;
  return a[3];
}
