// Scratch arrays declared before the loop: a one-dimensional array of
// constant size that each iteration assigns before it reads it (a 'for'
// loop with constant bounds assigning v[k + c] for each k, unconditionally,
// then reads of the elements it covered) and that nothing outside the loop
// names is private to each iteration: the kernel declares its own copy.
// Otherwise the array is what the iterations share, and an error.
// RUN: %dlbcc %s --dump-model | FileCheck %s --check-prefix=MODEL
// RUN: %dlbcc %s -o %t.cpp
// RUN: FileCheck %s --check-prefix=EMIT < %t.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)
// RUN: not %dlbcc %s -o %t.err.cpp -- -DERRORS 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error: --implicit-check-not=warning:
#include <cmath>

const int M = 16;
double out[1000];

void accepted(int n) {
  double tmp[M], w[M + 2];
// MODEL: loop scratch-arrays.cpp:[[@LINE+5]]:3: doall i in [0, n)
// MODEL-NEXT: array out: distributed
// EMIT: {{^ *}}double tmp[16]{};
// EMIT-NEXT: {{^ *}}double w[18]{};
#pragma dlb doall distribute(out)
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < M; k++)
      tmp[k] = std::sin(i + k);
    for (int k = 1; k <= M; ++k) {
      w[k] = tmp[k - 1] * 2;
      w[k] += tmp[M - k];
    }
    double s = 0;
    for (int k = 0; k < M; k++)
      s += tmp[k] * tmp[M - 1 - k];
    for (int k = 1; k < M; k++)
      s += w[k] + w[k + 1];
    out[i] = s + tmp[3];
  }
}

#ifdef ERRORS
void rejected(int n, bool c) {
  double a[M], b[M], d[M], e[M], f[M];
#pragma dlb doall distribute(out)
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < M / 2; k++)
      a[k] = i;
// ERR: :[[@LINE-1]]:7: error: every iteration writes array 'a' at elements that do not depend on 'i'
    out[i] = a[M / 2];
  }
#pragma dlb doall distribute(out)
  for (int i = 0; i < n; i++) {
    out[i] = b[0];
    for (int k = 0; k < M; k++)
      b[k] = i;
// ERR: :[[@LINE-1]]:7: error: every iteration writes array 'b' at elements that do not depend on 'i'
  }
#pragma dlb doall distribute(out)
  for (int i = 0; i < n; i++) {
    if (c)
      for (int k = 0; k < M; k++)
        d[k] = i;
// ERR: :[[@LINE-1]]:9: error: every iteration writes array 'd' at elements that do not depend on 'i'
    out[i] = d[1];
  }
#pragma dlb doall distribute(out)
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < M; k++) {
      if (k == i)
        continue;
      e[k] = i;
// ERR: :[[@LINE-1]]:7: error: every iteration writes array 'e' at elements that do not depend on 'i'
    }
    out[i] = e[2];
  }
#pragma dlb doall distribute(out)
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < M; k++)
      f[k] = i;
// ERR: :[[@LINE-1]]:7: error: every iteration writes array 'f' at elements that do not depend on 'i'
    out[i] = f[3];
  }
  out[0] = f[0];
}
#endif

int main() { accepted(100); }
