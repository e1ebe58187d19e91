/* csr-segments.c - loops over the rows of a sparse matrix in CSR form that
 * write each row's segment [rowstr[j], rowstr[j + 1]) of the value and
 * column arrays (csr.test): distributed by those segments, moved with
 * their rows when the load is balanced. A second argument r adds 30 to
 * rowstr[r], so that the segments no longer ascend: the program must stop
 * with an error before the loop runs. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  int *rowstr = malloc((n + 1) * sizeof *rowstr);
  rowstr[0] = 0;
  for (int j = 0; j < n; j++)
    rowstr[j + 1] = rowstr[j] + (j * 7) % 13; /* some rows empty */
  if (argc > 2)
    rowstr[atoi(argv[2])] += 30;
  int nz = rowstr[n];
  int *colidx = malloc(nz * sizeof *colidx);
  double *a = malloc(nz * sizeof *a);
  for (int k = 0; k < nz; k++) {
    colidx[k] = (k * 31) % n + 5;
    a[k] = k * 0.25;
  }
  int firstcol = 5;
  int j, k;
#pragma dlb doall shape(rowstr[n + 1], colidx[nz], a[nz]) distribute(colidx, a)
  for (j = 0; j < n; j++) {
    for (k = rowstr[j]; k < rowstr[j + 1]; k++) {
      colidx[k] = colidx[k] - firstcol;
      a[k] = a[k] * (j % 3 + 1) + colidx[k];
      for (int r = 0; r < 20 * (j % 7); r++)
        a[k] = a[k] * 0.999 + r * 1e-3;
    }
  }
  long long s = 0;
  double t = 0;
  for (k = 0; k < nz; k++) {
    s += (long long)colidx[k] * (k % 7 + 1);
    t += a[k];
  }
  printf("%lld %.6f\n", s, t);
  return 0;
}
