//===- covariance.cpp - the covariance matrix of N samples of M variables -===//
// Column means (a reduction over the samples, an array), centring (over
// the samples), and the upper triangle of the covariance (over the
// variables, a triangular loop) are distributed.
//===----------------------------------------------------------------------===//
#include <cstdio>

#ifndef M
#define M 160
#endif
#ifndef N
#define N 200
#endif

static double data[N][M], cov[M][M], mean[M];

static void kernel_covariance(int m, int n, double float_n) {
  int i, j, k;
  for (j = 0; j < m; j++)
    mean[j] = 0.0;
#pragma dlb doall whole(data) reduction(+: mean)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      mean[j] += data[i][j];
  for (j = 0; j < m; j++)
    mean[j] /= float_n;
#pragma dlb doall distribute(data) whole(mean)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      data[i][j] -= mean[j];
#pragma dlb doall distribute(cov) whole(data)
  for (i = 0; i < m; i++)
    for (j = i; j < m; j++) {
      cov[i][j] = 0.0;
      for (k = 0; k < n; k++)
        cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (float_n - 1.0);
    }
  for (i = 0; i < m; i++)
    for (j = i; j < m; j++)
      cov[j][i] = cov[i][j];
}

int main() {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      data[i][j] = (double)((i * j) % 16) / 4;
  kernel_covariance(M, N, (double)N);
  double s = 0;
  for (i = 0; i < M; i++)
    for (j = 0; j < M; j++)
      s += cov[i][j] * (i + 1);
  std::printf("%.10e\n", s);
  return 0;
}
