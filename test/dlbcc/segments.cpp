// Sparse (CSR) loops: a loop over rows j that touches an array only in
// x[k] for k from rowstr[j] up to rowstr[j + 1] (the row pointers, which
// the loop does not write) distributes it by those segments
// (distSegments; the runtime checks that they ascend). Any other access
// of the array, another bound or a changed k leaves the elements shared:
// the iterations would overwrite each other's.
// RUN: %dlbcc %s -o %t.cpp
// RUN: FileCheck %s --check-prefix=EMIT < %t.cpp
// RUN: %mpicxx -fsyntax-only %t.cpp $(%dlbcc --cflags)
// RUN: not %dlbcc %s -o %t.err.cpp -- -DERRORS 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error:
#include <vector>

static int rowstr[101], colidx[1000];
static double a[1000];

void shift(int n, int firstcol, double *v, long *ptr) {
#pragma dlb doall distribute(colidx, a)
  for (int j = 0; j < 100; j++)
    for (int k = rowstr[j]; k < rowstr[1 + j]; ++k) {
      colidx[k] -= firstcol;
      a[k] = a[k] * 2 + colidx[k];
    }
  // EMIT: distSegments(&colidx[0], static_cast<long long>(sizeof(colidx) / sizeof(colidx[0])), &rowstr[0], "colidx", "rowstr");
  // EMIT: distSegments(&a[0], static_cast<long long>(sizeof(a) / sizeof(a[0])), &rowstr[0], "a", "rowstr");
  int k;
#pragma dlb doall shape(v[1000], ptr[n + 1]) distribute(v)
  for (int j = 0; j < n; j++) {
    if (j % 2)
      continue;
    for (k = ptr[j]; k < ptr[j + 1]; k += 1)
      v[k] = j;
  }
  // EMIT: distSegments(v, static_cast<long long>(1000), &ptr[0], "v", "ptr");
}

void vectors(std::vector<double> &x, const std::vector<int> &p, int n) {
#pragma dlb doall distribute(x)
  for (int j = 0; j < n; j++)
    for (int k = p[j]; k < p[j + 1]; k++)
      x[k] = x[k] / (j + 1);
  // EMIT: distSegments(x.data(), static_cast<long long>(x.size()), p.data(), "x", "p");
}

#ifdef ERRORS
void errors(int n) {
  // A row's neighbour: elements of the next segment.
#pragma dlb doall distribute(a)
  for (int j = 0; j < 99; j++)
    for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
      a[k + 1] = 0;
  // ERR: :[[@LINE-1]]:7: error: every iteration writes array 'a'
  // The last element of the row too.
#pragma dlb doall distribute(a)
  for (int j = 0; j < 99; j++)
    for (int k = rowstr[j]; k <= rowstr[j + 1]; k++)
      a[k] = 0;
  // ERR: :[[@LINE-1]]:7: error: every iteration writes array 'a'
  // The row pointers written in the loop.
#pragma dlb doall distribute(a, rowstr)
  for (int j = 0; j < 99; j++) {
    rowstr[j] = j;
    for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
      a[k] = 0;
  }
  // ERR: :[[@LINE-3]]:33: error: loop-carried dependence on 'rowstr'
  // ERR: :[[@LINE-3]]:7: error: every iteration writes array 'a'
  // k changed in the row.
#pragma dlb doall distribute(a)
  for (int j = 0; j < 99; j++)
    for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
      a[k++] = 0;
  // ERR: :[[@LINE-1]]:7: error: every iteration writes array 'a'
  // Bounds from two arrays.
#pragma dlb doall distribute(a)
  for (int j = 0; j < 99; j++)
    for (int k = rowstr[j]; k < colidx[j + 1]; k++)
      a[k] = 0;
  // ERR: :[[@LINE-1]]:7: error: every iteration writes array 'a'
  // Written by segments, but not named in distribute().
#pragma dlb doall
  for (int j = 0; j < 99; j++)
    for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
      a[k] = 0;
  // ERR: :[[@LINE-1]]:7: error: array 'a' is written in the loop but not distributed; add it to distribute()
}
#endif
