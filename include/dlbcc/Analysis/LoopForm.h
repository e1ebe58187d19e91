//===- dlbcc/Analysis/LoopForm.h - The parts of a for loop's header -------===//
//
// The one reader of a `for` header: the index it starts, the bound its
// condition compares the index with, its step, and the values the index
// takes in the body. Every analysis that recognizes a loop's form goes
// through it: the distributed loop's canonical form (LoopLegality), inner
// loops' indices and bounds (the dependence test, the read windows, the
// access checks, the trip counts of W, the names of hook remarks).
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_ANALYSIS_LOOPFORM_H
#define DLBCC_ANALYSIS_LOOPFORM_H

#include "dlbcc/Analysis/Affine.h"

#include "clang/AST/OperationKinds.h"

#include <optional>
#include <utility>

namespace clang {
class ASTContext;
class Expr;
class ForStmt;
class Stmt;
class VarDecl;
} // namespace clang

namespace dlbcc {

/// The variable that `for (T x = e; ...)` declares or `for (x = e; ...)`
/// assigns, and e.
std::pair<const clang::VarDecl *, const clang::Expr *>
forIndex(const clang::ForStmt *L);

/// A for loop's condition read as `V Op Bound`.
struct ForBound {
  clang::BinaryOperatorKind Op;
  const clang::Expr *Bound;
};

/// The condition of \p L as a comparison of its index \p V: Op is <, <=, >
/// or >=, turned round where V is on the right (`n > i` is `i < n`);
/// nothing for another condition. Bound may mention V (not checked).
std::optional<ForBound> forBound(const clang::ForStmt *L,
                                 const clang::VarDecl *V);

/// A for loop's increment of its index.
struct ForStep {
  /// What it adds (or subtracts, Down); null for one.
  const clang::Expr *By = nullptr;
  bool Down = false;
};

/// The increment \p Inc of \p V: ++V and V++, V += e and V = V + e, and
/// their opposites; nothing for another.
std::optional<ForStep> forStep(const clang::Expr *Inc,
                               const clang::VarDecl *V);

/// The step of a for loop's increment Inc of V: that of forStep, by a
/// constant in [1, 2^30], negative counting down; 0 for any other.
long long loopStep(const clang::Expr *Inc, const clang::VarDecl *V,
                   clang::ASTContext &Ctx);

/// A for loop whose index goes from its start to its bound by a constant
/// step: `for (x = a; x < b; x += c)` (or `<=`), or counting down with `>`
/// or `>=` and `x -= c`, where b does not mention x.
struct ForRange {
  const clang::VarDecl *Index = nullptr;
  /// The ends of the values x takes: [a, b] counting up, [b, a] down.
  const clang::Expr *Lower = nullptr;
  const clang::Expr *Upper = nullptr;
  bool Inclusive = false; ///< Upper is reached
  bool LowerOpen = false; ///< Lower is not (`x > b`)
  bool Down = false;
  long long Step = 1; ///< its magnitude
};

/// \p L as a ForRange; nothing for another form. The body must not change
/// the index (not checked).
std::optional<ForRange> forRange(const clang::ForStmt *L,
                                 clang::ASTContext &Ctx);

/// The values that the index of forRange's loop \p L takes in its body, as
/// affine forms of the header's expressions; nothing for another form.
std::optional<AffineSpan> indexSpan(const clang::ForStmt *L,
                                    clang::ASTContext &Ctx);

/// Whether \p S may leave its loop early (a break or continue of that
/// loop, a goto, return or throw) or change \p K (assign it, step it, take its
/// address; K may be null): whether a loop with body S runs it through for
/// every index.
bool exitsOrChanges(const clang::Stmt *S, const clang::VarDecl *K);

} // namespace dlbcc

#endif // DLBCC_ANALYSIS_LOOPFORM_H
