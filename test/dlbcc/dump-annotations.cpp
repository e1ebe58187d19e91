// The parse stage: clauses are parsed and their names and expressions are
// resolved by Clang (printed from the AST, not copied from the pragma).
// RUN: %dlbcc %s --dump-annotations | FileCheck %s

#define N 64
double a[N][N], b[N][N], w[N], v[N];
void f(double *p, double **pp, int n, int m) {
  double s = 0, hi = 0;
#pragma dlb doall, distribute(cyclic: a, b), whole(w, v) shape(p[n * 2], pp[n][m + 1]) reduction(+: s) reduction(max: hi) cost(n * (i + 1)) schedule(bitonic) strategy(gcdlb)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      a[i][j] = w[j] + p[i] + pp[i][j];
      s += a[i][j];
      hi = hi > a[i][j] ? hi : a[i][j];
    }
#pragma dlb doacross distribute(a)
  for (int i = 1; i < N; ++i)
    a[i][0] = a[i - 1][0];
}
// CHECK:      annotation at line 9: doall, loop at line 10
// CHECK-NEXT:   distribute(cyclic: a, b)
// CHECK-NEXT:   whole(w, v)
// CHECK-NEXT:   shape(p[n * 2])
// CHECK-NEXT:   shape(pp[n][m + 1])
// CHECK-NEXT:   reduction(+: s)
// CHECK-NEXT:   reduction(max: hi)
// CHECK-NEXT:   cost(n * (i + 1))
// CHECK-NEXT:   schedule(bitonic)
// CHECK-NEXT:   strategy(gcdlb)
// CHECK-NEXT: annotation at line 16: doacross, loop at line 17
// CHECK-NEXT:   distribute(block: a)
// CHECK-NEXT:   whole()
// CHECK-NEXT:   strategy(auto)
