// Arrays of the loop passed to functions: whole (`dot(a[i], x, n)` reads
// all of x), by rows (`scale(a[i], n)`, `&b[i][0]`) or an element bound
// to a reference. What the callee does through its parameter, followed
// through offsets, `*`, rows and the calls it passes the pointer on to,
// is the loop's access of the array (PointeeUses.h).
// RUN: %dlbcc %s --dump-model | FileCheck %s
// RUN: not %dlbcc %s -o %t.cpp -- -DERRORS -ferror-limit=0 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error: --implicit-check-not=note:

#include <cstring>
#include <vector>

const int N = 64;
double a[N][N], b[N][N], c[N][N], x[N], y[N];

double dot(const double *u, const double *v, int n) {
  double s = 0;
  for (int k = 0; k < n; ++k)
    s += u[k] * v[k];
  return s;
}
// A pointer to non-const that is only read through.
double total(double *p, int n) {
  double s = 0;
  for (int k = 0; k < n; ++k)
    s += *(p + k);
  return s;
}
void scale(double *row, int n, double f) {
  for (int k = 0; k < n; ++k)
    row[k] *= f;
}
void fill(double *row, int n, double v) {
  for (int k = 0; k < n; ++k)
    row[k] = v + k;
}
// Passes its pointer on: the callees' uses are its own.
void fillHalves(double *row, int n) {
  fill(row, 8, 1.0);
  fill(&row[8], n - 8, 2.0);
}
void copy(double *to, const double *from, int n) {
  for (int k = 0; k < n; ++k)
    to[k] = from[k];
}
void bump(double &s, double v) { s += v; }
double sumRows(const double (*m)[N], int rows) {
  double s = 0;
  for (int r = 0; r < rows; ++r)
    s += m[r][0];
  return s;
}

void accepted(int n) {
// CHECK: loop call-arrays.cpp:[[@LINE+2]]:3: doall i in [0, N)
#pragma dlb doall distribute(y)
  for (int i = 0; i < N; ++i)
    y[i] = dot(a[i], x, N) + total(x, N);
// CHECK-NEXT: array y: distributed, c-array 1-D of double, dim 0 (elements), halo [0, 0], written
// CHECK-NEXT: array a: distributed, c-array 2-D of double, dim 0 (rows), halo [0, 0], read-only
// CHECK-NEXT: array x: whole, c-array 1-D of double, read-only

// CHECK: loop call-arrays.cpp:[[@LINE+2]]:3: doall i in [0, N)
#pragma dlb doall distribute(a)
  for (int i = 0; i < N; ++i)
    scale(a[i], N, 2.0);
// CHECK-NEXT: array a: distributed, c-array 2-D of double, dim 0 (rows), halo [0, 0], written

// CHECK: loop call-arrays.cpp:[[@LINE+2]]:3: doall i in [1, N - 1)
#pragma dlb doall distribute(b)
  for (int i = 1; i < N - 1; ++i) {
    fillHalves(&b[i][0], N);
    copy(b[i], a[i - 1], N / 2);
    bump(b[i][1], total(a[i + 1], N) + sumRows(c, 4));
  }
// CHECK-NEXT: array b: distributed, c-array 2-D of double, dim 0 (rows), halo [0, 0], written
// CHECK-NEXT: array a: distributed, c-array 2-D of double, dim 0 (rows), halo [-1, 1], read-only
// CHECK-NEXT: array c: whole, c-array 2-D of double, read-only
}

// An element's address, whatever its subscripts: of a vector, of a
// linearized matrix.
void put(double *o, double x) { *o = x; }
void elements(std::vector<double> &v, double *lin, int m) {
// CHECK: loop call-arrays.cpp:[[@LINE+2]]:3: doall i in [0, N)
#pragma dlb doall distribute(v, lin) shape(lin[N * m])
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < m; ++j) {
      put(&v[i], j);
      put(&lin[i * m + j], v[i]);
    }
// CHECK-NEXT: array v: distributed, vector 1-D of double, dim 0 (elements), halo [0, 0], written
// CHECK-NEXT: array lin: distributed, pointer 2-D of double, linearized by rows of m, dim 0 (rows), halo [0, 0], written
}

// memcpy, memmove and memset reach the bytes [0, n) from each pointer: a
// whole number of elements of what the argument points to, read from the
// source, written for sure at the destination (a scratch array filled so is
// the iteration's own), also inside a function of the program.
void copyRow(double *to, const double *from, int n) {
  std::memcpy(to, from, n * sizeof(double));
}
void bytes(int n) {
  double row[N];
// CHECK: loop call-arrays.cpp:[[@LINE+2]]:3: doall i in [0, N - 2)
#pragma dlb doall distribute(a, b, c)
  for (int i = 0; i < N - 2; ++i) {
    std::memcpy(row, c[i + 2], sizeof row);
    row[0] += row[N - 1];
    copyRow(a[i], row, N);
    std::memmove(&a[i][1], &a[i][0], (N - 1) * sizeof(double));
    std::memset(&b[i][4], 0, sizeof(double) * 4);
  }
// CHECK-NEXT: array c: distributed, c-array 2-D of double, dim 0 (rows), halo [2, 2], read-only
// CHECK-NEXT: array a: distributed, c-array 2-D of double, dim 0 (rows), halo [0, 0], written
// CHECK-NEXT: array b: distributed, c-array 2-D of double, dim 0 (rows), halo [0, 0], written
}

