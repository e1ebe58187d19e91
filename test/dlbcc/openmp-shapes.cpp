// dlbcc --openmp: an OpenMP loop names no shape() for its pointers; their
// extents come from their allocation: a local pointer's one malloc, calloc
// or new[], or, for a pointer parameter of a function called from this
// file only, what every call passes (arrays of one constant extent, or
// pointers allocated for the count passed as an integer parameter).
// RUN: %dlbcc --openmp --dump-annotations %s | FileCheck %s
// RUN: not %dlbcc --openmp %s -o %t.cpp -DSWAP 2>&1 | FileCheck %s --check-prefix=SWAP
#include <cstdlib>

static void scale(double *x, int n, double *y) {
// CHECK: annotation at line [[@LINE+1]]
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    y[i] = 2 * x[i];
}
// CHECK: shape(y[n])
// CHECK: shape(x[n])

static double fixed[64], other[64];
static void twice(double *p) {
// CHECK: annotation at line [[@LINE+1]]
#pragma omp parallel for
  for (int i = 0; i < 64; ++i)
    p[i] *= 2;
}
// CHECK: shape(p[64{{(LL)?}}])

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 100;
  double *a = (double *)std::malloc(n * sizeof *a);
  double *b = (double *)std::calloc(n, sizeof(double));
  double *c = new double[2 * n];
// CHECK: annotation at line [[@LINE+1]]
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    a[i] = i;
    b[i] = c[2 * i] = 1;
  }
// CHECK: shape(a[n])
// CHECK: shape(b[n])
// CHECK: shape(c[2 * n])
  // The count's variable set before the allocation, as argv is parsed.
  int m;
  if (argc > 2)
    m = std::atoi(argv[2]);
  else
    m = 50;
  double *d = (double *)std::malloc(m * sizeof(double));
// CHECK: annotation at line [[@LINE+1]]
#pragma omp parallel for
  for (int i = 0; i < m; ++i)
    d[i] = i;
// CHECK: shape(d[m])
  scale(a, n, b);
  scale(b, n, a);
  twice(fixed);
  twice(other);
#ifdef SWAP
  // The count's variable written after the allocation: not its extent.
  m = m + 1;
#pragma omp parallel for
  for (int i = 0; i < m - 1; ++i)
    d[i] += 1;
// SWAP: :[[@LINE-1]]:5: error: 'd' is a pointer; give its extents with shape(d[n]) or shape(d[n][m])
  // A pointer assigned twice (a swap) has no one allocation.
  double *t = a;
  a = b;
  b = t;
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    a[i] += b[i];
// SWAP: :[[@LINE-1]]:5: error: 'a' is a pointer; give its extents with shape(a[n]) or shape(a[n][m])
#endif
  delete[] c;
  std::free(a);
  std::free(b);
  std::free(d);
}
