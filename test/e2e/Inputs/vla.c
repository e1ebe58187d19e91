/* C99 variable-length arrays as C programmers write them: locals sized at
   run time (one dimension, and rows of a constant length), parameters
   whose bound names an earlier parameter, a size variable that changes
   after the declaration, arrays kept on the ranks across a time loop, a
   histogram over a VLA of ints. */
#include <stdio.h>
#include <stdlib.h>

#define M 6

/* Parameters: C++ (mpicxx) takes them without the bound. */
void relax(int n, double x[n], const double y[n], double z[n][M]) {
  int i, j;
#pragma dlb doall distribute(x, z) whole(y)
  for (i = 0; i < n; i++) {
    x[i] = 0.5 * (x[i] + y[n - 1 - i]);
    for (j = 0; j < M; j++)
      z[i][j] += x[i] * (j + 1);
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  int steps = argc > 2 ? atoi(argv[2]) : 4;
  int i, j, t;
  double a[n], b[n];
  double g[n][M];
  int values[n];
  for (i = 0; i < n; i++) {
    a[i] = 0;
    b[i] = i % 17;
    values[i] = (i * 7 + 3) % 10;
    for (j = 0; j < M; j++)
      g[i][j] = i + j;
  }
  n = n - 1; /* the size variable moves on; the arrays keep theirs */
  double probe = 0;
  /* a and g stay on the ranks across the steps; one row comes back for
     the sequential read of each step */
  for (t = 0; t < steps; t++) {
#pragma dlb doall distribute(a, g) whole(b)
    for (i = 0; i <= n; i++) {
      a[i] = b[n - i] * 2 + t;
      for (j = 0; j < M; j++)
        g[i][j] += a[i] * 0.5;
    }
    probe += g[(t * 131) % (n + 1)][t % M];
  }
  for (t = 0; t < steps; t++)
    relax(n + 1, a, b, g);
  int counts[10] = {0};
#pragma dlb doall distribute(counts) whole(values)
  for (i = 0; i < 10; i++)
    for (j = 0; j <= n; j++)
      if (values[j] == i)
        counts[i]++;
  double s = 0;
  for (i = 0; i <= n; i++)
    s += a[i] * (i % 5) + g[i][i % M];
  printf("sum %.6f probe %.6f counts", s, probe);
  for (i = 0; i < 10; i++)
    printf(" %d", counts[i]);
  printf("\n");
  return 0;
}
