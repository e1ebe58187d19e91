// Headers that g++ finds and Clang's resource directory lacks: <omp.h>
// (read as the OpenMP API dlbcc's runtime declares: GCC's own is not
// Clang's C++) and GCC's own headers (<quadmath.h>), searched after every
// other directory. A program that times itself with omp_get_wtime() and
// is not read as OpenMP (no --openmp) translates as it compiles with g++.
// RUN: %dlbcc %s -o %t.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)
// RUN: FileCheck %s < %t.cpp
#include <cstdio>
#include <omp.h>
#include <quadmath.h>

double a[1000];

int main() {
  double start = omp_get_wtime();
  __float128 q = 2;
// CHECK: dlbcc_run
#pragma dlb doall distribute(a)
  for (int i = 0; i < 1000; i++)
    a[i] = i * 0.5;
  std::printf("%g %d %g\n", a[999], (int)q, omp_get_wtime() - start >= 0 ? 1.0 : 0.0);
}
