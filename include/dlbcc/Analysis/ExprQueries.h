//===- dlbcc/Analysis/ExprQueries.h - Small questions about expressions ---===//
//
// The questions every family of loop rules asks of the AST: does a statement
// mention a variable, is an expression that variable, and which operation
// consumes an lvalue.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_ANALYSIS_EXPRQUERIES_H
#define DLBCC_ANALYSIS_EXPRQUERIES_H

#include "dlbcc/Support/Mentions.h"

#include "llvm/ADT/SmallVector.h"

#include <utility>

#include <optional>

namespace clang {
class ASTContext;
class Expr;
class ParentMap;
class Stmt;
class ValueDecl;
} // namespace clang

namespace dlbcc {

/// The statements \p S runs one after the other: a block's, or S.
llvm::SmallVector<const clang::Stmt *, 8> statementsOf(const clang::Stmt *S);

/// \p E as a pointer into \p V: `v + k`, `k + v` or `&v[k]`: k; `v`:
/// null (offset 0); nothing for another form.
std::optional<const clang::Expr *> offsetFrom(const clang::Expr *E,
                                              const clang::ValueDecl *V);

/// The value of integer constant expression \p E, if it is one.
std::optional<long long> integerConstant(const clang::Expr *E,
                                         const clang::ASTContext &Ctx);

/// Whether \p E is \p V, up to parentheses and implicit casts.
bool refersTo(const clang::Expr *E, const clang::ValueDecl *V);

/// Appends the operands of \p E as a chain of + and - (\p Product: of *),
/// each with whether it is subtracted: `a - (b - c)` gives a, -b, +c.
void chainTerms(
    const clang::Expr *E, bool Product,
    llvm::SmallVectorImpl<std::pair<const clang::Expr *, bool>> &Terms,
    bool Subtracted = false);

/// Walks from \p E up through parentheses (leaving \p E at the outermost)
/// to the operation that consumes it.
const clang::Stmt *consumer(const clang::Expr *&E, clang::ParentMap &PM);

} // namespace dlbcc

#endif // DLBCC_ANALYSIS_EXPRQUERIES_H
