// Which arrays are supported, and how a loop may use them.
// RUN: not %dlbcc %s -o %t.cpp -- -ferror-limit=0 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

#include <vector>
double a[100], b[100];
double m[10][10];
double cube[4][4][4];
struct P { double v; };
P structs[10];
std::vector<std::vector<double>> nested;
std::vector<std::vector<std::vector<double>>> deep;
double sum(const double *x, int n) {
  double s = 0;
  for (int k = 0; k < n; ++k)
    s += x[k];
  return s;
}

void arrays(int n, double *p, double **pp, std::vector<double> &v,
            double (*rows)[10], double x) {
// Three dimensions: distributed along the first one only.
#pragma dlb doall distribute(cube)
  for (int i = 0; i < 4; ++i)
    cube[0][i][1] = 1;
// CHECK: :[[@LINE-1]]:5: error: array 'cube' has 3 dimensions and can be distributed along its first one only; subscript its first dimension with 'i' (a loop over another dimension may be the one to distribute)
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = structs[i].v + cube[0][0][i % 4];
// CHECK: :[[@LINE-1]]:12: error: array 'structs' has type 'P[10]'; supported are C arrays of arithmetic type with constant extents (any number of dimensions), variable-length arrays, pointers with shape() (to elements or to rows, of constant or run-time length), std::vector of arithmetic type (1-D), and std::vector of such vectors (2-D)
// CHECK: :[[@LINE-2]]:12: error: unsupported use of array 'structs': dlbcc cannot tell which elements it reads or writes
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = p[i];
// CHECK: :[[@LINE-1]]:12: error: 'p' is a pointer; give its extents with shape(p[n]) or shape(p[n][m])
#pragma dlb doall distribute(a) shape(p[n][n])
// CHECK: :[[@LINE-1]]:39: error: shape() gives 2 extent(s) for 'p', which is used with 1 subscript(s)
  for (int i = 0; i < n; ++i)
    a[i] = p[i];
#pragma dlb doall distribute(a) shape(b[n])
// CHECK: :[[@LINE-1]]:39: error: shape() is only for pointers; 'b' carries its extents in its type
  for (int i = 0; i < n; ++i)
    a[i] = b[i];
// A row, or the whole array, passed to a function that reads it: accesses
// as the function makes them (call-arrays.cpp).
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = sum(m[i], 10) + sum(b, 10);
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
    double *row = &b[i];
// CHECK: :[[@LINE-1]]:20: error: unsupported use of array 'b': dlbcc cannot tell which elements it reads or writes
    a[i] = *row;
  }
#pragma dlb doall distribute(a, v)
  for (int i = 0; i < n; ++i) {
    a[i] = v.front();
// CHECK: :[[@LINE-1]]:12: error: only subscripts and size() may be used on vector 'v' in the loop
    v[i] = v.size();
  }
// A vector of rows is a 2-D array: an element has two subscripts, and the
// rows' members are not the loop's to use; three levels are not supported.
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = nested[i][0] + nested[i].size();
// CHECK: :[[@LINE-1]]:27: error: array 'nested' must be used with all 2 subscript(s) in the loop
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = deep[i][0][0];
// CHECK: :[[@LINE-1]]:12: error: array 'deep' has type 'std::vector<std::vector<std::vector<double>>>'
#pragma dlb doall whole(a)
  for (int i = 0; i < n; ++i)
    a[i] = 1;
// CHECK: :[[@LINE-1]]:5: error: array 'a' is declared whole() but written in the loop; whole arrays are read-only
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    b[i] = a[i];
// CHECK: :[[@LINE-1]]:5: error: array 'b' is written in the loop but not distributed; add it to distribute()
// A scratch array declared before the loop, whose subscripts never name the
// index: one error, the same whether or not it is in distribute(), that
// says to declare it in the body (it used to ask for distribute(), and once
// there for a subscript by 'i', once per access).
{
  double tmp[8];
#pragma dlb doall distribute(m, tmp)
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < 8; ++k)
      tmp[k] = a[i] * k;
// CHECK: :[[@LINE-1]]:7: error: every iteration writes array 'tmp' at elements that do not depend on 'i', so the iterations would overwrite each other's values: if it is scratch space, declare it inside the loop body (each iteration then has its own), or have each iteration assign the elements it reads before reading them (in a 'for' loop with constant bounds, or by a call that writes them all) and name the array nowhere after the loop (a global: static, and nowhere else in its file); if the iterations add up into it, name it in reduction()
    for (int k = 0; k < 8; ++k)
      m[i][k] = tmp[k] + tmp[7 - k];
  }
  // The next loop fills tmp before it reads it, and nothing reads it after:
  // its scratch space (the loop above named it only before).
#pragma dlb doall distribute(m)
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < 8; ++k)
      tmp[k] = a[i] * k;
    for (int k = 0; k < 8; ++k)
      m[i][k] = tmp[k] + tmp[7 - k];
  }
#pragma dlb doall distribute(m)
  for (int i = 0; i < n; ++i) {
    double tmp2[8];
    for (int k = 0; k < 8; ++k)
      tmp2[k] = a[i] * k;
    for (int k = 0; k < 8; ++k)
      m[i][k] = tmp2[k] + tmp2[7 - k];
  }
}
#pragma dlb doall distribute(a, b) whole(m) shape(pp[n][n])
  for (int i = 0; i < n; ++i)
    a[i] = 0;
// CHECK: :[[@LINE-3]]:33: warning: 'b' is named in distribute() but not used in the loop
// CHECK: :[[@LINE-4]]:42: warning: 'm' is named in whole() but not used in the loop
// CHECK: :[[@LINE-5]]:51: warning: 'pp' is named in shape() but not used in the loop
// Rank 0 evaluates the extents before the loop runs.
#pragma dlb doall distribute(p) shape(p[n++])
// CHECK: :[[@LINE-1]]:41: error: shape() must not have side effects
  for (int i = 0; i < n; ++i)
    p[i] = 0;
#pragma dlb doall distribute(p) shape(p[x * n])
// CHECK: :[[@LINE-1]]:41: error: the extent of 'p' in shape() must have an integer type, not 'double'
  for (int i = 0; i < n; ++i)
    p[i] = 0;
#pragma dlb doall distribute(rows) shape(rows[n][n])
// CHECK: :[[@LINE-1]]:50: error: the second extent of 'rows' in shape() must be 10, the row length of its type
  for (int i = 0; i < n; ++i)
    rows[i][0] = 0;
#pragma dlb doall distribute(rows) shape(rows[n][8])
// CHECK: :[[@LINE-1]]:50: error: the second extent of 'rows' in shape() must be 10, the row length of its type
  for (int i = 0; i < n; ++i)
    rows[i][0] = 0;
#pragma dlb doall distribute(a, x) whole(n) shape(pp[n])
// CHECK: :[[@LINE-1]]:51: error: shape() gives 1 extent(s) for 'pp', which is used with 2 subscript(s)
// CHECK: :[[@LINE-2]]:33: error: 'x' is not an array; distribute() takes arrays only (scalars the loop reads are sent without a clause)
// CHECK: :[[@LINE-3]]:42: error: 'n' is not an array; whole() takes arrays only (scalars the loop reads are sent without a clause)
  for (int i = 0; i < n; ++i)
    a[i] = x + pp[i][0];
}
