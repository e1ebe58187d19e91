/* c-memalign.c - aligned arrays from posix_memalign, which <stdlib.h>
 * declares only with a POSIX feature macro: under -std=c99 gcc warns of
 * the call and builds it (dlbcxx.test). */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 1000, i;
  double *a, s = 0;
  if (posix_memalign((void **)&a, 64, n * sizeof *a) != 0)
    return 1;
#pragma dlb doall distribute(a) shape(a[n])
  for (i = 0; i < n; i++)
    a[i] = 0.5 * i;
  for (i = 0; i < n; i++)
    s += a[i];
  printf("sum %g\n", s);
  free(a);
  return 0;
}
