// mxm.cpp - dense matrix multiplication Z = X * Y (the chapter's MXM kernel).
//
// The rows of Z (written) and of X (read) are partitioned among the ranks
// along the i loop; Y is read by every iteration and is replicated (whole).
// Every iteration does the same amount of work (n^2 multiply-adds).
//
// The inputs are small multiples of 1/4, so every product and partial sum is
// exact in double precision and the output does not depend on evaluation
// order.
//
// Usage: mxm [n]    n x n matrices, 1 <= n <= 1024, default 256.
#include <cstdio>
#include <cstdlib>

constexpr int MAXN = 1024;

static double X[MAXN][MAXN];
static double Y[MAXN][MAXN];
static double Z[MAXN][MAXN];

int main(int argc, char **argv) {
  int n = 256;
  if (argc > 1) {
    char *end = nullptr;
    long v = std::strtol(argv[1], &end, 10);
    if (end == argv[1] || *end != '\0' || v < 1 || v > MAXN) {
      std::fprintf(stderr, "usage: %s [n]  (1 <= n <= %d)\n", argv[0], MAXN);
      return 1;
    }
    n = static_cast<int>(v);
  }

  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      X[i][j] = ((i * 7 + j * 3) % 11 - 5) / 4.0;
      Y[i][j] = ((i * 5 + j * 2) % 13 - 6) / 4.0;
    }

#pragma dlb doall distribute(Z, X) whole(Y)
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      double s = 0.0;
      for (int k = 0; k < n; ++k)
        s += X[i][k] * Y[k][j];
      Z[i][j] = s;
    }
  }

  // Checksums, computed sequentially after the loop.
  double sum = 0.0, wsum = 0.0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      sum += Z[i][j];
      wsum += Z[i][j] * ((i + 2 * j) % 7 + 1);
    }
  std::printf("mxm n=%d\n", n);
  std::printf("sum   = %.6e\n", sum);
  std::printf("wsum  = %.6e\n", wsum);
  std::printf("Z[0][0]     = %.6e\n", Z[0][0]);
  std::printf("Z[n/2][n/3] = %.6e\n", Z[n / 2][n / 3]);
  std::printf("Z[n-1][n-1] = %.6e\n", Z[n - 1][n - 1]);
  return 0;
}
