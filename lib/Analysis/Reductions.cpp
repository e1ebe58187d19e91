//===- Reductions.cpp - The updates a reduction variable may take ---------===//
//
// The reduction family of the loop rules: OpenMP's forms of each operator
// (x += e, x = x * e, x = std::max(x, e), ...), an array's element by
// element, and the min/max idioms of C code (a MIN/MAX macro's conditional,
// a guarded assignment).
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/Reductions.h"

#include "dlbcc/Analysis/CallChecker.h"
#include "dlbcc/Analysis/ExprQueries.h"
#include "dlbcc/Support/Text.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/STLExtras.h"

#include <optional>

using namespace clang;

namespace dlbcc {
namespace {

/// Do \p A and \p B compute the same value (the same repeatable
/// expression, as the max(A, B) macros of C code repeat their arguments)?
bool sameValue(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  A = A->IgnoreParenImpCasts();
  B = B->IgnoreParenImpCasts();
  return repeatable(A, Ctx) && printed(A, Ctx) == printed(B, Ctx);
}

/// Does `L op R` hold exactly when L is the one that \p Op keeps (L larger
/// for max, smaller for min)? Null if \p Cmp is no ordering comparison.
std::optional<bool> keepsLeft(const Expr *Cmp, dlb::ReduceOp Op) {
  const auto *B = dyn_cast<BinaryOperator>(Cmp->IgnoreParenImpCasts());
  if (!B)
    return std::nullopt;
  bool Greater = B->getOpcode() == BO_GT || B->getOpcode() == BO_GE;
  bool Less = B->getOpcode() == BO_LT || B->getOpcode() == BO_LE;
  if (!Greater && !Less)
    return std::nullopt;
  return Greater == (Op == dlb::ReduceOp::Max);
}

/// The two values \p Combined keeps the larger (max) or smaller (min) of,
/// for a reduction \p Op: the arguments of min/max/fmin/fmax, or the
/// branches of `a > b ? a : b` (any of > >= < <=, either order), the
/// expansion of C's max(A, B) macros. \p Compared receives the comparison's
/// operands, in the order of the returned values.
SmallVector<const Expr *, 2>
minMaxOperands(const Expr *Combined, dlb::ReduceOp Op, const ASTContext &Ctx,
               SmallVectorImpl<const Expr *> &Compared) {
  Combined = Combined->IgnoreParenImpCasts();
  if (const auto *C = dyn_cast<ConditionalOperator>(Combined)) {
    const auto *Cmp =
        dyn_cast<BinaryOperator>(C->getCond()->IgnoreParenImpCasts());
    std::optional<bool> Left = keepsLeft(C->getCond(), Op);
    if (!Cmp || !Left)
      return {};
    // `L op R ? T : F` keeps T when L op R: T must be the kept one.
    const Expr *Kept = *Left ? Cmp->getLHS() : Cmp->getRHS();
    const Expr *Other = *Left ? Cmp->getRHS() : Cmp->getLHS();
    if (!sameValue(C->getTrueExpr(), Kept, Ctx) ||
        !sameValue(C->getFalseExpr(), Other, Ctx))
      return {};
    Compared.append({Kept->IgnoreParenImpCasts(), Other->IgnoreParenImpCasts()});
    return {C->getTrueExpr()->IgnoreParenImpCasts(),
            C->getFalseExpr()->IgnoreParenImpCasts()};
  }
  const auto *C = dyn_cast<CallExpr>(Combined);
  const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
  if (!F || !F->getIdentifier() || C->getNumArgs() != 2 ||
      !isPureLibraryFunction(F))
    return {};
  StringRef N = F->getName();
  if (Op == dlb::ReduceOp::Min ? N != "min" && N != "fmin"
                               : N != "max" && N != "fmax")
    return {};
  return {C->getArg(0)->IgnoreParenImpCasts(),
          C->getArg(1)->IgnoreParenImpCasts()};
}

/// The occurrences of \p V that `V = Combined` accumulates into, if the
/// update has the form of \p Op: V is an added term of a chain of + and -,
/// a factor of a chain of *, or an operand of min/max (and then also its
/// repetition in the comparison of a conditional), and no other operand
/// mentions V. Empty if the update has another form.
SmallVector<const Expr *, 2>
accumulatorsOf(const Expr *Combined, const VarDecl *V, dlb::ReduceOp Op,
               const ASTContext &Ctx,
               llvm::function_ref<bool(const Expr *)> IsAccumulator) {
  SmallVector<std::pair<const Expr *, bool>, 4> Terms;
  SmallVector<const Expr *, 2> Compared;
  if (Op == dlb::ReduceOp::Sum || Op == dlb::ReduceOp::Prod)
    chainTerms(Combined, Op == dlb::ReduceOp::Prod, Terms);
  else
    for (const Expr *Operand : minMaxOperands(Combined, Op, Ctx, Compared))
      Terms.push_back({Operand, false});
  SmallVector<const Expr *, 2> Accumulators;
  for (auto [I, Term] : llvm::enumerate(Terms)) {
    if (!mentions(Term.first, V))
      continue;
    if (!Accumulators.empty() || Term.second || !IsAccumulator(Term.first))
      return {};
    Accumulators.push_back(Term.first);
    if (!Compared.empty())
      Accumulators.push_back(Compared[I]);
  }
  return Accumulators;
}

/// The assignment `V = e` of `if (e > V) V = e;` (or of another comparison
/// by which \p Op keeps e), the statement form of a min/max update; null if
/// \p If has another form.
const BinaryOperator *guardedUpdate(
    const IfStmt *If, const VarDecl *V, dlb::ReduceOp Op, const ASTContext &Ctx,
    llvm::function_ref<bool(const Expr *)> IsTarget,
    llvm::function_ref<bool(const Expr *, const Expr *)> SameElement) {
  if (Op == dlb::ReduceOp::Sum || Op == dlb::ReduceOp::Prod || !If ||
      If->getElse() || If->getInit() || If->getConditionVariable())
    return nullptr;
  const Stmt *Then = If->getThen();
  if (const auto *C = dyn_cast<CompoundStmt>(Then))
    Then = C->size() == 1 ? C->body_front() : nullptr;
  const auto *Assign = dyn_cast_or_null<BinaryOperator>(Then);
  const auto *Cmp =
      dyn_cast<BinaryOperator>(If->getCond()->IgnoreParenImpCasts());
  std::optional<bool> Left = keepsLeft(If->getCond(), Op);
  if (!Assign || Assign->getOpcode() != BO_Assign ||
      !IsTarget(Assign->getLHS()) || mentions(Assign->getRHS(), V) || !Left)
    return nullptr;
  const Expr *Kept = *Left ? Cmp->getLHS() : Cmp->getRHS();
  const Expr *Current = *Left ? Cmp->getRHS() : Cmp->getLHS();
  return !mentions(Kept, V) && sameValue(Kept, Assign->getRHS(), Ctx) &&
                 SameElement(Current, Assign->getLHS())
             ? Assign
             : nullptr;
}

/// The element `V[e]` that \p X denotes, with e free of V and repeatable
/// (the same value where the update names it twice), or null.
const ArraySubscriptExpr *elementOf(const Expr *X, const VarDecl *V,
                                    const ASTContext &Ctx) {
  const auto *S = dyn_cast<ArraySubscriptExpr>(X->IgnoreParenImpCasts());
  if (!S || !refersTo(S->getBase(), V) || mentions(S->getIdx(), V) ||
      !repeatable(S->getIdx(), Ctx))
    return nullptr;
  return S;
}

/// The update (`x += e`, `x = x + e`, `++x`, ...) that this occurrence \p E
/// of reduction variable V is part of, or null if it is used in another
/// way. For an array reduction E is an element `V[e]`, and an update
/// `x = x + e` must name the same element on both sides.
const Expr *reductionUpdate(const Expr *E, const VarDecl *V, dlb::ReduceOp Op,
                            ParentMap &PM, const ASTContext &Ctx) {
  const bool Array = !isa<DeclRefExpr>(E);
  auto IsTarget = [&](const Expr *X) {
    return Array ? elementOf(X, V, Ctx) != nullptr : refersTo(X, V);
  };
  // Does X denote what the target T of the update denotes?
  auto SameElement = [&](const Expr *X, const Expr *T) {
    if (!Array)
      return refersTo(X, V);
    const ArraySubscriptExpr *L = elementOf(T, V, Ctx);
    const ArraySubscriptExpr *R = elementOf(X, V, Ctx);
    return L && R && printed(L->getIdx(), Ctx) == printed(R->getIdx(), Ctx);
  };
  auto Guarded = [&](const Stmt *S) {
    return guardedUpdate(dyn_cast_or_null<IfStmt>(S), V, Op, Ctx, IsTarget,
                         SameElement);
  };
  const Stmt *P = consumer(E, PM);
  const Expr *Update = nullptr;
  if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(P)) {
    BinaryOperatorKind K = CA->getOpcode();
    if (CA->getLHS() == E && !mentions(CA->getRHS(), V) &&
        ((Op == dlb::ReduceOp::Sum &&
          (K == BO_AddAssign || K == BO_SubAssign)) ||
         (Op == dlb::ReduceOp::Prod && K == BO_MulAssign)))
      Update = CA;
  } else if (const auto *U = dyn_cast_or_null<UnaryOperator>(P)) {
    if (Op == dlb::ReduceOp::Sum && U->isIncrementDecrementOp())
      Update = U;
  } else {
    // `x = ...`: D is the x on the left, or must be the accumulated one on
    // the right, at any depth.
    for (const Stmt *S = P; isa_and_nonnull<Expr>(S); S = PM.getParent(S)) {
      const auto *B = dyn_cast<BinaryOperator>(S);
      if (!B || B->getOpcode() != BO_Assign || !IsTarget(B->getLHS()))
        continue;
      const Expr *Target = B->getLHS();
      SmallVector<const Expr *, 2> Accumulators = accumulatorsOf(
          B->getRHS(), V, Op, Ctx,
          [&](const Expr *X) { return SameElement(X, Target); });
      if (Target == E ? !Accumulators.empty()
                      : llvm::is_contained(Accumulators, E->IgnoreParenImpCasts()))
        Update = B;
      // `if (e > x) x = e;`: the assignment under its guard.
      const Stmt *Holder = PM.getParent(B);
      if (isa_and_nonnull<CompoundStmt>(Holder))
        Holder = PM.getParent(Holder);
      if (!Update && Target == E && Guarded(Holder) == B)
        Update = B;
      break;
    }
    // The x compared in the guard of `if (e > x) x = e;` (the guard's other
    // side does not mention V, so this occurrence is the compared x).
    auto Up = [&](const Stmt *S) {
      do
        S = PM.getParent(S);
      while (isa_and_nonnull<ParenExpr, ImplicitCastExpr>(S));
      return S;
    };
    const Stmt *Cmp = Up(E);
    const auto *If = dyn_cast_or_null<IfStmt>(Cmp ? Up(Cmp) : nullptr);
    if (!Update && isa_and_nonnull<BinaryOperator>(Cmp) && If &&
        If->getCond()->IgnoreParenImpCasts() == Cmp)
      Update = Guarded(If);
  }
  return Update && !PM.isConsumedExpr(Update) ? Update : nullptr;
}

} // namespace

