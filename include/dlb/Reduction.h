//===- dlb/Reduction.h - Reduction operators ----------------------------===//
//
// The reduction operators of a loop's reduction() clause, their neutral
// elements (emitted kernels start their private partials there) and how
// two partials combine.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_REDUCTION_H
#define DLB_REDUCTION_H

#include <limits>

namespace dlb {

enum class ReduceOp : unsigned char { Sum, Prod, Min, Max };

/// The neutral element of \p Op for T, used to initialize private copies.
template <class ValueT> ValueT identity(ReduceOp Op) {
  switch (Op) {
  case ReduceOp::Sum:
    return ValueT(0);
  case ReduceOp::Prod:
    return ValueT(1);
  case ReduceOp::Min:
    return std::numeric_limits<ValueT>::has_infinity
               ? std::numeric_limits<ValueT>::infinity()
               : std::numeric_limits<ValueT>::max();
  case ReduceOp::Max:
    return std::numeric_limits<ValueT>::has_infinity
               ? -std::numeric_limits<ValueT>::infinity()
               : std::numeric_limits<ValueT>::lowest();
  }
  return ValueT(0);
}

template <class ValueT>
ValueT combine(ReduceOp Op, const ValueT &Lhs, const ValueT &Rhs) {
  switch (Op) {
  case ReduceOp::Sum:
    return Lhs + Rhs;
  case ReduceOp::Prod:
    return Lhs * Rhs;
  case ReduceOp::Min:
    return Rhs < Lhs ? Rhs : Lhs;
  case ReduceOp::Max:
    return Lhs < Rhs ? Rhs : Lhs;
  }
  return Lhs;
}

} // namespace dlb

#endif // DLB_REDUCTION_H
