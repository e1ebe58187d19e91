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

#include <optional>

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

} // namespace dlbcc

#endif // DLBCC_ANALYSIS_AFFINE_H
