// Jacobi 2-D stencil as numerical codes write it (issue 17's benchmark):
// fixed-size global grids sized by -DN, indices declared at the top, two
// sweeps per time step, each a distributed loop; nothing else in the step,
// so both grids stay on the ranks for the whole time loop.
// -DWHOLE_READS annotates it the other legal way issue 38 tried: each sweep
// distributes the grid it writes and declares the one it reads whole(); the
// runtime should keep both on the ranks all the same.
#include <cstdio>
#include <cstdlib>

#ifndef N
#define N 200
#endif
#ifndef TSTEPS
#define TSTEPS 20
#endif

static double A[N][N];
static double B[N][N];

static void init(int n) {
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      A[i][j] = ((double)i * (j + 2) + 2) / n;
      B[i][j] = ((double)i * (j + 3) + 3) / n;
    }
}

static void kernel(int tsteps, int n) {
  int t, i, j;
  for (t = 0; t < tsteps; t++) {
#ifdef WHOLE_READS
#pragma dlb doall distribute(B) whole(A)
#else
#pragma dlb doall distribute(A, B)
#endif
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
#ifdef WHOLE_READS
#pragma dlb doall distribute(A) whole(B)
#else
#pragma dlb doall distribute(A, B)
#endif
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);
  }
}

int main(int argc, char **argv) {
  int n = N;
  init(n);
  kernel(TSTEPS, n);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += A[i][j] * (i + 1) + B[i][j];
  std::printf("%.12e %.17g\n", s, A[n / 2][n / 3]);
  return 0;
}
