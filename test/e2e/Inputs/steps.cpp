// A time loop of tiny steps, written as C code is (after the heat conduction
// example of an MPI course): variables declared at the top, a max() macro,
// two loops whose arrays stay on the ranks, and a convergence test. Each
// step computes a few microseconds: distributing it costs more than it
// saves, and the runtime must find that out and run the steps on rank 0.
#include <stdio.h>
#include <stdlib.h>

#define max(A, B) ((A) > (B) ? (A) : (B))

const int imax = 40;
const int kmax = 40;

int main(int argc, char **argv) {
  int itmax = argc > 1 ? atoi(argv[1]) : 200;
  double eps = 1.0e-08;
  double phi[imax + 1][kmax + 1], phin[imax][kmax];
  double dx, dx2i, dt, dphi, dphimax;
  int i, k, it;

  dx = 1.0 / kmax;
  dx2i = 1.0 / (dx * dx);
  dt = dx * dx / 4.0;
  for (i = 0; i <= imax; i++)
    for (k = 0; k <= kmax; k++)
      phi[i][k] = k == kmax ? 1.0 : (i == 0 || i == imax) ? k * dx : 0.0;

  for (it = 1; it <= itmax; it++) {
    dphimax = 0.;
#pragma dlb doall distribute(phi, phin) reduction(max: dphimax)
    for (k = 1; k < kmax; k++) {
      for (i = 1; i < imax; i++) {
        dphi = (phi[i + 1][k] + phi[i - 1][k] + phi[i][k + 1] +
                phi[i][k - 1] - 4. * phi[i][k]) * dx2i;
        dphi = dphi * dt;
        dphimax = max(dphimax, dphi);
        phin[i][k] = phi[i][k] + dphi;
      }
    }
#pragma dlb doall distribute(phi, phin)
    for (k = 1; k < kmax; k++)
      for (i = 1; i < imax; i++)
        phi[i][k] = phin[i][k];
    if (dphimax < eps)
      break;
  }
  printf("%d iterations, dphimax %.6e\n", it, dphimax);
  printf("phi[20][20] = %.12f, phi[5][33] = %.12f\n", phi[20][20], phi[5][33]);
  return 0;
}
