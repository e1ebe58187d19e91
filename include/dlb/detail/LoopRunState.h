//===- dlb/detail/LoopRunState.h - What a call site describes -------------===//
//
// Runtime internals, not for emitted code or users: the state behind
// LoopRun (dlb/Loop.h), which the call site emitted by dlbcc fills through
// LoopRun's methods and the runtime reads: the loop's bounds, schedule,
// hooks, W and D, live-in scalars, arrays and reductions, and the errors
// found while they were added.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_DETAIL_LOOPRUNSTATE_H
#define DLB_DETAIL_LOOPRUNSTATE_H

#include "dlb/Hook.h"
#include "dlb/Strategy.h"
#include "dlb/detail/CallArgs.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

namespace dlb {

class LoopDesc;
class LoopRun;

namespace detail {

/// What the call site told LoopRun about one execution of its loop: the
/// runtime's input (RootExecution reads it through state()).
struct LoopRunState {
  explicit LoopRunState(LoopDesc &Desc) : Desc(Desc) {}

  /// The factor that brings the cost() clause's W to the counted one.
  double countedScale() const;

  LoopDesc &Desc;
  long long Lb = 0;
  long long Ub = 0;
  Schedule Sched = Schedule::Block;
  HookLevel Hooks = HookLevel::Body;
  bool Bitonic = false;
  bool Pipelined = false;
  long long OuterLb = 0;
  long long OuterUb = 0;
  long long MaxBlock = 0;
  long long Skew = 0;
  long long Stride = 1;
  long long Anchor = 0;
  double WorkConstant = 1;
  std::function<double(long long)> WorkFn;
  double CountedConstant = 0; ///< 0: no counted W (no cost() clause)
  std::function<double(long long)> CountedFn;
  double DataBytes = -1;
  Strategy Strat = Strategy::Auto;
  std::vector<char> Scalars;
  std::vector<std::size_t> ScalarOffsets;
  std::vector<ArrayArg> Arrays;
  std::vector<ReductionArg> Reductions;
  /// The first linearized array whose row length does not divide its size:
  /// its slot, size and row length (reported when the loop runs).
  struct RowLengthError {
    long long Slot = -1, Size = 0, RowLength = 0;
    explicit operator bool() const { return Slot >= 0; }
  } BadRowLength;
  /// The row tables of the std::vectors of rows, and the first such array
  /// with a row not as long as its first: its slot, that row and its length
  /// (reported when the loop runs).
  std::vector<std::vector<char *>> VectorRows;
  /// The bounds of the arrays distributed by segments
  /// (ArrayArg::Segments points into them).
  std::vector<std::shared_ptr<const std::vector<long long>>> SegmentBounds;
  struct RaggedRowsError {
    long long Slot = -1, Row = 0, Length = 0, First = 0;
    explicit operator bool() const { return Slot >= 0; }
  } Ragged;
};

/// The runtime's access to a LoopRun's state (LoopRun hides it from
/// emitted code).
LoopRunState &state(LoopRun &);

} // namespace detail

} // namespace dlb

#endif // DLB_DETAIL_LOOPRUNSTATE_H
