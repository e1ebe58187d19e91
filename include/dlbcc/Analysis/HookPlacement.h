//===- dlbcc/Analysis/HookPlacement.h - Where the hooks go ------------------===//
//
// The hook placement of Siegell & Steenkiste, section 5.1: the candidate
// locations of a loop's load balancing hook (the end of the distributed
// loop's body, the end of the body of each loop that encloses it, the
// outermost dropped), each weighed by operation counts: a location is
// acceptable when a hook that does not call the balancer (dlb/Hook.h:
// HookOps operations) costs at most HookFraction of the code between two of
// its executions. The deepest acceptable location wins; when none is, the
// distributed loop is strip-mined, and when the counts depend on run-time
// values the runtime sizes the strips from the actual W (a strip of one
// iteration is the body location, one of the whole loop the location after
// it).
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_ANALYSIS_HOOKPLACEMENT_H
#define DLBCC_ANALYSIS_HOOKPLACEMENT_H

#include "dlb/Hook.h"
#include "clang/Basic/SourceLocation.h"

#include <optional>
#include <vector>

namespace clang {
class ASTContext;
class DiagnosticsEngine;
class Stmt;
} // namespace clang

namespace dlbcc {

struct LoopModel;

/// One candidate location: the end of the body of Loop (the distributed
/// loop itself, or an enclosing loop), executed once per iteration of Loop.
struct HookCandidate {
  const clang::Stmt *Loop = nullptr;
  /// 0 for the distributed loop's body, k for the k-th enclosing loop.
  unsigned Depth = 0;
  /// The operations between two executions of the location (one iteration
  /// of Loop), when known at compile time.
  std::optional<double> Between;
  bool Acceptable = false;
};

struct HookPlan {
  /// Deepest first.
  std::vector<HookCandidate> Candidates;
  /// The chosen candidate's index, none when strip-mining was needed or the
  /// counts are known only at run time.
  std::optional<unsigned> Chosen;
  /// The operation counts depend on run-time values: the runtime chooses.
  bool AtRunTime = false;
  /// How the emitted code realizes the decision.
  dlb::HookLevel Level = dlb::HookLevel::Body;
};

/// Places the hooks of \p M (whose work fields are filled).
HookPlan placeHooks(const LoopModel &M, clang::ASTContext &Ctx);

/// States the decision and its operation counts as remarks (--remarks).
void remarkHooks(const LoopModel &M, clang::DiagnosticsEngine &DE);

const char *toString(dlb::HookLevel R);

} // namespace dlbcc

#endif // DLBCC_ANALYSIS_HOOKPLACEMENT_H
