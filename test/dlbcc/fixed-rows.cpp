// Reads of a fixed row of a distributed array (the first subscript names
// only loop-invariant scalars) outside the rows the loop writes: LU's pivot
// row, back substitution's x[k]. Every rank gets a copy of the row; the
// kernel reads the copy. The array stays on the ranks across the time loop:
// before each execution rank 0 takes a copy of the fixed row from the rank
// that keeps it. A fixed row inside the written range is a dependence, as
// before.
// RUN: %dlbcc %s --dump-model | FileCheck %s --check-prefix=MODEL
// RUN: %dlbcc %s -o %t.cpp
// RUN: FileCheck %s --check-prefix=EMIT < %t.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)
// RUN: not %dlbcc %s -o %t.err.cpp -- -DERRORS 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error: --implicit-check-not=warning:
// RUN: test ! -e %t.err.cpp
#define N 64
double A[N][N], B[N][N], x[N], b[N];

void lu(int n) {
  int i, j, k;
  for (k = 0; k < n; k++) {
// MODEL: loop fixed-rows.cpp:[[@LINE+8]]:5: doall i in [k + 1, n)
// MODEL-NEXT: array A: distributed, c-array 2-D of double, dim 0 (rows), halo [0, 0], fixed rows k, written, kept
// EMIT: {{^ *}}const double *dlbcc_pin_A_0 = dlbcc_block.pinned<double>(0, 0);
// EMIT: {{^ *}}A[i][k] = A[i][k] / dlbcc_pin_A_0[k];
// EMIT: {{^ *}}A[i][j] = A[i][j] - A[i][k] * dlbcc_pin_A_0[j];
// EMIT: {{^ *}}dlbcc_run.pin(0, static_cast<long long>(k)); // A's row read by every iteration
// EMIT-NEXT: {{^ *}}dlbcc_run.keep(0); // A stays on the ranks
#pragma dlb doall distribute(A)
    for (i = k + 1; i < n; i++) {
      A[i][k] = A[i][k] / A[k][k];
      for (j = k + 1; j < n; j++)
        A[i][j] = A[i][j] - A[i][k] * A[k][j];
    }
  }
}

// Back substitution by columns, counting down: x[k] is final when the loop
// over the rows above it runs; rows k - 1 down to 0 are written. x, which
// the step's own code also uses at row k, is not kept on the ranks.
void backward(int n) {
  int i, k;
  for (k = n - 1; k >= 0; k--) {
    x[k] = x[k] / B[k][k];
// MODEL: loop fixed-rows.cpp:[[@LINE+5]]:5: doall i in [0, k - 1] counting down
// MODEL-NEXT: array x: distributed, c-array 1-D of double, dim 0 (elements), halo [0, 0], fixed rows k, written{{$}}
// MODEL-NEXT: array B: distributed, c-array 2-D of double, dim 0 (rows), halo [0, 0], read-only, kept
// EMIT: {{^ *[{] }}x[i] -= B[i][k] * dlbcc_pin_x_0[0];
#pragma dlb doall distribute(x) whole(B)
    for (i = k - 1; i >= 0; i--)
      x[i] -= B[i][k] * x[k];
  }
}

// Two fixed rows, one above and one below the rows written; and a
// distributed array only read, at a fixed row anywhere.
void twoRows(int n, int m) {
// MODEL: loop fixed-rows.cpp:[[@LINE+4]]:3: doall i in [m + 1, n - 2]
// MODEL-NEXT: array A: distributed, c-array 2-D of double, dim 0 (rows), halo [0, 0], fixed rows m, n - 1, written
// MODEL-NEXT: array b: distributed, c-array 1-D of double, dim 0 (elements), halo [0, 0], fixed rows m + 2, read-only
#pragma dlb doall distribute(A, b)
  for (int i = m + 1; i <= n - 2; i++)
    for (int j = 0; j < n; j++)
      A[i][j] += A[m][j] * b[i] - A[n - 1][j] * b[m + 2];
}

// Right-looking Cholesky: the fixed row k is read at column i, the index;
// the array is distributed by rows elsewhere, so that is a fixed row too.
// A read-only array distributed by columns read at row k stays an ordinary
// column access.
void cholesky(int n) {
  int i, j, k;
  for (k = 0; k < n; k++) {
// MODEL: loop fixed-rows.cpp:[[@LINE+4]]:5: doall i in [k + 1, n)
// MODEL-NEXT: array A: distributed, c-array 2-D of double, dim 0 (rows), halo [0, 0], fixed rows k, written, kept
// EMIT: {{^ *}}A[i][j] -= dlbcc_pin_A_0[i] * dlbcc_pin_A_0[j];
#pragma dlb doall distribute(A)
    for (i = k + 1; i < n; i++)
      for (j = i; j < n; j++)
        A[i][j] -= A[k][i] * A[k][j];
// MODEL: loop fixed-rows.cpp:[[@LINE+4]]:5: doall j in [0, n)
// MODEL-NEXT: array x: distributed, c-array 1-D of double, dim 0 (elements), halo [0, 0], written, kept
// MODEL-NEXT: array B: distributed, c-array 2-D of double, dim 1 (columns), halo [0, 0], read-only, kept
#pragma dlb doall distribute(x, B)
    for (j = 0; j < n; j++)
      x[j] += B[k][j];
  }
}

#ifdef ERRORS
void inside(int n, int k) {
#pragma dlb doall distribute(A)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] -= A[k][j];
// ERR: :[[@LINE-1]]:18: error: 'A[k][j]' reads an element of 'A' that another iteration of 'i' may write
}

void notProvablyOutside(int n, int k, int m) {
#pragma dlb doall distribute(A)
  for (int i = m; i < n; i++)
    A[i][0] = A[k][0];
// ERR: :[[@LINE-1]]:15: error: 'A[k][0]' reads an element of 'A' that another iteration of 'i' may write
}

void tooMany(int n) {
#pragma dlb doall distribute(A)
  for (int i = 5; i < n; i++)
    A[i][0] = A[0][0] + A[1][0] + A[2][0] + A[3][0] + A[4][0];
// ERR: :[[@LINE-1]]:55: error: 'A[4][0]' reads an element of 'A' that another iteration of 'i' may write
}

// Distributed by columns, a fixed row does not help: A[2][3] is in column
// 3, which iteration 3 writes.
void columns(int n) {
#pragma dlb doall distribute(A)
  for (int j = 1; j < n; j++)
    A[0][j] = A[1][j] + A[2][3];
// ERR: :[[@LINE-1]]:25: error: 'A[2][3]' reads an element of 'A' that another iteration of 'j' may write
}
#endif

int main() {
  lu(N);
  backward(N);
  twoRows(N, 3);
  cholesky(N);
}
