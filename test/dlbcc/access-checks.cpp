// Subscript ranges against the arrays' extents (AccessChecks.cpp): proven
// in range or reported when everything is constant, otherwise checked by
// the call site at run time (checkAccess) before the loop runs; accesses
// that may not run in every iteration are not checked.
// RUN: not %dlbcc %s -o %t.cpp -- -DERRORS -ferror-limit=0 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %dlbcc %s -o %t.cpp
// RUN: FileCheck %s --check-prefix=EMIT --implicit-check-not='{{^}}    dlbcc_run.checkAccess' < %t.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)
#include <vector>

double a[100], b[100][50];

#ifdef ERRORS
void constants() {
#pragma dlb doall distribute(a)
  for (int i = 0; i <= 100; ++i)
    a[i] = i;
// ERR: :[[@LINE-1]]:5: error: 'a[i]' reaches index 100 in dimension 1 of 'a', whose extent is 100
#pragma dlb doall distribute(b)
  for (int i = 0; i < 100; ++i)
    for (int j = 0; j < 50; ++j)
      b[i][j + 1] = b[i][j] + 1;
// ERR: :[[@LINE-1]]:7: error: 'b[i][j + 1]' reaches index 50 in dimension 2 of 'b', whose extent is 50
#pragma dlb doall distribute(a) whole(b)
  for (int i = 1; i < 100; ++i)
    a[i] = b[i - 2][0];
// ERR: :[[@LINE-1]]:12: error: 'b[i - 2][0]' reaches index -1 in dimension 1 of 'b', whose extent is 100
}
#endif

void runtime(int n, int m, double *p, std::vector<double> &v) {
// In range with constant values: nothing to check.
#pragma dlb doall distribute(b)
  for (int i = 0; i < 100; ++i)
    for (int j = 0; j < 50; ++j)
      b[i][j] = i;
// Run-time bounds: checked when the loops run.
// EMIT: {{^}}  if ((0) < (n) && (0) < (m))
// EMIT-NEXT: {{^}}    dlbcc_run.checkAccess("b[i][j]", "b", 0, static_cast<long long>(0), static_cast<long long>(n - 1), std::extent<std::remove_reference_t<decltype(b)>, 0>::value);
// EMIT-NEXT: {{^}}  if ((0) < (n) && (0) < (m))
// EMIT-NEXT: {{^}}    dlbcc_run.checkAccess("b[i][j]", "b", 1, static_cast<long long>(0), static_cast<long long>(m - 1), std::extent<std::remove_reference_t<decltype(b)>, 1>::value);
// EMIT-NEXT: {{^}}  dlbcc_run.run();
#pragma dlb doall distribute(b)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      b[i][j] = i;
// A shape and a vector's size; offsets and coefficients.
// EMIT: {{^}}  if ((1) <= (n))
// EMIT-NEXT: {{^}}    dlbcc_run.checkAccess("p[i]", "p", 0, static_cast<long long>(1), static_cast<long long>(n), n + 1);
// EMIT-NEXT: {{^}}  if ((1) <= (n))
// EMIT-NEXT: {{^}}    dlbcc_run.checkAccess("v[2 * i - 1]", "v", 0, 2 * static_cast<long long>(1) - 1LL, 2 * static_cast<long long>(n) - 1LL, static_cast<long long>(v.size()));
// EMIT-NEXT: {{^}}  dlbcc_run.run();
#pragma dlb doall distribute(p) whole(v) shape(p[n + 1])
  for (int i = 1; i <= n; ++i)
    p[i] = v[2 * i - 1];
// Indices declared at the top of the function: an inner loop whose bound
// names another inner index (k from i + 1, trmm) may not run in every
// iteration, and its bound cannot be evaluated at the call site, where that
// index holds no iteration's value: nothing is checked there.
// EMIT: {{^}}  dlbcc_run.distArray(b, 1, dlb::Access{true, 0, 0});
// EMIT-NEXT: {{^}}  dlbcc_run.run();
  {
    int i, j, k;
#pragma dlb doall distribute(b)
    for (j = 0; j < n; j++)
      for (i = 0; i < m; i++)
        for (k = i + 1; k < m; k++)
          b[i][j] += b[k][j];
  }
// Not in every iteration: under a condition, after a continue, or in an
// inner loop whose bounds depend on the index.
#pragma dlb doall distribute(a) whole(v)
  for (int i = 0; i < 100; ++i)
    a[i] = i > 0 ? v[i - 1] : 0;
#pragma dlb doall distribute(a) whole(v)
  for (int i = 0; i < 100; ++i) {
    if (i == 0)
      continue;
    a[i] = v[i - 1];
  }
#pragma dlb doall distribute(b)
  for (int i = 0; i < 100; ++i)
    for (int j = 0; j < i; ++j)
      b[i][j] = j;
}

// A row passed to a function in an inner loop whose bound moves with the
// index: checked when that loop runs for some index (its bounds over the
// index's range), at the call site, where the index is not in scope.
static double rowsum(const double *r, int len) {
  double s = 0;
  for (int q = 0; q < len; q++)
    s += r[q];
  return s;
}
void triangular(int m) {
#pragma dlb doall distribute(a)
  for (int i = 2; i < 30; ++i)
    for (int j = 1; j <= i; j++)
      a[i] += rowsum(&b[i + 2][0], m);
}
// EMIT: {{^}}  if ((2) < (30) && (static_cast<long long>(1)) <= ((static_cast<long long>(30) - 1)))
// EMIT-NEXT: {{^}}    dlbcc_run.checkAccess("&b[i + 2][0]", "b", 1, 0LL, 0LL, std::extent<std::remove_reference_t<decltype(b)>, 1>::value);
// EMIT-NEXT: {{^}}  if ((2) < (30) && (static_cast<long long>(1)) <= ((static_cast<long long>(30) - 1)))
// EMIT-NEXT: {{^}}    dlbcc_run.checkAccess("&b[i + 2][0]", "b", 1, static_cast<long long>(m) - 1LL, static_cast<long long>(m) - 1LL, std::extent<std::remove_reference_t<decltype(b)>, 1>::value);

int main() {
  triangular(50);
  std::vector<double> v(300);
  double p[11];
  runtime(10, 5, p, v);
  return 0;
}
