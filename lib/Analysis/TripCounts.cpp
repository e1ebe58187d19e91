//===- TripCounts.cpp - Trip counts of inner loops ------------------------===//
//
// The trip count of each inner loop of the body, folded to a number or
// kept as the expression dlb::trips(...) with dlb::mid(...) for its index,
// and its bounds as expressions of the variables in scope at the loop:
// an enclosing inner index stands for its mean, a body-local that is never
// modified for its initializer (docs/annotations.md, "Work and data per
// iteration").
//
//===----------------------------------------------------------------------===//
#include "WorkModelImpl.h"

#include "dlbcc/Analysis/ExprQueries.h"
#include "dlbcc/Analysis/LoopForm.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

#include <cmath>

using namespace clang;

namespace dlbcc {

std::optional<WorkModel::CanonicalLoop> WorkModel::canonical(const ForStmt *F) {
  CanonicalLoop L;
  std::tie(L.Var, L.Lo) = forIndex(F);
  if (!L.Var || !L.Lo || !L.Var->isLocalVarDeclOrParm() ||
      !L.Var->getType()->isIntegerType())
    return std::nullopt;
  const std::optional<ForBound> Cond = forBound(F, L.Var);
  const std::optional<ForStep> Step = forStep(F->getInc(), L.Var);
  if (!Cond || (Cond->Op != BO_LT && Cond->Op != BO_LE) || !Step ||
      Step->Down)
    return std::nullopt;
  L.Hi = Cond->Bound;
  L.Inclusive = Cond->Op == BO_LE;
  L.Step = Step->By;
  if (mentions(L.Hi, L.Var) || (L.Step && mentions(L.Step, L.Var)) ||
      writes(F->getBody(), L.Var))
    return std::nullopt;
  return L;
}

/// trips(A, B, Step) = max(0, ceil((B - A) / Step)), and B - A for a step of
/// 1, which is exact also at a non-integer mid of an enclosing loop.
std::optional<WorkModel::TripCount>
WorkModel::tripCount(const CanonicalLoop &L) {
  Inexpressible = UsesIndex = false;
  std::optional<double> A = value(L.Lo), B = value(L.Hi);
  std::optional<double> Step = L.Step ? value(L.Step) : 1.0;
  if (Step && *Step <= 0)
    return std::nullopt;
  if (B && L.Inclusive)
    *B += 1;
  TripCount T;
  if (A && B && Step) {
    double N =
        *B > *A ? (*Step == 1 ? *B - *A : std::ceil((*B - *A) / *Step)) : 0;
    T.Count = N;
    T.Index.MidValue = N > 0 ? *A + *Step * (N - 1) / 2 : *A;
    T.Index.Mid = cost::number(*T.Index.MidValue);
    if (*T.Index.MidValue < 0)
      T.Index.Mid = cost::paren(T.Index.Mid);
  } else {
    std::vector<CostExpr> Bounds = {bound(L.Lo, A, false),
                                    bound(L.Hi, B, L.Inclusive && !B)};
    if (L.Step)
      Bounds.push_back(bound(L.Step, Step, false));
    if (Inexpressible)
      return std::nullopt;
    T.Trips = cost::trips(Bounds);
    T.Index.Mid = cost::mid(std::move(Bounds));
  }
  T.Index.MentionsIndex = UsesIndex;
  // trips() and mid() are affine in their bounds for a step of 1.
  const int D = std::max({degree(L.Lo), degree(L.Hi),
                          L.Step ? degree(L.Step) : int(Constant)});
  T.Index.Degree = D != Constant && Step != 1.0 ? Nonlinear : D;
  return T;
}

CostExpr WorkModel::bound(const Expr *E, std::optional<double> Value,
                          bool PlusOne) {
  if (Value)
    return cost::number(*Value);
  const Expr *X = E->IgnoreImpCasts();
  const auto *B = dyn_cast<BinaryOperator>(X);
  bool Parens =
      PlusOne && (isa<AbstractConditionalOperator>(X) ||
                  (B && !B->isAdditiveOp() && !B->isMultiplicativeOp()));
  CostExpr Bound = expr(E, /*Arith=*/true);
  if (Parens)
    Bound = cost::paren(std::move(Bound));
  return PlusOne ? cost::binary(BO_Add, std::move(Bound), cost::number(1))
                 : Bound;
}

bool WorkModel::within(const Stmt *S, SourceLocation Loc) const {
  return SM.isPointWithin(SM.getExpansionLoc(Loc),
                          SM.getExpansionLoc(S->getBeginLoc()),
                          SM.getExpansionLoc(S->getEndLoc()));
}

ParentMap &WorkModel::parents(const VarDecl *V) {
  const auto *F = cast<FunctionDecl>(V->getParentFunctionOrMethod());
  std::unique_ptr<ParentMap> &PM = Parents[F->getBody()];
  if (!PM)
    PM = std::make_unique<ParentMap>(F->getBody());
  return *PM;
}

/// Does \p Scope modify \p V, or use it in a way that might (its address,
/// a non-const reference)?
bool WorkModel::writes(const Stmt *Scope, const VarDecl *V) {
  if (!Scope)
    return false;
  if (const auto *D = dyn_cast<DeclRefExpr>(Scope); D && D->getDecl() == V) {
    const Stmt *P =
        parents(V).getParentIgnoreParens(const_cast<DeclRefExpr *>(D));
    if (isa_and_nonnull<UnaryExprOrTypeTraitExpr>(P))
      return false;
    const auto *C = dyn_cast_or_null<ImplicitCastExpr>(P);
    return !C ||
           !(C->getCastKind() == CK_LValueToRValue ||
             (C->getCastKind() == CK_NoOp && C->getType().isConstQualified()));
  }
  for (const Stmt *Child : Scope->children())
    if (writes(Child, V))
      return true;
  return false;
}

WorkModel::VarKind WorkModel::classify(const VarDecl *V) {
  if (V == M.Index)
    return VarKind::Index;
  auto It = Env.find(V);
  if (It != Env.end())
    // A substituted initializer saw the index's current value only if it is
    // declared inside that loop.
    return Substituting.empty() ||
                   within(It->second.Loop, Substituting.back()->getLocation())
               ? VarKind::Bound
               : VarKind::Unusable;
  if (!V->isLocalVarDeclOrParm())
    return V->hasGlobalStorage() ? VarKind::Outer : VarKind::Unusable;
  if (V->getParentFunctionOrMethod() == M.Function &&
      !within(M.Loop, V->getLocation()))
    return VarKind::Outer;
  if (!V->isLocalVarDecl() || !V->getInit() ||
      V->getType()->isReferenceType() || !V->getType()->isArithmeticType() ||
      llvm::is_contained(Substituting, V))
    return VarKind::Unusable;
  auto [Known, Inserted] = Modified.try_emplace(V, false);
  if (Inserted)
    Known->second = writes(
        cast<FunctionDecl>(V->getParentFunctionOrMethod())->getBody(), V);
  return Known->second ? VarKind::Unusable : VarKind::Local;
}

/// The value of \p E if it is a constant once the constant mids of enclosing
/// loops are put in.
std::optional<double> WorkModel::value(const Expr *E) {
  Expr::EvalResult R;
  if (E->getType()->isIntegralOrEnumerationType() && E->EvaluateAsInt(R, Ctx))
    return toDouble(R.Val.getInt());
  E = E->IgnoreParens();
  if (const auto *C = dyn_cast<ImplicitCastExpr>(E)) {
    CastKind K = C->getCastKind();
    if (K == CK_LValueToRValue || K == CK_IntegralCast || K == CK_NoOp ||
        K == CK_IntegralToFloating)
      return value(C->getSubExpr());
    return std::nullopt;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind K = B->getOpcode();
    if (K != BO_Add && K != BO_Sub && K != BO_Mul)
      return std::nullopt;
    std::optional<double> L = value(B->getLHS()), Rt = value(B->getRHS());
    if (!L || !Rt)
      return std::nullopt;
    return K == BO_Add ? *L + *Rt : K == BO_Sub ? *L - *Rt : *L * *Rt;
  }
  const auto *D = dyn_cast<DeclRefExpr>(E);
  const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  if (!V)
    return std::nullopt;
  switch (classify(V)) {
  case VarKind::Bound:
    return Env[V].MidValue;
  case VarKind::Local: {
    Substituting.push_back(V);
    std::optional<double> X = value(V->getInit());
    Substituting.pop_back();
    return X;
  }
  default:
    return std::nullopt;
  }
}

int WorkModel::degree(const Expr *E) {
  return indexDegree(E, [&](const VarDecl *V) -> int {
    switch (classify(V)) {
    case VarKind::Index:
      return Affine;
    case VarKind::Bound:
      return Env[V].Degree;
    case VarKind::Local: {
      Substituting.push_back(V);
      const int D = degree(V->getInit());
      Substituting.pop_back();
      return D;
    }
    default:
      return Constant;
    }
  });
}

/// \p E with the variables of inner loops and body-local variables
/// replaced; \p Arith: the value of E is used only in + - * / up to the
/// argument of trips() or mid(), so a non-integer mid may stand for a
/// variable as it is (elsewhere it is converted to the variable's type).
CostExpr WorkModel::expr(const Expr *E, bool Arith) {
  if (const auto *P = dyn_cast<ParenExpr>(E))
    return cost::paren(expr(P->getSubExpr(), Arith));
  if (const auto *C = dyn_cast<ImplicitCastExpr>(E))
    return expr(C->getSubExpr(), Arith);
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && (B->isAdditiveOp() || B->getOpcode() == BO_Mul ||
            B->getOpcode() == BO_Div)) {
    CostExpr L = expr(B->getLHS(), Arith);
    return cost::binary(B->getOpcode(), std::move(L),
                        expr(B->getRHS(), Arith));
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus))
    return cost::unary(U->getOpcode(), expr(U->getSubExpr(), Arith));
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
      return varExpr(D, V, Arith);
  std::vector<std::pair<const DeclRefExpr *, CostExpr>> Subs;
  substitute(E, Subs);
  return cost::program(E, std::move(Subs));
}

