// mxm.cpp - dense matrix multiplication Z = X * Y (the chapter's MXM kernel):
// X is n x r, Y is r x m, Z is n x m.
//
// The rows of Z (written) and of X (read) are partitioned among the ranks
// along the i loop; Y is read by every iteration and is replicated (whole).
// Every iteration does the same amount of work (m * r multiply-adds).
//
// The inputs are small multiples of 1/4, so every product and partial sum is
// exact in double precision and the output does not depend on evaluation
// order.
//
// Usage: mxm [n [r [m]]]    r and m default to n; 1 <= n <= MAXN,
// 1 <= r <= MAXR, 1 <= m <= MAXM, by default all 1024. The runtime sends
// whole arrays and rows at their declared extents, so a build for one
// problem may size them to it: -DMAXN=n -DMAXR=r -DMAXM=m (given to dlbcc
// and to the compiler alike; bench/sim_table14.py does).
#include <cstdio>
#include <cstdlib>

#ifndef MAXN
#define MAXN 1024
#endif
#ifndef MAXR
#define MAXR MAXN
#endif
#ifndef MAXM
#define MAXM MAXN
#endif

static double X[MAXN][MAXR];
static double Y[MAXR][MAXM];
static double Z[MAXN][MAXM];

// argv[Index] as an integer in [1, Max], Default if absent; -1 if invalid.
static int sizeArg(int argc, char **argv, int Index, int Default, int Max) {
  if (argc <= Index)
    return Default;
  char *end = nullptr;
  long v = std::strtol(argv[Index], &end, 10);
  if (end == argv[Index] || *end != '\0' || v < 1 || v > Max)
    return -1;
  return static_cast<int>(v);
}

int main(int argc, char **argv) {
  const int n = sizeArg(argc, argv, 1, 256, MAXN);
  const int r = sizeArg(argc, argv, 2, n, MAXR);
  const int m = sizeArg(argc, argv, 3, n, MAXM);
  if (n < 0 || r < 0 || m < 0) {
    std::fprintf(stderr,
                 "usage: %s [n [r [m]]]  (1 <= n <= %d, 1 <= r <= %d, "
                 "1 <= m <= %d)\n",
                 argv[0], MAXN, MAXR, MAXM);
    return 1;
  }

  for (int i = 0; i < n; ++i)
    for (int k = 0; k < r; ++k)
      X[i][k] = ((i * 7 + k * 3) % 11 - 5) / 4.0;
  for (int k = 0; k < r; ++k)
    for (int j = 0; j < m; ++j)
      Y[k][j] = ((k * 5 + j * 2) % 13 - 6) / 4.0;

#pragma dlb doall distribute(Z, X) whole(Y)
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < m; ++j) {
      double s = 0.0;
      for (int k = 0; k < r; ++k)
        s += X[i][k] * Y[k][j];
      Z[i][j] = s;
    }
  }

  // Checksums, computed sequentially after the loop.
  double sum = 0.0, wsum = 0.0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      sum += Z[i][j];
      wsum += Z[i][j] * ((i + 2 * j) % 7 + 1);
    }
  if (r == n && m == n)
    std::printf("mxm n=%d\n", n);
  else
    std::printf("mxm n=%d r=%d m=%d\n", n, r, m);
  std::printf("sum   = %.6e\n", sum);
  std::printf("wsum  = %.6e\n", wsum);
  std::printf("Z[0][0]     = %.6e\n", Z[0][0]);
  std::printf("Z[n/2][m/3] = %.6e\n", Z[n / 2][m / 3]);
  std::printf("Z[n-1][m-1] = %.6e\n", Z[n - 1][m - 1]);
  return 0;
}
