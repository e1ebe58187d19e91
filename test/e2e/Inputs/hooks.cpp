// Every hook placement of docs/annotations.md section 7a, run end to end:
// a hook after every iteration, strips sized from a constant W, strips
// sized at run time, and balancing between executions only (a cheap loop in
// a time loop, and two enclosing levels). All values are small integers, so
// the output does not depend on the order of the sums.
#include <cstdio>
#include <cstdlib>

constexpr int Big = 48;
constexpr int Small = 5;
static double A[Big][Big], B[Big][Big], C[Big][Big];
static double a[Small][Small], b[Small][Small], c[Small][Small];
static double u[1000], v[1000], w[1000];

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 300;
  for (int i = 0; i < Big; ++i)
    for (int j = 0; j < Big; ++j) {
      A[i][j] = (i + j) % 5;
      B[i][j] = (i * j) % 3;
    }
  for (int i = 0; i < Small; ++i)
    for (int j = 0; j < Small; ++j) {
      a[i][j] = i + j;
      b[i][j] = i - j;
    }
  for (int i = 0; i < 1000; ++i)
    v[i] = i % 7;

  // Body: a row of the product is far more than 600 operations.
#pragma dlb doall distribute(C, A) whole(B)
  for (int i = 0; i < Big; ++i)
    for (int j = 0; j < Big; ++j) {
      double s = 0;
      for (int k = 0; k < Big; ++k)
        s += A[i][k] * B[k][j];
      C[i][j] = s;
    }

  // Strips: a row of a 5 x 5 product is too cheap.
#pragma dlb doall distribute(c, a) whole(b)
  for (int i = 0; i < Small; ++i)
    for (int j = 0; j < Small; ++j) {
      double s = 0;
      for (int k = 0; k < Small; ++k)
        s += a[i][k] * b[k][j];
      c[i][j] = s;
    }

  // Strips sized at run time: W depends on n.
  double total = 0;
#pragma dlb doall whole(v) reduction(+: total)
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < n; k += 7)
      total += v[(i + k) % 1000];

  // Between executions: a cheap loop in a time loop.
  for (int step = 0; step < 40; ++step) {
#pragma dlb doall distribute(u, w) whole(v)
    for (int i = 0; i < 1000; ++i)
      u[i] = w[i] + v[i] - step;
    for (int i = 0; i < 1000; ++i)
      w[i] = u[i] / 2 > 100 ? 0 : u[i];
  }

  // Two enclosing levels: only an iteration of 't' is enough.
  for (int t = 0; t < 6; ++t)
    for (int s = 0; s < 20; ++s) {
#pragma dlb doall distribute(u) whole(v)
      for (int i = 0; i < 8; ++i)
        u[i] += v[i] + s;
    }

  double sum = 0;
  for (int i = 0; i < Big; ++i)
    for (int j = 0; j < Big; ++j)
      sum += C[i][j] * (i + 1) + (i < Small && j < Small ? c[i][j] : 0);
  double usum = 0;
  for (int i = 0; i < 1000; ++i)
    usum += u[i] * (i % 11) + w[i];
  std::printf("product %.0f total %.0f u %.0f\n", sum, total, usum);
  return 0;
}
