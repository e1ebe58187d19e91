// Arrays that start 8 bytes past a 16-byte boundary (a pointer into a
// buffer, as a program that keeps several arrays in one allocation has
// them): the kernel's instance for 16-byte aligned pointers
// (dlb::aligned16) must not run on them, where SSE's aligned loads fault.
#include <cstdio>

#ifndef N
#define N 1001
#endif

alignas(16) static double Store[8 * N + 8 * N + 4];

int main() {
  double (*a)[8] = reinterpret_cast<double (*)[8]>(Store + 1);
  double (*b)[8] = reinterpret_cast<double (*)[8]>(Store + 8 * N + 3);
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < 8; j++) {
      a[i][j] = (i * 8 + j) % 13;
      b[i][j] = j;
    }
#pragma dlb doall distribute(a, b) shape(a[N][8], b[N][8])
  for (i = 0; i < N; i++)
    for (j = 0; j < 8; j++)
      b[i][j] = 2 * a[i][j] + b[i][j] * 0.5 + 1;
  double s = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < 8; j++)
      s += b[i][j] * (i % 5 + j + 1);
  std::printf("%.6e\n", s);
}
