// Matrices stored in one array, indexed a[i * n + j] (delinearized by
// dlbcc: rows of n elements): a std::vector product, a 5-point stencil on
// vectors in a time loop (halo rows i - 1 and i + 1, kept on the ranks),
// a pointer with its size in shape(), and a C array with the row length
// in a variable.
#include <cstdio>
#include <vector>

#ifndef N
#define N 72
#endif

static double Flat[N * N];

static void product(int n, const std::vector<double> &A,
                    const std::vector<double> &B, std::vector<double> &C) {
  int i, j, k;
#pragma dlb doall distribute(C, A) whole(B)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      double s = 0;
      for (k = 0; k < n; k++)
        s += A[i * n + k] * B[k * n + j];
      C[n * i + j] = s;
    }
}

static void stencil(int n, int steps, std::vector<double> &U,
                    std::vector<double> &V) {
  for (int t = 0; t < steps; t++) {
#pragma dlb doall distribute(U, V)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        V[i * n + j] = 0.2 * (U[i * n + j] + U[(i - 1) * n + j] +
                              U[(i + 1) * n + j] + U[i * n + j - 1] +
                              U[j + 1 + i * n]);
#pragma dlb doall distribute(U, V)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        U[i * n + j] = V[i * n + j];
  }
}

static void scale(int rows, int cols, double *P) {
#pragma dlb doall distribute(P) shape(P[rows * cols])
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      P[r * cols + c] = P[r * cols + c] * 0.5 + r - c;
}

static void flat(int m) {
#pragma dlb doall distribute(Flat)
  for (int r = 0; r < N * N / m; r++)
    for (int c = 0; c < m; c++)
      Flat[r * m + c] += c % 7;
}

int main() {
  const int n = N;
  std::vector<double> A(n * n), B(n * n), C(n * n), U(n * n), V(n * n);
  for (int i = 0; i < n * n; i++) {
    A[i] = i % 7;
    B[i] = (i % 5) * 0.5;
    U[i] = (i % 11) * 0.25;
    Flat[i] = i % 3;
  }
  product(n, A, B, C);
  stencil(n, 6, U, V);
  std::vector<double> P(30 * 40, 1.0);
  scale(30, 40, P.data());
  flat(N / 2);
  double s = 0;
  for (int i = 0; i < n * n; i++)
    s += C[i] * (i % 3) + U[i] * (i % 5) + Flat[i];
  for (double x : P)
    s += x;
  std::printf("%.12e\n", s);
  return 0;
}
