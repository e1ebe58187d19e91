// Using directives, using declarations and namespace aliases of the enclosing
// function that precede the loop are repeated in its kernel, which is emitted
// before the function; the loop's variables are re-declared in a block below
// them, where they hide what the declarations bring in. Using declarations of
// variables are repeated only for constant globals the kernel does not
// re-declare.
// RUN: %dlbcc %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)

#include <cmath>

namespace geo {
double scale(double x) { return 2 * x; }
double offset = 3;
double spare = 0;
const double unit = 1.5;
} // namespace geo

double a[16];

void f(int n) {
  using namespace geo;
  namespace G = geo;
  {
    using std::sqrt;
    using geo::offset; // re-declared by the kernel: left out
    using geo::spare;  // not used by the loop: left out
    using geo::unit;
#pragma dlb doall distribute(a)
    for (int i = 0; i < n; ++i)
      a[i] = sqrt(scale(i)) + G::scale(offset) + unit;
    using std::cos; // after the loop: left out
    a[0] = cos(a[0]) + spare;
  }
}

void g(int n) {
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = geo::scale(i);
}

int main() {
  f(16);
  g(16);
}

// The checks come last: the emitted file holds these comments too, after the
// kernels.
// CHECK:      static void dlbcc_kernel_0(dlb::Block &dlbcc_block) {
// CHECK-NEXT:   // dlbcc: in scope at the loop in its function
// CHECK-NEXT:   using namespace geo;
// CHECK-NEXT:   namespace G = geo;
// CHECK-NEXT:   using std::sqrt;
// CHECK-NEXT:   using geo::unit;
// CHECK-NEXT:   {
// CHECK-NEXT:   double offset = dlbcc_block.scalar<double>(0);
// CHECK-NEXT:   auto dlbcc_body = [&](auto dlbcc_aligned, double *__restrict a, double offset, long long dlbcc_lo, long long dlbcc_hi) __attribute__((noinline)) {
// CHECK-NEXT:   if constexpr (decltype(dlbcc_aligned)::value) {
// CHECK-NEXT:     a = dlb::assumeAligned16(a);
// CHECK-NEXT:   }
// CHECK-NEXT:   for (int i = dlbcc_lo; i < dlbcc_hi; ++i)
// CHECK-NEXT:   { a[i] = sqrt(scale(i)) + G::scale(offset) + unit; }
// CHECK-NEXT:   };
// CHECK-NEXT:   // dlbcc: one load balancing hook per strip of iterations
// CHECK-NEXT:   for (long long dlbcc_lo = dlbcc_block.begin(), dlbcc_hi; dlbcc_lo < dlbcc_block.end(); dlbcc_lo = dlbcc_hi) {
// CHECK-NEXT:   dlbcc_hi = dlbcc_block.strip(dlbcc_lo);
// CHECK-NEXT:   if (dlb::aligned16(dlbcc_block.rows<double>(0)))
// CHECK-NEXT:     dlbcc_body(std::true_type{}, dlbcc_block.rows<double>(0), offset, dlbcc_lo, dlbcc_hi);
// CHECK-NEXT:   else
// CHECK-NEXT:     dlbcc_body(std::false_type{}, dlbcc_block.rows<double>(0), offset, dlbcc_lo, dlbcc_hi);
// CHECK-NEXT:   dlbcc_block.hookStrip(dlbcc_lo, dlbcc_hi);
// CHECK-NEXT:   }
// CHECK-NEXT:   }
// CHECK-NEXT: }
// A function without using declarations keeps the plain kernel.
// CHECK:      static void dlbcc_kernel_1(dlb::Block &dlbcc_block) {
// CHECK-NEXT:   auto dlbcc_body = [&](auto dlbcc_aligned, double *__restrict a, long long dlbcc_lo, long long dlbcc_hi) __attribute__((noinline)) {
