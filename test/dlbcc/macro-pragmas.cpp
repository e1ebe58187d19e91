// A pragma written through a macro (`_Pragma` in a `#define`, as code that
// switches annotations does) is replaced with its loop: its annotation was
// read and the loop analyzed, but the Rewriter refused the macro location
// and the loop stayed sequential without a word. A loop written by a
// macro is replaced with its macro's use.
// RUN: %dlbcc %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)
// RUN: %dlbcc %s -o %t-fill.cpp -- -DLOOP_IN_MACRO
// RUN: FileCheck %s --check-prefix=FILL < %t-fill.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror -DLOOP_IN_MACRO %t-fill.cpp $(%dlbcc --cflags)
#include <cstdio>

#define PARALLEL _Pragma("dlb doall distribute(a)")
double a[100];

int main() {
  PARALLEL
  for (int i = 0; i < 100; i++)
    a[i] = i * 2.0;
// CHECK:      int dlbcc_user_main() {
// CHECK-NEXT: { // dlbcc: the loop at {{.*}}macro-pragmas.cpp:[[@LINE-3]]:3 runs on all ranks
// CHECK-NOT:  {{^}}  PARALLEL{{$}}
#ifdef LOOP_IN_MACRO
#define FILL for (int i = 0; i < 100; i++) a[i] += 1;
#pragma dlb doall distribute(a)
  FILL
// FILL:      #define FILL for
// FILL-NEXT: { // dlbcc: the loop at {{.*}}macro-pragmas.cpp:[[@LINE-2]]:3 runs on all ranks
// FILL-NOT:  {{^}}  FILL{{$}}
#endif
  std::printf("%g\n", a[50]);
  return 0;
}
