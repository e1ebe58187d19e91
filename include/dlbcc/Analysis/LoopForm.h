//===- dlbcc/Analysis/LoopForm.h - The parts of a for loop's header -------===//
//
// Reads a `for` header as the index it starts, its step, and the values the
// index takes in the body: shared by the loop analysis (the distributed
// loop's canonical form, inner loops' indices) and the read windows.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_ANALYSIS_LOOPFORM_H
#define DLBCC_ANALYSIS_LOOPFORM_H

#include "dlbcc/Analysis/Affine.h"

#include <optional>
#include <utility>

namespace clang {
class ASTContext;
class Expr;
class ForStmt;
class VarDecl;
} // namespace clang

namespace dlbcc {

/// The variable that `for (T x = e; ...)` declares or `for (x = e; ...)`
/// assigns, and e.
std::pair<const clang::VarDecl *, const clang::Expr *>
forIndex(const clang::ForStmt *L);

/// The step of a for loop's increment Inc of V: ++i, i++, i += c,
/// i = i + c (c a constant in [1, 2^30]) and their opposites; 0 for any
/// other.
long long loopStep(const clang::Expr *Inc, const clang::VarDecl *V,
                   clang::ASTContext &Ctx);

/// The values that the index of `for (x = a; x < b; x += c)` (or `<=`, or
/// counting down with `>=`, `>`) takes in the loop's body, [a, b - 1] (or
/// [b + 1, a] down), as affine forms of the header's expressions; nothing
/// for another form. The body must not change the index (not checked).
std::optional<AffineSpan> indexSpan(const clang::ForStmt *L,
                                    clang::ASTContext &Ctx);

} // namespace dlbcc

#endif // DLBCC_ANALYSIS_LOOPFORM_H
