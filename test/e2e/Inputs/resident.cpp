// Arrays that stay on the ranks across time loops, written as numerical
// codes write them: a Jacobi solver with two sweeps per step and a
// convergence test, loops whose bounds move from step to step, a loop that
// sees the same array by rows and then by columns (the array comes back
// between them), a whole array kept beside a distributed one that the step
// reads, a time loop left by `break`, fixed-size parameters and vectors, a
// step that writes a boundary row.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#ifndef N
#define N 48
#endif
#define M 40

static double A[N][M], B[N][M];
static double u[N * 4], w[16];

static void jacobi(int steps) {
  int t, i, j;
  double change = 1;
  for (t = 0; t < steps && change > 1e-9; t++) {
#pragma dlb doall distribute(A, B)
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < M - 1; j++)
        B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
    change = 0;
#pragma dlb doall distribute(A, B) reduction(max: change)
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < M - 1; j++) {
        double d = std::fabs(B[i][j] - A[i][j]);
        change = std::max(change, d);
        A[i][j] = B[i][j];
      }
  }
  std::printf("jacobi: %d steps, change %.6e, A[N/2][M/2] %.15e\n", t, change,
              A[N / 2][M / 2]);
}

// Bounds that move: rows outside a step's range keep their owner.
static void moving(int steps) {
  for (int t = 0; t < steps; t++) {
    int lo = t % 7, hi = N * 4 - (t * 3) % 11;
#pragma dlb doall distribute(u)
    for (int i = lo; i < hi; i++)
      u[i] = u[i] * 0.75 + 0.25 * (i % 5) + t;
  }
  double s = 0;
  for (int i = 0; i < N * 4; i++)
    s += u[i] * (i + 1);
  std::printf("moving: %.15e\n", s);
}

// By rows, then by columns: the second loop needs A in another shape.
static void rowsThenColumns(int steps) {
  for (int t = 0; t < steps; t++) {
#pragma dlb doall distribute(A)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++)
        A[i][j] = A[i][j] * 0.5 + i - j + t;
#pragma dlb doall distribute(A, B)
    for (int j = 0; j < M; j++)
      for (int i = 0; i < N; i++)
        B[i][j] = A[i][j] + A[(i + 1) % N][j];
  }
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += B[i][j] * (i + 2 * j + 1);
  std::printf("rows then columns: %.15e\n", s);
}

// w is whole and kept; the step reads u[0], which comes back before the
// test (dlb::fetchRows) while the rest of u stays.
static void wholeKept(int steps) {
  for (int k = 0; k < 16; k++)
    w[k] = 1.0 + k / 32.0;
  for (int t = 0; t < steps; t++) {
#pragma dlb doall distribute(u) whole(w)
    for (int i = 0; i < N * 4; i++)
      u[i] = u[i] * w[i % 16] - w[(i + t) % 16];
    if (u[0] > 1e6)
      std::printf("never\n");
  }
  std::printf("whole kept: %.15e %.15e\n", u[1], u[N * 4 - 1]);
}

// Left by break: the arrays come back all the same.
static int leftByBreak(int steps) {
  int t = 0;
  while (true) {
#pragma dlb doall distribute(u)
    for (int i = 0; i < N * 4; i++)
      u[i] = u[i] / 2 + 1;
    if (++t == steps)
      break;
  }
  return t;
}

static void params(int steps, double X[N][M], double Y[N][M]) {
  for (int t = 0; t < steps; t++) {
#pragma dlb doall distribute(X, Y)
    for (int i = 1; i < N - 1; i++)
      for (int j = 0; j < M; j++)
        Y[i][j] = (X[i - 1][j] + X[i + 1][j]) / 2 + t;
#pragma dlb doall distribute(X, Y)
    for (int i = 1; i < N - 1; i++)
      for (int j = 0; j < M; j++)
        X[i][j] = Y[i][j] - X[i][j] / 4;
  }
  std::printf("params: %.15e %.15e\n", X[N / 3][M / 2], Y[N - 2][M - 1]);
}

static void vectors(int steps) {
  std::vector<double> p(300), q(300);
  for (int i = 0; i < 300; i++)
    p[i] = i % 13;
  for (int t = 0; t < steps; t++) {
#pragma dlb doall distribute(p, q)
    for (int i = 1; i < 299; i++)
      q[i] = p[i - 1] - 2 * p[i] + p[i + 1] + 1;
#pragma dlb doall distribute(p, q)
    for (int i = 1; i < 299; i++)
      p[i] = p[i] + 0.1 * q[i];
  }
  double s = 0;
  for (int i = 0; i < 300; i++)
    s += p[i] * (i + 1);
  std::printf("vectors: %.15e\n", s);
}

// The step writes a boundary row and reads rows that a loop computes
// (fdtd-2d's pattern; a row that moves with t): those rows come back before
// the code that uses them (dlb::fetchRows), the arrays stay.
static double boundaryRow(int steps) {
  double s = 0;
  for (int t = 0; t < steps; t++) {
    for (int j = 0; j < M; j++)
      A[0][j] = t + j * 0.5;
#pragma dlb doall distribute(A, B)
    for (int i = 1; i < N; i++)
      for (int j = 0; j < M; j++)
        B[i][j] = A[i][j] * 0.5 + A[i - 1][j] * 0.25;
#pragma dlb doall distribute(A, B)
    for (int i = 1; i < N; i++)
      for (int j = 0; j < M; j++)
        A[i][j] = B[i][j] + 1e-3 * A[i][j];
    s += A[N - 1][M / 2] + u[2] + A[(t * 7) % N][t % M];
  }
  return s;
}

// A std::vector of rows and a table of row pointers stay on the ranks too.
static double rowTables(int steps) {
  std::vector<std::vector<double>> P(N, std::vector<double>(M));
  double **Q = new double *[N];
  for (int i = 0; i < N; i++) {
    Q[i] = new double[M];
    for (int j = 0; j < M; j++) {
      P[i][j] = (i + 2 * j) % 5;
      Q[i][j] = 0;
    }
  }
  for (int t = 0; t < steps; t++) {
#pragma dlb doall distribute(P, Q) shape(Q[N][M])
    for (int i = 1; i < N - 1; i++)
      for (int j = 0; j < M; j++)
        Q[i][j] = P[i - 1][j] + P[i + 1][j] - 2 * P[i][j];
#pragma dlb doall distribute(P, Q) shape(Q[N][M])
    for (int i = 1; i < N - 1; i++)
      for (int j = 0; j < M; j++)
        P[i][j] += 0.1 * Q[i][j];
  }
  double s = 0;
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++)
      s += (P[i][j] + Q[i][j]) * (i + 1);
    delete[] Q[i];
  }
  delete[] Q;
  return s;
}

int main() {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (i == 0 || j == 0) ? 10.0 : (i * j) % 7;
  for (int i = 0; i < N * 4; i++)
    u[i] = i % 9;
  jacobi(40);
  moving(25);
  rowsThenColumns(6);
  wholeKept(12);
  std::printf("left by break after %d steps: %.15e\n", leftByBreak(9), u[5]);
  params(10, A, B);
  vectors(15);
  std::printf("boundary row: %.15e\n", boundaryRow(8));
  std::printf("row tables: %.15e\n", rowTables(7));
  return 0;
}
