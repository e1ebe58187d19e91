// Functions that write through pointer and reference parameters: a
// distributed loop may call them with storage of each iteration's own (a
// variable or array declared inside the loop body), and they may pass on
// only their own storage or what their caller gave them.
// RUN: not %dlbcc %s -o %t.cpp -- -ferror-limit=0 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:

double a[100];
double table[100];

double step(double *x, double f) {
  double t = *x * f;
  *x = t - (long)t;
  return t;
}
void fill(int n, double *x, double f, double y[]) {
  for (int k = 0; k < n; ++k)
    y[k] = step(x, f);
}
void add(double &s, double v) { s += v; }
void scratch(double *out) {
  double t = 1;
  step(&t, 3.0);
  *out = t;
}
void writeConst(const double *p) { step((double *)p, 2.0); }
int count(int *n) { return ++*n; }
void twice(double **q) { q[0][0] *= 2; }
void viaTable(const double *p) {
  double *t[1] = {(double *)p};
  twice(t);
}

void calls(int n) {
  double outer = 0.5;
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
    double seed = i, sum = 0, x[8], pair[2][4];
    step(&seed, 3.7);
    fill(8, &seed, 3.3, x);
    fill(4, x + 4, 1.5, pair[1]);
    add(sum, x[0]);
    add(x[1], pair[0][0]);
    scratch(&x[2]);
    a[i] = sum + x[1] + x[2] + x[7];
  }
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
    double seed = i;
    fill(8, &seed, 3.3, table);
    double *p = &seed;
    step(p, 2.0);
// CHECK: :[[@LINE-1]]:10: error: 'step' may write through 'x', and this argument is not storage of the iteration's own: pass the address of a variable or array declared inside the loop body
// CHECK: :[[@LINE-43]]:21: note: it takes 'x' by pointer or non-const reference here
    add(table[i], 1.0);
    writeConst(&seed);
// CHECK: :[[@LINE-1]]:5: error: call to 'writeConst', which may have side effects (it passes to 'step' as 'x' a pointer that may lead outside its own storage and what its caller gave it)
// CHECK: :[[@LINE-32]]:41: note: it passes to 'step' as 'x' a pointer that may lead outside its own storage and what its caller gave it here
    viaTable(&seed);
// CHECK: :[[@LINE-1]]:5: error: call to 'viaTable', which may have side effects (it passes to 'twice' as 'q' a pointer that may lead outside its own storage and what its caller gave it)
// CHECK: :[[@LINE-30]]:9: note: it passes to 'twice' as 'q' a pointer that may lead outside its own storage and what its caller gave it here
    step(&outer, 2.0);
// CHECK: :[[@LINE-1]]:10: error: 'step' may write through 'x', and this argument is not storage of the iteration's own: pass the address of a variable or array declared inside the loop body
// CHECK: :[[@LINE-53]]:21: note: it takes 'x' by pointer or non-const reference here
    a[i] = seed + outer;
  }
// An array of the loop passed to a function is accessed as the function
// does (call-arrays.cpp): table[0..7] by every iteration (fill), table[i]
// (add).
// CHECK: :[[@LINE-20]]:25: error: array 'table' is written in the loop but not distributed; add it to distribute()
  int m = n;
#pragma dlb doall distribute(a)
  for (int i = 0; i < count(&m); ++i)
// CHECK: :[[@LINE-1]]:29: error: 'count' may write through 'n', and this argument is not storage of the iteration's own: pass the address of a variable or array declared inside the loop body
// CHECK: :[[@LINE-48]]:16: note: it takes 'n' by pointer or non-const reference here
    a[i] = i;
}