const Expr *ReductionRules::update(const Expr *Occurrence, const VarDecl *V,
                                   dlb::ReduceOp Op) const {
  return reductionUpdate(Occurrence, V, Op, PM, Ctx);
}

const ArraySubscriptExpr *ReductionRules::element(const Expr *X,
                                                  const VarDecl *V) const {
  return elementOf(X, V, Ctx);
}

bool ReductionRules::truncates(const Expr *Update, QualType T) {
  if (!T->isIntegerType())
    return false;
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(Update))
    return CA->getComputationLHSType()->isRealFloatingType();
  if (const auto *B = dyn_cast<BinaryOperator>(Update))
    return B->getRHS()->IgnoreImpCasts()->getType()->isRealFloatingType();
  return false;
}

const char *ReductionRules::form(dlb::ReduceOp Op, bool Array) {
  switch (Op) {
  case dlb::ReduceOp::Sum:
    return Array ? "'x[k] += e', 'x[k] -= e', '++x[k]' or 'x[k] = x[k] + e'"
                 : "'x += e', 'x -= e', '++x' or 'x = x + e'";
  case dlb::ReduceOp::Prod:
    return Array ? "'x[k] *= e' or 'x[k] = x[k] * e'"
                 : "'x *= e' or 'x = x * e'";
  case dlb::ReduceOp::Min:
    return Array ? "'x[k] = std::min(x[k], e)', 'x[k] = fmin(x[k], e)', "
                   "'x[k] = x[k] < e ? x[k] : e' or 'if (e < x[k]) x[k] = e'"
                 : "'x = std::min(x, e)', 'x = fmin(x, e)', "
                   "'x = x < e ? x : e' or 'if (e < x) x = e'";
  case dlb::ReduceOp::Max:
    return Array ? "'x[k] = std::max(x[k], e)', 'x[k] = fmax(x[k], e)', "
                   "'x[k] = x[k] > e ? x[k] : e' or 'if (e > x[k]) x[k] = e'"
                 : "'x = std::max(x, e)', 'x = fmax(x, e)', "
                   "'x = x > e ? x : e' or 'if (e > x) x = e'";
  }
  return "";
}

} // namespace dlbcc
