// schedule(bitonic): the model shows it, --remarks says whether the pairs
// have uniform work, and the kernel runs pairs: the body once per iteration
// of a pair, with the distributed arrays' names bound to their front or
// mirror views; the call site tells the runtime. The result compiles.
// RUN: %dlbcc %s --dump-model | FileCheck %s --check-prefix=MODEL
// RUN: %dlbcc %s --remarks -o %t.cpp 2>&1 | grep -v "hook" | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)
// RUN: FileCheck %s --check-prefix=EMIT < %t.cpp

double a[100], b[100][100], m[100][8];

// Triangular (adjoint convolution): W affine in i, pairs uniform.
void triangular(int n) {
// MODEL: loop bitonic.cpp:[[@LINE+5]]:3: doall i in [0, n), block, schedule bitonic, strategy auto
// MODEL: work W(i) = 3 + 7 * dlb::trips(i, n), affine
// CHECK: bitonic.cpp:[[@LINE+3]]:3: remark: work per iteration W(i) = 3 + 7 * dlb::trips(i, n) basic operations; data per iteration D = 8 bytes
// CHECK: bitonic.cpp:[[@LINE+2]]:3: remark: schedule(bitonic): pair p runs iterations p and n - 1 - p (once when they coincide); the pairs have uniform work W(p) + W(n - 1 - p)
#pragma dlb doall distribute(a) whole(b) schedule(bitonic)
  for (int i = 0; i < n; ++i) {
    double acc = 0.0;
    for (int k = i; k < n; ++k)
      acc += b[0][k] * b[1][k - i];
    a[i] += acc;
  }
}
// EMIT:      static void dlbcc_kernel_0(dlb::Block &dlbcc_block) {
// EMIT-NEXT:   int n = dlbcc_block.scalar<int>(0);
// EMIT-NEXT:   auto &b = *dlbcc_block.wholeData<double[100][100]>(0);
// EMIT-NEXT:   dlb::Dist1D<double> a = dlbcc_block.dist1D<double>(1);
// EMIT-NEXT:   // dlbcc: schedule(bitonic): pair p runs iteration lb + p on the front views,
// EMIT-NEXT:   // then ub - 1 - p (unless the same) on the mirror views
// EMIT-NEXT:   dlb::Dist1D<double> dlbcc_mirror_a = dlbcc_block.dist1D<double>(1, true);
// EMIT-NEXT:   auto &dlbcc_front_a = a;
// EMIT-NEXT:   // dlbcc: one load balancing hook per strip of pairs
// EMIT-NEXT:   for (long long dlbcc_lo = dlbcc_block.begin(), dlbcc_hi; dlbcc_lo < dlbcc_block.end(); dlbcc_lo = dlbcc_hi) {
// EMIT-NEXT:   dlbcc_hi = dlbcc_block.strip(dlbcc_lo);
// EMIT-NEXT:   for (long long dlbcc_p = dlbcc_lo; dlbcc_p < dlbcc_hi; ++dlbcc_p)
// EMIT-NEXT:   for (int dlbcc_side = 0; dlbcc_side < dlbcc_block.pairSize(dlbcc_p); ++dlbcc_side) {
// EMIT-NEXT:     {{\[\[}}maybe_unused]] int i = static_cast<int>(dlbcc_block.pairIteration(dlbcc_p, dlbcc_side));
// EMIT-NEXT:     auto &a = dlbcc_side ? dlbcc_mirror_a : dlbcc_front_a;
// EMIT-NEXT:     {
// EMIT-NEXT:     double acc = 0.0;
// EMIT:          a[i] += acc;
// EMIT-NEXT:   }
// EMIT-NEXT:   }
// EMIT-NEXT:   dlbcc_block.hookStrip(dlbcc_lo, dlbcc_hi);
// EMIT-NEXT:   }
// EMIT-NEXT: }
// EMIT:      dlbcc_run.bounds(0, n);
// EMIT-NEXT: dlbcc_run.hooks(dlb::HookLevel::Strip);
// EMIT-NEXT: dlbcc_run.bitonic();
// EMIT-NEXT: dlbcc_run.work([&](long long i) -> double { return 3 + 7 * dlb::trips(i, n); });

