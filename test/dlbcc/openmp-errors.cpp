// dlbcc --openmp: what has no meaning across ranks is a located error with
// the rewrite; what dlbcc ignores is a warning. One diagnostic per cause.
// RUN: not %dlbcc --openmp %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not test -e %t.cpp
#include <omp.h>

double a[100], b[100], h[8];
int counter;
#pragma omp threadprivate(counter)
// CHECK: :[[@LINE-1]]:13: error: 'threadprivate' has no meaning across ranks, where every variable is private to its rank: drop the pragma (a variable the loop accumulates into is a reduction clause's)

int main() {
  double sum = 0, top = 0;
#pragma omp parallel for
  for (int i = 0; i < 100; ++i) {
#pragma omp atomic
// CHECK: :[[@LINE-1]]:13: error: '#pragma omp atomic' inside a distributed loop: the ranks share no memory; if it adds up, multiplies, or takes the minimum or maximum into a variable, name the variable in a reduction clause of the loop's pragma and drop the atomic
    sum += a[i];
  }
#pragma omp parallel for
  for (int i = 0; i < 100; ++i) {
#pragma omp critical
// CHECK: :[[@LINE-1]]:13: error: '#pragma omp critical' inside a distributed loop: the ranks share no memory and take no lock; if the section adds up, multiplies, or takes the minimum or maximum into a variable, name the variable in a reduction clause of the loop's pragma and drop the critical section; otherwise move its code out of the loop
    if (a[i] > top)
      top = a[i];
  }
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < 100; ++i) {
      b[i] = a[i];
#pragma omp single
// CHECK: :[[@LINE-1]]:13: error: '#pragma omp single' inside a distributed loop: its code would run in every iteration; move it before or after the loop
      h[0] = 1;
#pragma omp barrier
// CHECK: :[[@LINE-1]]:13: error: '#pragma omp barrier' inside a distributed loop: the iterations of a distributed loop cannot wait for each other; drop it, or split the loop in two at this point
    }
#pragma omp master
    h[1] = 2;
  }
#pragma omp parallel for
  for (int i = 0; i < 100; ++i) {
#pragma omp task
// CHECK: :[[@LINE-1]]:13: error: '#pragma omp task' inside a distributed loop: dlbcc balances the loop's iterations, not tasks; drop the pragma (its code then runs in its iteration)
    b[i] = 2 * a[i];
  }
#pragma omp parallel for
  for (int i = 0; i < 100; ++i)
    b[i] = omp_get_thread_num();
// CHECK: :[[@LINE-1]]:12: error: 'omp_get_thread_num()' inside a distributed loop: ranks, not threads, run its iterations, and their number changes from run to run; index per-thread data by the loop index, or use a reduction clause
#pragma omp parallel for ordered
// CHECK: :[[@LINE-1]]:13: error: an 'ordered' loop runs parts of its iterations in order, which dlbcc --openmp does not do across ranks: drop 'ordered' if the iterations are independent; a nest of two loops whose order is that of its dependences is written 'ordered(2)' with '#pragma omp ordered depend(sink: ...)' (docs/openmp.md)
  for (int i = 1; i < 100; ++i) {
#pragma omp ordered
    b[i] = b[i - 1] + a[i];
  }
#pragma omp parallel for ordered(1)
// CHECK: :[[@LINE-1]]:13: error: dlbcc --openmp runs an 'ordered(1)' nest with 'depend' as a pipeline of two loops, the inner one distributed: write 'ordered(2)' on a loop whose body is one 'for' loop, or annotate that inner loop with '#pragma dlb doacross' (docs/openmp.md)
  for (int i = 1; i < 100; ++i) {
#pragma omp ordered depend(sink: i - 1)
    b[i] = b[i - 1] + a[i];
#pragma omp ordered depend(source)
  }
#pragma omp parallel for reduction(&: counter)
// CHECK: :[[@LINE-1]]:36: error: reduction operator '&' is not supported: dlbcc reduces with +, -, *, min and max
  for (int i = 0; i < 100; ++i)
    counter &= (int)a[i];
  double scratch[4] = {0, 0, 0, 0};
#pragma omp parallel for firstprivate(scratch)
// CHECK: :[[@LINE-1]]:39: error: firstprivate array 'scratch': each rank would need a copy of the whole array; declare it inside the loop body and copy into it there
  for (int i = 0; i < 100; ++i) {
    scratch[i % 4] += a[i];
    b[i] = scratch[0];
  }
#pragma omp parallel for
// CHECK: :[[@LINE-1]]:13: error: '#pragma omp parallel for' must be followed by a 'for' loop
  {
    b[0] = 1;
  }
#pragma omp target teams
// CHECK: :[[@LINE-1]]:13: warning: '#pragma omp target teams' is ignored: the code it governs runs as the sequential program runs it
  b[1] = 2;
#pragma omp parallel for frobnicate(3)
// CHECK: :[[@LINE-1]]:26: warning: OpenMP clause 'frobnicate' is ignored by dlbcc
  for (int i = 0; i < 100; ++i)
    b[i] = a[i];
  return (int)(sum + top + h[0] + h[1]);
}
