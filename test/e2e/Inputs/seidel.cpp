// Gauss-Seidel sweeps as written, whose reads of the previous row's new
// values at higher columns make dlbcc skew the pipeline (the ranks own
// ranges of j + s * i); each prints checksums that the pipelined program
// must reproduce exactly.
//  * nine: the 9-point stencil of seidel-2d in a time loop (skew 1), on a
//    grid with more columns than rows;
//  * far: a sweep reading a[i - 1][j + 2] (skew 2) and a[i + 1][j - 1],
//    with a read-only distributed input read at [i][j + 1] and [i - 1][j],
//    over a sub-range of the rows and columns.
// Usage: seidel [rows [cols [steps]]]   (4 <= rows, cols <= 120)
#include <cstdio>
#include <cstdlib>

constexpr int N = 120;
double a[N][N], w[N][N];

double checksum(int rows, int cols) {
  double s = 0;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      s += a[i][j] * ((i + 3 * j) % 5 + 1);
  return s;
}

int main(int argc, char **argv) {
  int rows = argc > 1 ? std::atoi(argv[1]) : 30;
  int cols = argc > 2 ? std::atoi(argv[2]) : 50;
  int steps = argc > 3 ? std::atoi(argv[3]) : 3;
  if (rows < 4 || rows > N || cols < 4 || cols > N)
    return 1;
  int t, i, j;
  for (i = 0; i < rows; ++i)
    for (j = 0; j < cols; ++j) {
      a[i][j] = ((i * 5 + j * 3) % 7) / 8.0;
      w[i][j] = ((i + j) % 3) / 4.0;
    }
  for (t = 0; t < steps; t++)
    for (i = 1; i <= rows - 2; i++) {
#pragma dlb doacross distribute(a)
      for (j = 1; j <= cols - 2; j++)
        a[i][j] = (a[i - 1][j - 1] + a[i - 1][j] + a[i - 1][j + 1] +
                   a[i][j - 1] + a[i][j] + a[i][j + 1] + a[i + 1][j - 1] +
                   a[i + 1][j] + a[i + 1][j + 1]) / 9.0;
    }
  std::printf("nine %.12e\n", checksum(rows, cols));
  for (i = 2; i < rows - 1; i++) {
#pragma dlb doacross distribute(a, w)
    for (j = 1; j < cols - 3; j++)
      a[i][j] = 0.25 * (a[i - 1][j + 2] + a[i + 1][j - 1] + a[i][j - 1]) +
                w[i][j + 1] * a[i][j] + w[i - 1][j] * 0.125;
  }
  std::printf("far %.12e\n", checksum(rows, cols));
  return 0;
}
