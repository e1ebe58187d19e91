/* Variable-length arrays dlbcc takes: locals whose rows have constant
   extents, counted with sizeof where the loop runs; parameters whose outer
   bound names another parameter, emitted without it. */
#include <stdio.h>
#define M 4
void scale(int n, double x[n], const double y[n], double z[n][M]) {
  // CHECK: {{^}}void scale(int n, double x[], const double y[], double z[][M]) {
#pragma dlb doall distribute(x, z) whole(y)
  for (int i = 0; i < n; i++) {
    x[i] = 2 * y[n - 1 - i];
    z[i][i % M] = x[i];
  }
  // CHECK: {{^}}  dlbcc_run.distPointer(x, static_cast<long long>(n), dlb::Access{true, 0, 0});
  // CHECK: {{^}}  dlbcc_run.wholePointer(y, static_cast<long long>(n));
  // CHECK: {{^}}  dlbcc_run.distPointer(z, static_cast<long long>(n), 0, dlb::Access{true, 0, 0});
}
int main(int argc, char **argv) {
  int n = argc * 100;
  double a[n], g[n][M];
#pragma dlb doall distribute(a, g)
  for (int i = 0; i < n; i++) {
    a[i] = i;
    for (int j = 0; j < M; j++)
      g[i][j] = a[i] + j;
  }
  // CHECK: {{^}}  dlbcc_run.distPointer(a, static_cast<long long>(sizeof a / sizeof a[0]), dlb::Access{true, 0, 0});
  // CHECK: {{^}}  dlbcc_run.distPointer(g, static_cast<long long>(sizeof g / sizeof g[0]), 0, dlb::Access{true, 0, 0});
  // CHECK: {{^}}    dlbcc_run.checkAccess("g[i][j]", "g", 1, static_cast<long long>(0), static_cast<long long>(M - 1), std::extent<std::remove_reference_t<decltype(g[0])>, 0>::value);
  double b[n];
  scale(n, b, a, g);
  printf("%g\n", g[n - 1][1]);
  return 0;
}
