// Reductions over arrays (OpenMP 4.5 semantics), as column sums and
// histograms are written: each element of the array is reduced on its own,
// starting from the value it has before the loop. Values are multiples of
// 1/4 and powers of two, so every order of the partial results gives the
// same bits. The second loop's histogram of integers has no clause: dlbcc
// infers its reduction.
#include <algorithm>
#include <cmath>
#include <cstdio>

#define N 150
#define M 40
static double A[N][M], x[N];
static double colsum[M], hi[M], lo[M], scale[M];
static long histogram[8];
static int bins[6];

int main() {
  int i, j;
  for (i = 0; i < N; i++) {
    x[i] = (i % 5) / 4.0;
    for (j = 0; j < M; j++)
      A[i][j] = ((i * 7 + j * 3) % 11) / 4.0;
  }
  for (j = 0; j < M; j++) {
    colsum[j] = 1;
    hi[j] = -1;
    lo[j] = 100;
    scale[j] = 1;
  }
#pragma dlb doall distribute(A, x) reduction(+: colsum, histogram) reduction(max: hi) reduction(min: lo) reduction(*: scale)
  for (i = 0; i < N; i++) {
    for (j = 0; j < M; j++) {
      colsum[j] += A[i][j] * x[i];
      hi[j] = std::max(hi[j], A[i][j] - x[i]);
      lo[j] = fmin(lo[j], A[i][j] + x[i]);
      if ((i + j) % 17 == 0)
        scale[j] *= (i % 2 ? 2.0 : 0.5);
    }
    ++histogram[i % 8];
  }
#pragma dlb doall distribute(A)
  for (i = 0; i < N; i++) {
    int b = (int)(A[i][i % M] * 4) % 6;
    bins[b] += 1 + i % 3;
    if (A[i][0] > 1)
      ++bins[(b + 1) % 6];
    A[i][0] += b;
  }
  double s = 0;
  for (j = 0; j < M; j++)
    s += colsum[j] * (j + 1) + hi[j] - lo[j] + scale[j] * 3;
  long h = 0;
  for (i = 0; i < 8; i++)
    h = h * 31 + histogram[i];
  for (i = 0; i < 6; i++)
    h = h * 37 + bins[i];
  std::printf("array reductions: %.17g %ld %.17g %.17g\n", s, h, scale[3],
              colsum[M - 1]);
  return 0;
}
