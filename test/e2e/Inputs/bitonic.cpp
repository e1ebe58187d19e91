// schedule(bitonic) end to end: the parallel build must print exactly what
// the sequential one prints. Triangular loops with odd and even trip counts,
// N = 1 and 2 (more ranks than pairs), a non-zero lower bound and a `<=`
// bound; a 1-D distributed array, a row-distributed 2-D array with halo rows
// (read-only, and written with a halo on other columns), a column-distributed
// T** with shape(), a whole array, reductions, `continue` and a label in the
// body, a cyclic distribution of the pairs, and repeated executions.
#include <algorithm>
#include <cstdio>

const int MAXN = 64;
const int W = 12;

double tri[MAXN];
double rows[MAXN][W], src[MAXN][W];
long long halo[MAXN][2 * W];
int coef[MAXN];

// 1-D, triangular: iteration i sums n - i terms. Integer and max reductions.
void triangle(int lo, int n) {
  long long total = 0;
  int longest = 0;
#pragma dlb doall distribute(tri) whole(coef) reduction(+: total) reduction(max: longest) schedule(bitonic)
  for (int i = lo; i < n; ++i) {
    double acc = 0;
    int terms = 0;
    for (int k = i; k < n; ++k) {
      acc += coef[k] * 0.125;
      ++terms;
    }
    tri[i] = acc;
    total += terms;
    longest = std::max(longest, terms);
  }
  double s = 0;
  for (int i = 0; i < MAXN; ++i)
    s += tri[i] * (i % 7 + 1);
  std::printf("triangle [%d, %d): %.6f total=%lld longest=%d\n", lo, n, s,
              total, longest);
}

// Rows: a read-only halo (src rows i - 1 and i + 1) and `continue`.
void stencil(int n) {
#pragma dlb doall distribute(rows, src) schedule(bitonic)
  for (int i = 1; i <= n - 2; ++i) {
    if (i % 5 == 3)
      continue;
    for (int j = 0; j < i % W + 1; ++j)
      rows[i][j] = src[i - 1][j] + 2 * src[i + 1][j] + src[i][(j + 1) % W];
  }
  double s = 0;
  for (int i = 0; i < MAXN; ++i)
    for (int j = 0; j < W; ++j)
      s += rows[i][j] * ((i + j) % 3 + 1);
  std::printf("stencil n=%d: %.6f\n", n, s);
}

// A written array whose halo (rows i - 1 and i + 1) is read on columns the
// loop never writes, and a label in the body; pairs dealt out cyclically.
void shifted(int n) {
#pragma dlb doall distribute(cyclic: halo) schedule(bitonic)
  for (int i = 1; i < n - 1; ++i) {
    for (int j = 0; j < W; ++j) {
      if (j > i)
        goto next;
      halo[i][j] = halo[i - 1][j + W] - halo[i + 1][j + W] + i * j;
    }
  next:;
  }
  long long s = 0;
  for (int i = 0; i < MAXN; ++i)
    for (int j = 0; j < 2 * W; ++j)
      s += halo[i][j] * (j + 1);
  std::printf("shifted n=%d: %lld\n", n, s);
}

// Columns of a T** with shape(): iteration c rewrites rows c..n-1 of column
// c (column-major triangular work).
void columns(int n) {
  double *store = new double[n * n];
  double **a = new double *[n];
  for (int r = 0; r < n; ++r) {
    a[r] = store + r * n;
    for (int c = 0; c < n; ++c)
      a[r][c] = (r * 3 + c) % 8 - 4;
  }
#pragma dlb doall distribute(a) shape(a[n][n]) cost(n - c) schedule(bitonic)
  for (int c = 0; c < n; ++c)
    for (int r = c; r < n; ++r)
      a[r][c] = a[r][c] * 0.5 + r - c;
  double s = 0;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      s += a[r][c] * ((r + 2 * c) % 5 + 1);
  std::printf("columns n=%d: %.6f\n", n, s);
  delete[] a;
  delete[] store;
}

int main() {
  for (int i = 0; i < MAXN; ++i) {
    coef[i] = (i * 5) % 11 - 5;
    for (int j = 0; j < W; ++j)
      src[i][j] = ((i * 7 + j * 3) % 9 - 4) / 4.0;
    for (int j = 0; j < 2 * W; ++j)
      halo[i][j] = (i * 13 + j * 5) % 17 - 8;
  }
  // N = 0, 1, 2, 3 (fewer pairs than 4 ranks), odd and even, lo != 0.
  for (int n : {0, 1, 2, 3, 8, 33, 64})
    triangle(0, n);
  triangle(5, 6);
  triangle(7, 40);
  triangle(7, 41);
  for (int n : {3, 4, 5, 6, 31, 64})
    stencil(n);
  for (int n : {3, 4, 9, 64})
    shifted(n);
  for (int n : {1, 2, 3, 17, 40})
    columns(n);
  return 0;
}
