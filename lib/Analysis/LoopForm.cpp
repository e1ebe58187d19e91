//===- LoopForm.cpp - The parts of a for loop's header -------------------===//
//
// Owns the reading of a `for` header: its index, its condition's bound,
// its step, the range and the span of its index, and whether a body runs
// to its end with the index untouched (LoopForm.h).
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/LoopForm.h"
#include "dlbcc/Analysis/ExprQueries.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
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

std::optional<ForBound> forBound(const ForStmt *L, const VarDecl *V) {
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      L->getCond() ? L->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Cond || !Cond->isRelationalOp())
    return std::nullopt;
  if (refersTo(Cond->getLHS(), V))
    return ForBound{Cond->getOpcode(), Cond->getRHS()};
  if (refersTo(Cond->getRHS(), V))
    return ForBound{BinaryOperator::reverseComparisonOp(Cond->getOpcode()),
                    Cond->getLHS()};
  return std::nullopt;
}

std::optional<ForStep> forStep(const Expr *Inc, const VarDecl *V) {
  Inc = Inc ? Inc->IgnoreParens() : nullptr;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc)) {
    if (refersTo(U->getSubExpr(), V) && U->isIncrementDecrementOp())
      return ForStep{nullptr, U->isDecrementOp()};
  } else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    const BinaryOperatorKind K = CA->getOpcode();
    if (refersTo(CA->getLHS(), V) && (K == BO_AddAssign || K == BO_SubAssign))
      return ForStep{CA->getRHS(), K == BO_SubAssign};
  } else if (const auto *B = dyn_cast_or_null<BinaryOperator>(Inc)) {
    const auto *R =
        dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts());
    if (B->getOpcode() == BO_Assign && refersTo(B->getLHS(), V) && R &&
        R->isAdditiveOp() && refersTo(R->getLHS(), V))
      return ForStep{R->getRHS(), R->getOpcode() == BO_Sub};
  }
  return std::nullopt;
}

long long loopStep(const Expr *Inc, const VarDecl *V, ASTContext &Ctx) {
  const std::optional<ForStep> S = forStep(Inc, V);
  if (!S)
    return 0;
  long long By = 1;
  if (S->By) {
    Expr::EvalResult R;
    if (!S->By->EvaluateAsInt(R, Ctx) || R.Val.getInt() < 1 ||
        R.Val.getInt() > (1LL << 30))
      return 0;
    By = R.Val.getInt().getExtValue();
  }
  return S->Down ? -By : By;
}

std::optional<ForRange> forRange(const ForStmt *L, ASTContext &Ctx) {
  auto [V, Start] = forIndex(L);
  const std::optional<ForBound> Cond = V ? forBound(L, V) : std::nullopt;
  if (!Start || !Cond || mentions(Cond->Bound, V))
    return std::nullopt;
  const long long Step = loopStep(L->getInc(), V, Ctx);
  ForRange R;
  R.Index = V;
  R.Down = Step < 0;
  R.Step = R.Down ? -Step : Step;
  if (!Step || (R.Down ? Cond->Op != BO_GT && Cond->Op != BO_GE
                       : Cond->Op != BO_LT && Cond->Op != BO_LE))
    return std::nullopt;
  R.Lower = R.Down ? Cond->Bound : Start;
  R.Upper = R.Down ? Start : Cond->Bound;
  R.Inclusive = R.Down || Cond->Op == BO_LE;
  R.LowerOpen = Cond->Op == BO_GT;
  return R;
}

std::optional<AffineSpan> indexSpan(const ForStmt *L, ASTContext &Ctx) {
  const std::optional<ForRange> R = forRange(L, Ctx);
  std::optional<AffineForm> Lo = R ? affineForm(R->Lower, Ctx) : std::nullopt;
  std::optional<AffineForm> Hi = R ? affineForm(R->Upper, Ctx) : std::nullopt;
  if (!Lo || !Hi)
    return std::nullopt;
  AffineForm One;
  One.Constant = 1;
  if (R->LowerOpen)
    Lo = sum(*Lo, One, 1);
  if (!R->Inclusive)
    Hi = sum(*Hi, One, -1);
  if (!Lo || !Hi)
    return std::nullopt;
  return AffineSpan{*Lo, *Hi};
}

namespace {

/// exitsOrChanges within a loop (\p InLoop) or a switch (\p InSwitch) of
/// the statement asked about.
bool leavesOrChanges(const Stmt *S, const VarDecl *K, bool InLoop,
                     bool InSwitch) {
  if (!S)
    return false;
  if (isa<GotoStmt, IndirectGotoStmt, ReturnStmt, CXXThrowExpr>(S))
    return true;
  if (isa<BreakStmt>(S))
    return !InLoop && !InSwitch;
  if (isa<ContinueStmt>(S))
    return !InLoop;
  if (const auto *U = dyn_cast<UnaryOperator>(S);
      K && U && (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) &&
      refersTo(U->getSubExpr(), K))
    return true;
  if (const auto *B = dyn_cast<BinaryOperator>(S);
      K && B && B->isAssignmentOp() && refersTo(B->getLHS(), K))
    return true;
  InLoop |= isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
  InSwitch |= isa<SwitchStmt>(S);
  return llvm::any_of(S->children(), [&](const Stmt *C) {
    return leavesOrChanges(C, K, InLoop, InSwitch);
  });
}

} // namespace

bool exitsOrChanges(const Stmt *S, const VarDecl *K) {
  return leavesOrChanges(S, K, /*InLoop=*/false, /*InSwitch=*/false);
}

} // namespace dlbcc
