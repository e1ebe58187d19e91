/* main.c - a time loop whose distributed loops pass rows, whole arrays and
 * elements of their arrays to the functions of rows.c
 * (call-arrays.test): a smoother reading three rows of A (its halo), a
 * scaling that writes a row, a matrix-vector product reading all of x, and
 * an accumulation through a pointer to one element. The row length the
 * calls use is read at run time (dlbcc checks it against the rows' extent
 * before each loop). */
#include <stdio.h>
#include <stdlib.h>

#include "rows.h"

#define N 240
#define M 96

static double A[N][M], B[N][M], x[M], y[N], s[N];

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 6;
  int m = argc > 2 ? atoi(argv[2]) : M;
  int i, k, t, r;
  double sum = 0;
  for (i = 0; i < N; i++)
    for (k = 0; k < M; k++)
      A[i][k] = ((i * 37 + k * 11) % 23) / 23.0;
  for (k = 0; k < M; k++)
    x[k] = 1.0 / (k + 1);
  for (t = 0; t < steps; t++) {
#pragma dlb doall distribute(B)
    for (i = 1; i < N - 1; i++)
      smooth(B[i], A[i - 1], A[i], A[i + 1], m);
#pragma dlb doall distribute(A)
    for (i = 1; i < N - 1; i++) {
      for (k = 0; k < m; k++)
        A[i][k] = B[i][k];
      scale(&A[i][0], m, 1.0 + 0.01 * (i % 3));
    }
#pragma dlb doall distribute(y, s)
    for (i = 0; i < N; i++) {
      y[i] = dot(A[i], x, M);
      add_to(&s[i], y[i] * 1e-3);
      for (r = 0; r < (i * 7) % 40; r++)
        add_to(&s[i], row_max(A[i], m) * 1e-6);
    }
  }
  for (i = 0; i < N; i++)
    sum += y[i] * (i % 5 + 1) + s[i];
  printf("%.12e %.12e %.12e %.12e\n", sum, y[N / 2], s[N - 1], A[7][m - 1]);
  return 0;
}
