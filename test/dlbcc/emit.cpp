// The emit stage: what the emitted program looks like, that code outside the
// loops stays byte-identical, and that the result compiles with mpicxx.
// RUN: %dlbcc %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)

// CHECK: #include "dlb/dlb.h" // dlbcc: the runtime
// CHECK-NEXT: // The emit stage: what the emitted program looks like
#include <cmath>
#include <vector>

const int N = 8;
static double grid[N][N];   // untouched: kept  as   written
// CHECK: static double grid[N][N];   // untouched: kept  as   written

static double norm(double x, double y) { return std::sqrt(x * x + y * y); }

// CHECK:      // dlbcc: kernel of the loop at emit.cpp:[[#LOOP1:]]:3; runs one block of its iterations on any rank.
// CHECK-NEXT: #if defined(__GNUC__) && !defined(__clang__)
// CHECK-NEXT: #pragma GCC push_options
// CHECK-NEXT: #pragma GCC optimize("vect-cost-model=dynamic")
// CHECK-NEXT: #endif
// CHECK-NEXT: static void dlbcc_kernel_0(dlb::Block &dlbcc_block) {
// CHECK-NEXT:   double scale = dlbcc_block.scalar<double>(0);
// CHECK-NEXT:   constexpr int K = 3;
// CHECK-NEXT:   dlb::Strided2D<double> dlbcc_view_grid = dlbcc_block.strided2D<double>(0);
// CHECK-NEXT:   double total = dlb::identity<double>(dlb::ReduceOp::Sum);
// Arrays of contiguous rows reach the loop as restrict pointers; a column
// distribution of rows of constant length as a generic parameter, below.
// The lambda runs one strip, not inlined: without the hook's call the
// compiler allocates registers as for the user's loop; its instance for
// 16-byte aligned restrict pointers assumes they are.
// CHECK-NEXT:   auto dlbcc_body = [&](auto dlbcc_aligned, double *__restrict w, auto grid, double scale, long long dlbcc_lo, long long dlbcc_hi) __attribute__((noinline)) {
// CHECK-NEXT:   if constexpr (decltype(dlbcc_aligned)::value) {
// CHECK-NEXT:     w = dlb::assumeAligned16(w);
// CHECK-NEXT:   }
// CHECK-NEXT:   for (int j = dlbcc_lo; j < dlbcc_hi; ++j)
// CHECK-NEXT:   {
// CHECK-NEXT:     if (j == N)
// CHECK-NEXT:       continue;
// CHECK-NEXT:     for (int i = 0; i < N; ++i)
// CHECK-NEXT:       grid[i][j] = norm(i, j) * scale + w[i] + K;
// CHECK-NEXT:     total += grid[0][j];
// CHECK-NEXT:   }
// CHECK-NEXT:   };
// CHECK-NEXT:   // dlbcc: one load balancing hook per strip of iterations
// CHECK-NEXT:   for (long long dlbcc_lo = dlbcc_block.begin(), dlbcc_hi; dlbcc_lo < dlbcc_block.end(); dlbcc_lo = dlbcc_hi) {
// CHECK-NEXT:   dlbcc_hi = dlbcc_block.strip(dlbcc_lo);
// Where its stored rows have the user's row length (rank 0: the user's
// array), a pointer to rows of that length, the user's address arithmetic;
// elsewhere (a worker's columns) the strided view.
// CHECK-NEXT:   if (dlbcc_view_grid.stride() == 8) {
// CHECK-NEXT:     if (dlb::aligned16(dlbcc_block.wholeData<double>(1)))
// CHECK-NEXT:       dlbcc_body(std::true_type{}, dlbcc_block.wholeData<double>(1), dlbcc_view_grid.rows<double[8]>(), scale, dlbcc_lo, dlbcc_hi);
// CHECK-NEXT:     else
// CHECK-NEXT:       dlbcc_body(std::false_type{}, dlbcc_block.wholeData<double>(1), dlbcc_view_grid.rows<double[8]>(), scale, dlbcc_lo, dlbcc_hi);
// CHECK-NEXT:   } else {
// CHECK-NEXT:     if (dlb::aligned16(dlbcc_block.wholeData<double>(1)))
// CHECK-NEXT:       dlbcc_body(std::true_type{}, dlbcc_block.wholeData<double>(1), dlbcc_view_grid, scale, dlbcc_lo, dlbcc_hi);
// CHECK-NEXT:     else
// CHECK-NEXT:       dlbcc_body(std::false_type{}, dlbcc_block.wholeData<double>(1), dlbcc_view_grid, scale, dlbcc_lo, dlbcc_hi);
// CHECK-NEXT:   }
// CHECK-NEXT:   dlbcc_block.hookStrip(dlbcc_lo, dlbcc_hi);
// CHECK-NEXT:   }
// CHECK-NEXT:   dlbcc_block.reduce<double>(0, dlb::ReduceOp::Sum, total);
// CHECK-NEXT: }
// CHECK-NEXT: #if defined(__GNUC__) && !defined(__clang__)
// CHECK-NEXT: #pragma GCC pop_options
// CHECK-NEXT: #endif
// CHECK-NEXT: static dlb::LoopDesc dlbcc_loop_0("emit.cpp:[[#LOOP1]]:3", dlbcc_kernel_0, "grid,w");
// CHECK-EMPTY:
// CHECK-NEXT: double compute(double scale, const std::vector<double> &w) {
double compute(double scale, const std::vector<double> &w) {
  const int K = 3;
  double total = 0;
// CHECK:      { // dlbcc: the loop at emit.cpp:[[#LOOP1]]:3 runs on all ranks through libdlb
// CHECK-NEXT:   dlb::LoopRun dlbcc_run(dlbcc_loop_0);
// CHECK-NEXT:   dlbcc_run.bounds(0, N);
// CHECK-NEXT:   dlbcc_run.hooks(dlb::HookLevel::Strip);
// CHECK-NEXT:   dlbcc_run.work(163);
// CHECK-NEXT:   dlbcc_run.data(64);
// CHECK-NEXT:   dlbcc_run.strategy(dlb::Strategy::GCDLB);
// CHECK-NEXT:   dlbcc_run.scalar<double>(scale);
// CHECK-NEXT:   (void)K;
// CHECK-NEXT:   dlbcc_run.distArray(grid, 1, dlb::Access{true, 0, 0});
// CHECK-NEXT:   dlbcc_run.wholeVector(w);
// CHECK-NEXT:   dlbcc_run.wholeSpan(1, static_cast<long long>(static_cast<long long>(w.size())), {dlb::Span{(static_cast<long long>(0)) <= (static_cast<long long>(N) - 1) && (static_cast<long long>(0)) <= (static_cast<long long>(N) - 1), (static_cast<long long>(0)), (static_cast<long long>(N) - 1)}}); // the rows of w the loop reads
// CHECK-NEXT:   dlbcc_run.reduction(total, dlb::ReduceOp::Sum);
// CHECK-NEXT:   dlbcc_run.run();
// CHECK-NEXT: }
// CHECK-NEXT:   return total;
#pragma dlb doall distribute(grid) reduction(+: total) strategy(gcdlb)
  for (int j = 0; j < N; ++j) {
    if (j == N)
      continue;
    for (int i = 0; i < N; ++i)
      grid[i][j] = norm(i, j) * scale + w[i] + K;
    total += grid[0][j];
  }
  return total;
}

