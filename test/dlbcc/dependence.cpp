// Loop-carried dependences make a doall loop illegal; independent accesses
// (proved by the GCD, distance or bounds tests) do not.
// RUN: not %dlbcc %s -o %t.cpp -- -ferror-limit=0 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

double a[100];
int b[100];
double m[100][100];

void dep(int n) {
#pragma dlb doall distribute(a)
  for (int i = 1; i < n; ++i)
    a[i] = a[i - 1] * 2;
// CHECK: :[[@LINE-1]]:12: error: loop-carried dependence on 'a' (distance 1 in 'i'): iterations of this doall loop are not independent
// CHECK: :[[@LINE-2]]:5: note: write of 'a[i]' here
// CHECK: :[[@LINE-3]]:12: note: read of 'a[i - 1]' here
#pragma dlb doall distribute(a)
  for (int i = 0; i < n - 2; ++i)
    a[i] += a[i + 2];
// CHECK: :[[@LINE-1]]:13: error: loop-carried dependence on 'a' (distance -2 in 'i')
// CHECK: :[[@LINE-2]]:5: note: update of 'a[i]' here
// CHECK: :[[@LINE-3]]:13: note: read of 'a[i + 2]' here
#pragma dlb doall distribute(m)
  for (int i = 1; i < n; ++i)
    for (int j = 0; j < n; ++j)
      m[i][j] = m[i - 1][j] + 1;
// CHECK: :[[@LINE-1]]:17: error: loop-carried dependence on 'm' (distance 1 in 'i')
// CHECK: :[[@LINE-2]]:7: note: write of 'm[i][j]' here
// CHECK: :[[@LINE-3]]:17: note: read of 'm[i - 1][j]' here
#pragma dlb doall distribute(m, b)
  for (int i = 1; i < n; ++i)
    for (int j = 0; j < n; ++j)
      m[i][b[j]] = m[i - 1][j];
// CHECK: :[[@LINE-1]]:20: error: loop-carried dependence on 'm' (distance 1 in 'i')
// CHECK: :[[@LINE-2]]:7: note: write of 'm[i][b[j]]' here
// CHECK: :[[@LINE-3]]:20: note: read of 'm[i - 1][j]' here
// CHECK: :[[@LINE-4]]:12: error: distributed array 'b' is not subscripted by the loop index 'i' in any dimension
}

// Legal: the dependence tests prove these independent.
void indep(int n) {
  // Same iteration only (distance 0) in the distributed dimension.
#pragma dlb doall distribute(m)
  for (int i = 0; i < 100; ++i)
    for (int j = 1; j < 100; ++j)
      m[i][j] = m[i][j - 1] + 1;
  // GCD: even columns written, odd columns read.
#pragma dlb doall distribute(m)
  for (int i = 1; i < 100; ++i)
    for (int j = 0; j < 50; ++j)
      m[i][2 * j] = m[i - 1][2 * j + 1];
  // Banerjee: columns 0..49 written, 50..99 read.
#pragma dlb doall distribute(m)
  for (int i = 1; i < 100; ++i)
    for (int j = 0; j < 50; ++j)
      m[i][j] = m[i - 1][j + 50];
}
