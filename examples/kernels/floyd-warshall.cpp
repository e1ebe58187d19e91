//===- floyd-warshall.cpp - all-pairs shortest paths ----------------------===//
// Step k relaxes every path through vertex k: the loop over the rows is
// parallel in fact (row k does not change in step k), but each row reads
// row k, which dlbcc cannot prove unchanged: it rejects the loop as written.
//===----------------------------------------------------------------------===//
#include <cstdio>

#ifndef N
#define N 180
#endif

static int path[N][N];

static void kernel_floyd_warshall(int n) {
  int i, j, k;
  for (k = 0; k < n; k++) {
#pragma dlb doall distribute(path)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j]
                         ? path[i][j]
                         : path[i][k] + path[k][j];
  }
}

int main() {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      path[i][j] = i * j % 7 + 1;
      if ((i + j) % 13 == 0 || (i + j) % 7 == 0 || (i + j) % 11 == 0)
        path[i][j] = 999;
    }
  kernel_floyd_warshall(N);
  long s = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += path[i][j] * (long)(i + 1);
  std::printf("%ld\n", s);
  return 0;
}
