// Arrays kept on the ranks between the executions of the loops of a time
// loop: those the loop's other code neither names nor may reach (through a
// pointer, a reference or a function of the program). The emitted time loop
// opens a dlb::ResidentScope that brings them back when it ends.
// RUN: %dlbcc %s --dump-model | FileCheck %s --check-prefix=MODEL
// RUN: %dlbcc %s -o %t.cpp
// RUN: FileCheck %s --check-prefix=EMIT < %t.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)
#include <algorithm>
#include <cstdio>
#include <cstring>

double A[64][64], B[64][64];
double u[64], w[64];

void report(double);

// Two sweeps per step, nothing else: both arrays stay.
// EMIT-LABEL: {{^}}void sweeps(int steps, int n) {
void sweeps(int steps, int n) {
  int t, i, j;
// EMIT: {{^}}  { // dlbcc: arrays stay on the ranks during this loop
// EMIT-NEXT: {{^}}  dlb::ResidentScope dlbcc_resident;
// EMIT-NEXT: {{^}}  for (t = 0; t < steps; t++) {
  for (t = 0; t < steps; t++) {
// MODEL: loop residency.cpp:[[@LINE+7]]:5:
// MODEL-NEXT: array B: distributed, {{.*}}, written, kept
// MODEL-NEXT: array A: distributed, {{.*}}, read-only, kept
// MODEL: kept on the ranks during the loop at line [[@LINE-4]]:3
// EMIT: dlbcc_run.keep(0); // B stays on the ranks
// EMIT-NEXT: dlbcc_run.keep(1); // A stays on the ranks
#pragma dlb doall distribute(A, B)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
// MODEL: loop residency.cpp:[[@LINE+5]]:5:
// MODEL-NEXT: array A: distributed, {{.*}}, written, kept
// MODEL-NEXT: array B: distributed, {{.*}}, read-only, kept
// MODEL: kept on the ranks during the loop at line [[@LINE-14]]:3
#pragma dlb doall distribute(A, B)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = B[i][j];
  }
// EMIT: {{^}}  } }{{$}}
}

// The step prints u[0]: u stays, and its element 0 comes back before the
// print (the only code that uses it); w stays.
void printsOne(int steps, int n) {
  int s = 0;
  while (s < steps) {
// MODEL: loop residency.cpp:[[@LINE+7]]:5:
// MODEL-NEXT: array u: distributed, {{.*}}, written, kept
// MODEL-NEXT: array w: whole, {{.*}}, read-only, kept
// MODEL: kept on the ranks during the loop at line [[@LINE-4]]:3
// EMIT: {{^}}    dlb::fetchRows(u, 0, 1); // dlbcc: the rows this code uses
// EMIT-NEXT: {{^}}    std::printf("%g\n", u[0]);
#pragma dlb doall distribute(u) whole(w)
    for (int i = 0; i < n; i++)
      u[i] = u[i] * w[i % 8];
    std::printf("%g\n", u[0]);
    ++s;
  }
}

