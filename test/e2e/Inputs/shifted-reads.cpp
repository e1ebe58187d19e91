// A time loop whose second loop reads an array only at rows shifted from
// its iterations' (u[i - 1], block and cyclic): the ranks would keep rows
// of u that the loop's iterations do not name, and rank 0's map of them was
// off by one (a gather read past a kept slab: garbage in the results, the
// difftest's seed 320019). Such an array stays with rank 0.
#include <cstdio>

static double canary[9][14][11];
static double u[10][14][11];
static unsigned v[11][11][12];

int main() {
  for (int a = 0; a < 9; a++)
    for (int b = 0; b < 14; b++)
      for (int c = 0; c < 11; c++)
        canary[a][b][c] = a + b + c;
  for (int a = 0; a < 10; a++)
    for (int b = 0; b < 14; b++)
      for (int c = 0; c < 11; c++)
        u[a][b][c] = a * 0.5 + b + c * 0.25;
  for (int a = 0; a < 11; a++)
    for (int b = 0; b < 11; b++)
      for (int c = 0; c < 12; c++)
        v[a][b][c] = a * 7 + b * 3 + c;
  int i;
  for (int t = 0; t < 4; t++) {
#pragma dlb doall distribute(u)
    for (i = 0; i < 9; i++)
      u[i][13][3] = u[i][13][3] * 0.5 + u[i][2][6];
#pragma dlb doall distribute(v)
    for (i = 1; i < 11; i++)
      v[i][0][11] = v[i][0][11] * 31u + (unsigned)(u[i - 1][13][3] * 8);
#pragma dlb doall distribute(cyclic: v)
    for (i = 2; i < 11; i++)
      v[i][1][10] = v[i][1][10] * 17u + (unsigned)(u[i - 2][13][3] * 4);
  }
  double s = 0;
  unsigned long long h = 0;
  for (int a = 0; a < 9; a++)
    for (int b = 0; b < 14; b++)
      for (int c = 0; c < 11; c++)
        s += canary[a][b][c] * (a + 3 * b + 7 * c);
  for (int a = 0; a < 10; a++)
    for (int b = 0; b < 14; b++)
      for (int c = 0; c < 11; c++)
        s += u[a][b][c] * (a + 5 * b + 3 * c);
  for (int a = 0; a < 11; a++)
    for (int b = 0; b < 11; b++)
      for (int c = 0; c < 12; c++)
        h = h * 31 + v[a][b][c];
  std::printf("%.17g %llx\n", s, h);
}
