// Rows of 16 doubles (128 bytes, a multiple of 16) reach a copy of the
// kernel's loop that knows them aligned to 16 where every pointer is, and
// the plain copy where one is not (rows that start 8 bytes into a buffer):
// SSE's folded loads fault on a misaligned address, so a wrong choice
// crashes. Both print what the sequential program prints.
#include <cstdio>

const int M = 16;

void product(double (*c)[M], double (*a)[M], double (*b)[M], int n) {
#pragma dlb doall distribute(c, a) whole(b) shape(c[n], a[n], b[M])
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < M; ++j) {
      double s = 0;
      for (int k = 0; k < M; ++k)
        s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
}

int main() {
  const int n = 300;
  alignas(16) static double A[n * M + 1], B[M * M + 1], C[n * M + 1];
  for (int skew = 0; skew < 2; ++skew) {
    // skew 1: every pointer 8 bytes past a 16-byte boundary.
    double (*a)[M] = reinterpret_cast<double (*)[M]>(A + skew);
    double (*b)[M] = reinterpret_cast<double (*)[M]>(B + skew);
    double (*c)[M] = reinterpret_cast<double (*)[M]>(C + skew);
    for (int i = 0; i < n; ++i)
      for (int k = 0; k < M; ++k)
        a[i][k] = (i * 3 + k * 5) % 7 - 3 + skew;
    for (int k = 0; k < M; ++k)
      for (int j = 0; j < M; ++j)
        b[k][j] = (k + 2 * j) % 5 - 2;
    product(c, a, b, n);
    double sum = 0;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < M; ++j)
        sum += c[i][j] * ((i + j) % 3 + 1);
    std::printf("skew %d: %.1f\n", skew, sum);
  }
  return 0;
}
