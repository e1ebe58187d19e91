//===- dlbcc/Analysis/Affine.h - Affine forms of subscripts ----------------===//
//
// An affine form c0 + sum(ck * vk) over integer variables (the loop index,
// indices of inner loops, loop-invariant scalars). Subscripts that are not
// affine have no form; the dependence tests treat them as unknown.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_ANALYSIS_AFFINE_H
#define DLBCC_ANALYSIS_AFFINE_H

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>

namespace clang {
class Expr;
class ValueDecl;
class ASTContext;
} // namespace clang

namespace dlbcc {

struct AffineForm {
  long long Constant = 0;
  /// Non-zero coefficients only.
  llvm::MapVector<const clang::ValueDecl *, long long> Coeffs;

  long long coeff(const clang::ValueDecl *V) const {
    auto It = Coeffs.find(V);
    return It == Coeffs.end() ? 0 : It->second;
  }
  bool onlyUses(const clang::ValueDecl *V) const {
    return Coeffs.empty() || (Coeffs.size() == 1 && Coeffs.count(V));
  }
};

/// The affine form of integer expression \p E, if it has one. Variables are
/// taken as symbols; integer constant expressions fold.
std::optional<AffineForm> affineForm(const clang::Expr *E,
                                     const clang::ASTContext &Ctx);

/// K * F; nothing on overflow.
std::optional<AffineForm> scaled(AffineForm F, long long K);
/// A + Sign * B (Sign 1 or -1); nothing on overflow.
std::optional<AffineForm> sum(const AffineForm &A, const AffineForm &B,
                              long long Sign);
/// Whether X < Y whatever their variables' values: X - Y is a negative
/// constant.
bool alwaysBelow(const AffineForm &X, const AffineForm &Y);
/// Whether X and Y are the same form.
bool sameForm(const AffineForm &X, const AffineForm &Y);

/// F as C++ source: `2 * i - 1`; with AsLongLong, an expression of type
/// long long (each variable converted, constants suffixed).
std::string affineText(const AffineForm &F, bool AsLongLong = false);

/// The values [Lo, Hi] (inclusive) an affine form takes.
struct AffineSpan {
  AffineForm Lo, Hi;
};
/// The span of F when each of its variables V takes the values Of(V)
/// (Of(V) is [V, V] for a symbol that stays); nothing when a variable has
/// no span or the arithmetic overflows.
std::optional<AffineSpan>
spanOf(const AffineForm &F,
       llvm::function_ref<std::optional<AffineSpan>(const clang::ValueDecl *)>
           Of);

} // namespace dlbcc

#endif // DLBCC_ANALYSIS_AFFINE_H
