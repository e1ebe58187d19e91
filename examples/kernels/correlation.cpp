//===- correlation.cpp - the correlation matrix of N samples of M variables ===//
// Means and standard deviations per variable (over the variables, each
// reading its column), normalisation (over the samples), and the upper
// triangle of the correlation (over the variables).
//===----------------------------------------------------------------------===//
#include <cmath>
#include <cstdio>

#ifndef M
#define M 160
#endif
#ifndef N
#define N 200
#endif

static double data[N][M], corr[M][M], mean[M], stddev[M];

static void kernel_correlation(int m, int n, double float_n) {
  int i, j, k;
  const double eps = 0.1;
#pragma dlb doall distribute(mean, stddev) whole(data)
  for (j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
    stddev[j] = 0.0;
    for (i = 0; i < n; i++)
      stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] /= float_n;
    stddev[j] = std::sqrt(stddev[j]);
    stddev[j] = stddev[j] <= eps ? 1.0 : stddev[j];
  }
#pragma dlb doall distribute(data) whole(mean, stddev)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      data[i][j] -= mean[j];
      data[i][j] /= std::sqrt(float_n) * stddev[j];
    }
#pragma dlb doall distribute(corr) whole(data)
  for (i = 0; i < m - 1; i++) {
    corr[i][i] = 1.0;
    for (j = i + 1; j < m; j++) {
      corr[i][j] = 0.0;
      for (k = 0; k < n; k++)
        corr[i][j] += (data[k][i] * data[k][j]);
    }
  }
  corr[m - 1][m - 1] = 1.0;
  for (i = 0; i < m - 1; i++)
    for (j = i + 1; j < m; j++)
      corr[j][i] = corr[i][j];
}

int main() {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      data[i][j] = (double)(i * j) / M + i;
  kernel_correlation(M, N, (double)N);
  double s = 0;
  for (i = 0; i < M; i++)
    for (j = 0; j < M; j++)
      s += corr[i][j] * (i + 1);
  std::printf("%.10e\n", s);
  return 0;
}
