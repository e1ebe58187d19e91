// floyd.cpp - all-pairs shortest paths (Floyd-Warshall) on a small graph.
//
// The k loop is sequential; each of its n steps runs the doall loop over the
// rows i once, so the loop executes many times with little work each time.
// Row k is copied out before each execution (the loop reads it whole).
//
// Usage: floyd [n]    1 <= n <= 400, default 120.
#include <cstdio>
#include <cstdlib>

constexpr int MAXN = 400;
static int dist[MAXN][MAXN];
static int rowk[MAXN];

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 120;
  if (n < 1 || n > MAXN) {
    std::fprintf(stderr, "usage: %s [n]  (1 <= n <= %d)\n", argv[0], MAXN);
    return 1;
  }
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      dist[i][j] = i == j ? 0 : 1 + (i * 7 + j * 13) % 97 + ((i + j) % 5) * 50;
  for (int k = 0; k < n; ++k) {
    for (int j = 0; j < n; ++j)
      rowk[j] = dist[k][j];
#pragma dlb doall distribute(dist) whole(rowk)
    for (int i = 0; i < n; ++i) {
      int dik = dist[i][k];
      for (int j = 0; j < n; ++j)
        if (dik + rowk[j] < dist[i][j])
          dist[i][j] = dik + rowk[j];
    }
  }
  long long sum = 0, weighted = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      sum += dist[i][j];
      weighted += dist[i][j] * ((i + 2 * j) % 7 + 1);
    }
  std::printf("floyd n=%d sum=%lld weighted=%lld d[0][n-1]=%d\n", n, sum,
              weighted, dist[0][n - 1]);
  return 0;
}
