// schedule(bitonic) where it cannot apply: an error at the clause, and no
// output file.
// RUN: rm -f %t.cpp
// RUN: not %dlbcc %s -o %t.cpp -- -ferror-limit=0 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: test ! -e %t.cpp

double a[64][64];

void pipelined(int n) {
  for (int i = 1; i < n; ++i) {
#pragma dlb doacross distribute(a) schedule(bitonic)
// CHECK: :[[@LINE-1]]:36: error: schedule(bitonic) applies to doall loops; a doacross loop is pipelined over contiguous blocks of its iterations
    for (int j = 1; j < n; ++j)
      a[i][j] = a[i][j - 1] + 1;
  }
}

void sequential(int n) {
#pragma dlb doacross schedule(bitonic), distribute(a)
// CHECK: :[[@LINE-1]]:22: error: schedule(bitonic) applies to doall loops
  for (int j = 1; j < n; ++j)
    a[0][j] = a[0][j - 1] + 1;
}

int main() {
  pipelined(64);
  sequential(64);
  return 0;
}
