// dlbcc --openmp reads OpenMP's loop pragmas as doall annotations: the
// clauses of a loop and of the `parallel` region around it (reduction,
// schedule as the strategy, private, shared), a `#pragma dlb` on the same
// loop wins, arrays of the region used only in one loop are private to
// each rank, and the OpenMP lines are commented out of the emitted program,
// which includes dlb/openmp/omp.h for <omp.h>; an ordered(2) nest with
// depend points is a doacross pipeline.
// RUN: %dlbcc --openmp --dump-annotations %s | FileCheck %s --check-prefix=ANN
// RUN: %dlbcc --openmp %s -o %t.cpp 2>&1 | FileCheck %s --check-prefix=DIAG --implicit-check-not=error: --implicit-check-not=warning:
// RUN: FileCheck %s --check-prefix=EMIT < %t.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)
// Without --openmp the OpenMP pragmas are not read: one annotation, dlb's.
// RUN: %dlbcc --dump-annotations %s -- -I%S/Inputs/no-omp | grep -c '^annotation' | FileCheck %s --check-prefix=NONE
#include <omp.h>
#include <stdio.h>

#define N 200
double a[N], b[N], c[N][N];

int main() {
  double sum = 0, big = -1, t;
  double start = omp_get_wtime();
// ANN: annotation at line [[@LINE+1]]: doall, loop at line [[@LINE+2]]
#pragma omp parallel for schedule(static) reduction(+: sum) reduction(max: big) private(t)
  for (int i = 0; i < N; ++i) {
    t = 0.5 * i;
    a[i] = t;
    sum += t;
    big = big > t ? big : t;
  }
// ANN:      reduction(+: sum)
// ANN-NEXT: reduction(max: big)
// ANN-NEXT: strategy(static)
// ANN-NEXT: from OpenMP: private(t) shared()

#pragma omp parallel shared(b) reduction(+: sum)
  {
    double row[N];
    int k;
#pragma omp for schedule(dynamic, 4)
// ANN: annotation at line [[@LINE-1]]: doall, loop at line [[@LINE+1]]
    for (int i = 0; i < N; ++i) {
      for (k = 0; k < N; ++k)
        row[k] = c[i][k] + a[k];
      b[i] = 0;
      for (k = 0; k < N; ++k)
        b[i] += row[k];
      sum += b[i];
    }
// ANN:      reduction(+: sum)
// ANN-NEXT: strategy(awf)
// ANN-NEXT: from OpenMP: private() shared(b)
// ANN-NEXT: private arrays: row
#pragma omp single
    printf("inside the region, once\n");
#pragma omp for schedule(guided) nowait
// ANN: annotation at line [[@LINE-1]]: doall
    for (int i = 0; i < N; ++i)
      a[i] = b[i] / N;
// ANN: strategy(gss)
  }

// collapse(2): the outer loop is distributed.
// ANN: annotation at line [[@LINE+1]]: doall, loop at line [[@LINE+2]]
#pragma omp parallel for collapse(2)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      c[i][j] = a[i] + b[j];

// A dlb pragma on the same loop wins.
// ANN: annotation at line [[@LINE+1]]: doall
#pragma dlb doall distribute(a) strategy(gcdlb)
#pragma omp parallel for schedule(static)
  for (int i = 0; i < N; ++i)
    a[i] += 1;
// ANN: strategy(gcdlb)
// ANN-NEXT: annotation at line [[@LINE+4]]:

// A shared scalar that every iteration writes first: OpenMP's threads would
// race; dlbcc gives each rank its own.
#pragma omp parallel for shared(t)
  for (int i = 0; i < N; ++i) {
    t = a[i] * 2;
    b[i] = t;
  }
// DIAG: :[[@LINE-5]]:33: warning: 't' is shared in the OpenMP pragma, but every iteration writes it before reading it: each rank gets its own copy (OpenMP's threads would race on it)
  double scale = 3;
#pragma omp parallel for private(scale)
  for (int i = 0; i < N; ++i)
    b[i] = scale * a[i];
// DIAG: :[[@LINE-3]]:34: warning: 'scale' is private in the OpenMP pragma, where each thread reads an uninitialized copy; dlbcc reads the value it has before the loop, as the sequential program does (say firstprivate or shared)

// ordered(2) with depend points: a doacross annotation of the inner loop,
// the outer loop pipelined; the points are left out of the kernel.
#pragma omp parallel for ordered(2)
// ANN: annotation at line [[@LINE-1]]: doacross, loop at line [[@LINE+2]]
  for (int i = 1; i < N; ++i)
    for (int j = 1; j < N - 1; ++j) {
#pragma omp ordered depend(sink: i - 1, j) depend(sink: i, j - 1)
      c[i][j] = 0.25 * (c[i - 1][j] + c[i][j - 1] + c[i][j] + c[i][j + 1]);
#pragma omp ordered depend(source)
    }

  printf("%g %g %g %g\n", sum, big, a[7], b[9]);
  return omp_get_wtime() < start;
}
// EMIT: {{^}}#include <dlb/openmp/omp.h>
// EMIT: {{^}}// dlbcc: kernel of the loop at {{.*}}, pipelined over 'i'
// EMIT: {{^}}// dlbcc --openmp: #pragma omp ordered depend(sink: i - 1, j) depend(sink: i, j - 1)
// EMIT: {{^}}// dlbcc --openmp: #pragma omp ordered depend(source)
// EMIT: {{^}}// dlbcc --openmp: #pragma omp parallel shared(b) reduction(+: sum)
// EMIT: {{^}}// dlbcc --openmp: #pragma omp single
// EMIT-NOT: {{^ *}}#pragma omp
// NONE: {{^1$}}
