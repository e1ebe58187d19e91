//===- WorkModelImpl.h - The counter behind WorkModel.h ---------*- C++ -*-===//
//
// Private to lib/Analysis: the polynomial that W(i) is counted in, and the
// WorkModel class behind the functions of WorkModel.h. Its members are
// defined in WorkModel.cpp (the walk over the body that counts operations,
// and D) and TripCounts.cpp (inner loops' trip counts and their bounds as
// expressions of the variables in scope at the loop).
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_LIB_ANALYSIS_WORKMODELIMPL_H
#define DLBCC_LIB_ANALYSIS_WORKMODELIMPL_H

#include "dlbcc/Analysis/CostExpr.h"
#include "dlbcc/Analysis/LoopModel.h"
#include "dlbcc/Support/Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace dlbcc {

/// How work grows with the loop index: the degree of an expression in it.
enum IndexDegree : int { Constant = 0, Affine = 1, Nonlinear = 2 };

/// c + sum(k * f1 * f2 * ...): the factors are trip counts or extents. A
/// product is kept once: its factors are sorted by node, so that the
/// products of the same nodes merge (code generation merges those that it
/// spells alike).
struct Poly {
  double Constant = 0;
  std::vector<CostTerm> Terms;

  Poly() = default;
  explicit Poly(double C) : Constant(C) {}

  Poly &operator+=(const Poly &O) {
    Constant += O.Constant;
    for (const CostTerm &T : O.Terms)
      add(T.Factors, T.Coefficient);
    return *this;
  }
  Poly scaled(double K) const {
    Poly R;
    if (K == 0)
      return R;
    R.Constant = Constant * K;
    for (const CostTerm &T : Terms)
      R.Terms.push_back({T.Coefficient * K, T.Factors});
    return R;
  }
  Poly times(const CostExpr &Factor) const {
    Poly R;
    if (Constant != 0)
      R.add({Factor}, Constant);
    for (const CostTerm &T : Terms) {
      std::vector<CostExpr> Factors = T.Factors;
      Factors.insert(std::upper_bound(Factors.begin(), Factors.end(), Factor),
                     Factor);
      R.add(std::move(Factors), T.Coefficient);
    }
    return R;
  }
  /// The degree in the loop index, given that of the factors that depend
  /// on it (the others are constant).
  int degree(const std::map<CostExpr, int> &FactorDegrees) const {
    int D = 0;
    for (const CostTerm &Term : Terms) {
      int Sum = 0;
      for (const CostExpr &F : Term.Factors) {
        auto It = FactorDegrees.find(F);
        Sum += It == FactorDegrees.end() ? 0 : It->second;
      }
      D = std::max(D, std::min(Sum, int(Nonlinear)));
    }
    return D;
  }
  CostExpr expr() const { return cost::sum(Constant, Terms); }

private:
  void add(std::vector<CostExpr> Factors, double K) {
    auto Same = llvm::find_if(
        Terms, [&](const CostTerm &T) { return T.Factors == Factors; });
    if (Same != Terms.end())
      Same->Coefficient += K;
    else
      Terms.push_back({K, std::move(Factors)});
  }
};

/// The value of integer \p I as a double.
double toDouble(const llvm::APSInt &I);

/// The degree in the loop index of arithmetic expression \p E, given that of
/// each variable: + and - keep the larger, * adds them, / by an expression
/// without the index keeps the dividend's (for integers, up to rounding),
/// casts and parentheses keep it; anything else over the index is
/// Nonlinear.
int indexDegree(const clang::Expr *E,
                llvm::function_ref<int(const clang::VarDecl *)> VarDegree);

/// Counts the basic operations of statements in or around the loop of a
/// LoopModel (W), and the bytes that move with one iteration (D).
class WorkModel {
public:
  WorkModel(clang::ASTContext &Ctx, const LoopModel &M)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), M(M) {}

  /// W(i) of the loop body, its degree in the index, and its value when it
  /// is a number.
  struct Work {
    CostExpr Expr;
    int Degree;
    std::optional<double> Value;
  };
  Work work() {
    Poly W = cost(M.Loop->getBody());
    return {W.expr(), W.degree(IndexFactors), valueOf(W)};
  }
  std::optional<double> operations(const clang::Stmt *S) {
    return valueOf(cost(S));
  }
  CostExpr data();
  std::vector<WorkNote> Notes;

