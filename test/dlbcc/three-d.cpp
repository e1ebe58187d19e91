// Arrays of three dimensions (T[R][Q][P], or a parameter T A[R][Q][P]):
// distributed along the first dimension, in blocks of contiguous R-slices;
// the kernel takes them as restrict pointers to slices.
// RUN: %dlbcc %s --dump-model | FileCheck %s --check-prefix=MODEL
// RUN: %dlbcc %s -o %t.cpp
// RUN: FileCheck %s --check-prefix=EMIT < %t.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)
// RUN: not %dlbcc %s -o %t.err.cpp -- -DERRORS 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error: --implicit-check-not=warning:
#define N 16
double T[N][N][N];

void heat(int n, double X[N][N][N], double Y[N][N][N]) {
  int i, j, k;
// MODEL: loop three-d.cpp:[[@LINE+6]]:3: doall i in [1, n - 1)
// MODEL-NEXT: array Y: distributed, pointer-to-array 3-D of double, dim 0 (rows), halo [0, 0], written
// MODEL-NEXT: array X: distributed, pointer-to-array 3-D of double, dim 0 (rows), halo [-1, 1], read-only
// MODEL: data D = 4096 bytes
// EMIT: auto dlbcc_body = [&](double (*__restrict Y)[16][16], double (*__restrict X)[16][16]) {
#pragma dlb doall distribute(X, Y)
  for (i = 1; i < n - 1; i++)
    for (j = 1; j < n - 1; j++)
      for (k = 1; k < n - 1; k++)
        Y[i][j][k] = X[i - 1][j][k] + X[i + 1][j][k] + X[i][j][k - 1];
}

void slices(double (&S)[N][N]) {
// MODEL: loop three-d.cpp:[[@LINE+4]]:3: doall r in [0, 16)
// MODEL-NEXT: array T: distributed, c-array 3-D of double, dim 0 (rows), halo [0, 0], written
// MODEL-NEXT: array S: whole, c-array 2-D of double, read-only
#pragma dlb doall distribute(T) whole(S)
  for (int r = 0; r < N; r++)
    for (int q = 0; q < N; q++)
      for (int p = 0; p < N; p++)
        T[r][q][p] = S[q][p] * r;
}

#ifdef ERRORS
void pairs() {
#pragma dlb doall distribute(T) schedule(bitonic)
  for (int r = 0; r < N; r++)
    for (int q = r; q < N; q++)
      T[r][q][0] = q;
// ERR: :[[@LINE-1]]:7: error: schedule(bitonic) takes arrays of one or two dimensions; 'T' has 3
}

void pipeline() {
  for (int t = 1; t < N; t++) {
#pragma dlb doacross distribute(T)
    for (int r = 1; r < N; r++)
      T[t][r][0] = T[t - 1][r][0] + T[t][r - 1][0];
// ERR: :[[@LINE-1]]:7: error: a doacross pipeline takes arrays of one or two dimensions; 'T' has 3
  }
}
#endif

int main() {
  static double S[N][N];
  heat(N, T, T);
  slices(S);
}
