// The analysis stage: roles, forms, distributed dimensions, halos, live-in
// scalars, reductions, and work and data per iteration of each loop.
// RUN: %dlbcc %s --dump-model | FileCheck %s

#include <vector>
const int N = 100;
double a[N][N], b[N][N], c[N];
int steps = 3;
enum Mode { Fast, Slow };

void rows(int n, double w, Mode mode, std::vector<double> &v,
          const std::vector<double> &u, double *p, double (*q)[N],
          double **r) {
  const int K = 4;
  double sum = 0, lo = 1e9;
// CHECK: loop model.cpp:[[@LINE+2]]:3: doall i in [1, n - 1), block, strategy auto
#pragma dlb doall distribute(a, b) reduction(+: sum) reduction(min: lo)
  for (int i = 1; i < n - 1; ++i)
    for (int j = 0; j < N; ++j) {
      a[i][j] = w * (b[i - 1][j] + b[i + 1][j]) + K + steps + mode;
      sum += a[i][j];
      lo = std::min(lo, a[i][j]);
    }
// CHECK-NEXT:   array a: distributed, c-array 2-D of double, dim 0 (rows), halo [0, 0], written
// CHECK-NEXT:   array b: distributed, c-array 2-D of double, dim 0 (rows), halo [-1, 1], read-only
// CHECK-NEXT:   scalar w: double
// CHECK-NEXT:   scalar K: const int = 4 (constant)
// CHECK-NEXT:   scalar steps: int
// CHECK-NEXT:   scalar mode: Mode
// CHECK-NEXT:   reduction +: sum
// CHECK-NEXT:   reduction min: lo
// CHECK-NEXT:   work W(i) = 2500, uniform
// CHECK-NEXT:   data D = 1600 bytes

// CHECK: loop model.cpp:[[@LINE+2]]:3: doall j in [0, n], cyclic, strategy lddlb
#pragma dlb doall distribute(cyclic: a, c) strategy(lddlb)
  for (int j = 0; j <= n; ++j) {
    c[j] = 0;
    for (int i = 0; i < N; ++i)
      c[j] += a[i][j];
    a[0][j] = c[j];
  }
// CHECK-NEXT:   array c: distributed, c-array 1-D of double, dim 0 (elements), halo [0, 0], written
// CHECK-NEXT:   array a: distributed, c-array 2-D of double, dim 1 (columns), halo [0, 0], written
// CHECK-NEXT:   work W(j) = 603, uniform
// CHECK-NEXT:   data D = 808 bytes
// CHECK-NOT: scalar N

// CHECK: loop model.cpp:[[@LINE+2]]:3: doall i in [0, v.size()), block, strategy auto
#pragma dlb doall distribute(v, p, q, r) shape(p[v.size()], q[n], r[n][N])
  for (int i = 0; i < v.size(); ++i) {
    v[i] = u[i % u.size()] + p[i] + q[i][0] + r[i][1];
    p[i] = 0;
    q[i][1] = 0;
    r[i][0] = 0;
  }
// CHECK-NEXT:   array v: distributed, vector 1-D of double, dim 0 (elements), halo [0, 0], written
// CHECK-NEXT:   array u: whole, vector 1-D of double, read-only
// CHECK-NEXT:   array p: distributed, pointer 1-D of double, dim 0 (elements), halo [0, 0], written
// CHECK-NEXT:   array q: distributed, pointer-to-array 2-D of double, dim 0 (rows), halo [0, 0], written
// CHECK-NEXT:   array r: distributed, pointer-to-pointer 2-D of double, dim 0 (rows), halo [0, 0], written
// CHECK-NEXT:   work W(i) = 13, uniform
// CHECK-NEXT:   data D = 1616 bytes

// CHECK: loop model.cpp:[[@LINE+2]]:3: doall i in [0, n), block, strategy auto
#pragma dlb doall distribute(c) cost(n - i)
  for (int i = 0; i < n; ++i)
    for (int j = i; j < n; ++j)
      c[i] += a[i][j];
// CHECK-NEXT:   array c: distributed, c-array 1-D of double, dim 0 (elements), halo [0, 0], written
// CHECK-NEXT:   array a: distributed, c-array 2-D of double, dim 0 (rows), halo [0, 0], read-only
// CHECK-NEXT:   scalar n: int
// CHECK-NEXT:   work W(i) = n - i, affine, from cost() (counted: 6 * dlb::trips(i, n))
// CHECK-NEXT:   data D = {{.*}} bytes
}

// A parameter declared with its extents, distributed by columns: D counts
// the rows as declared (N), with no shape().
#define ROWS 30
void columns(int n, double B[ROWS][40]) {
// CHECK: loop model.cpp:[[@LINE+2]]:3: doall j in [0, n), block, strategy auto
#pragma dlb doall distribute(B)
  for (int j = 0; j < n; ++j)
    for (int i = 1; i < ROWS; ++i)
      B[i][j] += B[i - 1][j];
// CHECK-NEXT:   array B: distributed, pointer-to-array 2-D of double, dim 1 (columns), halo [0, 0], written
// CHECK:        data D = 240 bytes
}

// A vector of rows: 2-D, its row length known when the loop runs.
void nested(std::vector<std::vector<float>> &m, int n) {
// CHECK: loop model.cpp:[[@LINE+2]]:3: doall i in [0, n), block, strategy auto
#pragma dlb doall distribute(m)
  for (int i = 0; i < n; ++i)
    m[i][0] = 1;
// CHECK-NEXT:   array m: distributed, vector-of-vectors 2-D of float, dim 0 (rows), halo [0, 0], written
// CHECK-NEXT:   work W(i) = 2, uniform
// CHECK-NEXT:   data D = 4 * (m.empty() ? 0 : m[0].size()) bytes
}
