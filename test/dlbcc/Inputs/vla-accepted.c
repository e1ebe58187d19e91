/* Variable-length arrays dlbcc takes: locals, counted with sizeof where
   the loop runs; parameters whose outer bound names another parameter,
   emitted without it; pointers to rows of run-time extents initialized
   where declared, which become `auto` (Clang's C++ has no other way to
   declare them), and rows of run-time extents in a loop: elements in rows
   of the length sizeof measures, the extents passed to the kernel, which
   declares the rows' type again. */
#include <stdio.h>
#include <stdlib.h>
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
  int m = n / 2;
  double (*u)[n][m] = malloc(sizeof(double[3][n][m]));
  // CHECK: {{^}}  auto u = (double (*)[n][m])(malloc(sizeof(double[3][n][m])));
  double (*v)[m] = (double (*)[m])u[1];
  // CHECK: {{^}}  auto v = (double (*)[m])u[1];
#pragma dlb doall distribute(u) whole(v) shape(u[3], v[n])
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < m; k++)
        u[i][j][k] = v[j][k] + i;
  // KERNEL: {{^}}  {{.*}}const long long dlbcc_u_d1 = dlbcc_block.scalar<long long>([[D1:[0-9]+]]);
  // KERNEL: {{^}}  {{.*}}const long long dlbcc_u_d2 = dlbcc_block.scalar<long long>([[D2:[0-9]+]]);
  // KERNEL: {{^}}  {{.*}} dlbcc_u_row = dlbcc_u_d1 * dlbcc_u_d2;
  // KERNEL: {{^}}    auto u = (double (*)[dlbcc_u_d1][dlbcc_u_d2])dlbcc_rows_u;
  // KERNEL: {{^}}    auto v = (double (*)[dlbcc_v_d1])dlbcc_rows_v;
  // KERNEL: dlbcc_body(std::true_type{}, dlbcc_block.linear<double>(0, dlbcc_u_row), dlbcc_block.wholeData<double>(1),
  // CHECK: {{^}}  dlbcc_run.scalar<long long>(static_cast<long long>(sizeof(u[0]) / sizeof(u[0][0]))); // u's extent 1
  // CHECK: {{^}}  dlbcc_run.distLinear(reinterpret_cast<double *>(u), static_cast<long long>(3) * static_cast<long long>(sizeof(u[0]) / sizeof(double)), static_cast<long long>(sizeof(u[0]) / sizeof(double)), dlb::Access{true, 0, 0});
  // CHECK: {{^}}  dlbcc_run.wholePointer(reinterpret_cast<double *>(v), static_cast<long long>(n) * static_cast<long long>(sizeof(v[0]) / sizeof(double)));
  double w[n][m];
#pragma dlb doall distribute(w)
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      w[i][k] = i - k;
  // CHECK: {{^}}  dlbcc_run.distLinear(reinterpret_cast<double *>(w), static_cast<long long>(sizeof w / sizeof w[0]) * static_cast<long long>(sizeof(w[0]) / sizeof(double)), static_cast<long long>(sizeof(w[0]) / sizeof(double)), dlb::Access{true, 0, 0});
#pragma dlb doall distribute(w)
  for (int k = 1; k < m - 1; k++)
    for (int i = 0; i < n; i++)
      w[i][k] = 2 * w[i][k] + k;
  // CHECK: {{^}}  dlbcc_run.distMatrix(reinterpret_cast<double *>(w), static_cast<long long>(sizeof w / sizeof w[0]), static_cast<long long>(sizeof(w[0]) / sizeof(double)), 1, dlb::Access{true, 0, 0});
  printf("%g\n", g[n - 1][1] + u[2][1][0] + w[1][0]);
  free(u);
  return 0;
}