// A TRFD-like nest is quadratic in i: pairs differ. An inclusive bound from
// 1, rows with a halo, `continue`, a label, a reduction, a short index type.
void quadratic(short n) {
  long long count = 0;
// MODEL: loop bitonic.cpp:[[@LINE+5]]:3: doall i in [1, n - 2], block, schedule bitonic, strategy auto
// MODEL: work W(i) = {{.*}}, non-uniform
// CHECK: bitonic.cpp:[[@LINE+3]]:3: remark: work per iteration W(i) = {{.*}} basic operations; data per iteration D = 864 bytes
// CHECK: bitonic.cpp:[[@LINE+2]]:3: remark: schedule(bitonic): pair p runs iterations 1 + p and (n - 2) - p (once when they coincide); W(i) is not affine in 'i': the work of a pair, W(1 + p) + W((n - 2) - p), varies with p
#pragma dlb doall distribute(b, m) reduction(+: count) schedule(bitonic)
  for (short i = 1; i <= n - 2; ++i) {
    if (i == 7)
      continue;
    for (int j = 0; j <= i; ++j) {
      for (int k = j; k < n; ++k) {
        if (k > 90)
          goto done;
        b[i][k % 100] = m[i - 1][k % 8] + m[i + 1][j % 8];
        ++count;
      }
    done:;
    }
  }
}
// EMIT:      dlb::Dist2D<double> dlbcc_mirror_b = dlbcc_block.dist2D<double>(0, true);
// EMIT-NEXT: auto &dlbcc_front_b = b;
// EMIT-NEXT: dlb::Dist2D<double> dlbcc_mirror_m = dlbcc_block.dist2D<double>(1, true);
// EMIT-NEXT: auto &dlbcc_front_m = m;
// EMIT:      {{\[\[}}maybe_unused]] short i = static_cast<short>(dlbcc_block.pairIteration(dlbcc_p, dlbcc_side));
// EMIT-NEXT: auto &b = dlbcc_side ? dlbcc_mirror_b : dlbcc_front_b;
// EMIT-NEXT: auto &m = dlbcc_side ? dlbcc_mirror_m : dlbcc_front_m;
// EMIT:      dlbcc_block.reduce<long long>(0, dlb::ReduceOp::Sum, count);
// EMIT:      dlbcc_run.bounds(1, static_cast<long long>(n - 2) + 1);
// EMIT-NEXT: dlbcc_run.hooks(dlb::HookLevel::Strip);
// EMIT-NEXT: dlbcc_run.bitonic();

// Uniform work: pairs of equal work anyway. Columns of a T**, cyclic.
void uniform(double **p, int rows, int cols) {
// MODEL: loop bitonic.cpp:[[@LINE+4]]:3: doall j in [0, cols), cyclic, schedule bitonic, strategy static
// CHECK: bitonic.cpp:[[@LINE+3]]:3: remark: work per iteration W(j) = {{.*}} basic operations; data per iteration D = 8 * (rows) bytes
// CHECK: bitonic.cpp:[[@LINE+2]]:3: remark: schedule(bitonic): pair p runs iterations p and cols - 1 - p (once when they coincide); the pairs have uniform work W(p) + W(cols - 1 - p)
#pragma dlb doall distribute(cyclic: p) shape(p[rows][cols]) schedule(bitonic) strategy(static)
  for (int j = 0; j < cols; ++j)
    for (int r = 0; r < rows; ++r)
      p[r][j] *= 2;
}
// EMIT:      dlbcc_run.schedule(dlb::Schedule::Cyclic);
// EMIT-NEXT: dlbcc_run.hooks(dlb::HookLevel::Strip);
// EMIT-NEXT: dlbcc_run.bitonic();

// Without the clause: a suggestion where W is affine (the cost() clause's),
// none where it is uniform.
void suggestion(int n) {
// CHECK: bitonic.cpp:[[@LINE+3]]:3: remark: work per iteration W(i) = n - i, from cost()
// CHECK: bitonic.cpp:[[@LINE+2]]:3: remark: work per iteration W(i) = n - i is affine in 'i': schedule(bitonic) would pair iterations of equal total work and make the loop uniform
#pragma dlb doall distribute(a) cost(n - i)
  for (int i = 0; i < n; ++i)
    a[i] = i;
// CHECK: bitonic.cpp:[[@LINE+2]]:3: remark: work per iteration W(i) = 1 basic operations
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = i;
}

int main() { return 0; }
