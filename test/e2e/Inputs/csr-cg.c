/* csr-cg.c - conjugate-gradient iterations on a sparse matrix in CSR form
 * (rowstr, colidx, a), as NPB CG stores it (csr.test): the mat-vec reads
 * each row's range [rowstr[j], rowstr[j + 1]) of a and colidx and any
 * element of p; the vector updates and dot products are plain doall
 * loops with reductions. The matrix is symmetric and diagonally dominant,
 * so the iterations converge. */
#include <stdio.h>
#include <stdlib.h>

static void matvec(int n, const int *rowstr, const int *colidx,
                   const double *a, const double *p, double *q) {
  int j, k;
#pragma dlb doall shape(rowstr[n + 1], colidx[rowstr[n]], a[rowstr[n]], p[n], q[n]) distribute(q)
  for (j = 0; j < n; j++) {
    double s = 0.0;
    for (k = rowstr[j]; k < rowstr[j + 1]; k++)
      s += a[k] * p[colidx[k]];
    q[j] = s;
  }
}

static double dot(int n, const double *x, const double *y) {
  double s = 0.0;
  int j;
#pragma dlb doall shape(x[n], y[n]) reduction(+: s)
  for (j = 0; j < n; j++)
    s += x[j] * y[j];
  return s;
}

static void axpy(int n, double alpha, const double *x, double *y) {
  int j;
#pragma dlb doall shape(x[n], y[n]) distribute(y)
  for (j = 0; j < n; j++)
    y[j] += alpha * x[j];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2000;
  int width = 3, j, k, it;
  int *rowstr = malloc((n + 1) * sizeof *rowstr);
  int *colidx = malloc((size_t)n * (2 * width + 1) * sizeof *colidx);
  double *a = malloc((size_t)n * (2 * width + 1) * sizeof *a);
  double *x = calloc(n, sizeof *x), *r = malloc(n * sizeof *r);
  double *p = malloc(n * sizeof *p), *q = malloc(n * sizeof *q);
  double rho, alpha, beta, rho_new;
  /* A banded symmetric matrix whose rows have 1 to 2 width + 1 entries. */
  rowstr[0] = 0;
  for (j = 0; j < n; j++) {
    int nz = rowstr[j];
    for (k = j - width; k <= j + width; k++) {
      if (k < 0 || k >= n || (k != j && (j + k) % 3 == 0))
        continue;
      colidx[nz] = k;
      a[nz] = k == j ? 4.0 + (j % 7) : -1.0 / (1 + abs(j - k));
      nz++;
    }
    rowstr[j + 1] = nz;
  }
  for (j = 0; j < n; j++) {
    r[j] = 1.0 + (j % 11) * 0.1;
    p[j] = r[j];
  }
  rho = dot(n, r, r);
  for (it = 0; it < 25; it++) {
    matvec(n, rowstr, colidx, a, p, q);
    alpha = rho / dot(n, p, q);
    axpy(n, alpha, p, x);
    axpy(n, -alpha, q, r);
    rho_new = dot(n, r, r);
    beta = rho_new / rho;
    rho = rho_new;
    for (j = 0; j < n; j++)
      p[j] = r[j] + beta * p[j];
  }
  printf("residual %.6e\n", rho);
  printf("x[0] %.10e x[n/2] %.10e x[n-1] %.10e\n", x[0], x[n / 2], x[n - 1]);
  return 0;
}
