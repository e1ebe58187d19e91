//===- Affine.cpp - Affine forms of integer expressions --------------------===//
//
// Owns affineForm and its arithmetic (Affine.h): integer expressions as
// c0 + sum(ck * vk), with overflow checked, and their spans and text.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/Affine.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace dlbcc {
namespace {

std::optional<long long> checkedMul(long long A, long long B) {
  long long R;
  if (__builtin_mul_overflow(A, B, &R))
    return std::nullopt;
  return R;
}

} // namespace

std::optional<AffineForm> scaled(AffineForm F, long long K) {
  std::optional<long long> C = checkedMul(F.Constant, K);
  if (!C)
    return std::nullopt;
  F.Constant = *C;
  AffineForm R;
  R.Constant = F.Constant;
  for (auto &[V, Coeff] : F.Coeffs) {
    std::optional<long long> Scaled = checkedMul(Coeff, K);
    if (!Scaled)
      return std::nullopt;
    if (*Scaled)
      R.Coeffs[V] = *Scaled;
  }
  return R;
}

std::optional<AffineForm> sum(const AffineForm &A, const AffineForm &B,
                              long long Sign) {
  AffineForm R = A;
  long long C;
  if (__builtin_add_overflow(R.Constant, Sign * B.Constant, &C))
    return std::nullopt;
  R.Constant = C;
  for (auto &[V, Coeff] : B.Coeffs) {
    long long Sum = R.coeff(V) + Sign * Coeff;
    if (Sum)
      R.Coeffs[V] = Sum;
    else
      R.Coeffs.erase(V);
  }
  return R;
}


std::optional<AffineForm> affineForm(const Expr *E, const ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (!E->getType()->isIntegralOrEnumerationType() &&
      !E->getType()->isDependentType())
    return std::nullopt;
  if (!E->isValueDependent()) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx) && R.Val.getInt().getSignificantBits() <= 63) {
      AffineForm F;
      F.Constant = R.Val.getInt().getSExtValue();
      return F;
    }
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    AffineForm F;
    F.Coeffs[Ref->getDecl()] = 1;
    return F;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    std::optional<AffineForm> Sub = affineForm(U->getSubExpr(), Ctx);
    if (!Sub)
      return std::nullopt;
    if (U->getOpcode() == UO_Plus)
      return Sub;
    if (U->getOpcode() == UO_Minus)
      return scaled(*Sub, -1);
    return std::nullopt;
  }
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return std::nullopt;
  std::optional<AffineForm> L = affineForm(B->getLHS(), Ctx);
  std::optional<AffineForm> R = affineForm(B->getRHS(), Ctx);
  if (!L || !R)
    return std::nullopt;
  switch (B->getOpcode()) {
  case BO_Add:
    return sum(*L, *R, 1);
  case BO_Sub:
    return sum(*L, *R, -1);
  case BO_Mul:
    if (L->Coeffs.empty())
      return scaled(*R, L->Constant);
    if (R->Coeffs.empty())
      return scaled(*L, R->Constant);
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

std::string affineText(const AffineForm &F, bool AsLongLong) {
  std::string Text;
  auto Term = [&](long long C, const std::string &Name) {
    const unsigned long long Magnitude =
        C < 0 ? 0ULL - static_cast<unsigned long long>(C)
              : static_cast<unsigned long long>(C);
    Text += Text.empty() ? (C < 0 ? "-" : "") : (C < 0 ? " - " : " + ");
    const std::string Number =
        std::to_string(Magnitude) + (AsLongLong ? "LL" : "");
    if (Name.empty())
      Text += Number;
    else
      Text += (Magnitude == 1 ? "" : Number + " * ") +
              (AsLongLong ? "static_cast<long long>(" + Name + ")" : Name);
  };
  for (const auto &[V, C] : F.Coeffs)
    Term(C, V->getNameAsString());
  if (F.Constant || Text.empty())
    Term(F.Constant, "");
  return Text;
}

bool alwaysBelow(const AffineForm &X, const AffineForm &Y) {
  std::optional<AffineForm> D = sum(X, Y, -1);
  return D && D->Coeffs.empty() && D->Constant < 0;
}

bool sameForm(const AffineForm &X, const AffineForm &Y) {
  std::optional<AffineForm> D = sum(X, Y, -1);
  return D && D->Coeffs.empty() && D->Constant == 0;
}

std::optional<AffineSpan>
spanOf(const AffineForm &F,
       llvm::function_ref<std::optional<AffineSpan>(const ValueDecl *)> Of) {
  AffineSpan S;
  S.Lo.Constant = S.Hi.Constant = F.Constant;
  for (const auto &[V, C] : F.Coeffs) {
    std::optional<AffineSpan> R = Of(V);
    if (!R)
      return std::nullopt;
    // C * V is smallest at V's low end when C > 0, at its high end if not.
    std::optional<AffineForm> Lo = scaled(C > 0 ? R->Lo : R->Hi, C);
    std::optional<AffineForm> Hi = scaled(C > 0 ? R->Hi : R->Lo, C);
    if (!Lo || !Hi)
      return std::nullopt;
    std::optional<AffineForm> NewLo = sum(S.Lo, *Lo, 1);
    std::optional<AffineForm> NewHi = sum(S.Hi, *Hi, 1);
    if (!NewLo || !NewHi)
      return std::nullopt;
    S.Lo = std::move(*NewLo);
    S.Hi = std::move(*NewHi);
  }
  return S;
}

} // namespace dlbcc
