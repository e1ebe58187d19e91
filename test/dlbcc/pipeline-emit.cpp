// The emitted pipeline: the kernel strip-mines the pipelined loop (receive,
// compute the block over this rank's columns, send), the call site replaces
// the whole enclosing loop, and the result compiles cleanly with mpicxx.
// RUN: %dlbcc %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)

double a[32][32];

void sweep(int n, double w) {
// CHECK:      // dlbcc: kernel of the loop at pipeline-emit.cpp:[[#LOOP:]]:7, pipelined over 'i'; runs one rank's blocks of the pipeline.
// CHECK-NEXT: #if defined(__GNUC__) && !defined(__clang__)
// CHECK-NEXT: #pragma GCC push_options
// CHECK-NEXT: #pragma GCC optimize("vect-cost-model=dynamic")
// CHECK-NEXT: #endif
// CHECK-NEXT: static void dlbcc_kernel_0(dlb::Block &dlbcc_block) {
// CHECK-NEXT:   for (long long dlbcc_lo = dlbcc_block.outerBegin(), dlbcc_hi; dlbcc_lo < dlbcc_block.outerEnd(); dlbcc_lo = dlbcc_hi) {
// CHECK-NEXT:   // dlbcc: the next block of 'i' (its size is chosen at run time), after the previous rank's boundary values
// CHECK-NEXT:   dlbcc_hi = dlbcc_block.receive(dlbcc_lo);
// CHECK-NEXT:   {
// CHECK-NEXT:   double w = dlbcc_block.scalar<double>(0);
// The block's loops in a lambda taking the array as a pointer to rows of
// the user's length where its stored rows are spaced so (rank 0), so that
// the compiler sees the user's address arithmetic, a strided view elsewhere.
// CHECK-NEXT:   dlb::Strided2D<double> dlbcc_view_a = dlbcc_block.strided2D<double>(0);
// CHECK-NEXT:   auto dlbcc_body = [&](auto a, double w) {
// CHECK-NEXT:   for (int i = dlbcc_lo; i < dlbcc_hi; ++i)
// CHECK-NEXT:   for (int j = dlbcc_block.begin(); j < dlbcc_block.end(); ++j)
// CHECK-NEXT:   { a[i][j] = (1 - w) * a[i][j] + w * 0.25 * (a[i - 1][j] + a[i][j - 1] + a[i][j + 1]); }
// CHECK-NEXT:   };
// CHECK-NEXT:   if (dlbcc_view_a.stride() == 32)
// CHECK-NEXT:     dlbcc_body(dlbcc_view_a.rows<double[32]>(), w);
// CHECK-NEXT:   else
// CHECK-NEXT:     dlbcc_body(dlbcc_view_a, w);
// CHECK-NEXT:   }
// CHECK-NEXT:   // dlbcc: the block's boundary values to the next rank, one message
// CHECK-NEXT:   dlbcc_block.send(dlbcc_lo, dlbcc_hi);
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: #if defined(__GNUC__) && !defined(__clang__)
// CHECK-NEXT: #pragma GCC pop_options
// CHECK-NEXT: #endif
// CHECK-NEXT: static dlb::LoopDesc dlbcc_loop_0("pipeline-emit.cpp:[[#LOOP]]:7", dlbcc_kernel_0, "a");
// CHECK:      void sweep(int n, double w) {
  for (int it = 0; it < 3; ++it)
    for (int i = 1; i <= n - 2; ++i) {
#pragma dlb doacross distribute(a)
      for (int j = 1; j < n - 1; ++j)
        a[i][j] = (1 - w) * a[i][j] + w * 0.25 * (a[i - 1][j] + a[i][j - 1] + a[i][j + 1]);
    }
// The subscripts over the pipelined and the distributed loop are checked
// against the extents before the loop runs (checkAccess).
// CHECK:        for (int it = 0; it < 3; ++it)
// CHECK-NEXT:     { // dlbcc: the loop at pipeline-emit.cpp:[[#LOOP]]:7, pipelined over 'i', runs on all ranks through libdlb
// CHECK-NEXT:   dlb::LoopRun dlbcc_run(dlbcc_loop_0);
// CHECK-NEXT:   dlbcc_run.pipeline(1, static_cast<long long>(n - 2) + 1, 0);
// CHECK-NEXT:   dlbcc_run.bounds(1, n - 1);
// W of an element, a number: what a simulated host is charged per element.
// CHECK-NEXT:   dlbcc_run.work(15);
// CHECK-NEXT:   dlbcc_run.scalar<double>(w);
// CHECK-NEXT:   dlbcc_run.distArray(a, 1, dlb::Access{true, -1, 1});
// CHECK-NEXT:   dlbcc_run.keep(0); // a stays on the ranks
// CHECK-NEXT:   if ((1) < (n - 1) && (1) <= (n - 2))
// CHECK-NEXT:     dlbcc_run.checkAccess("a[i][j]", "a", 0, static_cast<long long>(1), static_cast<long long>(n - 2), std::extent<std::remove_reference_t<decltype(a)>, 0>::value);
// CHECK-NEXT:   if ((1) < (n - 1) && (1) <= (n - 2))
// CHECK-NEXT:     dlbcc_run.checkAccess("a[i][j]", "a", 1, static_cast<long long>(1), static_cast<long long>(n - 1 - 1), std::extent<std::remove_reference_t<decltype(a)>, 1>::value);
// CHECK-NEXT:   if ((1) < (n - 1) && (1) <= (n - 2))
// CHECK-NEXT:     dlbcc_run.checkAccess("a[i - 1][j]", "a", 0, static_cast<long long>(1) - 1LL, static_cast<long long>(n - 2) - 1LL, std::extent<std::remove_reference_t<decltype(a)>, 0>::value);
// CHECK-NEXT:   if ((1) < (n - 1) && (1) <= (n - 2))
// CHECK-NEXT:     dlbcc_run.checkAccess("a[i][j - 1]", "a", 1, static_cast<long long>(1) - 1LL, static_cast<long long>(n - 1 - 1) - 1LL, std::extent<std::remove_reference_t<decltype(a)>, 1>::value);
// CHECK-NEXT:   if ((1) < (n - 1) && (1) <= (n - 2))
// CHECK-NEXT:     dlbcc_run.checkAccess("a[i][j + 1]", "a", 1, static_cast<long long>(1) + 1LL, static_cast<long long>(n - 1 - 1) + 1LL, std::extent<std::remove_reference_t<decltype(a)>, 1>::value);
// CHECK-NEXT:   dlbcc_run.run();
// CHECK-NEXT: }
}

double b[32][32];

// W depends on m, a run-time value: a pipeline gets no work().
// CHECK:      {{^}}void rows(int n, int m) {
// CHECK:      {{^}}  dlbcc_run.bounds(0, n);
// CHECK-NOT:  {{^}}  dlbcc_run.work(
// CHECK:      {{^}}  dlbcc_run.run();
void rows(int n, int m) {
  for (int i = 1; i < n; ++i) {
#pragma dlb doacross distribute(b)
    for (int j = 0; j < n; ++j) {
      double s = 0;
      for (int k = 0; k < m; ++k)
        s += b[i - 1][j] * k;
      b[i][j] = s;
    }
  }
}

int main() {
  sweep(32, 1.5);
  rows(32, 4);
  return 0;
}
