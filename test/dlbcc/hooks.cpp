// Hook placement by operation counts (Siegell & Steenkiste, section 5.1):
// the candidate locations, their counts and the decision, as --remarks
// states them, and the code each decision emits.
// RUN: %dlbcc %s --remarks -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)
// RUN: FileCheck %s --check-prefix=EMIT < %t.cpp
// RUN: %dlbcc --dump-model %s | FileCheck %s --check-prefix=MODEL
// The decisions, in loop order:
// MODEL:      hooks: body
// MODEL:      hooks: strip{{$}}
// MODEL:      hooks: block
// MODEL:      hooks: execution
// MODEL:      hooks: execution
// MODEL:      hooks: strip (sized at run time)
// MODEL:      hooks: body
// MODEL:      hooks: strip (sized at run time)
// MODEL:      hooks: body
// MODEL:      hooks: strip{{$}}
// The body hook after every iteration; the strip-mined kernel with a hook
// per strip and the level at the call site (the strip's loop in a lambda
// that is not inlined, called per strip); no level for the pipeline.
// EMIT: {{^ *}}for (int i = dlbcc_block.begin(); i < dlbcc_block.end(); dlbcc_block.hook(i), ++i)
// EMIT: {{^ *}}auto dlbcc_body = [&](auto dlbcc_aligned, {{.*}}, long long dlbcc_lo, long long dlbcc_hi) __attribute__((noinline)) {
// EMIT: {{^ *}}for (int i = dlbcc_lo; i < dlbcc_hi; ++i)
// EMIT: {{^ *}}for (long long dlbcc_lo = dlbcc_block.begin(), dlbcc_hi; dlbcc_lo < dlbcc_block.end(); dlbcc_lo = dlbcc_hi) {
// EMIT-NEXT: {{^ *}}dlbcc_hi = dlbcc_block.strip(dlbcc_lo);
// EMIT-NEXT: {{^ *}}if (dlb::aligned16(
// EMIT-NEXT: {{^ *}}dlbcc_body(std::true_type{}, {{.*}}, dlbcc_lo, dlbcc_hi);
// EMIT-NEXT: {{^ *}}else
// EMIT-NEXT: {{^ *}}dlbcc_body(std::false_type{}, {{.*}}, dlbcc_lo, dlbcc_hi);
// EMIT-NEXT: {{^ *}}dlbcc_block.hookStrip(dlbcc_lo, dlbcc_hi);
// EMIT: {{^ *}}dlbcc_run.hooks(dlb::HookLevel::Strip);
// EMIT: {{^ *}}dlbcc_hi = dlbcc_block.receive(dlbcc_lo);
// EMIT: {{^ *}}dlbcc_run.pipeline(1, 999, 0);
// EMIT-NEXT: {{^ *}}dlbcc_run.bounds(1, 999);
// EMIT-NEXT: {{^ *}}dlbcc_run.work(13);
// EMIT-NEXT: {{^ *}}dlbcc_run.distArray(G, 1
// EMIT: {{^ *}}dlbcc_block.hookStrip(dlbcc_lo, dlbcc_hi);
// EMIT: {{^ *}}dlbcc_run.hooks(dlb::HookLevel::Execution);
// EMIT: {{^ *}}dlbcc_block.hookStrip(dlbcc_lo, dlbcc_hi);
// EMIT: {{^ *}}dlbcc_run.hooks(dlb::HookLevel::Execution);
// EMIT: {{^ *}}dlbcc_block.hookStrip(dlbcc_lo, dlbcc_hi);
// EMIT: {{^ *}}dlbcc_run.hooks(dlb::HookLevel::Strip);
// EMIT: {{^ *}}for (int i = dlbcc_block.begin(); i < dlbcc_block.end(); dlbcc_block.hook(i), ++i)
// EMIT-NOT: {{^ *}}dlbcc_run.hooks
// EMIT: {{^ *}}// dlbcc: one load balancing hook per strip of pairs
// EMIT: {{^ *}}for (long long dlbcc_p = dlbcc_lo; dlbcc_p < dlbcc_hi; ++dlbcc_p)
// EMIT: {{^ *}}dlbcc_block.hookStrip(dlbcc_lo, dlbcc_hi);
// EMIT: {{^ *}}dlbcc_run.hooks(dlb::HookLevel::Strip);
// EMIT: {{^ *}}for (long long dlbcc_p = dlbcc_block.begin(); dlbcc_p < dlbcc_block.end(); dlbcc_block.hook(dlbcc_p), ++dlbcc_p)
// EMIT-NOT: {{^ *}}dlbcc_run.hooks
// EMIT: {{^ *}}for (long long dlbcc_p = dlbcc_lo; dlbcc_p < dlbcc_hi; ++dlbcc_p)
// EMIT: {{^ *}}dlbcc_run.hooks(dlb::HookLevel::Strip);

