// Loops that step by a constant: red-black relaxation (rows of one colour
// read rows of the other), a countdown by 3, and an index read after the
// loop (the value the sequential loop leaves).
#include <cstdio>
#include <cstdlib>

constexpr int N = 300;
double a[N][N], v[N];

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 100;
  int sweeps = argc > 2 ? std::atoi(argv[2]) : 4;
  if (n < 4 || n > N)
    return 1;
  int i, j, t;
  for (i = 0; i < n; i++) {
    v[i] = i % 7;
    for (j = 0; j < n; j++)
      a[i][j] = ((i * 3 + j * 5) % 11) / 4.0;
  }
  for (t = 0; t < sweeps; t++) {
#pragma dlb doall distribute(a)
    for (i = 1; i < n - 1; i += 2)
      for (j = 1; j < n - 1; j++)
        a[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
#pragma dlb doall distribute(a)
    for (i = 2; i < n - 1; i += 2)
      for (j = 1; j < n - 1; j++)
        a[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
  }
  double s = 0;
#pragma dlb doall distribute(v) reduction(+: s)
  for (i = n - 1; i >= 0; i -= 3) {
    v[i] = v[i] * 2 + 1;
    s += v[i];
  }
  std::printf("i after the countdown: %d\n", i);
  double c = 0;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      c += a[i][j] * ((i + 2 * j) % 5 + 1);
  std::printf("%.12e %.6f\n", c, s);
  for (i = 0; i < n; i++)
    c += v[i] * i;
  std::printf("%.12e\n", c);
  return 0;
}
