// Loops that step by a constant (`i += 2`, `i -= 3`): the index range is
// distributed, the kernel runs the iterations of each strip in it, and
// iterations lie a multiple of the step apart (red-black rows are
// independent; a read two rows back is not). The index keeps the value the
// sequential loop leaves.
// RUN: %dlbcc %s --dump-model | FileCheck %s --check-prefix=MODEL
// RUN: %dlbcc %s -o %t.cpp
// RUN: FileCheck %s --check-prefix=EMIT < %t.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)
// RUN: not %dlbcc %s -o %t.err.cpp -- -DERRORS -ferror-limit=0 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error: --implicit-check-not=warning:
// RUN: test ! -e %t.err.cpp
double a[64][64], v[64];

int redBlack(int n) {
  int i, j;
// MODEL: loop strides.cpp:[[@LINE+7]]:3: doall i in [1, n - 1) by 2
// MODEL-NEXT: array a: distributed, c-array 2-D of double, dim 0 (rows), halo [-1, 1], written
// EMIT: for (long long dlbcc_lo = dlbcc_block.begin(), dlbcc_hi; dlbcc_lo < dlbcc_block.end(); dlbcc_lo = dlbcc_hi) {
// EMIT: for (int i = static_cast<int>(dlbcc_block.strided(dlbcc_lo)); i < dlbcc_hi; i += 2)
// EMIT: dlbcc_run.stride(2, 1);
// EMIT: {{^ *}}i = static_cast<int>((1) < (n - 1) ? (1) + (((n - 1) - (1) - 1) / 2 + 1) * 2 : (1));
#pragma dlb doall distribute(a)
  for (i = 1; i < n - 1; i += 2)
    for (j = 1; j < n - 1; j++)
      a[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
  return i;
}

int countdown(int n) {
  int i;
// MODEL: loop strides.cpp:[[@LINE+4]]:3: doall i in [0, n - 1] counting down by 3
// EMIT: dlbcc_run.stride(3, n - 1);
// EMIT: {{^ *}}i = static_cast<int>((0) <= (n - 1) ? (n - 1) - (((n - 1) - (0)) / 3 + 1) * 3 : (n - 1));
#pragma dlb doall distribute(v)
  for (i = n - 1; i >= 0; i -= 3)
    v[i] = v[i] * 2;
  return i;
}

#ifdef ERRORS
void errors(int n) {
  // Two rows back is an iteration of the same colour.
#pragma dlb doall distribute(a)
  for (int i = 2; i < n; i += 2)
    a[i][0] = a[i - 2][0];
// ERR: :[[@LINE-1]]:15: error: loop-carried dependence on 'a' (distance 2 in 'i'): iterations of this doall loop are not independent
#pragma dlb doall distribute(cyclic: v)
// ERR: :[[@LINE-1]]:13: error: a loop that steps by 2 is distributed in contiguous blocks of its index range; 'cyclic' would deal its iterations unevenly and is not supported
  for (int i = 0; i < n; i += 2)
    v[i] = 0;
#pragma dlb doall distribute(v) schedule(bitonic)
// ERR: :[[@LINE-1]]:13: error: schedule(bitonic) pairs the first iteration with the last; a loop that steps by 2 is not supported
  for (int i = 0; i < n; i += 2)
    v[i] = i;
  for (int i = 1; i < n; i += 2) {
#pragma dlb doacross distribute(a)
    for (int j = 1; j < n; j++)
      a[i][j] = a[i][j - 1];
  }
// ERR: :[[@LINE-5]]:26: error: the loops of a doacross pipeline must step by one: its blocks are contiguous ranges of both indices; rewrite the loop with '++i'
}
#endif

int main() { return redBlack(64) + countdown(64); }