constexpr int Big = 256;
constexpr int Small = 4;
double A[Big][Big], B[Big][Big], C[Big][Big];
double a[Small][Small], b[Small][Small], c[Small][Small];
double u[1000], v[1000];
double G[1000][1000];

// Figure 16, large matrices: an iteration of 'i' is a whole row of the
// product, far more than 100 hooks' worth: the hook goes in the body.
// CHECK: hooks.cpp:[[@LINE+5]]:3: remark: work per iteration W(i) = 393984 basic operations; data per iteration D = 4096 bytes
// CHECK: hooks.cpp:[[@LINE+4]]:3: remark: load balancing hook after every iteration of 'i': 3.94e+05 operations run between two hooks, a hook of 6 costs 0.001523%
// CHECK: hooks.cpp:[[@LINE+3]]:3: note: hook location at the end of the body of the 'i' loop: 3.94e+05 operations between two executions, acceptable
void mxmLarge() {
#pragma dlb doall distribute(C, A) whole(B)
  for (int i = 0; i < Big; ++i)
    for (int j = 0; j < Big; ++j) {
      double s = 0.0;
      for (int k = 0; k < Big; ++k)
        s += A[i][k] * B[k][j];
      C[i][j] = s;
    }
}

// Figure 16, small matrices: a row is too cheap for a hook, and after the
// loop is the outermost location: strip-mined.
// CHECK: hooks.cpp:[[@LINE+5]]:3: remark: work per iteration W(i) = 108 basic operations; data per iteration D = 64 bytes
// CHECK: hooks.cpp:[[@LINE+4]]:3: remark: no hook location is cheap enough (a hook of 6 operations may cost at most 1% of the code between two of its executions): 'i' is strip-mined, with one hook per strip of at least 600 operations (6 iterations), sized at run time
// CHECK: hooks.cpp:[[@LINE+3]]:3: note: hook location at the end of the body of the 'i' loop: 108 operations between two executions, rejected: a hook would cost 5.556% of it
void mxmSmall() {
#pragma dlb doall distribute(c, a) whole(b)
  for (int i = 0; i < Small; ++i)
    for (int j = 0; j < Small; ++j) {
      double s = 0.0;
      for (int k = 0; k < Small; ++k)
        s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
}

// Figure 15: SOR, pipelined over 'i'; an element of 'j' costs a few
// operations, a row of them enough.
// CHECK: hooks.cpp:[[@LINE+12]]:7: remark: work per iteration W(j) = 13 basic operations; data per iteration D = 8000 bytes
// CHECK: hooks.cpp:[[@LINE+9]]:5: remark: pipelined: 'i' is strip-mined in blocks whose size the runtime chooses; 'j' is distributed in contiguous blocks, boundary values flow to the next rank once per block
// CHECK: hooks.cpp:[[@LINE+11]]:34: note: 'G[i][j - 1]' reads the value of iteration (i, j - 1): new value from the previous rank, sent once per block
// CHECK: hooks.cpp:[[@LINE+10]]:62: note: 'G[i][j + 1]' reads the value of iteration (i, j + 1): old value from the next rank's halo, sent once per sweep
// CHECK: hooks.cpp:[[@LINE+8]]:7: remark: load balancing hook at the block boundaries of 'i', next to the pipeline's communication (the deepest acceptable location is the end of the body of the 'i' loop); the block size stays the one chosen for the grain, and the runtime sets how many blocks pass between interactions
// CHECK: hooks.cpp:[[@LINE+7]]:7: note: hook location at the end of the body of the 'j' loop: 13 operations between two executions, rejected: a hook would cost 46.15% of it
// CHECK: hooks.cpp:[[@LINE+4]]:5: note: hook location at the end of the body of the 'i' loop: 1.497e+04 operations between two executions, acceptable
// CHECK: hooks.cpp:[[@LINE+2]]:3: note: hook location at the end of the body of the 'it' loop: 1.494e+07 operations between two executions, acceptable
void sor() {
  for (int it = 0; it < 10; ++it)
    for (int i = 1; i < 999; ++i) {
#pragma dlb doacross distribute(G)
      for (int j = 1; j < 999; ++j)
        G[i][j] = (G[i - 1][j] + G[i][j - 1] + G[i + 1][j] + G[i][j + 1]) / 4;
    }
}

// A cheap loop in a time loop: the hook after the loop (between
// executions).
// CHECK: hooks.cpp:[[@LINE+7]]:5: remark: work per iteration W(i) = 4 basic operations; data per iteration D = 16 bytes
// CHECK: hooks.cpp:[[@LINE+6]]:5: remark: load balancing hook at the end of the body of the 'step' loop at line [[@LINE+4]] (6000 operations between two executions): the runtime balances between executions of this loop, where it communicates anyway
// CHECK: hooks.cpp:[[@LINE+5]]:5: note: hook location at the end of the body of the 'i' loop: 4 operations between two executions, rejected: a hook would cost 150% of it
// CHECK: hooks.cpp:[[@LINE+2]]:3: note: hook location at the end of the body of the 'step' loop: 6000 operations between two executions, acceptable
void timeLoop() {
  for (int step = 0; step < 100; ++step) {
#pragma dlb doall distribute(u, v)
    for (int i = 0; i < 1000; ++i)
      u[i] = v[i] * 0.5 + 1;
  }
}

// Two enclosing loops: one execution of 'i' and one of 's' are both too
// cheap; an iteration of 't' is enough.
// CHECK: hooks.cpp:[[@LINE+9]]:7: remark: work per iteration W(i) = 3 basic operations; data per iteration D = 16 bytes
// CHECK: hooks.cpp:[[@LINE+8]]:7: remark: load balancing hook at the end of the body of the 't' loop at line [[@LINE+5]] (840 operations between two executions): the runtime balances between executions of this loop, where it communicates anyway
// CHECK: hooks.cpp:[[@LINE+7]]:7: note: hook location at the end of the body of the 'i' loop: 3 operations between two executions, rejected: a hook would cost 200% of it
// CHECK: hooks.cpp:[[@LINE+4]]:5: note: hook location at the end of the body of the 's' loop: 40 operations between two executions, rejected: a hook would cost 15% of it
// CHECK: hooks.cpp:[[@LINE+2]]:3: note: hook location at the end of the body of the 't' loop: 840 operations between two executions, acceptable
void twoLevels() {
  for (int t = 0; t < 10; ++t)
    for (int s = 0; s < 20; ++s) {
#pragma dlb doall distribute(u, v)
      for (int i = 0; i < 8; ++i)
        u[i] = v[i] + 1;
    }
}

// Sizes known only at run time: the runtime sizes the strips.
// CHECK: hooks.cpp:[[@LINE+5]]:3: remark: work per iteration W(i) = 6 * dlb::trips(0, n) basic operations; data per iteration D = 8 bytes
// CHECK: hooks.cpp:[[@LINE+4]]:3: remark: the operations between hooks depend on run-time values: 'i' is strip-mined, and the runtime sizes each strip to at least 600 operations from the actual W(i) (a strip of one iteration puts the hook after every iteration); a constant cost() decides at compile time
// CHECK: hooks.cpp:[[@LINE+3]]:3: note: hook location at the end of the body of the 'i' loop: ? operations between two executions, unknown at compile time
void symbolic(int n) {
#pragma dlb doall distribute(u) whole(v)
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < n; ++k)
      u[i] += v[k];
}