#ifdef ERRORS
void zeroFrom(double *p, int n) {
  if (n > 0) {
    p[0] = 0;
    zeroFrom(p + 1, n - 1);
  }
}
double *kept;
double first(double *p) {
  double *r = p;
  return r[0];
}
double viaCast(const double *p) { return total((double *)p, 1); }
void rowOf(double *p, int i) { fill(p + i * N, N, 0.0); }

void rejected(int n) {
#pragma dlb doall distribute(y)
  for (int i = 0; i < N; ++i)
    y[i] = first(a[i]);
// ERR: :[[@LINE-1]]:18: error: array 'a' is passed to 'first', and dlbcc cannot tell which of its elements 'first' reads or writes: it does more with the pointer than subscript it (stores, casts or moves it), or passes it to a function whose body dlbcc cannot see; have the function use its parameter through subscripts bounded by its loops and parameters
// ERR: :[[@LINE-11]]:3: note: 'first' lets the pointer go here
// A call the loop may not make at all is that call's error only.
#pragma dlb doall distribute(y)
  for (int i = 0; i < N; ++i)
    y[i] = viaCast(x);
// ERR: :[[@LINE-1]]:12: error: call to 'viaCast', which may have side effects
// ERR: :[[@LINE-14]]:48: note: it passes to 'total'
// Every iteration writes all of x.
#pragma dlb doall distribute(y)
  for (int i = 0; i < N; ++i)
    fill(x, N, i);
// ERR: :[[@LINE-1]]:10: error: every iteration writes array 'x' at elements that do not depend on 'i'
// The row an iteration reads is another's.
#pragma dlb doall distribute(b)
  for (int i = 1; i < N; ++i)
    copy(b[i], b[i - 1], N);
// ERR: :[[@LINE-1]]:16: error: loop-carried dependence on 'b' (distance 1 in 'i')
// ERR: :[[@LINE-2]]:10: note: update of 'b[i]' here
// ERR: :[[@LINE-3]]:16: note: read of 'b[i - 1]' here
#pragma dlb doall distribute(b)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      scale(b[j], N, 0.5);
// ERR: :[[@LINE-1]]:13: error: every iteration writes array 'b' at elements that do not depend on 'i'
// A flat walk from row 0 leaves it (rowOf gives fill `p + i * N`).
#pragma dlb doall distribute(a)
  for (int i = 0; i < N; ++i)
    rowOf(a[0], i);
// ERR: :[[@LINE-1]]:11: error: every iteration writes array 'a' at elements that do not depend on 'i'
// ERR: :[[@LINE-2]]:11: error: 'a[0]' reaches index 4032 in dimension 2 of 'a', whose extent is 64
// An element's address to a function that reaches it only: the element.
#pragma dlb doall distribute(y) schedule(bitonic)
  for (int i = 0; i < N; ++i)
    scale(&y[i], 1, 2.0);
// Rows under bitonic pairs are not contiguous in the kernel.
#pragma dlb doall distribute(b) schedule(bitonic)
  for (int i = 0; i < N; ++i)
    scale(b[i], N, 0.5);
// ERR: :[[@LINE-1]]:11: error: array 'b' is passed to 'scale' by rows or whole, which a loop may do where its rows are contiguous, not under schedule(bitonic)
// The row length varies with the iteration: no check before the loop.
#pragma dlb doall distribute(b)
  for (int i = 0; i < N; ++i) {
    int m = i % 7 + 1;
    scale(b[i], m, 0.5);
  }
// ERR: :[[@LINE-2]]:11: error: cannot prove that the elements of 'b' that 'scale' reaches from 'b[i]' lie within its extents, nor check them before the loop
// A recursive walk: its offsets grow with each call, unbounded.
#pragma dlb doall distribute(b)
  for (int i = 0; i < N; ++i)
    zeroFrom(b[i], N);
// ERR: :[[@LINE-1]]:14: error: array 'b' is passed to 'zeroFrom', and dlbcc cannot tell which of its elements 'zeroFrom' reads or writes: it writes at subscripts that its loops and parameters do not bound, or this call's arguments are not affine
// Under a condition, a length known only at run time: checked before the
// loop.
#pragma dlb doall distribute(b)
  for (int i = 0; i < N; ++i)
    if (i % 2)
      scale(b[i], n, 0.5);
// Bytes that are not whole elements; a byte past the row.
#pragma dlb doall distribute(b)
  for (int i = 0; i < N; ++i)
    std::memset(b[i], 0, 7);
// ERR: :[[@LINE-1]]:17: error: array 'b' is passed to 'memset', and dlbcc cannot tell which of its elements 'memset' reads or writes: the number of bytes is not a whole number of its elements, or not an affine expression of the loop's variables; give it as a count of elements times sizeof(element)
#pragma dlb doall distribute(b)
  for (int i = 0; i < N; ++i)
    std::memset(&b[i][1], 0, N * sizeof(double));
// ERR: :[[@LINE-1]]:17: error: '&b[i][1]' reaches index 64 in dimension 2 of 'b', whose extent is 64
}
#endif
