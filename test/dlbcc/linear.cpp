// Linearized arrays: a 1-D array indexed `(i + c) * n + column` (n a
// loop-invariant integer scalar, the column affine) is a matrix of rows of
// n elements, distributed by rows. The call site checks every column
// against n (and the rows against the array) before the loop.
// RUN: %dlbcc %s --dump-model | FileCheck %s --check-prefix=MODEL
// RUN: %dlbcc %s -o %t.cpp
// RUN: FileCheck %s --check-prefix=EMIT < %t.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)
// RUN: not %dlbcc %s -o %t.err.cpp -- -DERRORS 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error: --implicit-check-not=warning:
// RUN: test ! -e %t.err.cpp
#include <vector>

void forms(int n, std::vector<double> &A, const std::vector<double> &B) {
// MODEL: loop linear.cpp:[[@LINE+10]]:3: doall i in [1, n - 1)
// MODEL-NEXT: array A: distributed, vector 2-D of double, linearized by rows of n, dim 0 (rows), halo [0, 0], written
// MODEL-NEXT: array B: distributed, vector 2-D of double, linearized by rows of n, dim 0 (rows), halo [-1, 1], read-only
// MODEL: data D = 16 * (n) bytes
// EMIT: {{^ *}}auto dlbcc_body = [&](auto dlbcc_aligned, double *__restrict A, double *__restrict B, int n, long long dlbcc_lo, long long dlbcc_hi) __attribute__((noinline)) {
// EMIT: {{^ *}}if (dlb::aligned16(dlbcc_block.linear<double>(0, n), dlbcc_block.linear<double>(1, n)))
// EMIT-NEXT: {{^ *}}dlbcc_body(std::true_type{}, dlbcc_block.linear<double>(0, n), dlbcc_block.linear<double>(1, n), n, dlbcc_lo, dlbcc_hi);
// EMIT: {{^ *}}dlbcc_run.distLinear(A, static_cast<long long>(n), dlb::Access{true, 0, 0});
// EMIT: {{^ *}}dlbcc_run.checkAccess("B[i * n + j + 1]", "B", 1, static_cast<long long>(1) + 1LL, static_cast<long long>(n - 1 - 1) + 1LL, static_cast<long long>(n));
#pragma dlb doall distribute(A, B)
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      A[i * n + j] = B[n * i + j] + B[(i - 1) * n + j] + B[(i + 1) * n + j] +
                     B[j - 1 + i * n] + B[i * n + j + 1] + A[i * n + i];
}

double P[1000];

void pointer(int rows, int cols, float *Q) {
// MODEL: loop linear.cpp:[[@LINE+4]]:3: doall r in [0, rows)
// MODEL-NEXT: array Q: distributed, pointer 2-D of float, linearized by rows of cols, dim 0 (rows), halo [0, 0], written
// MODEL-NEXT: array P: distributed, c-array 2-D of double, linearized by rows of cols, dim 0 (rows), halo [0, 0], written
#pragma dlb doall distribute(Q, P) shape(Q[rows * cols])
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++) {
      Q[r * cols + c] = c;
      P[r * cols + c] = Q[r * cols + c] * 2;
    }
}

// An access in a declaration's initializer runs in every iteration too;
// the columns of the macro-spelled subscript are checked at the call site.
#define IDX(i, j) ((i) * n + (j))
void initializer(int n, double *u, double *v) {
// EMIT: {{^ *}}dlbcc_run.checkAccess("u[((i) * n + (j))]", "u", 1, static_cast<long long>(0), static_cast<long long>(n - 1), static_cast<long long>(n));
#pragma dlb doall distribute(u, v) shape(u[n * n], v[n * n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double d = u[IDX(i, j)] * 2;
      v[IDX(i, j)] = d;
    }
}