// A row given by variables the statement does not change (u[s % n]) comes
// back before the statement; rows the statement changes as it runs (u[k]
// in a loop, u[k++]) cannot be fetched first, nor an array kept by columns
// (A[0][j] is a column's element in each row): those arrays come back at
// every execution.
void printsAny(int steps, int n) {
  for (int s = 0; s < steps; s++) {
// MODEL: loop residency.cpp:[[@LINE+5]]:5:
// MODEL-NEXT: array u: distributed, {{.*}}, written, kept
// EMIT: {{^}}    dlb::fetchRows(u, s % n, (s % n) + 1); // dlbcc: the rows this code uses
// EMIT-NEXT: {{^}}    std::printf("%g %g\n", u[s % n], u[(s + 1) % n] + u[s % n]);
#pragma dlb doall distribute(u)
    for (int i = 0; i < n; i++)
      u[i] = u[i] * 2;
    std::printf("%g %g\n", u[s % n], u[(s + 1) % n] + u[s % n]);
  }
  for (int s = 0; s < steps; s++) {
// MODEL: loop residency.cpp:[[@LINE+3]]:5:
// MODEL-NEXT: array u: distributed, {{.*}}, written{{$}}
#pragma dlb doall distribute(u)
    for (int i = 0; i < n; i++)
      u[i] = u[i] * 2;
    for (int k = 0; k < 3; k++)
      std::printf("%g\n", u[k]);
  }
  for (int s = 0, k = 0; s < steps; s++) {
// MODEL: loop residency.cpp:[[@LINE+3]]:5:
// MODEL-NEXT: array u: distributed, {{.*}}, written{{$}}
#pragma dlb doall distribute(u)
    for (int i = 0; i < n; i++)
      u[i] = u[i] * 2;
    std::printf("%g\n", u[k]), k = s;
// MODEL: loop residency.cpp:[[@LINE+3]]:5:
// MODEL-NEXT: array A: distributed, {{.*}} dim 1 (columns), {{.*}}, written{{$}}
#pragma dlb doall distribute(A)
    for (int j = 0; j < n; j++)
      A[1][j] = A[1][j] + 1;
    A[0][s % n] = 0;
  }
}

// A do-while time loop: the scope closes after its semicolon.
// EMIT-LABEL: {{^}}void doWhile(int n) {
void doWhile(int n) {
  double change;
// EMIT: {{^}}  { // dlbcc: arrays stay on the ranks during this loop
// EMIT-NEXT: {{^}}  dlb::ResidentScope dlbcc_resident;
// EMIT-NEXT: {{^}}  do {
  do {
    change = 0;
// MODEL: loop residency.cpp:[[@LINE+4]]:5:
// MODEL-NEXT: array u: distributed, {{.*}}, written, kept
// MODEL: kept on the ranks during the loop at line [[@LINE-4]]:3
#pragma dlb doall distribute(u) reduction(max: change)
    for (int i = 0; i < n; i++) {
      double v = u[i] * 0.5;
      change = std::max(change, u[i] - v);
      u[i] = v;
    }
  } while (change > 1e-3);
// EMIT: {{^}}  } while (change > 1e-3); }{{$}}
}

// What may reach the arrays without naming them: nothing is kept.
void opaque(int steps, int n, double *p) {
  for (int t = 0; t < steps; t++) {
// MODEL: loop residency.cpp:[[@LINE+4]]:5:
// MODEL-NEXT: array u: distributed, {{.*}}, written{{$}}
// MODEL-NOT: kept on the ranks
#pragma dlb doall distribute(u)
    for (int i = 0; i < n; i++)
      u[i] += 1;
    report(t); // a function of the program may read u
  }
  for (int t = 0; t < steps; t++) {
// MODEL: loop residency.cpp:[[@LINE+4]]:5:
// MODEL-NEXT: array u: distributed, {{.*}}, written{{$}}
// MODEL-NOT: kept on the ranks
#pragma dlb doall distribute(u)
    for (int i = 0; i < n; i++)
      u[i] += 1;
    p[0] = 0; // p may point into u
  }
  for (int t = 0; t < steps; t++) {
// MODEL: loop residency.cpp:[[@LINE+5]]:5:
// MODEL-NEXT: array u: distributed, {{.*}}, written{{$}}
// MODEL-NEXT: array w: distributed, {{.*}}, read-only, kept
// MODEL: kept on the ranks during the loop
#pragma dlb doall distribute(u) whole(w)
    for (int i = 0; i < n; i++)
      u[i] += w[i];
    std::memset(u, 0, sizeof u); // a library call reaches its arguments
  }
}

