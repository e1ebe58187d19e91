// A doacross loop that is not directly inside a loop has nothing to
// pipeline: it runs sequentially on rank 0, with a warning, and the emitted
// program stays correct. (Pipelined doacross loops: pipeline*.cpp.)
// RUN: %dlbcc %s -o %t.cpp 2>&1 | FileCheck %s --check-prefix=DIAG --implicit-check-not=error: --implicit-check-not=warning:
// RUN: FileCheck %s < %t.cpp

double a[100];
int main() {
#pragma dlb doacross distribute(a)
// DIAG: :[[@LINE-1]]:13: warning: this doacross loop is not directly inside a loop that could be pipelined; it runs sequentially on rank 0
  for (int i = 1; i < 100; ++i)
    a[i] = a[i - 1] + 1;
// CHECK:      int dlbcc_user_main() {
// CHECK-NEXT: // dlbcc: doacross loop, run sequentially
// CHECK-NEXT:   for (int i = 1; i < 100; ++i)
// CHECK-NEXT:     a[i] = a[i - 1] + 1;
// CHECK-NOT: {{^}}#pragma
  return a[99] == 99 ? 0 : 1;
}
