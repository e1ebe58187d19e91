// Scratch arrays declared before the loop: a one-dimensional array of
// constant size that each iteration assigns before it reads it (a 'for'
// loop with constant bounds assigning v[k + c] for each k, unconditionally,
// then reads of the elements it covered) and that nothing outside the loop
// names is private to each iteration: the kernel declares its own copy.
// A call that writes elements for sure and reads none (a loop of the
// callee assigning p[k] for k in [0, n), instantiated with the call's
// arguments) fills them too, and a static global filled so is each rank's
// own (the kernel uses it as it is); uses before the loop, outside any loop
// around it (of a static: in main), and stores anywhere do not matter. Otherwise the array is what the iterations
// share, and an error.
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

// Fillers: what they write for sure is [0, n) of y, [1, n] of y through
// a helper, nothing (they read first, or only when asked).
void fill(int n, double seed, double *y) {
  for (int k = 0; k < n; k++)
    y[k] = seed * k;
}
void fillFrom(double *y, int n) {
  y[0] = 1;
  fill(n, 2.0, y + 1);
}
void accumulate(int n, double *y) {
  for (int k = 0; k < n; k++)
    y[k] += k;
}
void fillIf(int n, double *y, bool c) {
  if (c)
    return;
  fill(n, 1.0, y);
}

static double buffer[2 * M];
void calls(int n) {
  double local[M + 1], pair[2];
  fill(M + 1, 1.0, local); // before the loop: its values are not read
// MODEL: loop scratch-arrays.cpp:[[@LINE+6]]:3: doall i in [0, n)
// MODEL-NEXT: array out: distributed
// EMIT: {{^ *}}double local[17]{};
// EMIT-NEXT: {{^ *}}double pair[2]{};
// EMIT-NOT: {{^ *}}double buffer
#pragma dlb doall distribute(out)
  for (int i = 0; i < n; i++) {
    fill(2 * M, i, buffer);
    fillFrom(local, M);
    pair[0] = i;
    fill(1, 0.5, pair + 1);
    double s = local[0] + pair[0] * pair[1];
    for (int k = 0; k < M; k++)
      s += buffer[2 * k] * buffer[2 * k + 1] + local[k + 1];
    out[i] = s;
  }
  buffer[0] = 1; // stores read nothing the loop left
}
void store() { buffer[1] = 2; }

#ifdef ERRORS
double shared[M];
static double later[M], again[M], g[M], h[M], o[M];
void rejectedCalls(int n, bool c) {
#pragma dlb doall distribute(out)
  for (int i = 0; i < n; i++) {
    fill(M, i, shared);
// ERR: :[[@LINE-1]]:16: error: every iteration writes array 'shared' at elements that do not depend on 'i'
    out[i] = shared[1];
  }
#pragma dlb doall distribute(out)
  for (int i = 0; i < n; i++) {
    fill(M, i, later);
// ERR: :[[@LINE-1]]:16: error: every iteration writes array 'later' at elements that do not depend on 'i'
    out[i] = later[2];
  }
  out[0] = later[0];
  for (int t = 0; t < 2; t++) {
    out[1] += again[0];
#pragma dlb doall distribute(out)
    for (int i = 0; i < n; i++) {
      fill(M, i, again);
// ERR: :[[@LINE-1]]:18: error: every iteration writes array 'again' at elements that do not depend on 'i'
      out[i] = again[3];
    }
  }
#pragma dlb doall distribute(out)
  for (int i = 0; i < n; i++) {
    fill(M / 2, i, g);
// ERR: :[[@LINE-1]]:20: error: every iteration writes array 'g' at elements that do not depend on 'i'
    out[i] = g[M / 2];
  }
#pragma dlb doall distribute(out)
  for (int i = 0; i < n; i++) {
    accumulate(M, h);
// ERR: :[[@LINE-1]]:19: error: every iteration writes array 'h' at elements that do not depend on 'i'
    out[i] = h[0];
  }
#pragma dlb doall distribute(out)
  for (int i = 0; i < n; i++) {
    fillIf(M, o, c);
// ERR: :[[@LINE-1]]:15: error: every iteration writes array 'o' at elements that do not depend on 'i'
    out[i] = o[0];
  }
}

// A use before the loop of a function called again reads what the loop
// left in the call before.
static double carried[M];
void calledAgain(int n) {
  out[0] = carried[0];
#pragma dlb doall distribute(out)
  for (int i = 0; i < n; i++) {
    fill(M, i, carried);
// ERR: :[[@LINE-1]]:16: error: every iteration writes array 'carried' at elements that do not depend on 'i'
    out[i] = carried[1];
  }
}
#endif

int main() {
  accepted(100);
  calls(100);
}
