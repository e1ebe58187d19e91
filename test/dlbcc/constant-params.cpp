// A parameter that every call passes the same constant (kernel_gemm(NI, NJ,
// ...) from main) is a constant in the kernel, as the compiler made it in
// the user's program by propagating it: the loops it bounds compile alike.
// Only for a function of this file whose every use is a call, and that
// never assigns the parameter; the macros behind the value are checked
// where the loop was. An argument may be a local variable that its function
// initializes to a constant and never changes (`int n = N; kernel(n)`).
// RUN: %dlbcc %s --dump-model | FileCheck %s --check-prefix=MODEL
// RUN: %dlbcc %s -o %t.cpp
// RUN: FileCheck %s --check-prefix=EMIT < %t.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)
#define NJ 48
static double C[64][64];

// MODEL: loop constant-params.cpp:[[@LINE+7]]:3:
// MODEL: scalar nj: int = 48 (constant)
// MODEL-NEXT: scalar s: double
// EMIT: static_assert((NJ) == 48,
// EMIT: constexpr int nj = 48;
static void scaled(int nj, double s) {
#pragma dlb doall distribute(C)
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < nj; j++)
      C[i][j] *= s;
}

// Two different values: sent at run time.
// MODEL: loop constant-params.cpp:[[@LINE+4]]:3:
// MODEL: scalar n: int{{$}}
static void twice(int n) {
#pragma dlb doall distribute(C)
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < n; j++)
      C[i][j] += 1;
}

// Visible to other files: sent.
// MODEL: loop constant-params.cpp:[[@LINE+4]]:3:
// MODEL: scalar n: int{{$}}
void external(int n) {
#pragma dlb doall distribute(C)
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < n; j++)
      C[i][j] += 2;
}

// Its address is taken: it may be called with anything.
// MODEL: loop constant-params.cpp:[[@LINE+4]]:3:
// MODEL: scalar n: int{{$}}
static void pointed(int n) {
#pragma dlb doall distribute(C)
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < n; j++)
      C[i][j] += 3;
}

// Assigned before the loop: sent.
// MODEL: loop constant-params.cpp:[[@LINE+5]]:3:
// MODEL: scalar n: int{{$}}
static void assigned(int n) {
  n = n / 2;
#pragma dlb doall distribute(C)
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < n; j++)
      C[i][j] += 4;
}

#define NL 40
// MODEL: loop constant-params.cpp:[[@LINE+6]]:3:
// MODEL: scalar n: int = 40 (constant)
// EMIT: static_assert((NL) == 40,
// EMIT: constexpr int n = 40;
static void fromLocal(int n) {
#pragma dlb doall distribute(C)
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < n; j++)
      C[i][j] += 5;
}

// The local is changed after its initialization (or its address taken, or
// a non-const reference bound to it): sent.
// MODEL: loop constant-params.cpp:[[@LINE+4]]:3:
// MODEL: scalar n: int{{$}}
static void fromChanged(int n) {
#pragma dlb doall distribute(C)
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < n; j++)
      C[i][j] += 6;
}
// MODEL: loop constant-params.cpp:[[@LINE+4]]:3:
// MODEL: scalar n: int{{$}}
static void fromPointed(int n) {
#pragma dlb doall distribute(C)
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < n; j++)
      C[i][j] += 7;
}

static void bump(int &k) { ++k; }

int main() {
  int local = NL, changed = 30, pointedTo = 12;
  fromLocal(local);
  changed += 2;
  fromChanged(changed);
  bump(pointedTo);
  fromPointed(pointedTo);
  scaled(NJ, 0.5);
  scaled(NJ, 2.0);
  twice(10);
  twice(20);
  external(5);
  void (*f)(int) = pointed;
  f(8);
  assigned(16);
  return C[1][1] > 0 ? 0 : 1;
}
