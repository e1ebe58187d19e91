//===- LoopForm.cpp - The parts of a for loop's header -------------------===//
//
// Owns the reading of a `for` header: its index, its step, the span of its
// index (LoopForm.h).
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/LoopForm.h"
#include "dlbcc/Analysis/ExprQueries.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace dlbcc {

/// The variable that `for (T x = e; ...)` declares or `for (x = e; ...)`
/// assigns, and e.
std::pair<const VarDecl *, const Expr *> forIndex(const ForStmt *L) {
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(L->getInit())) {
    const auto *V = DS->isSingleDecl()
                        ? dyn_cast<VarDecl>(DS->getSingleDecl())
                        : nullptr;
    return {V, V ? V->getInit() : nullptr};
  }
  const auto *Init = dyn_cast_or_null<Expr>(L->getInit());
  const auto *B =
      dyn_cast_or_null<BinaryOperator>(Init ? Init->IgnoreParens() : nullptr);
  if (!B || B->getOpcode() != BO_Assign)
    return {nullptr, nullptr};
  const auto *D = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParens());
  const VarDecl *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  return {V, B->getRHS()};
}

/// The step of a for loop's increment Inc of V: ++i, i++, i += c,
/// i = i + c (c a constant in [1, 2^30]) and their opposites; 0 for any
/// other.
long long loopStep(const Expr *Inc, const VarDecl *V, ASTContext &Ctx) {
  Inc = Inc ? Inc->IgnoreParens() : nullptr;
  auto Constant = [&](const Expr *E) -> long long {
    Expr::EvalResult R;
    if (!E->EvaluateAsInt(R, Ctx) || R.Val.getInt() < 1 ||
        R.Val.getInt() > (1LL << 30))
      return 0;
    return R.Val.getInt().getExtValue();
  };
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc)) {
    if (refersTo(U->getSubExpr(), V))
      return U->isIncrementOp() ? 1 : U->isDecrementOp() ? -1 : 0;
  } else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    const long long By = Constant(CA->getRHS());
    if (refersTo(CA->getLHS(), V))
      return CA->getOpcode() == BO_AddAssign   ? By
             : CA->getOpcode() == BO_SubAssign ? -By
                                               : 0;
  } else if (const auto *B = dyn_cast_or_null<BinaryOperator>(Inc)) {
    const auto *R = dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts());
    const long long By = R ? Constant(R->getRHS()) : 0;
    if (B->getOpcode() == BO_Assign && refersTo(B->getLHS(), V) && R &&
        refersTo(R->getLHS(), V))
      return R->getOpcode() == BO_Add ? By : R->getOpcode() == BO_Sub ? -By : 0;
  }
  return 0;
}

std::optional<AffineSpan> indexSpan(const ForStmt *L, ASTContext &Ctx) {
  auto [V, Start] = forIndex(L);
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      L->getCond() ? L->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!V || !Start || !Cond)
    return std::nullopt;
  const long long Step = loopStep(L->getInc(), V, Ctx);
  // Normalized to `V op Bound`.
  BinaryOperatorKind K = Cond->getOpcode();
  const Expr *Bound = nullptr;
  if (refersTo(Cond->getLHS(), V)) {
    Bound = Cond->getRHS();
  } else if (refersTo(Cond->getRHS(), V)) {
    Bound = Cond->getLHS();
    K = BinaryOperator::reverseComparisonOp(K);
  }
  std::optional<AffineForm> From = affineForm(Start, Ctx);
  std::optional<AffineForm> To = Bound ? affineForm(Bound, Ctx) : std::nullopt;
  if (!From || !To || mentions(Bound, V))
    return std::nullopt;
  AffineForm One;
  One.Constant = 1;
  if (Step > 0 && (K == BO_LT || K == BO_LE)) {
    std::optional<AffineForm> Last = K == BO_LT ? sum(*To, One, -1) : To;
    if (Last)
      return AffineSpan{*From, *Last};
  } else if (Step < 0 && (K == BO_GT || K == BO_GE)) {
    std::optional<AffineForm> First = K == BO_GT ? sum(*To, One, 1) : To;
    if (First)
      return AffineSpan{*First, *From};
  }
  return std::nullopt;
}

} // namespace dlbcc
