//===- TripCounts.cpp - Trip counts of inner loops ------------------------===//
//
// The trip count of each inner loop of the body, folded to a number or
// printed as dlb::trips(...) with dlb::mid(...) for its index, and the
// printing of its bounds in terms of the variables in scope at the loop:
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
  PrintFailed = PrintedIndex = false;
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
    T.Index.Mid = *T.Index.MidValue < 0 ? "(" + number(*T.Index.MidValue) + ")"
                                        : number(*T.Index.MidValue);
  } else {
    std::string Args = boundText(L.Lo, A, false) + ", " +
                       boundText(L.Hi, B, L.Inclusive && !B);
    if (L.Step)
      Args += ", " + boundText(L.Step, Step, false);
    if (PrintFailed)
      return std::nullopt;
    T.Text = "dlb::trips(" + Args + ")";
    T.Index.Mid = "dlb::mid(" + Args + ")";
  }
  T.Index.MentionsIndex = PrintedIndex;
  // trips() and mid() are affine in their bounds for a step of 1.
  const int D = std::max({degree(L.Lo), degree(L.Hi),
                          L.Step ? degree(L.Step) : int(Constant)});
  T.Index.Degree = D != Constant && Step != 1.0 ? Nonlinear : D;
  return T;
}

std::string WorkModel::boundText(const Expr *E, std::optional<double> Value,
                                 bool PlusOne) {
  if (Value)
    return number(*Value);
  std::string S;
  llvm::raw_string_ostream OS(S);
  const Expr *X = E->IgnoreImpCasts();
  const auto *B = dyn_cast<BinaryOperator>(X);
  bool Parens =
      PlusOne && (isa<AbstractConditionalOperator>(X) ||
                  (B && !B->isAdditiveOp() && !B->isMultiplicativeOp()));
  OS << (Parens ? "(" : "");
  print(E, /*Arith=*/true, OS);
  OS << (Parens ? ")" : "") << (PlusOne ? " + 1" : "");
  return S;
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

/// Prints \p E with the variables of inner loops and body-local variables
/// replaced; \p Arith: the value of E is used only in + - * / up to the
/// argument of trips() or mid(), so a non-integer mid may stand for a
/// variable as it is (elsewhere it is converted to the variable's type).
void WorkModel::print(const Expr *E, bool Arith, raw_ostream &OS) {
  if (const auto *P = dyn_cast<ParenExpr>(E)) {
    OS << "(";
    print(P->getSubExpr(), Arith, OS);
    OS << ")";
    return;
  }
  if (const auto *C = dyn_cast<ImplicitCastExpr>(E))
    return print(C->getSubExpr(), Arith, OS);
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && (B->isAdditiveOp() || B->getOpcode() == BO_Mul ||
            B->getOpcode() == BO_Div)) {
    print(B->getLHS(), Arith, OS);
    OS << " " << B->getOpcodeStr() << " ";
    print(B->getRHS(), Arith, OS);
    return;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus)) {
    OS << UnaryOperator::getOpcodeStr(U->getOpcode());
    print(U->getSubExpr(), Arith, OS);
    return;
  }
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
      return printVar(D, V, Arith, OS);
  Helper H(*this);
  E->printPretty(OS, &H, Ctx.getPrintingPolicy());
}

void WorkModel::printVar(const DeclRefExpr *D, const VarDecl *V, bool Arith,
                         raw_ostream &OS) {
  // Outside + - * /, the replacement takes the variable's type back, unless
  // it already has it.
  QualType Want = V->getType().getCanonicalType().getUnqualifiedType();
  auto Emit = [&](const std::string &Text, QualType Have) {
    if (Arith || Have.getCanonicalType().getUnqualifiedType() == Want)
      OS << Text;
    else
      OS << "static_cast<" << Want.getAsString(Ctx.getPrintingPolicy()) << ">("
         << Text << ")";
  };
  switch (classify(V)) {
  case VarKind::Index:
    PrintedIndex = true;
    return Emit(V->getName().str(), Ctx.LongLongTy);
  case VarKind::Bound: {
    const Binding &B = Env[V];
    PrintedIndex |= B.MentionsIndex;
    return Emit(B.Mid, Ctx.DoubleTy);
  }
  case VarKind::Outer:
    D->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
    return;
  case VarKind::Local: {
    std::string Init;
    llvm::raw_string_ostream IOS(Init);
    Substituting.push_back(V);
    IOS << "(";
    print(V->getInit(), Arith, IOS);
    IOS << ")";
    Substituting.pop_back();
    return Emit(Init, V->getInit()->IgnoreImpCasts()->getType());
  }
  case VarKind::Unusable:
    PrintFailed = true;
    OS << V->getName();
    return;
  }
}

} // namespace dlbcc
