// WholeRows.cpp - whole arrays declared far larger than the loops read.
//
// Every element of every whole array holds a distinct non-zero value, so a
// row the workers need but do not get (they hold zeros there) changes the
// output. Each loop reads its whole arrays in its own way: offsets, counting
// down, triangular and strided inner loops, a condition, a data-dependent
// index (that array must go whole), 2-D arrays, a std::vector, a vector of
// rows and a pointer with shape(). whole-rows.test compares the output with
// the sequential program's and checks the bytes of whole arrays sent.
#include <cstdio>
#include <vector>

constexpr int MAXL = 4096;
constexpr int MAXM = 64;

static double b[MAXL];
static double c[MAXL];
static int idx[MAXL];
static double Y[MAXM][MAXM];
static double out[MAXL];

double checksum(int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += out[i] * (i % 7 + 1);
  return s;
}

int main() {
  const int n = 100, m = 20;
  for (int k = 0; k < MAXL; ++k) {
    b[k] = (k * 7 % 17 + 1) / 8.0;
    c[k] = (k * 3 % 13 + 1) / 4.0;
    idx[k] = (k * 37 + 11) % MAXL;
  }
  for (int r = 0; r < MAXM; ++r)
    for (int k = 0; k < MAXM; ++k)
      Y[r][k] = (r * MAXM + k) % 11 + 1;
  std::vector<double> v(MAXL);
  std::vector<std::vector<double>> rows(MAXM, std::vector<double>(MAXM));
  for (int k = 0; k < MAXL; ++k)
    v[k] = k % 9 + 1;
  for (int r = 0; r < MAXM; ++r)
    for (int k = 0; k < MAXM; ++k)
      rows[r][k] = (r + 2 * k) % 5 + 1;
  double *p = b;

  // Offsets on both sides, a subscript that falls as i grows.
#pragma dlb doall distribute(out) whole(b, c)
  for (int i = 0; i < n; ++i) {
    double s = 0;
    for (int k = i; k < n; ++k)
      s += b[k - i + 3] * c[n - 1 - k + 2];
    out[i] = s;
  }
  std::printf("offsets %.6f\n", checksum(n));

  // Counting down, a stride of 2 in the subscript.
#pragma dlb doall distribute(out) whole(b)
  for (int i = n - 1; i >= 0; --i)
    out[i] = b[2 * i + 1];
  std::printf("down %.6f\n", checksum(n));

  // Triangular: the inner bounds depend on the outer index.
#pragma dlb doall distribute(out) whole(b, c)
  for (int i = 0; i < n; ++i) {
    double s = 0;
    for (int j = 0; j <= i; ++j)
      for (int k = j; k < i + 2; ++k)
        s += b[i + j] * c[k + 10];
    out[i] = s;
  }
  std::printf("triangular %.6f\n", checksum(n));

  // Strided loops: the outer by 3, an inner counting down by 2; a read
  // under a condition.
#pragma dlb doall distribute(out) whole(b, c)
  for (int i = 0; i < n; i += 3) {
    double s = 0;
    for (int k = i + 10; k > i; k -= 2)
      s += c[k + 200];
    if (i > 0)
      s += b[i - 1];
    out[i] = s;
  }
  std::printf("strided %.6f\n", checksum(n));

  // A data-dependent index: b must go whole (idx reaches far beyond n).
#pragma dlb doall distribute(out) whole(b, idx)
  for (int i = 0; i < n; ++i)
    out[i] = b[idx[i]];
  std::printf("indirect %.6f\n", checksum(n));

  // 2-D whole arrays (a C array and a vector of rows), a std::vector and a
  // pointer with its shape.
#pragma dlb doall distribute(out) whole(Y, rows, v, p) shape(p[MAXL])
  for (int i = 0; i < m; ++i) {
    double s = 0;
    for (int k = 0; k < m; ++k)
      s += Y[k][i] * rows[k + 1][i] + v[k + 30];
    out[i] = s + p[i + 500];
  }
  std::printf("matrices %.6f\n", checksum(m));
  return 0;
}
