// doacross loops are parsed; until they are pipelined they run sequentially
// on rank 0, with a warning, and the emitted program stays correct.
// RUN: %dlbcc %s -o %t.cpp 2>&1 | FileCheck %s --check-prefix=DIAG --implicit-check-not=error: --implicit-check-not=warning:
// RUN: FileCheck %s < %t.cpp

double a[100];
int main() {
#pragma dlb doacross distribute(a)
// DIAG: :[[@LINE-1]]:13: warning: doacross loops are not pipelined yet; this loop runs sequentially on rank 0
  for (int i = 1; i < 100; ++i)
    a[i] = a[i - 1] + 1;
// CHECK:      int dlbcc_user_main() {
// CHECK-NEXT: // dlbcc: doacross loop, run sequentially
// CHECK-NEXT:   for (int i = 1; i < 100; ++i)
// CHECK-NEXT:     a[i] = a[i - 1] + 1;
// CHECK-NOT: {{^}}#pragma
  return a[99] == 99 ? 0 : 1;
}
