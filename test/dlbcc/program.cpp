// Program-level checks: cost(), nested dlb loops and calls to functions that
// contain one.
// RUN: not %dlbcc %s -o %t.cpp -- -ferror-limit=0 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

#include <cmath>

double a[100], b[100];
int counter(int);
int calls;
int impure(long long i) { return i + calls; }
long long weight(long long i) { return i % 7; }

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
// CHECK: :[[@LINE-1]]:38: error: call to 'counter', whose body dlbcc cannot see; give dlbcc the source that defines it (dlbcc INPUT OTHER.c ...), or declare it __attribute__((const)) if it reads nothing but its arguments
  for (int i = 0; i < n; ++i)
    a[i] = 0;
#pragma dlb doall distribute(a) cost(n++ + i)
// CHECK: :[[@LINE-1]]:38: error: cost() must not have side effects
  for (int i = 0; i < n; ++i)
    a[i] = 0;
#pragma dlb doall distribute(a) cost(i + impure(i))
// CHECK: :[[@LINE-1]]:42: error: call to 'impure', which may have side effects (it uses the mutable global variable 'calls')
// CHECK: :[[@LINE-38]]:38: note: it uses the mutable global variable 'calls' here
  for (int i = 0; i < n; ++i)
    a[i] = 0;
#pragma dlb doall distribute(a) cost(2 * n * i + 1)
  for (int i = 0; i < n; ++i)
    a[i] = 0;
#pragma dlb doall distribute(a) cost(std::sqrt(i) + weight(i))
  for (int i = 0; i < n; ++i)
    a[i] = 0;
}

