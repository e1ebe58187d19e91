// A file with dlb loops but no main: its loops are emitted, and the user is
// told the program's main must be translated too.
// RUN: %dlbcc %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// CHECK: no-main.cpp:1:1: warning: this file has dlb loops but no main(); the program's main must be translated by dlbcc too

double a[100];
void fill(int n) {
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = i;
}
// OUT: {{^}}static dlb::LoopDesc dlbcc_loop_0("no-main.cpp:10:3", dlbcc_kernel_0, "a");
// OUT-NOT: {{^}}int main
