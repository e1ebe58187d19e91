// An OpenMP program in the `parallel` region style: a time loop around a
// region with several `for`s (one with a scratch array declared in the
// region, private to each thread), a `single` that prints, shared and
// private clauses, a reduction on the region. Prints what it computes.
#include <cstdio>
#include <cstdlib>

const int N = 300, M = 64;
static double u[N][M], v[N][M];

int main(int argc, char **argv) {
  int steps = argc > 1 ? std::atoi(argv[1]) : 6;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      u[i][j] = (i * 31 + j * 17) % 64;
  double total = 0;
  for (int s = 0; s < steps; ++s) {
#pragma omp parallel shared(u, v) reduction(+: total)
    {
      double scratch[M];
      int j;
#pragma omp for schedule(static)
      for (int i = 1; i < N - 1; ++i) {
        for (j = 0; j < M; ++j)
          scratch[j] = u[i - 1][j] + u[i + 1][j];
        for (j = 0; j < M; ++j)
          v[i][j] = (scratch[j] + 2 * u[i][j]) / 4;
      }
#pragma omp single
      std::printf("step %d\n", s);
#pragma omp for private(j)
      for (int i = 1; i < N - 1; ++i)
        for (j = 0; j < M; ++j) {
          u[i][j] = v[i][j];
          total += v[i][j];
        }
    }
  }
  std::printf("total %.6e\n", total);
  for (int i = 0; i < N; i += 37)
    std::printf("u[%d][5] = %.12e\n", i, u[i][5]);
}
