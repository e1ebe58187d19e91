// Reduction variables may only be updated in the form of their operator.
// RUN: not %dlbcc %s -o %t.cpp -- -ferror-limit=0 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

#include <algorithm>
#include <cmath>
#include <cstdlib>
double a[100], grid[10][10];
const double limit = 4;

void reductions(int n) {
  double s = 0, m = 0, q = 1, u = 0;
#pragma dlb doall reduction(+: s)
  for (int i = 0; i < n; ++i)
    s *= a[i];
// CHECK: :[[@LINE-1]]:5: error: reduction variable 's' may only be updated as 'x += e', 'x -= e', '++x' or 'x = x + e' in the loop
#pragma dlb doall reduction(+: s)
  for (int i = 0; i < n; ++i)
    s += s * a[i];
// One error per cause: the second use of 's' is not reported again.
// CHECK: :[[@LINE-2]]:5: error: reduction variable 's' may only be updated as
#pragma dlb doall reduction(max: m)
  for (int i = 0; i < n; ++i)
    m = std::min(m, a[i]);
// CHECK: :[[@LINE-1]]:5: error: reduction variable 'm' may only be updated as 'x = std::max(x, e)', 'x = fmax(x, e)', 'x = x > e ? x : e' or 'if (e > x) x = e' in the loop
#pragma dlb doall reduction(*: q)
  for (int i = 0; i < n; ++i)
    a[0] = q;
// CHECK: :[[@LINE-1]]:12: error: reduction variable 'q' may only be updated as 'x *= e' or 'x = x * e' in the loop
// CHECK: :[[@LINE-2]]:5: error: every iteration writes array 'a' at elements that do not depend on 'i', so the iterations would overwrite each other's values: if it is scratch space, declare it inside the loop body (each iteration then has its own), or have each iteration assign the elements it reads before reading them (in a 'for' loop with constant bounds, or by a call that writes them all) and name the array nowhere after the loop (a global: static, and nowhere else in its file); if the iterations add up into it, name it in reduction()
// Errors found while walking the body come before those about the clauses.
#pragma dlb doall reduction(+: u)
  for (int i = 0; i < n; ++i)
    s = s + a[i];
// CHECK: :[[@LINE-1]]:5: error: scalar 's' is assigned in the loop but declared outside it
// CHECK: :[[@LINE-4]]:32: warning: reduction variable 'u' is not used in the loop
#pragma dlb doall reduction(min: limit)
  for (int i = 0; i < n; ++i)
    s = s + a[i];
// CHECK: :[[@LINE-1]]:5: error: scalar 's' is assigned in the loop but declared outside it
// CHECK: :[[@LINE-4]]:34: error: reduction variable 'limit' must be an arithmetic scalar
// An array reduction updates elements, each in the form of its operator.
#pragma dlb doall reduction(+: a)
  for (int i = 0; i < n - 1; ++i)
    a[i] = a[i + 1] + 1;
// CHECK: :[[@LINE-1]]:5: error: reduction variable 'a' may only be updated as 'x[k] += e', 'x[k] -= e', '++x[k]' or 'x[k] = x[k] + e' in the loop
#pragma dlb doall reduction(max: a)
  for (int i = 0; i < n; ++i)
    u += a[i];
// CHECK: :[[@LINE-1]]:5: error: scalar 'u' is assigned in the loop but declared outside it
// CHECK: :[[@LINE-2]]:10: error: reduction variable 'a' may only be updated as 'x[k] = std::max(x[k], e)', 'x[k] = fmax(x[k], e)', 'x[k] = x[k] > e ? x[k] : e' or 'if (e > x[k]) x[k] = e' in the loop
#pragma dlb doall reduction(+: grid)
  for (int i = 0; i < n; ++i)
    grid[i][0] += 1;
// CHECK: :[[@LINE-3]]:32: error: reduction variable 'grid' must be an arithmetic scalar or a one-dimensional array of them with a constant size (a std::vector or a pointer is not supported yet)
// The variable must be an added term of the sum, and appear only there.
#pragma dlb doall reduction(+: u)
  for (int i = 0; i < n; ++i)
    u = a[i] - u;
// CHECK: :[[@LINE-1]]:5: error: reduction variable 'u' may only be updated as 'x += e', 'x -= e', '++x' or 'x = x + e' in the loop
#pragma dlb doall reduction(+: u)
  for (int i = 0; i < n; ++i)
    u = u * 2 + a[i];
// CHECK: :[[@LINE-1]]:5: error: reduction variable 'u' may only be updated as
#pragma dlb doall reduction(+: u)
  for (int i = 0; i < n; ++i)
    u = u + u * a[i];
// CHECK: :[[@LINE-1]]:5: error: reduction variable 'u' may only be updated as
#pragma dlb doall reduction(*: q)
  for (int i = 0; i < n; ++i)
    q = q * a[i] + 1;
// CHECK: :[[@LINE-1]]:5: error: reduction variable 'q' may only be updated as 'x *= e' or 'x = x * e' in the loop
#pragma dlb doall reduction(min: m)
  for (int i = 0; i < n; ++i)
    m = std::min(m, m * a[i]);
// CHECK: :[[@LINE-1]]:5: error: reduction variable 'm' may only be updated as 'x = std::min(x, e)', 'x = fmin(x, e)', 'x = x < e ? x : e' or 'if (e < x) x = e' in the loop
// The conditional and guarded forms of C code must keep what the operator
// keeps, and do nothing else.
#pragma dlb doall reduction(max: m)
  for (int i = 0; i < n; ++i)
    m = m < a[i] ? m : a[i];
// CHECK: :[[@LINE-1]]:5: error: reduction variable 'm' may only be updated as
#pragma dlb doall reduction(max: m)
  for (int i = 0; i < n; ++i)
    m = m > a[i] ? m : a[i + 1];
// CHECK: :[[@LINE-1]]:5: error: reduction variable 'm' may only be updated as
#pragma dlb doall reduction(max: m)
  for (int i = 0; i < n; ++i)
    if (a[i] < m)
      m = a[i];
// CHECK: :[[@LINE-2]]:16: error: reduction variable 'm' may only be updated as
#pragma dlb doall reduction(min: m)
  for (int i = 0; i < n; ++i)
    if (a[i] < m)
      m = a[i];
    else
      m = 0;
// CHECK: :[[@LINE-4]]:16: error: reduction variable 'm' may only be updated as
#pragma dlb doall reduction(max: m)
  for (int i = 0; i < n; ++i)
    if (a[i] > m)
      m = a[i - 1];
// CHECK: :[[@LINE-2]]:16: error: reduction variable 'm' may only be updated as
  int at = 0;
#pragma dlb doall reduction(max: m)
  for (int i = 0; i < n; ++i)
    if (a[i] > m) {
      m = a[i];
      at = i;
    }
// CHECK: :[[@LINE-4]]:16: error: reduction variable 'm' may only be updated as
// The value of an update is the partial result of one rank: it cannot be used.
#pragma dlb doall distribute(a) reduction(+: u)
  for (int i = 0; i < n; ++i)
    a[i] = (u += 1);
// CHECK: :[[@LINE-1]]:13: error: reduction variable 'u' may only be updated as
// An integer updated with floating-point values truncates at every step.
  long count = 0;
#pragma dlb doall reduction(+: count)
  for (int i = 0; i < n; ++i)
    count += 0.5 * a[i];
// CHECK: :[[@LINE-1]]:5: error: integer reduction variable 'count' is updated with a floating-point value: each update truncates, and in parallel the truncations would happen in another order; convert the value to an integer, or make 'count' floating-point
#pragma dlb doall reduction(+: count)
  for (int i = 0; i < n; ++i)
    count = count + a[i];
// CHECK: :[[@LINE-1]]:5: error: integer reduction variable 'count' is updated with a floating-point value
#pragma dlb doall reduction(+: count)
  for (int i = 0; i < n; ++i)
    count += static_cast<long>(a[i]) + 1;
}

// An array reduction's element named twice (`h[e] = fmin(x, h[e])`) with
// a subscript that calls pure library functions: the same element, as
// with a plain index; the operands of fmin in either order; `c[e]++`.
void elements(int n) {
  double h[8];
  int c[8];
#pragma dlb doall reduction(min: h) reduction(+: c)
  for (int i = 0; i < n; ++i) {
    h[std::abs((int)std::fmod(a[i], 100.0)) % 8] =
        std::fmin(a[i] * 2, h[std::abs((int)std::fmod(a[i], 100.0)) % 8]);
    c[i % 8]++;
  }
}
