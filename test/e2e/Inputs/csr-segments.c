/* csr-segments.c - loops over the rows of a sparse matrix in CSR form that
 * write each row's segment [rowstr[j], rowstr[j + 1]) of the value and
 * column arrays (csr.test): distributed by those segments, moved with
 * their rows when the load is balanced. A second argument r adds 30 to
 * rowstr[r], so that the segments no longer ascend: the program must stop
 * with an error before the loop runs. A loop over every third row reads
 * only the pointers of the rows it runs. */
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
  /* Every third row: the pointers of the others are never read (and are
   * garbage here), only those that bound the rows the loop runs. */
  int m = n / 3 + 1, nz3 = 5 * m + 2;
  int *rp3 = malloc((n + 1) * sizeof *rp3);
  double *v3 = malloc(nz3 * sizeof *v3);
  for (j = 0; j <= n; j++)
    rp3[j] = j % 3 == 2 ? -1 : (j / 3) * 5 + (j % 3) * 2;
  for (k = 0; k < nz3; k++)
    v3[k] = k;
#pragma dlb doall shape(rp3[n + 1], v3[nz3]) distribute(v3)
  for (j = 0; j < n; j += 3)
    for (k = rp3[j]; k < rp3[j + 1]; k++)
      v3[k] = v3[k] * 2 + j;
  double t3 = 0;
  for (k = 0; k < nz3; k++)
    t3 += v3[k] * (k % 5 + 1);
  printf("%.6f\n", t3);
  long long s = 0;
  double t = 0;
  for (k = 0; k < nz; k++) {
    s += (long long)colidx[k] * (k % 7 + 1);
    t += a[k];
  }
  printf("%lld %.6f\n", s, t);
  return 0;
}
