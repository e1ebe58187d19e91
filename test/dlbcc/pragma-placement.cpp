// A '#pragma dlb' must stand in a block of a function, right before a for.
// RUN: not %dlbcc %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

double a[100];
#pragma dlb doall distribute(a)
// CHECK: :[[@LINE-1]]:13: error: '#pragma dlb' must be inside a function of the main file, right before a for loop
int g;

struct S {
#pragma dlb doall
// CHECK: :[[@LINE-1]]:13: error: dlb loops in member functions are not supported; move the loop into a free function
  int m;
  void step(int n) {
#pragma dlb doall
// CHECK: :[[@LINE-1]]:13: error: dlb loops in member functions are not supported; move the loop into a free function
    for (int i = 0; i < n; ++i)
      a[i] = 1;
  }
};

void f(int n, bool c) {
#pragma dlb doall distribute(a)
// CHECK: :[[@LINE-1]]:13: error: '#pragma dlb' must be followed by a for loop
  a[0] = 1;
  while (n) {
#pragma dlb doall distribute(a)
// CHECK: :[[@LINE-1]]:13: error: '#pragma dlb' must be followed by a for loop
  }
  if (c)
#pragma dlb doall distribute(a)
// CHECK: :[[@LINE-1]]:13: error: '#pragma dlb' and its loop must be statements of a block '{ ... }'
    for (int i = 0; i < n; ++i)
      a[i] = 1;
}