// CHECK:      // dlbcc: kernel of the loop at emit.cpp:[[#LOOP2:]]:3; runs one block of its iterations on any rank.
// CHECK-NEXT: #if defined(__GNUC__) && !defined(__clang__)
// CHECK-NEXT: #pragma GCC push_options
// CHECK-NEXT: #pragma GCC optimize("vect-cost-model=dynamic")
// CHECK-NEXT: #endif
// CHECK-NEXT: static void dlbcc_kernel_1(dlb::Block &dlbcc_block) {
// CHECK-NEXT:   auto dlbcc_body = [&](auto dlbcc_aligned, double *__restrict out, double (*__restrict src)[8], long long dlbcc_lo, long long dlbcc_hi) __attribute__((noinline)) {
// CHECK-NEXT:   if constexpr (decltype(dlbcc_aligned)::value) {
// CHECK-NEXT:     out = dlb::assumeAligned16(out);
// CHECK-NEXT:     src = dlb::assumeAligned16(src);
// CHECK-NEXT:   }
// CHECK-NEXT:   for (int k = dlbcc_lo; k < dlbcc_hi; ++k)
// CHECK-NEXT:   { out[k] = src[N - 1 - k][k]; }
// CHECK-NEXT:   };
// CHECK-NEXT:   // dlbcc: one load balancing hook per strip of iterations
// CHECK-NEXT:   for (long long dlbcc_lo = dlbcc_block.begin(), dlbcc_hi; dlbcc_lo < dlbcc_block.end(); dlbcc_lo = dlbcc_hi) {
// CHECK-NEXT:   dlbcc_hi = dlbcc_block.strip(dlbcc_lo);
// CHECK-NEXT:   if (dlb::aligned16(dlbcc_block.rows<double>(0), dlbcc_block.wholeData<double[8]>(1)))
// CHECK-NEXT:     dlbcc_body(std::true_type{}, dlbcc_block.rows<double>(0), dlbcc_block.wholeData<double[8]>(1), dlbcc_lo, dlbcc_hi);
// CHECK-NEXT:   else
// CHECK-NEXT:     dlbcc_body(std::false_type{}, dlbcc_block.rows<double>(0), dlbcc_block.wholeData<double[8]>(1), dlbcc_lo, dlbcc_hi);
// CHECK-NEXT:   dlbcc_block.hookStrip(dlbcc_lo, dlbcc_hi);
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: #if defined(__GNUC__) && !defined(__clang__)
// CHECK-NEXT: #pragma GCC pop_options
// CHECK-NEXT: #endif
// CHECK-NEXT: static dlb::LoopDesc dlbcc_loop_1("emit.cpp:[[#LOOP2]]:3", dlbcc_kernel_1, "out,src");
// CHECK-EMPTY:
// CHECK-NEXT: void diagonal(double (&out)[N]) {
void diagonal(double (&out)[N]) {
  double src[N][N] = {};
// CHECK:      { // dlbcc: the loop at emit.cpp:[[#LOOP2]]:3 runs on all ranks through libdlb
// CHECK-NEXT:   dlb::LoopRun dlbcc_run(dlbcc_loop_1);
// CHECK-NEXT:   dlbcc_run.bounds(0, static_cast<long long>(N - 1) + 1);
// CHECK-NEXT:   dlbcc_run.schedule(dlb::Schedule::Cyclic);
// CHECK-NEXT:   dlbcc_run.hooks(dlb::HookLevel::Strip);
// CHECK-NEXT:   dlbcc_run.work(4);
// CHECK-NEXT:   dlbcc_run.data(8);
// CHECK-NEXT:   dlbcc_run.strategy(dlb::Strategy::Static);
// CHECK-NEXT:   dlbcc_run.distArray(out, dlb::Access{true, 0, 0});
// CHECK-NEXT:   dlbcc_run.wholeArray(src);
// CHECK-NEXT:   dlbcc_run.wholeSpan(1, static_cast<long long>(std::extent<std::remove_reference_t<decltype(src)>, 0>::value), {dlb::Span{(static_cast<long long>(0)) <= (static_cast<long long>(N - 1)), -(static_cast<long long>(N - 1)) + 7LL, -(static_cast<long long>(0)) + 7LL}}); // the rows of src the loop reads
// CHECK-NEXT:   dlbcc_run.run();
// CHECK-NEXT: }
#pragma dlb doall distribute(cyclic: out) strategy(static)
  for (int k = 0; k <= N - 1; ++k)
    out[k] = src[N - 1 - k][k];
}

// CHECK: int dlbcc_user_main() {
int main() {
  std::vector<double> w(N, 1.0);
  double out[N];
  diagonal(out);
  return compute(2.0, w) > 0 ? 0 : 1;
}
// CHECK:      // dlbcc: every rank starts here; rank 0 runs the program's main above,
// CHECK-NEXT: // the others serve its distributed loops.
// CHECK-NEXT: static int dlbcc_main_adapter(int argc, char **argv) {
// CHECK-NEXT:   (void)argc;
// CHECK-NEXT:   (void)argv;
// CHECK-NEXT:   return dlbcc_user_main();
// CHECK-NEXT: }
// CHECK-NEXT: int main(int argc, char **argv) {
// CHECK-NEXT:   return dlb::runMain(argc, argv, dlbcc_main_adapter);
// CHECK-NEXT: }
