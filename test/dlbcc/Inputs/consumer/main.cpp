// An annotated program of another project (package.test): N comes from a
// header next to it, SCALE from target_compile_definitions; without it
// neither dlbcc nor the compiler accepts the program.
#include "params.h"

#include <cstdio>

static double a[N];

int main() {
#pragma dlb doall distribute(a)
  for (int i = 0; i < N; ++i)
    a[i] = SCALE * i;
  double sum = 0;
  for (int i = 0; i < N; ++i)
    sum += a[i];
  std::printf("N %d SCALE %d sum %g\n", N, SCALE, sum);
  return 0;
}
