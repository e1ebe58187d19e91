// Reads of a written distributed array outside the elements the loop
// writes, over a range that inner loops bound: a read window. LU's update
// of row i at columns j >= i reads the row at columns k < i; a sweep of
// columns j < i reads columns k >= i. dlbcc proves the window outside the
// iterations' range (affine bounds in loop-invariant scalars, through
// nested inner loops) and the call site passes it; every block gets it with
// its own columns. A window that may reach the iterations' range is a
// dependence, as before.
// RUN: %dlbcc %s --dump-model | FileCheck %s --check-prefix=MODEL
// RUN: %dlbcc %s -o %t.cpp
// RUN: FileCheck %s --check-prefix=EMIT < %t.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)
// RUN: not %dlbcc %s -o %t.err.cpp -- -ferror-limit=0 -DERRORS 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error: --implicit-check-not=warning:
// RUN: test ! -e %t.err.cpp
#define N 64
double A[N][N], B[N][N], v[N];

void windows(int n) {
  for (int i = 0; i < n; i++) {
// MODEL: loop read-windows.cpp:[[@LINE+4]]:5: doall j in [i, n)
// MODEL-NEXT: array A: distributed, c-array 2-D of double, dim 1 (columns), halo [0, 0], windows [0, i - 1], written
// EMIT: {{^ *}}dlbcc_run.window(0, 0LL, static_cast<long long>(i)); // A's elements read outside those the loop writes
#pragma dlb doall distribute(A)
    for (int j = i; j < n; j++)
      for (int k = 0; k < i; k++)
        A[i][j] -= A[i][k] * A[k][j];
// Above the iterations, through two inner loops, the inner one bounded by
// the outer one's index; a 1-D array.
// MODEL: loop read-windows.cpp:[[@LINE+4]]:5: doall j in [0, i)
// MODEL-NEXT: array B: distributed, c-array 2-D of double, dim 1 (columns), halo [0, 0], windows [i + 2, n - 1], written
// MODEL-NEXT: array v: distributed, c-array 1-D of double, dim 0 (elements), halo [0, 0], windows [i + 1, n], written
#pragma dlb doall distribute(B, v)
    for (int j = 0; j < i; j++) {
      for (int l = i + 1; l < n; l++)
        for (int k = l + 1; k < n; k += 2)
          B[i][j] += B[i][k] * 0.5;
      for (int m = n; m > i; m--)
        v[j] += v[m] * j;
    }
  }
}

#ifdef ERRORS
void errors(int n) {
  for (int i = 0; i < n; i++) {
    // Column i is the first the loop writes.
#pragma dlb doall distribute(A)
    for (int j = i; j < n; j++)
      for (int k = 0; k <= i; k++)
        A[i][j] -= A[i][k];
// ERR: :[[@LINE-1]]:20: error: 'A[i][k]' reads an element of 'A' that another iteration of 'j' may write
    // After its loop, k is one past the last value the loop gave it.
#pragma dlb doall distribute(A)
    for (int j = i; j < n; j++) {
      int k;
      for (k = 0; k < i; k++)
        A[i][j] -= A[i][k];
      A[i][j] += A[i][k];
// ERR: :[[@LINE-1]]:18: error: 'A[i][k]' reads an element of 'A' that another iteration of 'j' may write
    }
    // The bound of k moves with the iteration.
#pragma dlb doall distribute(A)
    for (int j = i; j < n; j++)
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k];
// ERR: :[[@LINE-1]]:20: error: 'A[i][k]' reads an element of 'A' that another iteration of 'j' may write
  }
}
#endif
