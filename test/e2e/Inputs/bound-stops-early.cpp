// The sequential loop stops after i = 59: its bound is written in the body.
#include <cstdio>
double a[100];
int main() {
  int n = 100;
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
    a[i] = i;
    if (i == 50)
      n = 60;
  }
  double s = 0;
  for (int i = 0; i < 100; ++i)
    s += a[i];
  std::printf("%g\n", s);
  return 0;
}
