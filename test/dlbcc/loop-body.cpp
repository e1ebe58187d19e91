// What a distributed loop body may contain.
// RUN: not %dlbcc %s -o %t.cpp -- -ferror-limit=0 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

#include <vector>

double a[100];
int g;
int impure(int x) { return x + g; }
void bump(int *p) { ++*p; }
int pure(int x) { return x * x; }
int twice(int x) { return pure(x) + impure(x); }
int external(int x);

void body(int n) {
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
    if (a[i] > 1)
      return;
// CHECK: :[[@LINE-1]]:7: error: 'return' leaves the distributed loop early; its iterations cannot run independently
    for (int j = 0; j < 3; ++j)
      if (j == 1)
        break;
    switch (i) {
    case 0:
      break;
    }
    if (i == 5)
      continue;
    a[i] = pure(i);
  }
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
    if (i > 3)
      goto out;
// CHECK: :[[@LINE-1]]:7: error: 'goto' leaves the distributed loop early; its iterations cannot run independently
    a[i] = 0;
  }
out:;
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
    if (i < 0)
      throw 1;
// CHECK: :[[@LINE-1]]:7: error: 'throw' leaves the distributed loop early; its iterations cannot run independently
    a[i] = 0;
  }
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
    auto f = [](int x) { return x; };
// CHECK: :[[@LINE-1]]:14: error: this statement is not supported in a distributed loop
    a[i] = f(i);
  }
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
    static int calls = 0;
// CHECK: :[[@LINE-1]]:16: error: static local variable 'calls' in a distributed loop
    a[i] = calls;
  }
  struct Local { double v; };
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
    Local l{1.0};
// CHECK: :[[@LINE-1]]:5: error: the loop uses 'Local', a type declared inside the function; declare it at namespace scope
    a[i] = l.v;
  }
  enum Color { Red, Green };
  using real = float;
#define LOCAL_SCALE 2
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = Green + static_cast<real>(i) * LOCAL_SCALE;
// CHECK: :[[@LINE-1]]:12: error: the loop uses 'Color', a type declared inside the function; declare it at namespace scope
// CHECK: :[[@LINE-2]]:32: error: the loop uses 'real', a type declared inside the function; declare it at namespace scope
// CHECK: :[[@LINE-3]]:43: error: the loop uses macro 'LOCAL_SCALE', defined inside the function; define it before the function
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = ::g;
// CHECK: :[[@LINE-1]]:12: error: qualified name '::g' in a distributed loop; refer to the variable without its qualifier
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = impure(i);
// CHECK: :[[@LINE-1]]:12: error: call to 'impure', which may have side effects (it uses the mutable global variable 'g')
// CHECK: :[[@LINE-74]]:32: note: it uses the mutable global variable 'g' here
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
    int k = i;
    bump(&k);
// Accepted: bump writes through 'p' into k, each iteration's own variable
// (test/dlbcc/call-arguments.cpp has the arguments that are not).
    a[i] = k;
  }
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = twice(i);
// CHECK: :[[@LINE-1]]:12: error: call to 'twice', which may have side effects (it calls 'impure')
// CHECK: :[[@LINE-84]]:37: note: it calls 'impure' here
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = external(i);
// CHECK: :[[@LINE-1]]:12: error: call to 'external', whose body dlbcc cannot see
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
    std::vector<double> tmp(3, 1.0);
    a[i] = tmp[1] + pure(i);
  }
  enum { Up, Down };
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = Down;
// CHECK: :[[@LINE-1]]:12: error: the loop uses '(unnamed enum at {{.*}}loop-body.cpp:[[@LINE-4]]:3)', a type declared inside the function; declare it at namespace scope
}
