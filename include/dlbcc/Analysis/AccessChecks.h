//===- dlbcc/Analysis/AccessChecks.h - Subscript ranges against extents ---===//
//
// The runtime moves, for each block of iterations, the rows (or columns) of
// the distributed arrays that the block needs, as the arrays' extents say
// (their types, size(), or shape()); whole arrays are copied whole. An
// access outside the extent would touch memory that was never sent. For
// each access that runs in every iteration (no if, ?:, && or ||, switch,
// break or continue in its way; every enclosing inner loop of the form
// `for (j = L; j < U; ++j)` with bounds that do not change in the loop), the
// range of each affine subscript over the iteration space is a corner of the
// box of its variables' bounds. buildAccessChecks proves it inside the
// extent where everything is constant (or reports the access), and
// otherwise gives the call site the check to make at run time, before any
// iteration runs.
//
// buildWholeRows bounds, for each whole array, the rows (first subscript)
// that the loop may read over all its iterations, so that the runtime sends
// the workers only those: every read, conditional or not, must have an
// affine first subscript over the loop index, indices of enclosing inner
// `for` loops (any constant step, counting up or down, bounds affine in
// outer indices: triangular loops) and loop-invariant scalars; otherwise
// the array has no bound and goes whole.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_ANALYSIS_ACCESSCHECKS_H
#define DLBCC_ANALYSIS_ACCESSCHECKS_H

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Expr;
} // namespace clang

namespace dlbcc {

struct LoopModel;

/// A check the call site makes before the loop runs: when Guard holds (the
/// access then runs for every value of its variables), [Min, Max] must lie
/// in [0, Extent). All four are C++ expressions valid at the call site.
struct AccessCheck {
  const clang::Expr *Access = nullptr;
  std::string Array;
  unsigned Dim = 0;
  std::string Guard;
  std::string Min;
  std::string Max;
  std::string Extent;
};

/// The rows of its first dimension that one read of a whole array may
/// touch: [Min, Max] when Guard holds; when Guard fails, the read never runs.
/// C++ expressions valid at the call site.
struct RowSpan {
  std::string Guard;
  std::string Min;
  std::string Max;
};

/// The rows of whole array Array, the loop's array Slot, of Extent rows,
/// that the loop may read: the union of Spans.
struct WholeRows {
  unsigned Slot = 0;
  std::string Array;
  std::string Extent;
  std::vector<RowSpan> Spans;
};

/// The run-time checks of loop \p M's accesses; reports (and returns false
/// through \p Ok) each access that is out of range with constant values.
std::vector<AccessCheck> buildAccessChecks(const LoopModel &M,
                                           clang::ASTContext &Ctx, bool &Ok);

/// The bounded rows of loop \p M's whole arrays, one entry for each whole
/// array whose every read has a bound.
std::vector<WholeRows> buildWholeRows(const LoopModel &M,
                                      clang::ASTContext &Ctx);

} // namespace dlbcc

#endif // DLBCC_ANALYSIS_ACCESSCHECKS_H