private:
  /// What an inner loop index stands for while its body is counted.
  struct Binding {
    CostExpr Mid;                   ///< a Mid node, or a number
    std::optional<double> MidValue; ///< when the mid is a constant
    bool MentionsIndex = false;
    int Degree = Constant; ///< of the mid in the index
    const clang::ForStmt *Loop = nullptr;
  };
  /// `for (V = Lo; V < Hi (or <=); ++V or V += Step)`.
  struct CanonicalLoop {
    const clang::VarDecl *Var = nullptr;
    const clang::Expr *Lo = nullptr;
    const clang::Expr *Hi = nullptr;
    const clang::Expr *Step = nullptr;
    bool Inclusive = false;
  };
  struct TripCount {
    std::optional<double> Count; ///< folded
    CostExpr Trips;              ///< a Trips node otherwise
    Binding Index;               ///< what the loop's index stands for
  };
  /// What a variable in a bound stands for.
  enum class VarKind { Index, Bound, Outer, Local, Unusable };

  static std::optional<double> valueOf(const Poly &P) {
    return P.Terms.empty() ? std::optional<double>(P.Constant) : std::nullopt;
  }
  Poly cost(const clang::Stmt *S);
  Poly children(const clang::Stmt *S);
  /// An if, a ?: or a switch: the condition, and the branches weighed by
  /// how often each runs.
  Poly branchCost(const clang::Stmt *S);
  /// An operator's own cost (its operands aside): arithmetic, an element
  /// read, a constructor call.
  double operatorCost(const clang::Stmt *S);
  Poly loopCost(const clang::ForStmt *F);
  Poly unknownTrips(clang::SourceLocation Loc, Poly P);
  Poly callCost(const clang::CallExpr *C);
  Poly functionCost(const clang::FunctionDecl *F,
                    clang::SourceLocation CallLoc);
  void note(clang::SourceLocation Loc, Diag Kind);

  std::optional<CanonicalLoop> canonical(const clang::ForStmt *F);
  std::optional<TripCount> tripCount(const CanonicalLoop &L);
  CostExpr bound(const clang::Expr *E, std::optional<double> Value,
                 bool PlusOne);

  VarKind classify(const clang::VarDecl *V);
  bool within(const clang::Stmt *S, clang::SourceLocation Loc) const;
  bool writes(const clang::Stmt *Scope, const clang::VarDecl *V);
  clang::ParentMap &parents(const clang::VarDecl *V);
  std::optional<double> value(const clang::Expr *E);
  /// The degree in the loop index of a bound, through inner loop indices
  /// and body-local variables as they are expressed.
  int degree(const clang::Expr *E);
  CostExpr expr(const clang::Expr *E, bool Arith);
  CostExpr varExpr(const clang::DeclRefExpr *D, const clang::VarDecl *V,
                   bool Arith);
  /// What each variable reference in \p S stands for.
  void substitute(
      const clang::Stmt *S,
      std::vector<std::pair<const clang::DeclRefExpr *, CostExpr>> &Subs);

  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  const LoopModel &M;
  llvm::DenseMap<const clang::VarDecl *, Binding> Env;
  /// The trip counts that mention the loop index, with their degree in it
  /// (at least Affine).
  std::map<CostExpr, int> IndexFactors;
  llvm::DenseMap<const clang::FunctionDecl *, Poly> Functions;
  llvm::SmallPtrSet<const clang::FunctionDecl *, 4> Active;
  std::set<std::pair<unsigned, Diag>> Noted;
  std::map<const clang::Stmt *, std::unique_ptr<clang::ParentMap>> Parents;
  llvm::DenseMap<const clang::VarDecl *, bool> Modified;
  // State of one bound being expressed or evaluated: it names a variable
  // that stands for nothing at the loop; it mentions the loop index.
  bool Inexpressible = false;
  bool UsesIndex = false;
  /// The body-local variables whose initializers are being substituted,
  /// innermost last.
  llvm::SmallVector<const clang::VarDecl *, 4> Substituting;
};

} // namespace dlbcc

#endif // DLBCC_LIB_ANALYSIS_WORKMODELIMPL_H
