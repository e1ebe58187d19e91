// Alternating-direction implicit sweeps in a time loop: the column sweep
// writes u's transpose v by columns (iteration i owns column i of v) and
// reads u by rows; the row sweep writes u by rows and reads v around row i.
// v and u switch between columns, rows and whole from one loop to the next;
// p and q are distributed by rows in both.
#include <cstdio>

#ifndef N
#define N 90
#endif
#ifndef STEPS
#define STEPS 12
#endif

static double u[N][N], v[N][N], p[N][N], q[N][N];

int main() {
  const double a = -0.25, b = 1.5, c = -0.25, d = -0.125, e = 1.25, f = -0.125;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      u[i][j] = (double)(i + N - j) / N;
  for (int t = 1; t <= STEPS; t++) {
#pragma dlb doall distribute(v, p, q) whole(u)
    for (int i = 1; i < N - 1; i++) {
      v[0][i] = 1.0;
      p[i][0] = 0.0;
      q[i][0] = v[0][i];
      for (int j = 1; j < N - 1; j++) {
        p[i][j] = -c / (a * p[i][j - 1] + b);
        q[i][j] = (-d * u[j][i - 1] + (1.0 + 2.0 * d) * u[j][i] -
                   f * u[j][i + 1] - a * q[i][j - 1]) /
                  (a * p[i][j - 1] + b);
      }
      v[N - 1][i] = 1.0;
      for (int j = N - 2; j >= 1; j--)
        v[j][i] = p[i][j] * v[j + 1][i] + q[i][j];
    }
#pragma dlb doall distribute(u, p, q) whole(v)
    for (int i = 1; i < N - 1; i++) {
      u[i][0] = 1.0;
      p[i][0] = 0.0;
      q[i][0] = u[i][0];
      for (int j = 1; j < N - 1; j++) {
        p[i][j] = -f / (d * p[i][j - 1] + e);
        q[i][j] = (-a * v[i - 1][j] + (1.0 + 2.0 * a) * v[i][j] -
                   c * v[i + 1][j] - d * q[i][j - 1]) /
                  (d * p[i][j - 1] + e);
      }
      u[i][N - 1] = 1.0;
      for (int j = N - 2; j >= 1; j--)
        u[i][j] = p[i][j] * u[i][j + 1] + q[i][j];
    }
  }
  double su = 0, sv = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      su += u[i][j] * (1 + (i * N + j) % 7);
      sv += v[i][j] * (1 + (i * 3 + j) % 5);
    }
  std::printf("u %.17g\nv %.17g\n", su, sv);
  return 0;
}
