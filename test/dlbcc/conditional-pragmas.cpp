// Pragmas under preprocessor conditionals, as users switch annotations
// (`#ifdef USE_DLB`, one annotation or another): dlbcc replaces the active
// pragma and its loop, and the directives between them stay, so that the
// emitted file's conditionals still balance (they were lost with the pragma:
// "unterminated #else" at the mpicxx step). Pragmas between the dlb pragma
// and its loop go with it, as before (`#pragma GCC ivdep` before the call
// site's block would not compile), also those of an inactive branch. The
// index that cost() names is found past the directives (it was not: "use
// of undeclared identifier 'i'", found by the differential tester).
// RUN: %dlbcc %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)
// RUN: %dlbcc %s -o %t-other.cpp -- -DWHOLE_READS -DUSE_DLB 2>&1 | FileCheck %s --check-prefix=DIAG --implicit-check-not=error:
// RUN: FileCheck %s --check-prefix=OTHER < %t-other.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror -DWHOLE_READS -DUSE_DLB %t-other.cpp $(%dlbcc --cflags)
#include <cstdio>

static double A[64][64], B[64][64];
double s[100];

int main() {
  for (int t = 0; t < 3; t++) {
#ifdef WHOLE_READS
#pragma dlb doall distribute(B) whole(A)
#else
#pragma dlb doall distribute(A, B) cost(i + 1)
#endif
    for (int i = 1; i < 63; i++)
      for (int j = 1; j < 63; j++)
        B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
// CHECK:      #ifdef WHOLE_READS
// CHECK-NEXT: #pragma dlb doall distribute(B) whole(A)
// CHECK-NEXT: #else
// CHECK-NEXT: #endif
// CHECK-NEXT: { // dlbcc: the loop at {{.*}}conditional-pragmas.cpp:[[@LINE-7]]:5 runs on all ranks
// OTHER:      #ifdef WHOLE_READS
// OTHER-NEXT: #else
// OTHER-NEXT: #endif
// OTHER-NEXT: { // dlbcc: the loop at {{.*}}conditional-pragmas.cpp:[[@LINE-11]]:5 runs on all ranks
#pragma dlb doall distribute(A, B)
#if 1 // a comment goes, the directive stays
#pragma GCC ivdep
#define SWEPT(x) \
  (2 * (x))
#endif
    for (int i = 1; i < 63; i++)
      for (int j = 1; j < 63; j++)
        A[i][j] = B[i][j];
// CHECK:      {{^}}#if 1{{$}}
// CHECK-NEXT: {{^}}#define SWEPT(x) {{[\\]$}}
// CHECK-NEXT: {{^}}  (2 * (x))
// CHECK-NEXT: {{^}}#endif
// CHECK-NEXT: { // dlbcc: the loop at {{.*}}conditional-pragmas.cpp:[[@LINE-7]]:5 runs on all ranks
  }
#ifdef USE_DLB
#pragma dlb doacross distribute(s)
#endif
// DIAG: :[[@LINE-2]]:13: warning: this doacross loop is not directly inside a loop that could be pipelined
  for (int i = 1; i < 100; ++i)
    s[i] = s[i - 1] + 1;
// OTHER:      #ifdef USE_DLB
// OTHER-NEXT: // dlbcc: doacross loop, run sequentially
// OTHER-NEXT: #endif
// OTHER-NEXT:   for (int i = 1; i < 100; ++i)
  std::printf("%g %g\n", A[9][9], SWEPT(s[99]));
  return 0;
}
