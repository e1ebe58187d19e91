// colsum.cpp - column sums and column normalization of a matrix.
//
// The distributed loop runs over the columns j: the loop index subscripts the
// second dimension of a (a[r][j]), so a is partitioned by columns, and the
// column-sum vector s is partitioned along with it. Each iteration reads and
// then rewrites its whole column: afterwards every column of a sums to 1 and
// s[j] holds the original sum and max[j] the original largest element.
//
// Usage: colsum [n]    an n x n matrix, 1 <= n <= 1024, default 512.
#include <cstdio>
#include <cstdlib>

constexpr int MAXN = 1024;

static double a[MAXN][MAXN];
static double s[MAXN];
static double colmax[MAXN];

int main(int argc, char **argv) {
  int n = 512;
  if (argc > 1) {
    char *end = nullptr;
    long v = std::strtol(argv[1], &end, 10);
    if (end == argv[1] || *end != '\0' || v < 1 || v > MAXN) {
      std::fprintf(stderr, "usage: %s [n]  (1 <= n <= %d)\n", argv[0], MAXN);
      return 1;
    }
    n = static_cast<int>(v);
  }
  const int rows = n, cols = n;

  for (int r = 0; r < rows; ++r)
    for (int j = 0; j < cols; ++j)
      a[r][j] = 1 + (r * 5 + j * 3) % 13 + (r * j) % 7;

#pragma dlb doall distribute(a, s, colmax)
  for (int j = 0; j < cols; ++j) {
    double t = 0.0;
    double m = 0.0;
    for (int r = 0; r < rows; ++r) {
      t += a[r][j];
      m = a[r][j] > m ? a[r][j] : m;
    }
    s[j] = t;
    colmax[j] = m;
    for (int r = 0; r < rows; ++r)
      a[r][j] = a[r][j] / t;
  }

  // Checksums, computed sequentially after the loop.
  double ssum = 0.0, msum = 0.0, asum = 0.0, wsum = 0.0;
  for (int j = 0; j < cols; ++j) {
    ssum += s[j];
    msum += colmax[j];
  }
  for (int r = 0; r < rows; ++r)
    for (int j = 0; j < cols; ++j) {
      asum += a[r][j];
      wsum += a[r][j] * ((r + 3 * j) % 11 + 1);
    }
  std::printf("colsum %dx%d\n", rows, cols);
  std::printf("sum(s)      = %.6e\n", ssum);
  std::printf("sum(colmax) = %.6e\n", msum);
  std::printf("sum(a)      = %.6e\n", asum);
  std::printf("wsum(a)     = %.6e\n", wsum);
  std::printf("s[0] = %.6e  s[n/2] = %.6e  s[n-1] = %.6e\n", s[0],
              s[cols / 2], s[cols - 1]);
  std::printf("a[0][0] = %.6e  a[n/3][n/2] = %.6e  a[n-1][n-1] = %.6e\n",
              a[0][0], a[rows / 3][cols / 2], a[rows - 1][cols - 1]);
  return 0;
}
