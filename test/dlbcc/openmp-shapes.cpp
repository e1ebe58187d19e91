// dlbcc --openmp: an OpenMP loop names no shape() for its pointers; their
// extents come from their allocation: a local pointer's one malloc, calloc
// or new[], or, for a pointer parameter of a function called from this
// file only, what every call passes (arrays of one constant extent, or
// pointers allocated for the count passed as an integer parameter), or,
// for a global of the file (static), its one allocation for a constant
// count (NPB's `static double (*x) = (double*)malloc(sizeof(double)*(NA+2))`,
// or one assignment in main).
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

#define NA 70
static double(*g) = (double *)std::malloc(sizeof(double) * (NA + 2));
static int *h = nullptr;
double *ext = (double *)std::malloc(sizeof(double) * NA);
static double *moved = (double *)std::malloc(sizeof(double) * NA);
static void fill(double v[], int w[]) {
// CHECK: annotation at line [[@LINE+1]]
#pragma omp parallel for
  for (int j = 0; j < NA; ++j)
    v[j] = w[j] + g[j + 1];
}
// CHECK: shape(v[72{{(LL)?}}])
// CHECK: shape(w[80{{(LL)?}}])
// CHECK: shape(g[72{{(LL)?}}])

int main(int argc, char **argv) {
  h = (int *)std::malloc(80 * sizeof *h);
  fill(g, h);
#ifdef SWAP
  moved = g;
  // A global of external linkage may be assigned in another file; one
  // assigned twice has no one allocation.
#pragma omp parallel for
  for (int i = 0; i < NA; ++i)
    ext[i] = moved[i];
// SWAP: :[[@LINE-1]]:5: error: 'ext' is a pointer; give its extents with shape(ext[n]) or shape(ext[n][m])
// SWAP: :[[@LINE-2]]:14: error: 'moved' is a pointer; give its extents with shape(moved[n]) or shape(moved[n][m])
#endif
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
