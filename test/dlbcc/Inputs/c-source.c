/* A C source, as C programs are written: read as the C++ dlbcc emits. */
#include <stdio.h>

#define N 64
double a[N];

int main(void) {
  int i;
#pragma dlb doall distribute(a)
  for (i = 0; i < N; i++)
    a[i] = i * 0.5;
  printf("%f\n", a[N - 1]);
  return 0;
}
