// The work per iteration W(i) and the data per iteration D of each loop, as
// --remarks reports them; every W and D must compile at the call site.
// RUN: %dlbcc %s --remarks -o %t.cpp 2>&1 | grep -v "hook" | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)
// RUN: FileCheck %s --check-prefix=EMIT < %t.cpp
// Without --remarks, no remark.
// RUN: %dlbcc %s -o %t2.cpp 2>&1 | count 0

#include <algorithm>
#include <cmath>
#include <vector>

constexpr int N = 64;
double X[N][N], Y[N][N], Z[N][N];
double a[N], b[N][N], c[N];

// Matrix multiply (examples/mxm.cpp) with compile-time sizes: a number.
void mxmConstant() {
// CHECK: work.cpp:[[@LINE+2]]:3: remark: work per iteration W(i) = 24768 basic operations; data per iteration D = 1024 bytes
#pragma dlb doall distribute(Z, X) whole(Y)
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < N; ++j) {
      double s = 0.0;
      for (int k = 0; k < N; ++k)
        s += X[i][k] * Y[k][j];
      Z[i][j] = s;
    }
  }
}

// The same loop with run-time sizes through shape(): uniform, symbolic.
void mxmShape(double **x, double **y, double **z, int n) {
// CHECK: work.cpp:[[@LINE+2]]:3: remark: work per iteration W(i) = 3 * dlb::trips(0, n) + 6 * dlb::trips(0, n) * dlb::trips(0, n) basic operations; data per iteration D = 16 * (n) bytes
#pragma dlb doall distribute(z, x) whole(y) shape(x[n][n], y[n][n], z[n][n])
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      double s = 0.0;
      for (int k = 0; k < n; ++k)
        s += x[i][k] * y[k][j];
      z[i][j] = s;
    }
  }
}
// EMIT:      dlbcc_run.bounds(0, n);
// EMIT-NEXT: dlbcc_run.hooks(dlb::HookLevel::Strip);
// EMIT-NEXT: dlbcc_run.work(3 * dlb::trips(0, n) + 6 * dlb::trips(0, n) * dlb::trips(0, n));
// EMIT-NEXT: dlbcc_run.data(16 * (n));

// Adjoint convolution (examples/ac.cpp) without its cost(): triangular, W
// affine in i.
void adjointConvolution(int len, double x) {
// CHECK: work.cpp:[[@LINE+3]]:3: remark: work per iteration W(i) = 4 + 7 * dlb::trips(i, len) basic operations; data per iteration D = 8 bytes
// CHECK: work.cpp:[[@LINE+2]]:3: remark: work per iteration W(i) = 4 + 7 * dlb::trips(i, len) is affine in 'i': schedule(bitonic) would pair iterations of equal total work and make the loop uniform
#pragma dlb doall distribute(a) whole(b, c)
  for (int i = 0; i < len; ++i) {
    double acc = 0.0;
    for (int k = i; k < len; ++k)
      acc += b[0][k] * c[k - i];
    a[i] += x * acc;
  }
}
// EMIT:      dlbcc_run.bounds(0, len);
// EMIT-NEXT: dlbcc_run.hooks(dlb::HookLevel::Strip);
// EMIT-NEXT: dlbcc_run.work([&](long long i) -> double { return 4 + 7 * dlb::trips(i, len); });
// EMIT-NEXT: dlbcc_run.data(8);

// A TRFD-like nest: the middle index runs to i, the inner one from the
// middle index, so the inner trip count is taken at the middle one's mean.
void trfdLike(int n) {
// CHECK: work.cpp:[[@LINE+2]]:3: remark: work per iteration W(i) = 2 * dlb::trips(0, i + 1) + 6 * dlb::trips(0, i + 1) * dlb::trips(dlb::mid(0, i + 1), n) basic operations; data per iteration D = 8 bytes
#pragma dlb doall distribute(a) whole(b)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j <= i; ++j)
      for (int k = j; k < n; ++k)
        a[i] += b[j][k];
}

