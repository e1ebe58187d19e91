//===- dlbcc/Analysis/Reductions.h - The updates of reduction variables ---===//
//
// The reduction family of the loop rules (docs/annotations.md, section 4):
// which uses of a variable named in reduction() are updates in the form of
// its operator, each rank accumulating its own part.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_ANALYSIS_REDUCTIONS_H
#define DLBCC_ANALYSIS_REDUCTIONS_H

#include "dlbcc/Frontend/Annotation.h"

#include "clang/AST/Type.h"

namespace clang {
class ArraySubscriptExpr;
class ASTContext;
class Expr;
class ParentMap;
class VarDecl;
} // namespace clang

namespace dlbcc {

class ReductionRules {
public:
  ReductionRules(clang::ParentMap &PM, const clang::ASTContext &Ctx)
      : PM(PM), Ctx(Ctx) {}

  /// The update (`x += e`, `x = x + e`, `++x`, `x = x > e ? x : e`, `if (e >
  /// x) x = e`, ...) that \p Occurrence of V (V itself, or for an array
  /// reduction an element V[e], see element()) is part of, or null if it is
  /// used in another way. An update `x = x + e` of an array names the same
  /// element on both sides.
  const clang::Expr *update(const clang::Expr *Occurrence,
                            const clang::VarDecl *V, dlb::ReduceOp Op) const;
  /// The element `V[e]` that \p X denotes, with e free of side effects and
  /// of V, or null.
  const clang::ArraySubscriptExpr *element(const clang::Expr *X,
                                           const clang::VarDecl *V) const;
  /// Does \p Update compute in floating point for an integer variable of
  /// type \p T? Each step truncates, and in parallel the steps truncate in
  /// another order.
  static bool truncates(const clang::Expr *Update, clang::QualType T);
  /// The accepted forms of \p Op, for a message.
  static const char *form(dlb::ReduceOp Op, bool Array);

private:
  clang::ParentMap &PM;
  const clang::ASTContext &Ctx;
};

} // namespace dlbcc

#endif // DLBCC_ANALYSIS_REDUCTIONS_H
