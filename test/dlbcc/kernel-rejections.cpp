// The row-oriented forms of Cholesky and forward substitution have no
// parallel loop: a pragma on their row loop is rejected at each read of an
// earlier row, and nothing is emitted. (examples/kernels has the column-
// oriented forms, whose update loops are parallel.)
// RUN: not %dlbcc %s -o %t.cpp -- -ferror-limit=0 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not test -e %t.cpp
#include <cmath>

static double A[64][64], L[64][64], x[64], b[64];

void leftLookingCholesky(int n) {
  int i, j, k;
#pragma dlb doall distribute(A)
  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      for (k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[j][k];
// CHECK: :[[@LINE-1]]:30: error: 'A[j][k]' reads an element of 'A' that another iteration of 'i' may write (each iteration writes 'A' at its own 'i'): the iterations depend on each other, and the loop is not parallel as written; distribute a loop whose iterations are independent, or read a copy made before the loop
      // The same cause, reported once, at the first read.
      A[i][j] /= A[j][j];
    }
    for (k = 0; k < i; k++)
      A[i][i] -= A[i][k] * A[i][k];
    A[i][i] = std::sqrt(A[i][i]);
  }
}

void rowOrientedSubstitution(int n) {
  int i, j;
#pragma dlb doall distribute(x, L) whole(b)
  for (i = 0; i < n; i++) {
    x[i] = b[i];
    for (j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
// CHECK: :[[@LINE-1]]:25: error: 'x[j]' reads an element of 'x' that another iteration of 'i' may write (each iteration writes 'x' at its own 'i'): the iterations depend on each other, and the loop is not parallel as written; distribute a loop whose iterations are independent, or read a copy made before the loop
    x[i] = x[i] / L[i][i];
  }
}
