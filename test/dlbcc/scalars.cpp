// Scalars: live-in values are sent, written ones must be local or reduced.
// RUN: not %dlbcc %s -o %t.cpp -- -ferror-limit=0 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

#include <utility>

double a[100];
struct Pair { double x, y; };
int total;

void scalars(int n, Pair p, double *ptr) {
  double t = 0;
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
    t = a[i];
// 't' is written before it is read (private), but its address is taken
// below: its value after the loop may be read through the pointer.
// CHECK: :[[@LINE-3]]:5: error: 't' is written by every iteration, and its address is taken where dlbcc cannot see that it is let go (stored, returned, or given to a function that keeps it or whose body it cannot see): its value may be read after the loop, where it would come from the last iteration, which may run on another rank; declare 't' inside the loop
    a[i] = t * 2;
  }
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = total++;
// CHECK: :[[@LINE-1]]:12: error: scalar 'total' is assigned in the loop but declared outside it
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
    double *q = &t;
// CHECK: :[[@LINE-1]]:18: error: the address of 't' escapes in the loop
    a[i] = *q;
  }
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = p.x;
// CHECK: :[[@LINE-1]]:12: error: 'p' has type 'Pair', which cannot be sent to other ranks; supported are arithmetic and enumeration scalars, arrays of them, and std::vector of them
// A pair of references keeps the address (a pair of values is a copy).
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
    std::pair<double &, int> r(t, 1);
// CHECK: :[[@LINE-1]]:32: error: the address of 't' escapes in the loop
    a[i] = r.first;
  }
// One error per cause: 't' updated three times, read before it is written,
// reported at its first use.
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
    t += a[i];
// CHECK: :[[@LINE-1]]:5: error: scalar 't' is assigned in the loop but declared outside it, and an iteration may read the value an earlier one left
    t += 1;
    a[i] = t++;
  }
}
