// csr-globals.cpp - a sparse matrix in CSR form kept in file-scope pointers
// allocated where they are declared, as NPB's C++ CG keeps its arrays, with
// OpenMP loops (csr.test): the column shift and a scaling touch each row's
// segment [rowstr[j], rowstr[j + 1]) of colidx and a (distributed by those
// segments), the mat-vec reads them; all the pointers get their extents
// from their allocation.
#include <cmath>
#include <cstdio>
#include <cstdlib>

#define NA 3000
#define NZMAX (NA * 9)
static int *rowstr = (int *)malloc(sizeof(int) * (NA + 1));
static int *colidx = (int *)malloc(sizeof(int) * NZMAX);
static double *a = (double *)malloc(sizeof(double) * NZMAX);
static double *p = (double *)malloc(sizeof(double) * (NA + 2));
static double *q = (double *)malloc(sizeof(double) * (NA + 2));

static void matvec() {
#pragma omp parallel for
  for (int j = 0; j < NA; j++) {
    double s = 0;
    for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
      s += a[k] * p[colidx[k]];
    q[j] = s;
  }
}

int main(int argc, char **argv) {
  const int firstcol = argc > 1 ? std::atoi(argv[1]) : 1;
  // Rows of 1 to 9 entries, whose columns are shifted by firstcol.
  rowstr[0] = 0;
  for (int j = 0; j < NA; j++) {
    const int Len = 1 + (j * 7 + 3) % 9;
    rowstr[j + 1] = rowstr[j] + Len;
    for (int k = rowstr[j]; k < rowstr[j + 1]; k++) {
      colidx[k] = firstcol + (j + (k - rowstr[j]) * 37) % NA;
      a[k] = 1.0 / (1 + k % 11);
    }
  }
  int j, k;
#pragma omp parallel private(j, k)
  {
#pragma omp for nowait
    for (j = 0; j < NA; j++)
      for (k = rowstr[j]; k < rowstr[j + 1]; k++)
        colidx[k] = colidx[k] - firstcol;
#pragma omp for
    for (j = 0; j < NA + 2; j++)
      p[j] = 1.0 + j % 5;
  }
  // Heavier per element: worth balancing, segments move between ranks.
#pragma omp parallel for private(k) schedule(dynamic)
  for (j = 0; j < NA; j++)
    for (k = rowstr[j]; k < rowstr[j + 1]; k++)
      for (int r = 0; r < 40 + j % 60; r++)
        a[k] = std::sqrt(a[k] * a[k] + 1e-3 * r) * 0.999;
  for (int it = 0; it < 3; it++) {
    matvec();
    double norm = 0;
#pragma omp parallel for reduction(+ : norm)
    for (j = 0; j < NA; j++)
      norm += q[j] * q[j];
#pragma omp parallel for
    for (j = 0; j < NA; j++)
      p[j] = q[j] / std::sqrt(norm);
    std::printf("%d %.12e\n", it, norm);
  }
  long long sum = 0;
  for (k = 0; k < rowstr[NA]; k++)
    sum += colidx[k] * (k % 13);
  std::printf("%lld %.12e\n", sum, a[rowstr[NA] - 1]);
  return 0;
}
