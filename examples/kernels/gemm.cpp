//===- gemm.cpp - C = alpha * A * B + beta * C ----------------------------===//
// The loop over the rows of C is distributed: C and A by rows, B whole.
//===----------------------------------------------------------------------===//
#include <cstdio>

#ifndef NI
#define NI 160
#endif
#ifndef NJ
#define NJ 180
#endif
#ifndef NK
#define NK 200
#endif

static void init(int ni, int nj, int nk, double C[NI][NJ], double A[NI][NK],
                 double B[NK][NJ]) {
  int i, j;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      C[i][j] = (double)((i * j + 1) % ni) / ni;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nk; j++)
      A[i][j] = (double)(i * (j + 1) % nk) / nk;
  for (i = 0; i < nk; i++)
    for (j = 0; j < nj; j++)
      B[i][j] = (double)(i * (j + 2) % nj) / nj;
}

static void kernel_gemm(int ni, int nj, int nk, double alpha, double beta,
                        double C[NI][NJ], double A[NI][NK], double B[NK][NJ]) {
  int i, j, k;
#pragma dlb doall distribute(C, A) whole(B)
  for (i = 0; i < ni; i++) {
    for (j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (k = 0; k < nk; k++)
      for (j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

int main() {
  static double C[NI][NJ], A[NI][NK], B[NK][NJ];
  init(NI, NJ, NK, C, A, B);
  kernel_gemm(NI, NJ, NK, 1.5, 1.2, C, A, B);
  double s = 0;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      s += C[i][j] * (i + 1);
  std::printf("%.10e\n", s);
  return 0;
}
