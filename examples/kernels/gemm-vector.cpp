//===- gemm-vector.cpp - C = alpha * A * B + beta * C, std::vector --------===//
// gemm as C++ users often write it: each matrix in one std::vector, element
// (i, j) at [i * cols + j]. The loop over the rows of C is distributed: C
// and A by rows (dlbcc reads the subscripts as rows of nj and nk
// elements), B whole.
//===----------------------------------------------------------------------===//
#include <cstdio>
#include <vector>

#ifndef NI
#define NI 160
#endif
#ifndef NJ
#define NJ 180
#endif
#ifndef NK
#define NK 200
#endif

static void kernel_gemm(int ni, int nj, int nk, double alpha, double beta,
                        std::vector<double> &C, const std::vector<double> &A,
                        const std::vector<double> &B) {
  int i, j, k;
#pragma dlb doall distribute(C, A) whole(B)
  for (i = 0; i < ni; i++) {
    for (j = 0; j < nj; j++)
      C[i * nj + j] *= beta;
    for (k = 0; k < nk; k++)
      for (j = 0; j < nj; j++)
        C[i * nj + j] += alpha * A[i * nk + k] * B[k * nj + j];
  }
}

int main() {
  int ni = NI, nj = NJ, nk = NK, i, j;
  std::vector<double> C(ni * nj), A(ni * nk), B(nk * nj);
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      C[i * nj + j] = (double)((i * j + 1) % ni) / ni;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nk; j++)
      A[i * nk + j] = (double)(i * (j + 1) % nk) / nk;
  for (i = 0; i < nk; i++)
    for (j = 0; j < nj; j++)
      B[i * nj + j] = (double)(i * (j + 2) % nj) / nj;
  kernel_gemm(ni, nj, nk, 1.5, 1.2, C, A, B);
  double s = 0;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      s += C[i * nj + j] * (i + 1);
  std::printf("%.10e\n", s);
  return 0;
}