void WorkModel::substitute(
    const Stmt *S,
    std::vector<std::pair<const DeclRefExpr *, CostExpr>> &Subs) {
  if (const auto *D = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
      Subs.push_back({D, varExpr(D, V, /*Arith=*/false)});
  for (const Stmt *Child : S->children())
    if (Child)
      substitute(Child, Subs);
}

CostExpr WorkModel::varExpr(const DeclRefExpr *D, const VarDecl *V,
                            bool Arith) {
  // Outside + - * /, the replacement takes the variable's type back, unless
  // it already has it.
  QualType Want = V->getType().getCanonicalType().getUnqualifiedType();
  auto Typed = [&](CostExpr X, QualType Have) {
    if (Arith || Have.getCanonicalType().getUnqualifiedType() == Want)
      return X;
    return cost::cast(Want, std::move(X));
  };
  switch (classify(V)) {
  case VarKind::Index:
    UsesIndex = true;
    return Typed(cost::name(V), Ctx.LongLongTy);
  case VarKind::Bound: {
    const Binding &B = Env[V];
    UsesIndex |= B.MentionsIndex;
    return Typed(B.Mid, Ctx.DoubleTy);
  }
  case VarKind::Outer:
    return cost::program(D);
  case VarKind::Local: {
    Substituting.push_back(V);
    CostExpr Init = cost::paren(expr(V->getInit(), Arith));
    Substituting.pop_back();
    return Typed(std::move(Init), V->getInit()->IgnoreImpCasts()->getType());
  }
  case VarKind::Unusable:
    Inexpressible = true;
    return cost::name(V);
  }
  return nullptr;
}

} // namespace dlbcc
