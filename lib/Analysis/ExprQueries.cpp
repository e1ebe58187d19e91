//===- ExprQueries.cpp - Small questions about expressions ----------------===//
//
// Owns the small questions about expressions of ExprQueries.h: does it
// name a variable, its terms, the statement that consumes it.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/ExprQueries.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"

using namespace clang;

namespace dlbcc {

std::optional<long long> integerConstant(const Expr *E, const ASTContext &Ctx) {
  Expr::EvalResult R;
  if (E && !E->isValueDependent() && E->EvaluateAsInt(R, Ctx))
    return R.Val.getInt().getExtValue();
  return std::nullopt;
}

SmallVector<const Stmt *, 8> statementsOf(const Stmt *S) {
  if (const auto *C = dyn_cast<CompoundStmt>(S))
    return SmallVector<const Stmt *, 8>(C->body_begin(), C->body_end());
  return {S};
}

std::optional<const Expr *> offsetFrom(const Expr *E, const ValueDecl *V) {
  E = E->IgnoreParenImpCasts();
  const Expr *Base = E, *Offset = nullptr;
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && B->getOpcode() == BO_Add && B->getType()->isPointerType()) {
    const bool Left = B->getLHS()->getType()->isPointerType();
    Base = Left ? B->getLHS() : B->getRHS();
    Offset = Left ? B->getRHS() : B->getLHS();
  } else if (const auto *U = dyn_cast<UnaryOperator>(E);
             U && U->getOpcode() == UO_AddrOf) {
    const auto *S =
        dyn_cast<ArraySubscriptExpr>(U->getSubExpr()->IgnoreParens());
    if (!S)
      return std::nullopt;
    Base = S->getBase();
    Offset = S->getIdx();
  }
  if (!refersTo(Base, V))
    return std::nullopt;
  return Offset;
}

bool refersTo(const Expr *E, const ValueDecl *V) {
  const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return R && R->getDecl() == V;
}

void chainTerms(const Expr *E, bool Product,
                SmallVectorImpl<std::pair<const Expr *, bool>> &Terms,
                bool Subtracted) {
  E = E->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind K = B->getOpcode();
    if (Product ? K == BO_Mul : K == BO_Add || K == BO_Sub) {
      chainTerms(B->getLHS(), Product, Terms, Subtracted);
      chainTerms(B->getRHS(), Product, Terms, Subtracted != (K == BO_Sub));
      return;
    }
  }
  Terms.push_back({E, Subtracted});
}

const Stmt *consumer(const Expr *&E, ParentMap &PM) {
  const Stmt *P = PM.getParent(E);
  while (P && isa<ParenExpr>(P)) {
    E = cast<Expr>(P);
    P = PM.getParent(P);
  }
  return P;
}

} // namespace dlbcc
