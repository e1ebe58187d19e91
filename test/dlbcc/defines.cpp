// Sizes from -D flags: what dlbcc fixed with the macros' values (halos and
// legality from subscripts and bounds, the array types and constants the
// kernel spells) is checked by static_asserts at the call site, so the
// emitted file compiled with other -D flags stops with dlbcc's message
// instead of computing with the old sizes. Macros only in arithmetic of the
// body (ALPHA) are not fixed: the body is kept as written.
// RUN: %dlbcc %s -o %t.cpp -- -DN=30
// RUN: FileCheck %s --implicit-check-not='{{^}}  static_assert' < %t.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror -DN=30 %t.cpp $(%dlbcc --cflags)
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror -DN=30 -DALPHA=3 %t.cpp $(%dlbcc --cflags)
// RUN: not %mpicxx -fsyntax-only -DN=150 %t.cpp $(%dlbcc --cflags) 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: not %mpicxx -fsyntax-only -DN=30 -DHALO=2 %t.cpp $(%dlbcc --cflags) 2>&1 | FileCheck %s --check-prefix=HALO
#include <cstdio>

#ifndef N
#define N 20
#endif
#ifndef HALO
#define HALO 1
#endif
#ifndef ALPHA
#define ALPHA 2
#endif
#define ROWS (N + 2)

static double a[ROWS][N], b[ROWS][N];
static double w[N];
const int last = N - 1;

int main() {
  for (int i = 0; i < ROWS; ++i)
    for (int j = 0; j < N; ++j)
      a[i][j] = i + j;
  for (int j = 0; j < N; ++j)
    w[j] = j;
// CHECK: { // dlbcc: the loop at defines.cpp:[[@LINE+6]]:3
// CHECK-NEXT: static_assert((HALO) == 1, "dlbcc: this file was translated with HALO = 1; translate it again with the same -D flags");
// CHECK-NEXT: static_assert((ROWS) == 32, "dlbcc: this file was translated with ROWS = 32; translate it again with the same -D flags");
// CHECK-NEXT: static_assert((N) == 30, "dlbcc: this file was translated with N = 30; translate it again with the same -D flags");
// CHECK-NEXT: dlb::LoopRun
#pragma dlb doall distribute(a, b) whole(w)
  for (int i = HALO; i < ROWS - HALO; ++i)
    for (int j = 0; j < N; ++j)
      b[i][j] = a[i - HALO][j] + a[i + HALO][j] + ALPHA * w[j];
// A constant the kernel re-declares, and a whole array's type: their
// macros are checked.
// CHECK: { // dlbcc: the loop at defines.cpp:[[@LINE+5]]:3
// CHECK-NEXT: static_assert((N) == 30, "dlbcc: this file was translated with N = 30; translate it again with the same -D flags");
// CHECK-NEXT: static_assert((ROWS) == 32, "dlbcc: this file was translated with ROWS = 32; translate it again with the same -D flags");
// CHECK-NEXT: dlb::LoopRun
#pragma dlb doall distribute(a) whole(b)
  for (int i = 0; i < last; ++i)
    a[i][0] = b[i + 1][last];
  double sum = 0;
  for (int i = 0; i < ROWS; ++i)
    for (int j = 0; j < N; ++j)
      sum += a[i][j] + b[i][j];
  std::printf("sum %.17g\n", sum);
  return 0;
}

// OTHER: error: static assertion failed{{.*}}: dlbcc: this file was translated with N = 30; translate it again with the same -D flags
// HALO: error: static assertion failed{{.*}}: dlbcc: this file was translated with HALO = 1; translate it again with the same -D flags
