//===- Dependence.cpp - GCD, distance and Banerjee tests -------------------===//
//
// Owns testDependence (Dependence.h): per dimension the GCD, constant
// distance and Banerjee tests over affine subscripts, combined into
// Independent, Dependent with a distance, or Unknown; no AST.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/Dependence.h"

#include <numeric>

using namespace clang;
using llvm::SmallVector;

namespace dlbcc {
namespace {

/// The equation of one dimension: sum(Coeff * Var) = Rhs, with the two
/// instances of each iteration variable kept apart.
struct Term {
  long long Coeff;
  std::optional<VarBounds> Bounds;
};

enum class DimVerdict { Independent, SameIteration, Distance, Unknown };

struct DimResult {
  DimVerdict Verdict = DimVerdict::Unknown;
  long long Distance = 0;
};

DimResult testDim(const AffineForm &A, const AffineForm &B,
                  const DependenceContext &Ctx) {
  // A(i1, x1) = B(i2, x2)  <=>  sum over A's terms - sum over B's terms = Rhs.
  long long Rhs = B.Constant - A.Constant;
  SmallVector<Term, 8> Terms;
  long long IndexA = A.coeff(Ctx.Index), IndexB = B.coeff(Ctx.Index);
  bool OtherIterationVars = false;
  auto AddInstance = [&](const AffineForm &F, long long Sign) -> bool {
    for (auto &[V, Coeff] : F.Coeffs) {
      if (V == Ctx.Index)
        continue;
      auto It = Ctx.IterationVars.find(V);
      if (It == Ctx.IterationVars.end())
        continue; // loop-invariant symbol: handled below
      OtherIterationVars = true;
      Terms.push_back({Sign * Coeff, It->second});
    }
    return true;
  };
  AddInstance(A, 1);
  AddInstance(B, -1);
  // Loop-invariant symbols are equal in both instances: they cancel only if
  // their coefficients do.
  for (auto &[V, Coeff] : A.Coeffs)
    if (V != Ctx.Index && !Ctx.IterationVars.count(V) && B.coeff(V) != Coeff)
      return {};
  for (auto &[V, Coeff] : B.Coeffs)
    if (V != Ctx.Index && !Ctx.IterationVars.count(V) && A.coeff(V) != Coeff)
      return {};
  if (IndexA)
    Terms.push_back({IndexA, Ctx.IndexBounds});
  if (IndexB)
    Terms.push_back({-IndexB, Ctx.IndexBounds});

  if (Terms.empty())
    return {Rhs == 0 ? DimVerdict::Unknown : DimVerdict::Independent, 0};

  // GCD test.
  long long G = 0;
  for (const Term &T : Terms)
    G = std::gcd(G, T.Coeff < 0 ? -T.Coeff : T.Coeff);
  if (G && Rhs % G != 0)
    return {DimVerdict::Independent, 0};

  // Banerjee: the range of the left-hand side over the variables' bounds.
  bool Bounded = true;
  long long Min = 0, Max = 0;
  for (const Term &T : Terms) {
    if (!T.Bounds) {
      Bounded = false;
      break;
    }
    long long X = T.Coeff * T.Bounds->Lo, Y = T.Coeff * T.Bounds->Hi;
    Min += std::min(X, Y);
    Max += std::max(X, Y);
  }
  if (Bounded && (Rhs < Min || Rhs > Max))
    return {DimVerdict::Independent, 0};

  // Constant distance: a*i1 - a*i2 = Rhs with nothing else involved.
  if (!OtherIterationVars && IndexA && IndexA == IndexB) {
    if (Rhs % IndexA != 0)
      return {DimVerdict::Independent, 0};
    long long D = Rhs / IndexA; // i1 - i2
    if (D == 0)
      return {DimVerdict::SameIteration, 0};
    if (Ctx.IndexBounds &&
        (D < 0 ? -D : D) > Ctx.IndexBounds->Hi - Ctx.IndexBounds->Lo)
      return {DimVerdict::Independent, 0};
    return {DimVerdict::Distance, -D};
  }
  return {};
}

} // namespace

DependenceResult testDependence(const Subscripts &A, const Subscripts &B,
                                const DependenceContext &Ctx) {
  std::optional<long long> Distance;
  size_t Dims = std::min(A.size(), B.size());
  for (size_t K = 0; K < Dims; ++K) {
    if (!A[K] || !B[K])
      continue;
    DimResult R = testDim(*A[K], *B[K], Ctx);
    switch (R.Verdict) {
    case DimVerdict::Independent:
    case DimVerdict::SameIteration:
      return {DependenceResult::Independent, std::nullopt};
    case DimVerdict::Distance:
      if (Distance && *Distance != R.Distance)
        return {DependenceResult::Independent, std::nullopt};
      Distance = R.Distance;
      break;
    case DimVerdict::Unknown:
      break;
    }
  }
  if (Distance)
    return {DependenceResult::Dependent, Distance};
  return {DependenceResult::Unknown, std::nullopt};
}

} // namespace dlbcc
