/* heat-converge.c - a C solver in the style of course codes: global grids
 * (the new one written first by the loop), sizes from #define, a
 * declaration without a prototype, indices declared at the top, and a
 * time loop that stops at convergence: the largest change of a sweep, a
 * max reduction through fmax, decides whether the next sweep runs. */
#include <math.h>
#include <stdio.h>

#define NX 24
#define NY 20
#define TOLERANCE 0.1

double T[NX + 2][NY + 2];
double Tnew[NX + 2][NY + 2];

void boundaries();

int main(int argc, char *argv[]) {
  int i, j;
  int max_sweeps = 400;
  int sweep = 1;
  double change = 1e9;

  boundaries();
  while (change > TOLERANCE && sweep <= max_sweeps) {
#pragma dlb doall distribute(Tnew, T)
    for (i = 1; i <= NX; i++)
      for (j = 1; j <= NY; j++)
        Tnew[i][j] = 0.25 * (T[i + 1][j] + T[i - 1][j] + T[i][j + 1] +
                             T[i][j - 1]);
    change = 0.0;
#pragma dlb doall distribute(Tnew, T) reduction(max: change)
    for (i = 1; i <= NX; i++)
      for (j = 1; j <= NY; j++) {
        change = fmax(fabs(Tnew[i][j] - T[i][j]), change);
        T[i][j] = Tnew[i][j];
      }
    if (sweep % 40 == 0)
      printf("sweep %d: change %.9f, T[%d][%d] = %.9f\n", sweep, change,
             NX / 2, NY / 3, T[NX / 2][NY / 3]);
    sweep++;
  }
  printf("stopped after %d sweeps, change %.9f\n", sweep - 1, change);
  return 0;
}

void boundaries() {
  int i, j;
  for (i = 0; i <= NX + 1; i++) {
    T[i][0] = 0.0;
    T[i][NY + 1] = (100.0 / NX) * i;
  }
  for (j = 0; j <= NY + 1; j++) {
    T[0][j] = 0.0;
    T[NX + 1][j] = (100.0 / NY) * j;
  }
}
