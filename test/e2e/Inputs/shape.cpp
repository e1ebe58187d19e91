// A pointer loop whose shape() is right unless SHAPE_DIVISOR says the arrays
// are smaller than the loop touches (the loop reads and writes [0, n)).
#include <cstdio>
#include <cstdlib>

#ifndef SHAPE_DIVISOR
#define SHAPE_DIVISOR 1
#endif

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 1000;
  double *a = new double[n];
  double *b = new double[n];
  for (int i = 0; i < n; ++i)
    a[i] = i % 7;
#pragma dlb doall distribute(a, b) shape(a[n / SHAPE_DIVISOR], b[n / SHAPE_DIVISOR])
  for (int i = 0; i < n; ++i)
    b[i] = 2 * a[i] + 1;
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += b[i] * (i % 3 + 1);
  std::printf("shape n=%d sum=%.17g\n", n, s);
  delete[] a;
  delete[] b;
  return 0;
}
