// A three-point smoother whose time loop carries a polyhedral tool's
// #pragma scop: the arrays stay on the ranks all the same.
#include <cstdio>

const int N = 4000;
static double a[N], b[N];

int main() {
  for (int i = 0; i < N; i++)
    a[i] = (i * 37 % 101) / 7.0;
  int t, i;
#pragma scop
  for (t = 0; t < 30; t++) {
#pragma dlb doall distribute(b, a)
    for (i = 1; i < N - 1; i++)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
#pragma dlb doall distribute(a, b)
    for (i = 1; i < N - 1; i++)
      a[i] = (b[i - 1] + b[i] + b[i + 1]) / 3;
  }
#pragma endscop
  double s = 0;
  for (i = 0; i < N; i++)
    s += a[i] * (i % 13 + 1);
  std::printf("%.17g\n", s);
}
