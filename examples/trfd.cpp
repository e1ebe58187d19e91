// trfd.cpp - a two-electron integral transformation (the chapter's TRFD
// kernel, after the Perfect Benchmarks' TRFD).
//
// One major array A of N x N doubles, N = n(n+1)/2 (n = 30 gives 465, n = 50
// gives 1275): column c holds the integrals of one index pair, packed as a
// symmetric n x n matrix X (X(p,q) = X(q,p) stored once, at row p(p+1)/2 + q
// for q <= p). V is an n x n transformation matrix. Two loop nests, both
// parallelized over the columns of A (the loop index subscripts the second
// dimension, so A is distributed by columns; moving an iteration moves one
// column of N elements, the "row size" of the chapter):
//
//   Loop 1 (uniform): every column c is transformed, X <- V X V^T, on its
//     packed triangle: n^3 + n N multiply-adds per iteration, about 3n per
//     element of the column (the chapter's 2n + 4).
//   Transpose: A <- A^T, sequentially, between the loops.
//   Loop 2 (triangular): column c recomputes only its rows r >= c (the pairs
//     at or after the diagonal, by symmetry): 4n multiply-adds per row, so
//     iteration c does about 4n(N - c): the first iterations are the heaviest
//     and the work is affine in c. The cost() clause says so, and
//     schedule(bitonic) makes the loop uniform as the chapter does: N/2
//     pairs, pair p being columns p and N - 1 - p, each pair about 4n(N + 1).
//
// A is a table of row pointers (double **) with shape(A[N][N]), so exactly
// N x N elements are stored and moved, whatever the maximum size. Each
// iteration copies its column into a private buffer, computes, and writes it
// back, as a column-oriented code on a row-major array would.
//
// All values are multiples of 1/8 and stay below 2^40, so every sum is exact
// in double precision and the output does not depend on evaluation order.
//
// Usage: trfd [n]    1 <= n <= 80 (N = n(n+1)/2 <= 3240), default 30.
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int MAXN = 80;
constexpr int MAXNN = MAXN * (MAXN + 1) / 2;

static double V[MAXN][MAXN];

// Row of the packed element (p, q) of a symmetric n x n matrix.
static int sym(int p, int q) {
  return p >= q ? p * (p + 1) / 2 + q : q * (q + 1) / 2 + p;
}

int main(int argc, char **argv) {
  int n = 30;
  if (argc > 1) {
    char *end = nullptr;
    long v = std::strtol(argv[1], &end, 10);
    if (end == argv[1] || *end != '\0' || v < 1 || v > MAXN) {
      std::fprintf(stderr, "usage: %s [n]  (1 <= n <= %d)\n", argv[0], MAXN);
      return 1;
    }
    n = static_cast<int>(v);
  }
  const int N = n * (n + 1) / 2;

  std::vector<double> store(static_cast<std::size_t>(N) * N);
  std::vector<double *> rows(N);
  for (int r = 0; r < N; ++r)
    rows[r] = store.data() + static_cast<std::size_t>(r) * N;
  double **A = rows.data();

  for (int p = 0; p < n; ++p)
    for (int k = 0; k < n; ++k)
      V[p][k] = (p * 3 + k * 5 + p * k) % 3 - 1;
  for (int r = 0; r < N; ++r)
    for (int c = 0; c < N; ++c)
      A[r][c] = ((r * 7 + c * 3) % 9 - 4) / 8.0;

  // Loop 1: X <- V X V^T in every column.
#pragma dlb doall distribute(A) whole(V) shape(A[N][N])
  for (int c = 0; c < N; ++c) {
    double x[MAXNN];
    double t[MAXN][MAXN];
    for (int r = 0; r < N; ++r)
      x[r] = A[r][c];
    for (int p = 0; p < n; ++p)
      for (int q = 0; q < n; ++q) {
        double s = 0.0;
        for (int k = 0; k < n; ++k)
          s += V[p][k] * x[sym(k, q)];
        t[p][q] = s;
      }
    for (int p = 0; p < n; ++p)
      for (int q = 0; q <= p; ++q) {
        double s = 0.0;
        for (int k = 0; k < n; ++k)
          s += t[p][k] * V[q][k];
        A[p * (p + 1) / 2 + q][c] = s;
      }
  }

  // The intervening transpose, sequential.
  for (int r = 0; r < N; ++r)
    for (int c = 0; c < r; ++c) {
      double tmp = A[r][c];
      A[r][c] = A[c][r];
      A[c][r] = tmp;
    }

  // Loop 2: column c recomputes its rows r >= c.
#pragma dlb doall distribute(A) whole(V) shape(A[N][N]) cost(N - c) schedule(bitonic)
  for (int c = 0; c < N; ++c) {
    double x[MAXNN];
    for (int r = 0; r < N; ++r)
      x[r] = A[r][c];
    // (p, q) = the packed pair of row c, q <= p.
    int p = 0;
    while ((p + 1) * (p + 2) / 2 <= c)
      ++p;
    int q = c - p * (p + 1) / 2;
    for (int r = c; r < N; ++r) {
      double s = 0.0, u = 0.0;
      for (int k = 0; k < n; ++k) {
        s += V[p][k] * x[sym(k, q)] + V[q][k] * x[sym(p, k)];
        u += V[k][p] * x[sym(k, q)] - V[k][q] * x[sym(p, k)];
      }
      A[r][c] = s + u / 2;
      if (++q > p) {
        ++p;
        q = 0;
      }
    }
  }

  // Checksums, computed sequentially after the loops.
  double sum = 0.0, wsum = 0.0, diag = 0.0;
  for (int r = 0; r < N; ++r) {
    diag += A[r][r];
    for (int c = 0; c < N; ++c) {
      sum += A[r][c];
      wsum += A[r][c] * ((r + 2 * c) % 9 + 1);
    }
  }
  std::printf("trfd n=%d N=%d\n", n, N);
  std::printf("sum   = %.6e\n", sum);
  std::printf("wsum  = %.6e\n", wsum);
  std::printf("trace = %.6e\n", diag);
  std::printf("A[0][0]     = %.6e\n", A[0][0]);
  std::printf("A[N/2][N/3] = %.6e\n", A[N / 2][N / 3]);
  std::printf("A[N/3][N/2] = %.6e\n", A[N / 3][N / 2]);
  std::printf("A[N-1][N-1] = %.6e\n", A[N - 1][N - 1]);
  return 0;
}
