// A '#pragma dlb' must stand in a block of a function, right before a for.
// RUN: not %dlbcc %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

double a[100];
#pragma dlb doall distribute(a)
// CHECK: :[[@LINE-1]]:13: error: '#pragma dlb' must be inside a function of the main file, right before a for loop
int g;

struct S {
#pragma dlb doall
// CHECK: :[[@LINE-1]]:13: error: dlb loops in member functions defined inside their class are not supported; define the function outside the class (void C::f() { ... })
  int m;
  void step(int n) {
#pragma dlb doall
// CHECK: :[[@LINE-1]]:13: error: dlb loops in member functions defined inside their class are not supported; define the function outside the class (void C::f() { ... })
    for (int i = 0; i < n; ++i)
      a[i] = 1;
  }
};

// A member named in a clause, in a member function defined outside its
// class.
struct Mesh {
  double cell[100];
  void clear();
};
void Mesh::clear() {
#pragma dlb doall distribute(cell)
// CHECK: :[[@LINE-1]]:30: error: the loop uses 'cell', a member of its class, but its kernel runs outside the class; copy what the loop needs into local variables before it (for an array: auto &cell = this->cell;)
  for (int i = 0; i < 10; ++i)
    cell[i] = 0;
}

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
