// Doacross loops that the pipeline cannot run: each reason is an error at
// the offending code, and nothing is emitted.
// RUN: not %dlbcc %s -o %t.cpp -- -ferror-limit=0 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not test -e %t.cpp

double a[64][64], v[64];
double s;

// A read of a later rank's new value needs a skewed pipeline, which stores
// every distributed array as [i + a][j + b].
void rowsNE(int n) {
  for (int i = 1; i < n - 1; ++i) {
#pragma dlb doacross distribute(a)
    for (int j = 1; j < n - 1; ++j)
      a[j][i] = 0.5 * (a[j - 1][i] + a[j + 1][i - 1]);
// CHECK: :[[@LINE-1]]:38: error: 'a[j + 1][i - 1]' reads a value that a later rank computes earlier in the sweep; the pipeline carries it forward only when each rank owns a range of 'j + i' (a skewed pipeline), which needs every distributed array two-dimensional and subscripted ['i' + constant]['j' + constant], and 'a[j][i]' is not
  }
}

void vectorNE(int n) {
  for (int i = 1; i < n - 1; ++i) {
#pragma dlb doacross distribute(a, v)
    for (int j = 1; j < n - 2; ++j)
      a[i][j] = v[j] * a[i - 1][j + 2];
// CHECK: :[[@LINE-1]]:24: error: 'a[i - 1][j + 2]' reads a value that a later rank computes earlier in the sweep; the pipeline carries it forward only when each rank owns a range of 'j + 2 * i' (a skewed pipeline), which needs every distributed array two-dimensional and subscripted ['i' + constant]['j' + constant], and 'v[j]' is not
  }
}

void body(int n) {
  for (int i = 1; i < n; ++i) {
    v[i] = 0;
// CHECK: :[[@LINE-1]]:5: error: the loop enclosing a doacross loop is pipelined and may contain nothing but the doacross loop
#pragma dlb doacross distribute(a)
    for (int j = 1; j < n; ++j)
      a[i][j] = a[i][j - 1];
    v[i] += 1; // the same cause: not reported again
  }
}

void bounds(int n) {
  for (int i = 1; i < n; ++i) {
#pragma dlb doacross distribute(a)
    for (int j = i; j < n; ++j)
// CHECK: :[[@LINE-1]]:18: error: the bounds of a doacross loop must not depend on 'i', the index of the pipelined loop
      a[i][j] = a[i][j - 1];
  }
}

void countsDown(int n) {
  for (int i = 1; i < n; ++i) {
#pragma dlb doacross distribute(a)
    for (int j = n - 1; j >= 1; --j)
// CHECK: :[[@LINE-1]]:25: error: the loop inside a doacross pipeline must count up: its blocks follow the pipelined loop's dependences in that order; rewrite it with 'i < upper' and '++i'
      a[i][j] = a[i - 1][j] + 1;
  }
}

void oneD(int n) {
  for (int i = 1; i < n; ++i) {
#pragma dlb doacross distribute(v)
    for (int j = 1; j < n; ++j)
      v[j] = v[j - 1] + i;
// CHECK: :[[@LINE-1]]:7: error: array 'v' is written in a doacross loop but is not two-dimensional; a pipeline carries the values of a written array along its other dimension, which 'i' must subscript
  }
}

void forms(int n) {
  for (int i = 1; i < n; ++i) {
#pragma dlb doacross distribute(a)
    for (int j = 1; j < n; ++j)
      a[i - 1][j] = a[0][j - 1] + a[2 * i][j];
// CHECK: :[[@LINE-1]]:7: error: writes to 'a' in a doacross loop must be at the current iteration, 'i' and 'j' without offsets
// CHECK: :[[@LINE-2]]:21: error: the pipelined dimension of 'a' must be subscripted by 'i' or 'i + constant'
// CHECK: :[[@LINE-3]]:35: error: the pipelined dimension of 'a' must be subscripted by 'i' or 'i + constant'
  }
}

void reduce(int n) {
  for (int i = 1; i < n; ++i) {
#pragma dlb doacross distribute(a) reduction(+ : s)
// CHECK: :[[@LINE-1]]:50: error: reductions are not supported in doacross loops
    for (int j = 1; j < n; ++j) {
      a[i][j] = a[i][j - 1];
      s += a[i][j];
    }
  }
}

void cyclic(int n) {
  for (int i = 1; i < n; ++i) {
#pragma dlb doacross distribute(cyclic: a)
// CHECK: :[[@LINE-1]]:13: error: a doacross loop is distributed in contiguous blocks; 'cyclic' is not supported
    for (int j = 1; j < n; ++j)
      a[i][j] = a[i][j - 1];
  }
}

int main() { return 0; }
