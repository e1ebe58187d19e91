//===- dlb/detail/BlockState.h - What a block holds ---------------------===//
//
// Runtime internals, not for emitted code or users: the state behind
// Block's accessors (dlb/Loop.h), which the runtime sets and the kernel
// reads through them: the block's iterations, the views of the arrays,
// the reduction slots and the hook's bookkeeping.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_DETAIL_BLOCKSTATE_H
#define DLB_DETAIL_BLOCKSTATE_H

#include "dlb/Access.h"
#include "dlb/Reduction.h"

#include <cstddef>
#include <cstring>
#include <memory>
#include <vector>

namespace dlb {

namespace detail {
/// The sums of I and of I * I over 0 <= I < X (for X < 0, minus those over
/// X <= I < 0), modulo 2^64: F(X + 1) - F(X) is X (resp. X * X) for every
/// integer X, so sums over [Lo, Hi) are F(Hi) - F(Lo). Each product is
/// divided exactly before it is taken modulo 2^64.
inline unsigned long long indexSum(long long Bound) {
  long long Factor0 = Bound, Factor1 = Bound - 1;
  (Factor0 % 2 == 0 ? Factor0 : Factor1) /= 2;
  return static_cast<unsigned long long>(Factor0) *
         static_cast<unsigned long long>(Factor1);
}
inline unsigned long long indexSquares(long long Bound) {
  long long Factor0 = Bound - 1, Factor1 = Bound, Factor2 = 2 * Bound - 1;
  (Factor0 % 2 == 0 ? Factor0 : Factor1) /= 2;
  (Factor0 % 3 == 0 ? Factor0 : Factor1 % 3 == 0 ? Factor1 : Factor2) /= 3;
  return static_cast<unsigned long long>(Factor0) *
         static_cast<unsigned long long>(Factor1) *
         static_cast<unsigned long long>(Factor2);
}
} // namespace detail

namespace detail {
template <class ValueT>
void combineBytes(void *Acc, const void *Value, std::size_t Count,
                  ReduceOp Op) {
  for (std::size_t Item = 0; Item < Count; ++Item) {
    char *Into = static_cast<char *>(Acc) + Item * sizeof(ValueT);
    ValueT Current, Next;
    std::memcpy(&Current, Into, sizeof(ValueT));
    std::memcpy(&Next, static_cast<const char *>(Value) + Item * sizeof(ValueT),
                sizeof(ValueT));
    Current = combine(Op, Current, Next);
    std::memcpy(Into, &Current, sizeof(ValueT));
  }
}
} // namespace detail

/// What a kernel sees of array K while it runs one block.
struct ArrayView {
  char *Base = nullptr; ///< first stored element (row) / whole contiguous data
  char *const *Rows = nullptr; ///< Dist2D row table / whole T** rows
  long long RowOffset = 0;     ///< Dist1D: offset of Base; Dist2D: first row
  long long ColOffset = 0;     ///< Dist2D: first stored column
  /// Strided2D: elements from one stored row to the next (0: the rows are
  /// not evenly spaced, a row table).
  long long Stride = 0;
  long long Size = 0;          ///< global extent (Dist1D), elements (whole)
  void *Object = nullptr;      ///< whole std::vector
  std::shared_ptr<void> Holder; ///< owns a vector rebuilt on a worker
  /// The rank's copies of the pinned rows (ArrayArg::Pins), in order.
  const char *Pinned[MaxPinnedRows] = {};
};

/// A rank's private partial result of one reduction.
struct ReductionSlot {
  alignas(16) unsigned char Bytes[16];
  bool Has = false;
  /// An array reduction's partial, element by element (Bytes unused).
  std::vector<unsigned char> Elements;
  const void *data() const {
    return Elements.empty() ? static_cast<const void *>(Bytes)
                            : Elements.data();
  }
};

class Block;

namespace detail {

/// The state behind one Block: the runtime fills it (state()); the kernel
/// sees it only through Block's accessors.
struct BlockState {
  long long Begin = 0;
  long long End = 0;
  /// Iterations per strip of a strip-mined loop (1 otherwise).
  long long Strip = 1;
  long long Stride = 1;
  long long Anchor = 0;
  const char *Scalars = nullptr;
  const std::size_t *ScalarOffsets = nullptr;
  ArrayView *Arrays = nullptr;
  /// A bitonic loop: the distributed arrays' mirror views, and [Lb, Ub).
  ArrayView *Mirrors = nullptr;
  long long PairLb = 0;
  long long PairUb = 0;
  ReductionSlot *Reductions = nullptr;
  /// Bookkeeping of hook(): the next iteration and the start of the run
  /// that ends there, checksums of the executed indices before that run
  /// (modulo 2^64), and the hooks left until the next poll.
  long long Next = 0;
  long long StreakStart = 0;
  unsigned long long IndexSum = 0;
  unsigned long long IndexSquares = 0;
  long long Countdown = 0;
  void (*Poll)(Block &) = nullptr;
  /// The runtime's state behind Poll, Receive and Send.
  void *Handler = nullptr;
  long long OuterBegin = 0;
  long long OuterEnd = 0;
  /// A skewed pipeline: the skew and the distributed loop's bounds.
  long long Skew = 0;
  long long InnerLb = 0;
  long long InnerUb = 0;
  long long (*Receive)(Block &, long long) = nullptr;
  void (*Send)(Block &, long long, long long) = nullptr;

  /// Adds the current run [StreakStart, Next) to the checksums, in closed form;
  /// the runtime calls it before it reads them.
  void foldStreak() {
    IndexSum += indexSum(Next) - indexSum(StreakStart);
    IndexSquares += indexSquares(Next) - indexSquares(StreakStart);
    StreakStart = Next;
  }

  /// hook() at an index that does not follow the current run: folds it
  /// and starts a new one at Index.
  void restartStreak(long long Index) {
    foldStreak();
    StreakStart = Index;
  }
};

/// The runtime's access to a block's state (Block hides it from kernels).
BlockState &state(Block &);
const BlockState &state(const Block &);

} // namespace detail

} // namespace dlb

#endif // DLB_DETAIL_BLOCKSTATE_H