// A constant cost() hint decides at compile time.
// CHECK: hooks.cpp:[[@LINE+5]]:3: remark: work per iteration W(i) = 2000, from cost() (counted: 6 * dlb::trips(0, n) basic operations); data per iteration D = 8 bytes
// CHECK: hooks.cpp:[[@LINE+4]]:3: remark: load balancing hook after every iteration of 'i': 2000 operations run between two hooks, a hook of 6 costs 0.3%
// CHECK: hooks.cpp:[[@LINE+3]]:3: note: hook location at the end of the body of the 'i' loop: 2000 operations between two executions, acceptable
void hinted(int n) {
#pragma dlb doall distribute(u) whole(v) cost(2000)
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < n; ++k)
      u[i] += v[k];
}

// Bitonic loops: the unit between two hooks is a pair (W(p) + W(n - 1 - p),
// twice the mean W). With the sizes known only at run time, strips of pairs
// sized by the runtime.
// CHECK: hooks.cpp:[[@LINE+6]]:3: remark: work per iteration W(i) = 6 * dlb::trips(i, n) basic operations; data per iteration D = 8 bytes
// CHECK: hooks.cpp:[[@LINE+5]]:3: remark: schedule(bitonic): pair p runs iterations p and n - 1 - p (once when they coincide); the pairs have uniform work W(p) + W(n - 1 - p)
// CHECK: hooks.cpp:[[@LINE+4]]:3: remark: the operations between hooks depend on run-time values: 'i' is strip-mined, and the runtime sizes each strip to at least 600 operations from the actual W(i) (a strip of one pair puts the hook after every pair); a constant cost() decides at compile time
// CHECK: hooks.cpp:[[@LINE+3]]:3: note: hook location at the end of the body of the 'i' loop: ? operations between two executions, unknown at compile time
void pairs(int n) {
#pragma dlb doall distribute(u) whole(v) schedule(bitonic)
  for (int i = 0; i < n; ++i)
    for (int k = i; k < n; ++k)
      u[i] += v[k];
}

