//===- dlbcc/Analysis/Dependence.h - Loop-carried dependence tests ---------===//
//
// Decides whether two accesses to one array may touch the same element in two
// different iterations of the distributed loop, with the classic tests on
// affine subscripts: the GCD test, constant distances, and Banerjee's bounds
// test where variables have constant bounds. Pure: no AST walking here.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_ANALYSIS_DEPENDENCE_H
#define DLBCC_ANALYSIS_DEPENDENCE_H

#include "dlbcc/Analysis/Affine.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace dlbcc {

/// Constant inclusive bounds of a loop variable.
struct VarBounds {
  long long Lo = 0;
  long long Hi = 0;
};

/// The context of a test: the distributed loop's index and the variables
/// that are private to each iteration (inner loop indices), with bounds where
/// they are constant.
struct DependenceContext {
  const clang::ValueDecl *Index = nullptr;
  std::optional<VarBounds> IndexBounds;
  llvm::DenseMap<const clang::ValueDecl *, std::optional<VarBounds>>
      IterationVars;
};

/// One subscript per dimension; std::nullopt where it is not affine.
using Subscripts = llvm::SmallVector<std::optional<AffineForm>, 2>;

struct DependenceResult {
  enum KindTy { Independent, Dependent, Unknown } Kind = Unknown;
  /// For Dependent: iteration distance i2 - i1, when constant.
  std::optional<long long> Distance;
};

/// May access A in iteration i1 and access B in iteration i2 != i1 touch the
/// same element? Independent is a proof; Dependent and Unknown are not.
DependenceResult testDependence(const Subscripts &A, const Subscripts &B,
                                const DependenceContext &Ctx);

} // namespace dlbcc

#endif // DLBCC_ANALYSIS_DEPENDENCE_H