// With constant bounds the mean is a number and the sum is exact:
// sum over j < 10 of (2 + 5 * (10 - j)) = 295.
void triangleConstant() {
// CHECK: work.cpp:[[@LINE+2]]:3: remark: work per iteration W(i) = 295 basic operations; data per iteration D = 8 bytes
#pragma dlb doall distribute(a)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < 10; ++j)
      for (int k = j; k < 10; ++k)
        a[i] += 1;
}

// Steps, <=, an assignment as init, and an index used where the mean cannot
// stand as a double (converted to the index's type).
void steps(int n) {
// CHECK: work.cpp:[[@LINE+2]]:3: remark: work per iteration W(i) = 2 * dlb::trips(0, n, 2) + 5 * dlb::trips(1, n + 1, 3) + 15 * dlb::trips(0, n, 2) * dlb::trips(0, std::min(static_cast<int>(dlb::mid(0, n, 2)), 8)) basic operations; data per iteration D = 8 bytes
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
    int k;
    for (int j = 0; j < n; j += 2)
      for (int m = 0; m < std::min(j, 8); ++m)
        a[i] += 1;
    for (k = 1; k <= n; k += 3)
      a[i] -= 1;
  }
}

// An if: the condition, plus half of each branch.
void branches(int n) {
// CHECK: work.cpp:[[@LINE+2]]:3: remark: work per iteration W(i) = 8.5 basic operations; data per iteration D = 8 bytes
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
    if (a[i] > 0)
      a[i] = std::sqrt(a[i]);
    else
      a[i] = 0;
  }
}

// A while loop: its trip count is unknown, its body is counted once.
void unknownTrips(int n) {
// CHECK: work.cpp:[[@LINE+2]]:3: remark: work per iteration W(i) = 6 basic operations; data per iteration D = 8 bytes
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
    int t = i;
    while (t > 1)
// CHECK: work.cpp:[[@LINE-1]]:5: note: the trip count of this loop is unknown; its body is counted once (cost() overrides the estimate)
      t /= 2;
    for (int s = 1; s < n; s *= 2)
// CHECK: work.cpp:[[@LINE-1]]:5: note: the trip count of this loop is unknown
      t += s;
    a[i] = t;
  }
}

// Body-local bounds: a variable never modified after its initialization
// stands for its initializer; a modified one makes the trip count unknown.
void bodyLocal(int n) {
// CHECK: work.cpp:[[@LINE+2]]:3: remark: work per iteration W(i) = 9 + 5 * dlb::trips(0, (i / 2 + 1)) + 5 * dlb::trips(0, (n - (i))) basic operations; data per iteration D = 8 bytes
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
    int half = i / 2 + 1;
    for (int k = 0; k < half; ++k)
      a[i] += k;
    const int first = i;
    const int rest = n - first;
    for (int k = 0; k < rest; ++k)
      a[i] += k;
    int grown = half;
    ++grown;
    for (int k = 0; k < grown; ++k)
// CHECK: work.cpp:[[@LINE-1]]:5: note: the trip count of this loop is unknown
      a[i] += k;
  }
}
// The body-local bounds are affine in i (i / 2 up to rounding): the
// suggestion follows the notes of the remark.
// CHECK: work.cpp:[[@LINE-17]]:3: remark: work per iteration W(i) = 9 + 5 * dlb::trips(0, (i / 2 + 1)) + 5 * dlb::trips(0, (n - (i))) is affine in 'i'

// Calls: a math function costs 10, a function of this file its body; a
// trip count that uses the function's parameters is unknown (the note
// follows the remark).
static double square(double v) { return v * v; }
static double power(double v, int e);
static double cubeSum(double v) {
  double s = 0;
  for (int k = 0; k < 3; ++k)
    s += square(v) * v;
  return s;
}
void calls(int n) {
// CHECK: work.cpp:[[@LINE+2]]:3: remark: work per iteration W(i) = 37 basic operations; data per iteration D = 8 bytes
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = std::exp(a[i]) + square(a[i]) + power(a[i], 3) + cubeSum(a[i]);
}
static double power(double v, int e) {
  double r = 1;
  for (int k = 0; k < e; ++k)
// CHECK: work.cpp:[[@LINE-1]]:3: note: the trip count of this loop is unknown
    r *= v;
  return r;
}

