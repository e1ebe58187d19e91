// Forms that are accepted: outer variables bound to `const T &` parameters,
// standard value classes in the loop and in the functions it calls,
// reductions over chains of operators, calls in cost(), and the row length
// of a pointer to arrays in shape(). The emitted program compiles.
// RUN: %dlbcc %s --dump-model | FileCheck %s
// RUN: %dlbcc %s -o %t.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)

#include <algorithm>
#include <cmath>
#include <complex>
#include <utility>
#include <vector>

const int N = 16;
double a[N], b[N];

// Local objects of the standard value classes, as in a loop body.
double smooth(double x) {
  std::vector<double> t(3, x);
  std::complex<double> z(x, 1.0);
  z *= 2.0;
  std::pair<int, double> pr(1, x);
  return t[1] + z.real() + pr.second;
}
long long weight(long long i) { return i % 3; }

void accepted(int n, double x, double (*q)[N]) {
  double s = 0, p = 1, m = 0;
// CHECK: loop accepted.cpp:[[@LINE+2]]:3: doall i in [0, n), block, strategy auto
#pragma dlb doall distribute(a) reduction(+: s) reduction(*: p) reduction(max: m) cost(std::sqrt(i) + weight(i))
  for (int i = 0; i < n; ++i) {
    int k = std::min(i, 50) + std::min(n, 3);
    std::vector<double> t(3, x);
    std::pair<int, double> pr(i, 2.0);
    std::complex<double> z(1.0, 0.0);
    z *= x;
    a[i] = smooth(b[i]) + k + t[0] + pr.first + z.real() + std::max(x, 0.5);
    s = s + a[i] + b[i];
    s = s - a[i] - 1;
    s = b[i] - (a[i] - s);
    p = p * b[i] * 2;
    p = 2 * b[i] * p;
    m = std::max(m, a[i]);
  }
// CHECK-NEXT:   array a: distributed, c-array 1-D of double, dim 0 (elements), halo [0, 0], written
// CHECK-NEXT:   array b: distributed, c-array 1-D of double, dim 0 (elements), halo [0, 0], read-only
// CHECK-NEXT:   scalar n: int
// CHECK-NEXT:   scalar x: double
// CHECK-NEXT:   reduction +: s
// CHECK-NEXT:   reduction *: p
// CHECK-NEXT:   reduction max: m
// CHECK-NEXT:   work W(i) = std::sqrt(i) + weight(i), non-uniform, from cost() (counted: 80)
// CHECK-NEXT:   data D = 16 bytes
// CHECK-NEXT:   hooks: strip (sized at run time)

// CHECK-NEXT: loop accepted.cpp:[[@LINE+2]]:3: doall i in [0, n), block, strategy auto
#pragma dlb doall distribute(q) shape(q[n][N])
  for (int i = 0; i < n; ++i)
    q[i][0] = i;
// CHECK-NEXT:   array q: distributed, pointer-to-array 2-D of double, dim 0 (rows), halo [0, 0], written
// CHECK-NEXT:   work W(i) = 1, uniform
// CHECK-NEXT:   data D = 128 bytes
// CHECK-NEXT:   hooks: strip
// CHECK-NOT: {{.}}
}

int main() {}
