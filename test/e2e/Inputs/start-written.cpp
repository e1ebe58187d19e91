// Loops whose start (evaluated once, when the loop begins) is a variable
// that the body writes before it reads it: a private scalar, and the loop
// runs the iterations the sequential loop runs.
#include <cstdio>

static double a[300], b[300];

int main() {
  int lo = 7, hi = 290;
  for (int t = 0; t < 3; t++) {
#pragma dlb doall distribute(a)
    for (int i = lo; i < 300; ++i) {
      lo = i % 5;
      a[i] += lo + t;
    }
    lo = 7 + t;
#pragma dlb doall distribute(b)
    for (int i = hi; i >= 3; i -= 2) {
      hi = i / 3;
      b[i] += hi * 0.5 + t;
    }
    hi = 290 - t;
  }
  double s = 0;
  for (int i = 0; i < 300; i++)
    s += a[i] * (1 + i % 7) + b[i] * (2 + i % 5);
  std::printf("%.17g\n", s);
  return 0;
}
