// Headers that g++ finds and Clang's resource directory lacks: <omp.h>
// (read as the OpenMP API dlbcc's runtime declares: GCC's own is not
// Clang's C++) and GCC's own headers (<quadmath.h>), searched after every
// other directory. A program that times itself with omp_get_wtime() and
// is not read as OpenMP (no --openmp) translates as it compiles with g++.
// The emitted file is compiled with the runtime's <omp.h> (--openmp's
// flags: the sanitized suite's compiler is Clang, which lacks one);
// <quadmath.h> is read by dlbcc only.
// RUN: %dlbcc %s -o %t.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags --openmp)
// RUN: FileCheck %s < %t.cpp
// RUN: %dlbcc %s -DQUAD -o %t.quad.cpp
// RUN: FileCheck %s < %t.quad.cpp
#include <cstdio>
#include <omp.h>
#ifdef QUAD
#include <quadmath.h>
#endif

double a[1000];

int main() {
  double start = omp_get_wtime();
#ifdef QUAD
  __float128 q = 2;
#else
  double q = 2;
#endif
// CHECK: dlbcc_run
#pragma dlb doall distribute(a)
  for (int i = 0; i < 1000; i++)
    a[i] = i * 0.5;
  std::printf("%g %d %g\n", a[999], (int)q, omp_get_wtime() - start >= 0 ? 1.0 : 0.0);
}
