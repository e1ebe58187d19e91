// Indices and temporaries declared at the top of a function, as numerical
// code declares them: private to each iteration when every iteration writes
// them before reading them and nothing reads them after the loop; the
// distributed loop's own index gets the value the loop leaves.
// RUN: not %dlbcc %s -o %t.cpp -- -DERRORS -ferror-limit=0 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %dlbcc %s -o %t.cpp
// RUN: FileCheck %s --check-prefix=EMIT < %t.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)
#include <cstdio>

double A[64][64], B[64][64], x[64];
int counter;

void accepted(int n, double alpha) {
  int i, j, k;
  double t;
// EMIT: {{^}}  auto dlbcc_body = [&](auto dlbcc_aligned, double (*__restrict B)[64], double (*__restrict A)[64], int n, double alpha, long long dlbcc_lo, long long dlbcc_hi) __attribute__((noinline)) {
// EMIT-NEXT: {{^}}  if constexpr (decltype(dlbcc_aligned)::value) {
// EMIT-NEXT: {{^}}    B = dlb::assumeAligned16(B);
// EMIT-NEXT: {{^}}    A = dlb::assumeAligned16(A);
// EMIT-NEXT: {{^}}  }
// EMIT-NEXT: {{^}}  int j{};
// EMIT-NEXT: {{^}}  double t{};
// EMIT-NEXT: {{^}}  int k{};
#pragma dlb doall distribute(A) whole(B)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      t = 0;
      for (k = 0; k < n; k++)
        t += alpha * B[j][k];
      A[i][j] = t;
    }
// The index gets the value the sequential loop leaves; the privates stay
// used where the loop was.
// EMIT: {{^}}  dlbcc_run.run();
// EMIT-NEXT: {{^}}  (void)j;
// EMIT-NEXT: {{^}}  (void)t;
// EMIT-NEXT: {{^}}  (void)k;
// EMIT-NEXT: {{^}}  i = static_cast<int>((0) < (n) ? (n) : (0));
// EMIT-NEXT: {{^}}  (void)i;
// EMIT-NEXT: {{^}}}
  std::printf("%d\n", i);
  // The next loop assigns j and i before it reads them: they are dead after
  // the loop above. A time loop runs the loop again: its index is written by
  // the loop's own start, and t by every iteration.
  for (int step = 0; step < 3; ++step) {
#pragma dlb doall distribute(x)
    for (i = 0; i <= n - 1; ++i) {
      t = x[i] * 2;
      x[i] = t;
    }
// EMIT: {{^}}  i = static_cast<int>((0) <= (n - 1) ? (n - 1) + 1 : (0));
  }
  for (j = 0; j < n; j++)
    x[j] += 1;
}

// A private read in `c ? j : K` with K const (which makes the branch const
// int, an implicit no-op conversion of j): a read like any other, not an
// alias that might outlive the loop.
const int K = 3;
void conditional(int n) {
  int j;
#pragma dlb doall distribute(x)
  for (int i = 0; i < n; i++)
    for (j = 0; j < 4; j++)
      x[i] += (x[i] > 1 ? j : K) % 5;
}

// A temporary whose address is given to a function that only works
// through it (the seed of a generator) is private like any other: the
// address is not kept past the call, before the loop or in it.
static void advance(double *s) { *s = *s * 3.0 + 1.0; }
void lent(int n) {
  double seed = 1;
  advance(&seed);
#pragma dlb doall distribute(x)
  for (int i = 0; i < n; i++) {
    seed = i;
    advance(&seed);
    x[i] = seed;
  }
}

#ifdef ERRORS
// An address kept in a pointer: the value may be read through it after
// the loop.
void kept(int n) {
  double t, *alias = &t;
#pragma dlb doall distribute(x)
  for (int i = 0; i < n; i++) {
    t = x[i];
// ERR: :[[@LINE-1]]:5: error: 't' is written by every iteration, and its address is taken where dlbcc cannot see that it is let go (stored, returned, or given to a function that keeps it or whose body it cannot see): its value may be read after the loop, where it would come from the last iteration, which may run on another rank; declare 't' inside the loop
    x[i] = t * t;
  }
  std::printf("%f\n", *alias);
}

void rejected(int n) {
  int i, j;
  double t, u = 0;
#pragma dlb doall distribute(x)
  for (i = 0; i < n; i++) {
    x[i] = u;
    u = x[i] + 1;
// ERR: :[[@LINE-1]]:5: error: scalar 'u' is assigned in the loop but declared outside it, and an iteration may read the value an earlier one left
  }
#pragma dlb doall distribute(x)
  for (i = 0; i < n; i++) {
    t = x[i];
// ERR: :[[@LINE-1]]:5: error: 't' is written by every iteration and read after the loop: its value there would come from the last iteration, which may run on another rank
    x[i] = t * t;
  }
  std::printf("%f\n", t);
  // Read at the start of the next step of the time loop, before the loop
  // writes it again.
  for (int step = 0; step < 3; ++step) {
    x[0] += j;
#pragma dlb doall distribute(x)
    for (i = 0; i < n; i++)
      for (j = 0; j < 4; j++)
// ERR: :[[@LINE-1]]:12: error: 'j' is written by every iteration and read after the loop
        x[i] += j;
  }
// A chain whose value reads a variable of the chain reads it first.
#pragma dlb doall distribute(x)
  for (i = 0; i < n; i++) {
    t = u = u + 1;
// ERR: :[[@LINE-1]]:9: error: scalar 'u' is assigned in the loop but declared outside it
    x[i] = t + u;
  }
#pragma dlb doall distribute(x)
  for (i = 0; i < n; i++) {
    counter = i;
// ERR: :[[@LINE-1]]:5: error: scalar 'counter' is assigned in the loop but declared outside it
    x[i] = counter;
  }
}
#endif

// C's chained assignment writes every variable of the chain.
void chained(int n) {
  double ax, ay, az;
#pragma dlb doall distribute(x)
  for (int i = 0; i < n; i++) {
    ax = ay = az = 0.0;
    for (int j = 0; j < 4; j++) {
      ax += j;
      ay += ax;
      az += ay;
    }
    x[i] = ax + ay + az;
  }
}

int main() {
  accepted(64, 0.5);
  chained(64);
  lent(64);
  return 0;
}

// Parameters declared with their extents need no shape(): the number of
// rows comes from the declaration as written (an incomplete first extent
// still needs one).
#define ROWS 64
// EMIT: {{^}}  dlbcc_run.distPointer(m, static_cast<long long>(ROWS), 0, dlb::Access{true, 0, 0});
// EMIT: {{^}}  dlbcc_run.wholePointer(v, static_cast<long long>(2 * ROWS));
void params(int n, double m[ROWS][64], const double v[2 * ROWS]) {
#pragma dlb doall distribute(m) whole(v)
  for (int i = 0; i < n; i++)
    m[i][i] = v[2 * i];
}
#ifdef ERRORS
void incomplete(int n, double m[][64]) {
#pragma dlb doall distribute(m)
  for (int i = 0; i < n; i++)
    m[i][0] = 1;
// ERR: :[[@LINE-1]]:5: error: 'm' is a pointer; give its extents with shape(m[n]) or shape(m[n][m])
}
#endif
