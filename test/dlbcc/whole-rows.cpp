// The rows of whole arrays that a loop may read (LoopRun::wholeSpan): one
// span per read, bounded over every iteration; an array with a read that
// has no bound gets none and is sent whole. A read-only array read at rows
// `i + c` only is distributed instead (c, rows, idx below).
// RUN: %dlbcc %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)
#include <vector>

constexpr int MAXL = 4096;
static double b[MAXL];
static double c[MAXL];
static int idx[MAXL];
static double out[MAXL];
static double Y[64][64];

int main() {
  const int n = 100;
  std::vector<std::vector<double>> rows(64, std::vector<double>(64));

  // An offset on an inner index bounded by the outer one; a read under a
  // condition is bounded as if it ran.
// CHECK:      { // dlbcc: the loop at whole-rows.cpp:[[@LINE+2]]:3 runs
#pragma dlb doall distribute(out) whole(b, c)
  for (int i = 0; i < n; ++i) {
    double s = 0;
    for (int k = i; k < n; ++k)
      s += b[k - i + 3];
    if (i > 5)
      s += c[i - 5];
    out[i] = s;
  }
// CHECK:      {{^}}  dlbcc_run.wholeSpan(0, static_cast<long long>(std::extent<std::remove_reference_t<decltype(b)>, 0>::value), {dlb::Span{(static_cast<long long>(0)) <= (static_cast<long long>(n) - 1) && ((static_cast<long long>(0))) <= (static_cast<long long>(n) - 1), ((static_cast<long long>(0))) - (static_cast<long long>(n) - 1) + 3LL, (static_cast<long long>(n) - 1) - (static_cast<long long>(0)) + 3LL}}); // the rows of b the loop reads
// CHECK-NEXT: {{^}}  dlbcc_run.run();

  // Counting down by 2, an inner loop counting down with `>`; a vector of
  // rows read at row i + 1 (distributed); a 2-D array read at a non-affine
  // row (Y: none).
// CHECK:      { // dlbcc: the loop at whole-rows.cpp:[[@LINE+2]]:3 runs
#pragma dlb doall distribute(out) whole(b, Y, rows)
  for (int i = n - 1; i >= 0; i -= 2) {
    double s = Y[i % 8][0] + rows[i + 1][1];
    for (int k = i + 4; k > i; --k)
      s += b[2 * k];
    out[i] = s;
  }
// CHECK:      {{^}}  dlbcc_run.distRows(rows, 0, dlb::Access{false, 1, 1});
// CHECK-NOT:  {{^}}  dlbcc_run.wholeSpan(0,
// CHECK:      {{^}}  dlbcc_run.wholeSpan(2, {{.*}}decltype(b){{.*}}, {dlb::Span{(static_cast<long long>(0)) <= (static_cast<long long>(n - 1)) && ((static_cast<long long>(0)) + 1) <= ((static_cast<long long>(n - 1)) + 4LL), 2 * ((static_cast<long long>(0)) + 1), 2 * ((static_cast<long long>(n - 1)) + 4LL)}}); // the rows of b the loop reads
// CHECK:      {{^}}  dlbcc_run.run();

  // No bound: a data-dependent index (b; idx itself is read at row i:
  // distributed), a non-affine subscript (c).
// CHECK:      { // dlbcc: the loop at whole-rows.cpp:[[@LINE+2]]:3 runs
#pragma dlb doall distribute(out) whole(b, c, idx)
  for (int i = 0; i < n; ++i)
    out[i] = b[idx[i]] + c[i * i] + b[i];
// CHECK:      {{^}}  dlbcc_run.distArray(idx, dlb::Access{false, 0, 0});
// CHECK-NOT:  {{^}}  dlbcc_run.wholeSpan(
// CHECK:      {{^}}  dlbcc_run.run();

  // No bound: an index the body computes, a read in an inner loop's
  // condition, an inner index the body changes.
// CHECK:      { // dlbcc: the loop at whole-rows.cpp:[[@LINE+2]]:3 runs
#pragma dlb doall distribute(out) whole(b, c, idx)
  for (int i = 0; i < n; ++i) {
    int k = i + 1;
    double s = b[k];
    int j;
    for (j = 0; c[j] < 0.5 && j < n; ++j)
      s += 1;
    for (int m = 0; m < n; ++m) {
      s += idx[m];
      m += 1;
    }
    out[i] = s;
  }
// CHECK-NOT:  {{^}}  dlbcc_run.wholeSpan(
// CHECK:      {{^}}  dlbcc_run.run();
  return 0;
}
