//===- dlb/detail/CallArgs.h - A call site's arrays and reductions ------===//
//
// Runtime internals, not for emitted code or users: how LoopRun records
// each array and reduction variable that the call site hands it (the
// runtime reads them, and sends arrays' descriptions to the workers).
//
//===----------------------------------------------------------------------===//
#ifndef DLB_DETAIL_CALLARGS_H
#define DLB_DETAIL_CALLARGS_H

#include "dlb/Access.h"
#include "dlb/Reduction.h"

#include <cstddef>
#include <cstdint>

namespace dlb {

/// One array argument of a loop, as the pseudo-master describes it.
struct ArrayArg {
  enum RoleKind : unsigned char { Distributed, Whole };
  /// Contiguous: Data holds Extent[0] x Extent[1] elements row-major.
  /// RowTable: Rows[r] holds row r (Extent[1] elements) - a T** with shape.
  /// Vector: a std::vector<T> (1-D, contiguous; Object points at it).
  enum StoreKind : unsigned char { Contiguous, RowTable, Vector };

  RoleKind Role = Whole;
  StoreKind Store = Contiguous;
  unsigned char Dims = 1;    ///< 1 or 2
  unsigned char DistDim = 0; ///< 0: rows (or elements), 1: columns
  Access Acc;
  std::size_t ElemSize = 1;
  long long Extent[2] = {0, 1};
  char *Data = nullptr;
  char *const *Rows = nullptr;
  void *Object = nullptr;
  /// The array's identity across executions (its address on rank 0: a
  /// std::vector of rows, the vector's; 0 until the runtime sets it), and
  /// whether the ranks keep it after this execution (LoopRun::keep) and
  /// start this one from what they kept (runtime/residency/Residency.h).
  std::uint64_t Id = 0;
  bool Keep = false;
  bool Kept = false;
  /// Rows of the distributed dimension read at a fixed index, outside the
  /// rows the loop writes (LoopRun::pin): every rank gets a copy.
  long long Pins[MaxPinnedRows] = {};
  unsigned char PinCount = 0;
  /// A skewed pipeline (LoopRun::pipeline, Skew s; columns distributed):
  /// element (r, c) lies at c + s * r along the distributed dimension, whose
  /// extent is then Extent[1] + s * (Extent[0] - 1). The ranks' buffers
  /// store that dimension as it is (Skew 0).
  long long Skew = 0;
  /// A whole array whose reads dlbcc bounded (LoopRun::wholeSpan): the
  /// workers need only the rows [SentBegin, SentEnd) of its distributed
  /// dimension (runtime/residency/Layout.h, sentRows).
  bool Trimmed = false;
  long long SentBegin = 0;
  long long SentEnd = 0;
  /// A 1-D array distributed by segments (LoopRun::distSegments): row r of
  /// the distributed dimension is the elements [Segments[r], Segments[r + 1])
  /// (Extent[0] rows, Extent[0] + 1 ascending bounds), and Data points at
  /// element Segments[0]. Null for every other array.
  const long long *Segments = nullptr;
};

/// A reduction variable on the pseudo-master.
/// A scalar (Count 1) or an array of Count elements (OpenMP 4.5 array
/// reductions: each element is reduced on its own).
struct ReductionArg {
  void *Var = nullptr;
  std::size_t Size = 0;
  std::size_t Count = 1;
  ReduceOp Op = ReduceOp::Sum;
  /// Acc[k] = combine(Op, Acc[k], Value[k]) for k < Count, for the
  /// variable's element type.
  void (*Combine)(void *Acc, const void *Value, std::size_t Count,
                  ReduceOp Op) = nullptr;
};

} // namespace dlb

#endif // DLB_DETAIL_CALLARGS_H
