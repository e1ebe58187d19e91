//===- fdtd-2d.cpp - 2-D finite-difference time-domain, TMAX steps --------===//
// Each step sets the boundary row of ey from the source, then updates ey,
// ex and hz in three distributed loops over the rows; the boundary write
// touches ey, which therefore comes back to rank 0 at every step, while ex
// and hz stay on the ranks.
//===----------------------------------------------------------------------===//
#include <cstdio>

#ifndef NX
#define NX 200
#endif
#ifndef NY
#define NY 240
#endif
#ifndef TMAX
#define TMAX 20
#endif

static double ex[NX][NY], ey[NX][NY], hz[NX][NY], fict[TMAX];

static void kernel_fdtd_2d(int tmax, int nx, int ny) {
  int t, i, j;
  for (t = 0; t < tmax; t++) {
    for (j = 0; j < ny; j++)
      ey[0][j] = fict[t];
#pragma dlb doall distribute(ey, hz)
    for (i = 1; i < nx; i++)
      for (j = 0; j < ny; j++)
        ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
#pragma dlb doall distribute(ex, hz)
    for (i = 0; i < nx; i++)
      for (j = 1; j < ny; j++)
        ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
#pragma dlb doall distribute(ex, ey, hz)
    for (i = 0; i < nx - 1; i++)
      for (j = 0; j < ny - 1; j++)
        hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] -
                                     ey[i][j]);
  }
}

int main() {
  int i, j;
  for (i = 0; i < TMAX; i++)
    fict[i] = (double)i;
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++) {
      ex[i][j] = ((double)i * (j + 1)) / NX;
      ey[i][j] = ((double)i * (j + 2)) / NY;
      hz[i][j] = ((double)i * (j + 3)) / NX;
    }
  kernel_fdtd_2d(TMAX, NX, NY);
  double s = 0;
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++)
      s += (ex[i][j] + ey[i][j] + hz[i][j]) * (i + 1);
  std::printf("%.10e\n", s);
  return 0;
}