// Pragmas of other tools directly above the time loop stay attached to it:
// the scope opens above them, and the arrays stay.
// EMIT-LABEL: {{^}}void foreignPragmas(int steps, int n) {
// EMIT-NEXT: {{^}}  { // dlbcc: arrays stay on the ranks during this loop
// EMIT-NEXT: {{^}}  dlb::ResidentScope dlbcc_resident;
// EMIT-NEXT: {{^}}#pragma GCC diagnostic push
// EMIT-NEXT: {{^}}  #pragma GCC unroll 2
// EMIT-NEXT: {{^}}  for (int t = 0; t < steps; t++) {
void foreignPragmas(int steps, int n) {
#pragma GCC diagnostic push
  #pragma GCC unroll 2
  for (int t = 0; t < steps; t++) {
// MODEL: loop residency.cpp:[[@LINE+4]]:5:
// MODEL-NEXT: array u: distributed, {{.*}}, written, kept
// MODEL: kept on the ranks during the loop at line [[@LINE-3]]:3
#pragma dlb doall distribute(u)
    for (int i = 0; i < n; i++)
      u[i] = u[i] * 0.5 + t;
  }
#pragma GCC diagnostic pop
}

// A conditional directive directly above the time loop stays above the
// scope, a continued pragma line below it.
// EMIT-LABEL: {{^}}void conditional(int steps, int n) {
// EMIT-NEXT: {{^}}#if 1
// EMIT-NEXT: {{^}}  { // dlbcc: arrays stay on the ranks during this loop
// EMIT-NEXT: {{^}}  dlb::ResidentScope dlbcc_resident;
// EMIT-NEXT: {{^}}  #pragma GCC \{{$}}
// EMIT-NEXT: {{^}}    unroll 2
// EMIT-NEXT: {{^}}  for (int t = 0; t < steps; t++) {
void conditional(int steps, int n) {
#if 1
  #pragma GCC \
    unroll 2
  for (int t = 0; t < steps; t++) {
// MODEL: loop residency.cpp:[[@LINE+4]]:5:
// MODEL-NEXT: array u: distributed, {{.*}}, written, kept
// MODEL: kept on the ranks during the loop at line [[@LINE-3]]:3
#pragma dlb doall distribute(u)
    for (int i = 0; i < n; i++)
      u[i] = u[i] * 0.5 + t;
  }
#endif
}

// A loop outside any loop has nothing to keep.
void once(int n) {
// MODEL: loop residency.cpp:[[@LINE+4]]:3:
// MODEL-NEXT: array u: distributed, {{.*}}, written{{$}}
// MODEL-NOT: kept on the ranks
#pragma dlb doall distribute(u)
  for (int i = 0; i < n; i++)
    u[i] = i;
}

// The ranks keep the rows of the iterations they ran: an array that a loop
// reads only at shifted rows (`s[i - 1]` alone) would be kept as other rows
// than those, and stays with rank 0 in the whole region; the others stay.
double sh[64], out[64];
void shifted(int steps, int n) {
  for (int t = 0; t < steps; t++) {
// MODEL: loop residency.cpp:[[@LINE+3]]:5:
// MODEL-NEXT: array sh: distributed, {{.*}}, written{{$}}
#pragma dlb doall distribute(sh)
    for (int i = 0; i < n - 1; i++)
      sh[i] = sh[i] * 0.5 + i;
// MODEL: loop residency.cpp:[[@LINE+4]]:5:
// MODEL-NEXT: array out: distributed, {{.*}}, written, kept
// MODEL-NEXT: array sh: distributed, {{.*}}, halo [-1, -1], read-only{{$}}
#pragma dlb doall distribute(out)
    for (int i = 1; i < n; i++)
      out[i] = out[i] + sh[i - 1];
  }
}

int main() {
  shifted(3, 64);
  printsAny(2, 8);
  sweeps(3, 64);
  printsOne(3, 64);
  doWhile(64);
  opaque(3, 64, &u[3]);
  once(64);
  foreignPragmas(3, 64);
  conditional(3, 64);
  std::printf("%g %g\n", A[1][1], u[2]);
}
