// Two pointers into one buffer, passed as if they were separate arrays: the
// sequential loop shifts the buffer in place, which no distribution of two
// arrays reproduces (OVERLAP=1); with separate buffers (OVERLAP=0) it runs.
#include <cstdio>

#ifndef OVERLAP
#define OVERLAP 1
#endif

void shift(const double *src, double *dst, int n) {
#pragma dlb doall distribute(src, dst) shape(src[n], dst[n])
  for (int i = 0; i < n; ++i)
    dst[i] = src[i] + 1;
}

int main() {
  const int n = 1000;
  static double buffer[2 * n + 1];
  for (int i = 0; i < 2 * n + 1; ++i)
    buffer[i] = i % 5;
  shift(buffer, OVERLAP ? buffer + 1 : buffer + n + 1, n);
  double s = 0;
  for (int i = 0; i < 2 * n + 1; ++i)
    s += buffer[i] * (i % 3 + 1);
  std::printf("overlap sum=%.17g\n", s);
  return 0;
}