// cost() overrides the count: its text, uniform or not.
void costs(int n) {
// CHECK: work.cpp:[[@LINE+2]]:3: remark: work per iteration W(i) = n * 2, from cost() (counted: 5 * dlb::trips(0, n) basic operations); data per iteration D = 8 bytes
#pragma dlb doall distribute(a) cost(n * 2)
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < n; ++k)
      a[i] += 1;
// CHECK: work.cpp:[[@LINE+3]]:3: remark: work per iteration W(i) = (n - i) * 1.5, from cost() (counted: 1 + 4 * dlb::trips(i, n) basic operations); data per iteration D = 520 bytes
// CHECK: work.cpp:[[@LINE+2]]:3: remark: work per iteration W(i) = (n - i) * 1.5 is affine in 'i'
#pragma dlb doall distribute(a) cost((n - i) * 1.5)
  for (int i = 0; i < n; ++i) {
    double s = 0;
    for (int k = i; k < n; ++k)
      s += b[i][k];
    a[i] = s;
  }
}
// Beside cost(), the count, which the runtime scales cost()'s W to.
// EMIT:      dlbcc_run.work(n * 2);
// EMIT-NEXT: dlbcc_run.counted(5 * dlb::trips(0, n));
// EMIT-NEXT: dlbcc_run.data(8);
// EMIT:      dlbcc_run.work([&](long long i) -> double { return (n - i) * 1.5; });
// EMIT-NEXT: dlbcc_run.counted([&](long long i) -> double { return 1 + 4 * dlb::trips(i, n); });

// D: a row per row-distributed array, a column per column-distributed one,
// an element of a 1-D array or vector; whole arrays do not move.
void data(int n, std::vector<double> &v, double (*p)[8], double **q, int m) {
// CHECK: work.cpp:[[@LINE+2]]:3: remark: work per iteration W(i) = 4 basic operations; data per iteration D = 528 bytes
#pragma dlb doall distribute(b, a, v)
  for (int i = 0; i < n; ++i)
    a[i] = b[i][0] + v[i];
// CHECK: work.cpp:[[@LINE+2]]:3: remark: work per iteration W(j) = 2 basic operations; data per iteration D = 512 bytes
#pragma dlb doall distribute(b)
  for (int j = 0; j < N; ++j)
    b[0][j] = b[1][j];
// CHECK: work.cpp:[[@LINE+2]]:3: remark: work per iteration W(i) = 2 basic operations; data per iteration D = 64 + 8 * (m) bytes
#pragma dlb doall distribute(p, q) shape(p[n], q[n][m])
  for (int i = 0; i < n; ++i)
    q[i][0] = p[i][0];
// CHECK: work.cpp:[[@LINE+2]]:3: remark: work per iteration W(r) = 1 basic operations; data per iteration D = 8 * (n) bytes
#pragma dlb doall distribute(q) shape(q[n][m])
  for (int r = 0; r < m; ++r)
    q[0][r] = 1;
  double s = 0;
// EMIT:      the loop at work.cpp:[[@LINE+8]]:3 runs on all ranks
// EMIT-NEXT: dlb::LoopRun
// EMIT-NEXT: dlbcc_run.bounds(0, n);
// EMIT-NEXT: dlbcc_run.hooks(dlb::HookLevel::Strip);
// EMIT-NEXT: dlbcc_run.work(4);
// EMIT-NEXT: dlbcc_run.data(0);
// CHECK: work.cpp:[[@LINE+2]]:3: remark: work per iteration W(i) = 4 basic operations; data per iteration D = 0 bytes
#pragma dlb doall whole(a) reduction(+: s)
  for (int i = 0; i < n; ++i)
    s += a[n - 1 - i];
}

int main() { return 0; }
