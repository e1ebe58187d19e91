//===- Affine.cpp - Affine forms of integer expressions --------------------===//
#include "dlbcc/Analysis/Affine.h"

#include "clang/AST/ASTContext.h"
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

std::optional<AffineForm> scale(AffineForm F, long long K) {
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

std::optional<AffineForm> add(const AffineForm &A, const AffineForm &B,
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

} // namespace

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
      return scale(*Sub, -1);
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
    return add(*L, *R, 1);
  case BO_Sub:
    return add(*L, *R, -1);
  case BO_Mul:
    if (L->Coeffs.empty())
      return scale(*R, L->Constant);
    if (R->Coeffs.empty())
      return scale(*L, R->Constant);
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

} // namespace dlbcc
