// The distributed dimension is inferred from the subscripts.
// RUN: not %dlbcc %s -o %t.cpp -- -ferror-limit=0 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

double a[100], b[100];
double m[100][100], q[100][100];
int idx[100];

void dist(int n) {
#pragma dlb doall distribute(a, b)
  for (int i = 0; i < n; ++i)
    a[i] = b[0];
// CHECK: :[[@LINE-1]]:12: error: distributed array 'b' is not subscripted by the loop index 'i' in any dimension
// The index in several dimensions: the one subscripted 'i + c' is
// distributed (m[i][i], q[i][i - 1] are rows i), unless there is none.
#pragma dlb doall distribute(m, q)
  for (int i = 1; i < n; ++i)
    m[i][i] = q[i][i - 1] + q[i][2 * i - 1];
#pragma dlb doall distribute(m)
  for (int i = 0; i < n; ++i)
    m[2 * i][2 * i] = 1;
// CHECK: :[[@LINE-1]]:5: error: distributed array 'm' is subscripted by the loop index 'i' in more than one dimension, and in none of them as 'i + c' (the dimension to distribute)
#pragma dlb doall distribute(m)
  for (int i = 0; i < n; ++i) {
    m[i][0] = 1;
    m[0][i] = 2;
// CHECK: :[[@LINE-1]]:5: error: distributed array 'm' is subscripted by the loop index in dimension 1 here but in dimension 0 elsewhere
  }
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[2 * i] = 1;
// CHECK: :[[@LINE-1]]:5: error: the distributed dimension of 'a' must be subscripted by 'i' or 'i + constant'
#pragma dlb doall distribute(a, b)
  for (int i = 0; i < n; ++i)
    a[i] = b[idx[i]];
// CHECK: :[[@LINE-1]]:12: error: the distributed dimension of 'b' must be subscripted by 'i' or 'i + constant'
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
    a[i] = 1;
    a[0] = 2;
// CHECK: :[[@LINE-1]]:5: error: the distributed dimension of 'a' must be subscripted by 'i' or 'i + constant'
  }
// Reading a written array elsewhere than at 'i + c': the iterations depend
// on each other (forward substitution, a pivot row).
#pragma dlb doall distribute(a, m)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < i; ++j)
      a[i] -= m[i][j] * a[j];
// CHECK: :[[@LINE-1]]:25: error: 'a[j]' reads an element of 'a' that another iteration of 'i' may write (each iteration writes 'a' at its own 'i'): the iterations depend on each other, and the loop is not parallel as written; distribute a loop whose iterations are independent, or read a copy made before the loop
#pragma dlb doall distribute(a)
  for (int i = 0; i < n - 1; ++i)
    a[i + 1] = 1;
// CHECK: :[[@LINE-1]]:5: error: writes to distributed array 'a' must use exactly 'i' in the distributed dimension
}