// An inner loop's condition written the other way round (`m > j`, `m - 1
// >= j`) bounds its index as `j < m` does.
void reversed(int n, int m, double *a) {
// EMIT: {{^ *}}dlbcc_run.checkAccess("a[i * m + j]", "a", 1, static_cast<long long>(0), static_cast<long long>(m - 1), static_cast<long long>(m));
#pragma dlb doall distribute(a) shape(a[n * m])
  for (int i = 0; i < n; i++)
    for (int j = 0; m > j; ++j)
      a[i * m + j] = i + j;
}

// A bound that calls size() of a vector, or a pure library function, is
// evaluated at the call site like any loop-invariant bound.
void sized(int n, int m, double *a, const std::vector<int> &v) {
// EMIT: {{^ *}}dlbcc_run.checkAccess("a[j + i * m]", "a", 1, static_cast<long long>(0), static_cast<long long>((int)v.size() - 1), static_cast<long long>(m));
#pragma dlb doall distribute(a) shape(a[n * m])
  for (int i = 0; i < n; i++)
    for (int j = 0; (int)v.size() - 1 >= j; ++j)
      a[j + i * m] = i + v[j];
}

// An access under 'if' that repeats, in the same loops, the subscript of
// one that runs in every iteration is checked with it (SRAD's saturation).
void saturated(int n, double *c) {
// EMIT: {{^ *}}dlbcc_run.checkAccess("c[i * n + j]", "c", 1, static_cast<long long>(0), static_cast<long long>(n - 1), static_cast<long long>(n));
// EMIT-NOT: checkAccess("c[
#pragma dlb doall distribute(c) shape(c[n * n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      c[i * n + j] = i - j;
      if (c[i * n + j] < 0)
        c[i * n + j] = 0;
    }
}

#ifdef ERRORS
void errors(int n, int m, std::vector<double> &A, std::vector<double> &B,
            std::vector<double> &C, std::vector<double> &D) {
#pragma dlb doall distribute(A)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i * n + j] = A[i * m + j];
// ERR: :[[@LINE-1]]:22: error: 'A' is indexed as rows of 'm' elements here and of 'n' elsewhere: a linearized array has one row length
#pragma dlb doall distribute(B)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if (j % 2)
        B[i * n + j] = 0;
// ERR: :[[@LINE-1]]:9: error: cannot check that 'B[i * n + j]' stays within row 'i' of 'B' (rows of 'n' elements): each access of a linearized array must run in every iteration (or repeat, in the same loops, the subscript of one that does), with affine subscripts, for dlbcc to check it before the loop; declare the array with two dimensions
#pragma dlb doall distribute(C)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n - 1; j++) {
      C[i * n + j] = 1;
      if (j % 2)
        C[i * n + j + 1] = 0;
// ERR: :[[@LINE-1]]:9: error: cannot check that 'C[i * n + j + 1]' stays within row 'i' of 'C' (rows of 'n' elements): each access of a linearized array must run in every iteration (or repeat, in the same loops, the subscript of one that does), with affine subscripts, for dlbcc to check it before the loop; declare the array with two dimensions
    }
#pragma dlb doall distribute(C)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      C[i * n + j] = C[i * n + j * j];
// ERR: :[[@LINE-1]]:22: error: the subscript of linearized array 'C' must be '(i + c) * n + column', the column affine
#pragma dlb doall distribute(D) schedule(bitonic)
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      D[i * n + j] = 1;
// ERR: :[[@LINE-1]]:7: error: linearized array 'D' (rows of 'n' elements) can be distributed by a doall loop without schedule(bitonic) only; declare it with two dimensions
#pragma dlb doall distribute(A)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i * n + j] = A.size();
// ERR: :[[@LINE-1]]:7: error: 'A' is indexed as rows of 'n' elements ('A[i * n + j]'); the loop may not call its size()
}
#endif

int main() {
  std::vector<double> A(100), B(100);
  forms(10, A, B);
  static float Q[1000];
  pointer(10, 100, Q);
}
