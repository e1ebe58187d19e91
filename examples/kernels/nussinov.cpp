//===- nussinov.cpp - RNA folding by dynamic programming ------------------===//
// The table is filled from the bottom row up, each row left to right; cell
// (i, j) takes cells of row i to its left and of the rows below: the loop
// over i is sequential, and so is the one over j. The pragma marks the
// outer loop (counting down), which dlbcc rejects.
//===----------------------------------------------------------------------===//
#include <cstdio>

#ifndef N
#define N 180
#endif

static int seq[N];
static int table[N][N];

static int match(int b1, int b2) { return b1 + b2 == 3 ? 1 : 0; }

static void kernel_nussinov(int n) {
  int i, j, k;
#pragma dlb doall distribute(table) whole(seq)
  for (i = n - 1; i >= 0; i--) {
    for (j = i + 1; j < n; j++) {
      if (j - 1 >= 0 && table[i][j] < table[i][j - 1])
        table[i][j] = table[i][j - 1];
      if (i + 1 < n && table[i][j] < table[i + 1][j])
        table[i][j] = table[i + 1][j];
      if (j - 1 >= 0 && i + 1 < n) {
        int m = table[i + 1][j - 1] + (i < j - 1 ? match(seq[i], seq[j]) : 0);
        if (table[i][j] < m)
          table[i][j] = m;
      }
      for (k = i + 1; k < j; k++)
        if (table[i][j] < table[i][k] + table[k + 1][j])
          table[i][j] = table[i][k] + table[k + 1][j];
    }
  }
}

int main() {
  int i;
  for (i = 0; i < N; i++)
    seq[i] = (i + 1) % 4;
  kernel_nussinov(N);
  long s = 0;
  for (i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += table[i][j] * (long)(j + 1);
  std::printf("%ld\n", s);
  return 0;
}
