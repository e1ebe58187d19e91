// Doacross loops of every form the pipeline supports; each prints checksums
// that the pipelined program must reproduce exactly.
//  * rows: rows distributed (the loop index subscripts the first dimension),
//    the pipeline runs along the columns; a halo of two below (a[i - 2][j])
//    and a read-only distributed input;
//  * nine: a 9-point stencil whose south-west read needs an old value of the
//    previous rank (blocks of at most one row) and whose north-west read a
//    new one; a whole() input; a T** array with shape(); a two-sweep time
//    loop around it;
//    an inclusive bound.
// Usage: pipelines [n]   (4 <= n <= 200, default 40)
#include <cstdio>
#include <cstdlib>

constexpr int N = 200;
double r[N][N], in[N][N], coef[N];

double checksum(double (*m)[N], int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      s += m[i][j] * ((i + 3 * j) % 5 + 1);
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 40;
  if (n < 4 || n > N)
    return 1;
  for (int i = 0; i < n; ++i) {
    coef[i] = 1.0 / (i % 4 + 2);
    for (int j = 0; j < n; ++j) {
      r[i][j] = ((i * 5 + j * 3) % 7) / 8.0;
      in[i][j] = ((i + j) % 3) / 2.0;
    }
  }
  // rows: j pipelined, i distributed (rows), reads two rows back.
  for (int j = 1; j < n; ++j) {
#pragma dlb doacross distribute(r, in)
    for (int i = 2; i < n; ++i)
      r[i][j] = 0.5 * r[i][j - 1] + 0.25 * r[i - 2][j] + 0.125 * r[i - 1][j] +
                in[i][j];
  }
  std::printf("rows %.12e\n", checksum(r, n));

  double **g = new double *[n];
  for (int i = 0; i < n; ++i) {
    g[i] = new double[n];
    for (int j = 0; j < n; ++j)
      g[i][j] = ((i * 3 + j) % 5) / 4.0;
  }
  // nine: a[i + 1][j - 1] is read before this sweep rewrites it.
  for (int sweep = 0; sweep < 2; ++sweep)
    for (int i = 1; i < n - 1; ++i) {
#pragma dlb doacross distribute(g) whole(coef) shape(g[n][n])
      for (int j = 1; j <= n - 2; ++j)
        g[i][j] = coef[j] * (g[i - 1][j - 1] + g[i - 1][j] + g[i][j - 1] +
                             g[i + 1][j - 1] + g[i][j + 1] + g[i + 1][j + 1] +
                             g[i + 1][j]);
    }
  double s = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      s += g[i][j] * ((i + 2 * j) % 3 + 1);
  std::printf("nine %.12e\n", s);
  return 0;
}
