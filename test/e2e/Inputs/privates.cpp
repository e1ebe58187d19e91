// A kernel written as numerical C is: indices and a temporary declared at
// the top of the function and reused by every loop, and the distributed
// loop's index read after it.
#include <cstdio>

#define N 96
static double A[N][N], B[N][N], C[N][N];

static int gemm(int n, double alpha) {
  int i, j, k;
  double t;
#pragma dlb doall distribute(C, A) whole(B)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      t = 0;
      for (k = 0; k < n; k++)
        t += alpha * A[i][k] * B[k][j];
      C[i][j] = t;
    }
  // The index as the loop left it.
  int last = i;
  for (i = 0; i < n; i++)
    C[i][i] += 1;
  return last;
}

int main() {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      A[i][j] = (i * j % 7) / 8.0;
      B[i][j] = (i + 2 * j) % 5;
    }
  int last = gemm(N, 1.5);
  double s = 0, w = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      s += C[i][j];
      w += C[i][j] * ((i + j) % 3);
    }
  std::printf("gemm n=%d last=%d sum=%.17g w=%.17g\n", N, last, s, w);
  return 0;
}
