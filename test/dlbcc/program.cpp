// Program-level checks: cost(), nested dlb loops and calls to functions that
// contain one.
// RUN: not %dlbcc %s -o %t.cpp -- -ferror-limit=0 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

double a[100], b[100];
int counter(int);

void inner(int n) {
#pragma dlb doall distribute(b)
  for (int i = 0; i < n; ++i)
    b[i] = i;
}

void program(int n) {
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
#pragma dlb doall distribute(b)
    for (int j = 0; j < n; ++j)
// CHECK: :[[@LINE-1]]:5: error: a dlb loop cannot be nested inside another dlb loop
      b[j] = j;
    a[i] = 1;
  }
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
    inner(n);
// CHECK: :[[@LINE-1]]:5: error: call to 'inner', which contains a dlb loop
    a[i] = 0;
  }
#pragma dlb doall distribute(a) cost(a)
// CHECK: :[[@LINE-1]]:38: error: cost() must be an arithmetic expression
  for (int i = 0; i < n; ++i)
    a[i] = 0;
#pragma dlb doall distribute(a) cost(counter(i))
// CHECK: :[[@LINE-1]]:38: error: cost() must not have side effects
  for (int i = 0; i < n; ++i)
    a[i] = 0;
#pragma dlb doall distribute(a) cost(2 * n * i + 1)
  for (int i = 0; i < n; ++i)
    a[i] = 0;
}