// A pair of 2 x 400 operations takes a hook after every pair.
// CHECK: hooks.cpp:[[@LINE+6]]:3: remark: work per iteration W(i) = 400, from cost() (counted: 6 * dlb::trips(i, n) basic operations); data per iteration D = 8 bytes
// CHECK: hooks.cpp:[[@LINE+5]]:3: remark: schedule(bitonic): pair p runs iterations p and n - 1 - p (once when they coincide); the pairs have uniform work W(p) + W(n - 1 - p)
// CHECK: hooks.cpp:[[@LINE+4]]:3: remark: load balancing hook after every pair of iterations of 'i' (schedule(bitonic)): 800 operations run between two hooks, a hook of 6 costs 0.75%
// CHECK: hooks.cpp:[[@LINE+3]]:3: note: hook location at the end of the body of the 'i' loop: 800 operations between two executions, acceptable
void pairsHinted(int n) {
#pragma dlb doall distribute(u) whole(v) cost(400) schedule(bitonic)
  for (int i = 0; i < n; ++i)
    for (int k = i; k < n; ++k)
      u[i] += v[k];
}

// A pair of 2 x 100 operations is too cheap: strips of 3 pairs.
// CHECK: hooks.cpp:[[@LINE+6]]:3: remark: work per iteration W(i) = 100, from cost() (counted: 6 * dlb::trips(i, n) basic operations); data per iteration D = 8 bytes
// CHECK: hooks.cpp:[[@LINE+5]]:3: remark: schedule(bitonic): pair p runs iterations p and n - 1 - p (once when they coincide); the pairs have uniform work W(p) + W(n - 1 - p)
// CHECK: hooks.cpp:[[@LINE+4]]:3: remark: no hook location is cheap enough (a hook of 6 operations may cost at most 1% of the code between two of its executions): 'i' is strip-mined, with one hook per strip of at least 600 operations (3 pairs of iterations), sized at run time
// CHECK: hooks.cpp:[[@LINE+3]]:3: note: hook location at the end of the body of the 'i' loop: 200 operations between two executions, rejected: a hook would cost 3% of it
void pairsCheap(int n) {
#pragma dlb doall distribute(u) whole(v) cost(100) schedule(bitonic)
  for (int i = 0; i < n; ++i)
    for (int k = i; k < n; ++k)
      u[i] += v[k];
}

int main() {
  mxmLarge();
  mxmSmall();
  sor();
  timeLoop();
  twoLevels();
  symbolic(100);
  hinted(100);
  pairs(100);
  pairsHinted(100);
  pairsCheap(100);
}
