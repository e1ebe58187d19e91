// Every syntax error of a '#pragma dlb' line is reported at its column, and
// no output file is written.
// RUN: rm -f %t.cpp
// RUN: not %dlbcc %s -o %t.cpp -- -ferror-limit=0 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: test ! -e %t.cpp

double a[100], b[100];
double s;
double *p;
void f(int n) {
#pragma dlb
// CHECK: :[[@LINE-1]]:12: error: expected 'doall' or 'doacross' after '#pragma dlb'
  for (int i = 0; i < n; ++i) a[i] = 1;
#pragma dlb dowhile distribute(a)
// CHECK: :[[@LINE-1]]:13: error: unknown dlb directive 'dowhile'; expected 'doall' or 'doacross'
  for (int i = 0; i < n; ++i) a[i] = 1;
#pragma dlb doall distribute(a) private(x)
// CHECK: :[[@LINE-1]]:33: error: unknown clause 'private' in '#pragma dlb'
  for (int i = 0; i < n; ++i) a[i] = 1;
#pragma dlb doall distribute a
// CHECK: :[[@LINE-1]]:30: error: expected '(' after the clause name
  for (int i = 0; i < n; ++i) a[i] = 1;
#pragma dlb doall distribute(a b)
// CHECK: :[[@LINE-1]]:32: error: expected ')' to end the clause
  for (int i = 0; i < n; ++i) a[i] = 1;
#pragma dlb doall distribute(1)
// CHECK: :[[@LINE-1]]:30: error: expected the name of a variable
  for (int i = 0; i < n; ++i) a[i] = 1;
#pragma dlb doall distribute(a) cost()
// CHECK: :[[@LINE-1]]:38: error: expected an expression
  for (int i = 0; i < n; ++i) a[i] = 1;
#pragma dlb doall distribute(a) cost(1) cost(2)
// CHECK: :[[@LINE-1]]:41: error: clause 'cost' appears more than once
  for (int i = 0; i < n; ++i) a[i] = 1;
#pragma dlb doall strategy(static) strategy(auto)
// CHECK: :[[@LINE-1]]:36: error: clause 'strategy' appears more than once
  for (int i = 0; i < n; ++i) a[i] = 1;
#pragma dlb doall distribute(a) whole(a)
// CHECK: :[[@LINE-1]]:39: error: 'a' is named more than once in the clauses of this loop
  for (int i = 0; i < n; ++i) a[i] = 1;
#pragma dlb doall distribute(a) reduction(-: s)
// CHECK: :[[@LINE-1]]:43: error: expected a reduction operator '+', '*', 'min' or 'max' followed by ':'
  for (int i = 0; i < n; ++i) a[i] = 1;
#pragma dlb doall distribute(a) reduction(+ s)
// CHECK: :[[@LINE-1]]:45: error: expected a reduction operator '+', '*', 'min' or 'max' followed by ':'
  for (int i = 0; i < n; ++i) a[i] = 1;
#pragma dlb doall distribute(a) strategy(fastest)
// CHECK: :[[@LINE-1]]:42: error: unknown strategy 'fastest'; expected auto, static, gcdlb, gddlb, lcdlb, lddlb{{(, [a-z]+)*}} or {{[a-z]+}}
  for (int i = 0; i < n; ++i) a[i] = 1;
#pragma dlb doall distribute(a) schedule(guided)
// CHECK: :[[@LINE-1]]:42: error: unknown schedule 'guided'; expected 'bitonic'
  for (int i = 0; i < n; ++i) a[i] = 1;
#pragma dlb doall distribute(random: a)
// CHECK: :[[@LINE-1]]:30: error: unknown distribution 'random'; expected 'block' or 'cyclic'
  for (int i = 0; i < n; ++i) a[i] = 1;
#pragma dlb doall distribute(block: a) distribute(cyclic: b)
// CHECK: :[[@LINE-1]]:51: error: all distributed arrays of a loop share one distribution; 'block' and 'cyclic' conflict
  for (int i = 0; i < n; ++i) a[i] = b[i];
#pragma dlb doall shape(p)
// CHECK: :[[@LINE-1]]:26: error: expected '[extent]' after 'p' in shape()
  for (int i = 0; i < n; ++i) a[i] = p[i];
#pragma dlb doall shape(p[n], p[n])
// CHECK: :[[@LINE-1]]:31: error: 'p' is named more than once in the clauses of this loop
  for (int i = 0; i < n; ++i) a[i] = p[i];
#pragma dlb doall distribute(undeclared)
// CHECK: :[[@LINE-1]]:30: error: use of undeclared identifier 'undeclared'
  for (int i = 0; i < n; ++i) a[i] = 1;
#pragma dlb doall distribute(f)
// CHECK: :[[@LINE-1]]:30: error: expected the name of a variable
  for (int i = 0; i < n; ++i) a[i] = 1;
}
// CHECK: errors generated.
