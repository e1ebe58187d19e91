//===- doitgen.cpp - multiresolution analysis kernel (MADNESS) ------------===//
// A[r][q][.] = A[r][q][.] * C4 for every r and q: the loop over r is
// distributed (A, 3-D, by its first dimension; C4 whole), with a private
// temporary row per (r, q).
//===----------------------------------------------------------------------===//
#include <cstdio>

#ifndef NR
#define NR 50
#endif
#ifndef NQ
#define NQ 40
#endif
#ifndef NP
#define NP 60
#endif

static void kernel_doitgen(int nr, int nq, int np, double A[NR][NQ][NP],
                           double C4[NP][NP]) {
  int r, q, p, s;
#pragma dlb doall distribute(A) whole(C4)
  for (r = 0; r < nr; r++)
    for (q = 0; q < nq; q++) {
      double sum[NP];
      for (p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (s = 0; s < np; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (p = 0; p < np; p++)
        A[r][q][p] = sum[p];
    }
}

static double A[NR][NQ][NP], C4[NP][NP];

int main() {
  int i, j, k;
  for (i = 0; i < NR; i++)
    for (j = 0; j < NQ; j++)
      for (k = 0; k < NP; k++)
        A[i][j][k] = (double)((i * j + k) % NP) / NP;
  for (i = 0; i < NP; i++)
    for (j = 0; j < NP; j++)
      C4[i][j] = (double)(i * j % NP) / NP;
  kernel_doitgen(NR, NQ, NP, A, C4);
  double sum = 0;
  for (i = 0; i < NR; i++)
    for (j = 0; j < NQ; j++)
      for (k = 0; k < NP; k++)
        sum += A[i][j][k] * (i + 1);
  std::printf("%.10e\n", sum);
  return 0;
}
