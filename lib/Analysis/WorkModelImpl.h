//===- WorkModelImpl.h - The counter behind WorkModel.h ---------*- C++ -*-===//
//
// Private to lib/Analysis: the polynomial that W(i) is counted in, and the
// WorkModel class behind the functions of WorkModel.h. Its members are
// defined in WorkModel.cpp (the walk over the body that counts operations,
// and D) and TripCounts.cpp (inner loops' trip counts and the printing of
// their bounds in terms of the variables in scope at the loop).
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_LIB_ANALYSIS_WORKMODELIMPL_H
#define DLBCC_LIB_ANALYSIS_WORKMODELIMPL_H

#include "dlbcc/Analysis/LoopModel.h"
#include "dlbcc/Support/Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/PrettyPrinter.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace dlbcc {

/// A number as C++ source: an integer if it is one, else at most six
/// decimals.
std::string number(double V);

/// How work grows with the loop index: the degree of an expression in it.
enum IndexDegree : int { Constant = 0, Affine = 1, Nonlinear = 2 };

/// c + sum(k * f1 * f2 * ...): the factors are printed trip counts or
/// extents, kept sorted so that equal products merge.
struct Poly {
  double Constant = 0;
  std::map<std::vector<std::string>, double> Terms;

  Poly() = default;
  explicit Poly(double C) : Constant(C) {}

  Poly &operator+=(const Poly &O) {
    Constant += O.Constant;
    for (const auto &[Factors, K] : O.Terms)
      Terms[Factors] += K;
    return *this;
  }
  Poly scaled(double K) const {
    Poly R;
    if (K == 0)
      return R;
    R.Constant = Constant * K;
    for (const auto &[Factors, C] : Terms)
      R.Terms[Factors] = C * K;
    return R;
  }
  Poly times(const std::string &Factor) const {
    Poly R;
    if (Constant != 0)
      R.Terms[{Factor}] += Constant;
    for (const auto &[Product, K] : Terms) {
      std::vector<std::string> Factors = Product;
      Factors.insert(std::upper_bound(Factors.begin(), Factors.end(), Factor),
                     Factor);
      R.Terms[Factors] += K;
    }
    return R;
  }
  /// The degree in the loop index, given that of the factors that depend
  /// on it (the others are constant).
  int degree(const std::map<std::string, int> &FactorDegrees) const {
    int D = 0;
    for (const auto &Term : Terms) {
      int Sum = 0;
      for (const std::string &F : Term.first) {
        auto It = FactorDegrees.find(F);
        Sum += It == FactorDegrees.end() ? 0 : It->second;
      }
      D = std::max(D, std::min(Sum, int(Nonlinear)));
    }
    return D;
  }
  /// The constant first, then the terms by degree and text.
  std::string str() const {
    std::vector<const std::vector<std::string> *> Order;
    for (const auto &Term : Terms)
      Order.push_back(&Term.first);
    std::stable_sort(Order.begin(), Order.end(),
                     [](auto *A, auto *B) { return A->size() < B->size(); });
    std::string S;
    if (Constant != 0 || Order.empty())
      S = number(Constant);
    for (const std::vector<std::string> *Factors : Order) {
      if (!S.empty())
        S += " + ";
      double K = Terms.at(*Factors);
      if (K != 1)
        S += number(K) + " * ";
      for (size_t I = 0; I < Factors->size(); ++I)
        S += (I ? " * " : "") + (*Factors)[I];
    }
    return S;
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
    std::string Text;
    int Degree;
    std::optional<double> Value;
  };
  Work work() {
    Poly W = cost(M.Loop->getBody());
    return {W.str(), W.degree(IndexFactors), valueOf(W)};
  }
  std::optional<double> operations(const clang::Stmt *S) {
    return valueOf(cost(S));
  }
  std::string data();
  std::vector<WorkNote> Notes;

private:
  /// What an inner loop index stands for while its body is counted.
  struct Binding {
    std::string Mid;                ///< dlb::mid(...) or a number
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
    std::string Text;            ///< dlb::trips(...) otherwise
    Binding Index;               ///< what the loop's index stands for
  };
  /// How a variable in a bound is printed.
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
  std::string boundText(const clang::Expr *E, std::optional<double> Value,
                        bool PlusOne);

  VarKind classify(const clang::VarDecl *V);
  bool within(const clang::Stmt *S, clang::SourceLocation Loc) const;
  bool writes(const clang::Stmt *Scope, const clang::VarDecl *V);
  clang::ParentMap &parents(const clang::VarDecl *V);
  std::optional<double> value(const clang::Expr *E);
  /// The degree in the loop index of a bound, through inner loop indices
  /// and body-local variables as they are printed.
  int degree(const clang::Expr *E);
  void print(const clang::Expr *E, bool Arith, llvm::raw_ostream &OS);
  void printVar(const clang::DeclRefExpr *D, const clang::VarDecl *V,
                bool Arith, llvm::raw_ostream &OS);

  /// Prints the variables of expressions that Clang's printer prints.
  struct Helper : clang::PrinterHelper {
    explicit Helper(WorkModel &W) : W(W) {}
    bool handledStmt(clang::Stmt *S, llvm::raw_ostream &OS) override {
      const auto *D = llvm::dyn_cast<clang::DeclRefExpr>(S);
      const auto *V =
          D ? llvm::dyn_cast<clang::VarDecl>(D->getDecl()) : nullptr;
      if (!V)
        return false;
      W.printVar(D, V, /*Arith=*/false, OS);
      return true;
    }
    WorkModel &W;
  };

  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  const LoopModel &M;
  llvm::DenseMap<const clang::VarDecl *, Binding> Env;
  /// Printed trip counts that mention the loop index, with their degree
  /// in it (at least Affine).
  std::map<std::string, int> IndexFactors;
  llvm::DenseMap<const clang::FunctionDecl *, Poly> Functions;
  llvm::SmallPtrSet<const clang::FunctionDecl *, 4> Active;
  std::set<std::pair<unsigned, Diag>> Noted;
  std::map<const clang::Stmt *, std::unique_ptr<clang::ParentMap>> Parents;
  llvm::DenseMap<const clang::VarDecl *, bool> Modified;
  // State of one bound being printed or evaluated.
  bool PrintFailed = false;
  bool PrintedIndex = false;
  /// The body-local variables whose initializers are being substituted,
  /// innermost last.
  llvm::SmallVector<const clang::VarDecl *, 4> Substituting;
};

} // namespace dlbcc

#endif // DLBCC_LIB_ANALYSIS_WORKMODELIMPL_H
