//===- WorkModel.cpp - Work and data per iteration (W and D) --------------===//
//
// Owns the operation table and the counting rules of docs/annotations.md,
// "Work and data per iteration": one walk over the loop body (and the bodies
// of the functions it calls) that sums basic operations into a polynomial
// over the trip counts of inner loops, the printing of inner-loop bounds in
// terms of the variables in scope at the loop, and D from the distributed
// arrays.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/WorkModel.h"
#include "dlbcc/Analysis/CallChecker.h"
#include "dlbcc/Analysis/ExprQueries.h"
#include "dlbcc/Analysis/LoopModel.h"
#include "dlbcc/Support/Diagnostics.h"
#include "dlbcc/Support/Text.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <set>

using namespace clang;

namespace dlbcc {
namespace {

// The operation table (docs/annotations.md, "Work and data per iteration").
/// An arithmetic, bitwise, logical or comparison operator, a compound
/// assignment, ++ or --.
constexpr double OperatorCost = 1;
/// A load or a store of an array element; an update (`a[i] += x`) is both.
constexpr double ElementCost = 1;
/// A call to a function of the standard math library (sqrt, pow, min, ...).
constexpr double MathCallCost = 10;
/// A call whose body is not counted: members and constructors of the
/// standard value classes, overloaded operators of library types.
constexpr double OtherCallCost = 1;
/// Each branch of an `if` or of `?:` is taken half of the time.
constexpr double BranchWeight = 0.5;

/// A number as C++ source: an integer if it is one, else at most six
/// decimals.
std::string number(double V) {
  char Buf[64];
  if (std::fabs(V) >= 1e15) {
    std::snprintf(Buf, sizeof Buf, "%.17g", V);
    return Buf;
  }
  if (V == std::floor(V))
    return std::to_string(static_cast<long long>(V));
  std::snprintf(Buf, sizeof Buf, "%.6f", V);
  std::string S = Buf;
  S.erase(S.find_last_not_of('0') + 1);
  return S;
}

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

double toDouble(const llvm::APSInt &I) {
  return I.isSigned() ? static_cast<double>(I.getSExtValue())
                      : static_cast<double>(I.getZExtValue());
}

/// The degree in the loop index of arithmetic expression \p E, given that of
/// each variable: + and - keep the larger, * adds them, / by an expression
/// without the index keeps the dividend's (for integers, up to rounding),
/// casts and parentheses keep it; anything else over the index is
/// Nonlinear.
int indexDegree(const Expr *E,
                llvm::function_ref<int(const VarDecl *)> VarDegree) {
  E = E->IgnoreParens();
  if (const auto *C = dyn_cast<CastExpr>(E))
    return indexDegree(C->getSubExpr(), VarDegree);
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    return V ? VarDegree(V) : Constant;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus))
    return indexDegree(U->getSubExpr(), VarDegree);
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    const int L = indexDegree(B->getLHS(), VarDegree);
    const int R = indexDegree(B->getRHS(), VarDegree);
    switch (B->getOpcode()) {
    case BO_Add:
    case BO_Sub:
      return std::max(L, R);
    case BO_Mul:
      return std::min(L + R, int(Nonlinear));
    case BO_Div:
      return R == Constant ? L : Nonlinear;
    default:
      return L || R ? Nonlinear : Constant;
    }
  }
  for (const Stmt *Child : E->children())
    if (const auto *X = dyn_cast_or_null<Expr>(Child))
      if (indexDegree(X, VarDegree) != Constant)
        return Nonlinear;
  return Constant;
}

/// An element of an array or vector, not a row of a 2-D array (`m[i]` of
/// `double m[N][M]`, `double (*m)[M]` or `double **m`).
bool isElement(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *S = dyn_cast<ArraySubscriptExpr>(E))
    return !S->getType()->isArrayType() && !S->getType()->isPointerType();
  const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
  return Op && Op->getOperator() == OO_Subscript;
}

/// Does the cost() expression use the parameter of its lambda, the index?
bool isLambdaParam(const Decl *D) {
  if (const auto *P = dyn_cast<ParmVarDecl>(D))
    if (const auto *M = dyn_cast<CXXMethodDecl>(P->getDeclContext()))
      return M->getParent()->isLambda();
  return false;
}

bool mentionsLambdaParam(const Stmt *S) {
  if (const auto *D = dyn_cast<DeclRefExpr>(S))
    return isLambdaParam(D->getDecl());
  for (const Stmt *Child : S->children())
    if (Child && mentionsLambdaParam(Child))
      return true;
  return false;
}

class WorkModel {
public:
  WorkModel(ASTContext &Ctx, const LoopModel &M)
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
  std::optional<double> operations(const Stmt *S) { return valueOf(cost(S)); }
  std::string data();
  std::vector<WorkNote> Notes;

private:
  /// What an inner loop index stands for while its body is counted.
  struct Binding {
    std::string Mid;                ///< dlb::mid(...) or a number
    std::optional<double> MidValue; ///< when the mid is a constant
    bool MentionsIndex = false;
    int Degree = Constant; ///< of the mid in the index
    const ForStmt *Loop = nullptr;
  };
  /// `for (V = Lo; V < Hi (or <=); ++V or V += Step)`.
  struct CanonicalLoop {
    const VarDecl *Var = nullptr;
    const Expr *Lo = nullptr;
    const Expr *Hi = nullptr;
    const Expr *Step = nullptr;
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
  Poly cost(const Stmt *S);
  Poly children(const Stmt *S);
  /// An if, a ?: or a switch: the condition, and the branches weighed by
  /// how often each runs.
  Poly branchCost(const Stmt *S);
  /// An operator's own cost (its operands aside): arithmetic, an element
  /// read, a constructor call.
  double operatorCost(const Stmt *S);
  Poly loopCost(const ForStmt *F);
  Poly unknownTrips(SourceLocation Loc, Poly P);
  Poly callCost(const CallExpr *C);
  Poly functionCost(const FunctionDecl *F, SourceLocation CallLoc);
  void note(SourceLocation Loc, Diag Kind);

  std::optional<CanonicalLoop> canonical(const ForStmt *F);
  std::optional<TripCount> tripCount(const CanonicalLoop &L);
  std::string boundText(const Expr *E, std::optional<double> Value,
                        bool PlusOne);

  VarKind classify(const VarDecl *V);
  bool within(const Stmt *S, SourceLocation Loc) const;
  bool writes(const Stmt *Scope, const VarDecl *V);
  ParentMap &parents(const VarDecl *V);
  std::optional<double> value(const Expr *E);
  /// The degree in the loop index of a bound, through inner loop indices
  /// and body-local variables as they are printed.
  int degree(const Expr *E);
  void print(const Expr *E, bool Arith, raw_ostream &OS);
  void printVar(const DeclRefExpr *D, const VarDecl *V, bool Arith,
                raw_ostream &OS);

  /// Prints the variables of expressions that Clang's printer prints.
  struct Helper : PrinterHelper {
    explicit Helper(WorkModel &W) : W(W) {}
    bool handledStmt(Stmt *S, raw_ostream &OS) override {
      const auto *D = dyn_cast<DeclRefExpr>(S);
      const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
      if (!V)
        return false;
      W.printVar(D, V, /*Arith=*/false, OS);
      return true;
    }
    WorkModel &W;
  };

  ASTContext &Ctx;
  const SourceManager &SM;
  const LoopModel &M;
  llvm::DenseMap<const VarDecl *, Binding> Env;
  /// Printed trip counts that mention the loop index, with their degree
  /// in it (at least Affine).
  std::map<std::string, int> IndexFactors;
  llvm::DenseMap<const FunctionDecl *, Poly> Functions;
  llvm::SmallPtrSet<const FunctionDecl *, 4> Active;
  std::set<std::pair<unsigned, Diag>> Noted;
  std::map<const Stmt *, std::unique_ptr<ParentMap>> Parents;
  llvm::DenseMap<const VarDecl *, bool> Modified;
  // State of one bound being printed or evaluated.
  bool PrintFailed = false;
  bool PrintedIndex = false;
  /// The body-local variables whose initializers are being substituted,
  /// innermost last.
  llvm::SmallVector<const VarDecl *, 4> Substituting;
};

Poly WorkModel::children(const Stmt *S) {
  Poly P;
  for (const Stmt *Child : S->children())
    P += cost(Child);
  return P;
}

Poly WorkModel::cost(const Stmt *S) {
  if (!S || isa<UnaryExprOrTypeTraitExpr, LambdaExpr, OpaqueValueExpr>(S))
    return {};
  if (const auto *F = dyn_cast<ForStmt>(S))
    return loopCost(F);
  if (const auto *W = dyn_cast<WhileStmt>(S)) {
    Poly P = cost(W->getConditionVariableDeclStmt());
    P += cost(W->getCond());
    P += cost(W->getBody());
    return unknownTrips(W->getWhileLoc(), P);
  }
  if (const auto *D = dyn_cast<DoStmt>(S))
    return unknownTrips(D->getDoLoc(), children(D));
  if (const auto *R = dyn_cast<CXXForRangeStmt>(S)) {
    Poly P = cost(R->getInit());
    P += cost(R->getRangeInit());
    P += cost(R->getBody());
    return unknownTrips(R->getForLoc(), P);
  }
  if (isa<IfStmt, ConditionalOperator, SwitchStmt>(S))
    return branchCost(S);
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    Poly P;
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        P += cost(V->getInit());
    return P;
  }
  if (const auto *C = dyn_cast<CallExpr>(S))
    return callCost(C);
  Poly P = children(S);
  P.Constant += operatorCost(S);
  return P;
}

Poly WorkModel::branchCost(const Stmt *S) {
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    Poly P = cost(If->getInit());
    P += cost(If->getConditionVariableDeclStmt());
    P += cost(If->getCond());
    Poly Branches = cost(If->getThen());
    Branches += cost(If->getElse());
    P += Branches.scaled(BranchWeight);
    return P;
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(S)) {
    Poly P = cost(C->getCond());
    Poly Branches = cost(C->getTrueExpr());
    Branches += cost(C->getFalseExpr());
    P += Branches.scaled(BranchWeight);
    return P;
  }
  if (const auto *Sw = dyn_cast<SwitchStmt>(S)) {
    unsigned Labels = 0;
    for (const SwitchCase *C = Sw->getSwitchCaseList(); C;
         C = C->getNextSwitchCase())
      ++Labels;
    Poly P = cost(Sw->getInit());
    P += cost(Sw->getConditionVariableDeclStmt());
    P += cost(Sw->getCond());
    P += cost(Sw->getBody()).scaled(1.0 / std::max(1u, Labels));
    return P;
  }
  return {};
}

double WorkModel::operatorCost(const Stmt *S) {
  double Cost = 0;
  if (const auto *B = dyn_cast<BinaryOperator>(S)) {
    BinaryOperatorKind K = B->getOpcode();
    if (K != BO_Assign && K != BO_Comma && !B->isPtrMemOp())
      Cost += OperatorCost;
    if (B->isCompoundAssignmentOp() && isElement(B->getLHS()))
      Cost += ElementCost; // the load of an update
  } else if (const auto *U = dyn_cast<UnaryOperator>(S)) {
    switch (U->getOpcode()) {
    case UO_PreInc:
    case UO_PreDec:
    case UO_PostInc:
    case UO_PostDec:
      if (isElement(U->getSubExpr()))
        Cost += ElementCost;
      [[fallthrough]];
    case UO_Plus:
    case UO_Minus:
    case UO_Not:
    case UO_LNot:
      Cost += OperatorCost;
      break;
    default:
      break;
    }
  } else if (isa<ArraySubscriptExpr>(S)) {
    if (isElement(cast<Expr>(S)))
      Cost += ElementCost;
  } else if (const auto *C = dyn_cast<CXXConstructExpr>(S)) {
    if (!C->getConstructor()->isTrivial())
      Cost += OtherCallCost;
  }
  return Cost;
}

Poly WorkModel::callCost(const CallExpr *C) {
  Poly P = children(C);
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C)) {
    OverloadedOperatorKind K = Op->getOperator();
    if (K == OO_Subscript) {
      P.Constant += ElementCost;
    } else if (K != OO_Equal && K != OO_Arrow && K != OO_Comma &&
               !((K == OO_Star || K == OO_Amp) && Op->getNumArgs() == 1)) {
      P.Constant += OperatorCost;
      bool Update = K == OO_PlusPlus || K == OO_MinusMinus ||
                    CXXOperatorCallExpr::isAssignmentOp(K);
      if (Update && Op->getNumArgs() && isElement(Op->getArg(0)))
        P.Constant += ElementCost;
    }
    return P;
  }
  const FunctionDecl *F = C->getDirectCallee();
  const FunctionDecl *Def = nullptr;
  if (F && isPureLibraryFunction(F))
    P.Constant += MathCallCost;
  else if (F && !isa<CXXMethodDecl>(F) && F->hasBody(Def) &&
           SM.isInMainFile(SM.getExpansionLoc(Def->getLocation())))
    P += functionCost(Def, C->getBeginLoc());
  else
    P.Constant += OtherCallCost;
  return P;
}

Poly WorkModel::functionCost(const FunctionDecl *F, SourceLocation CallLoc) {
  const FunctionDecl *Key = F->getCanonicalDecl();
  auto It = Functions.find(Key);
  if (It != Functions.end())
    return It->second;
  if (!Active.insert(Key).second) {
    note(CallLoc, Diag::NoteRecursiveCall);
    return {};
  }
  Poly P = cost(F->getBody());
  Active.erase(Key);
  Functions[Key] = P;
  return P;
}

void WorkModel::note(SourceLocation Loc, Diag Kind) {
  if (Noted.insert({Loc.getRawEncoding(), Kind}).second)
    Notes.push_back({Loc, Kind});
}

/// A loop whose trip count is unknown: \p P, counted once.
Poly WorkModel::unknownTrips(SourceLocation Loc, Poly P) {
  note(Loc, Diag::NoteUnknownTrips);
  return P;
}

/// Init once; condition, increment and body per iteration.
Poly WorkModel::loopCost(const ForStmt *F) {
  Poly P = cost(F->getInit());
  Poly Iteration = cost(F->getCond());
  Iteration += cost(F->getInc());
  std::optional<CanonicalLoop> L = canonical(F);
  std::optional<TripCount> T = L ? tripCount(*L) : std::nullopt;
  if (!T) {
    Iteration += cost(F->getBody());
    P += Iteration;
    return unknownTrips(F->getForLoc(), P);
  }
  T->Index.Loop = F;
  Env[L->Var] = T->Index;
  Iteration += cost(F->getBody());
  Env.erase(L->Var);
  if (T->Count) {
    P += Iteration.scaled(*T->Count);
  } else {
    if (T->Index.MentionsIndex)
      IndexFactors[T->Text] = std::max(int(Affine), T->Index.Degree);
    P += Iteration.times(T->Text);
  }
  return P;
}

std::optional<WorkModel::CanonicalLoop> WorkModel::canonical(const ForStmt *F) {
  CanonicalLoop L;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit())) {
    if (DS->isSingleDecl())
      if ((L.Var = dyn_cast<VarDecl>(DS->getSingleDecl())))
        L.Lo = L.Var->getInit();
  } else if (const auto *B = dyn_cast_or_null<BinaryOperator>(F->getInit());
             B && B->getOpcode() == BO_Assign) {
    if (const auto *D = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParens()))
      L.Var = dyn_cast<VarDecl>(D->getDecl());
    L.Lo = B->getRHS();
  }
  if (!L.Var || !L.Lo || !L.Var->isLocalVarDeclOrParm() ||
      !L.Var->getType()->isIntegerType())
    return std::nullopt;
  const auto *C = dyn_cast_or_null<BinaryOperator>(
      F->getCond() ? F->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!C)
    return std::nullopt;
  BinaryOperatorKind K = C->getOpcode();
  if ((K == BO_LT || K == BO_LE) && refersTo(C->getLHS(), L.Var))
    L.Hi = C->getRHS();
  else if ((K == BO_GT || K == BO_GE) && refersTo(C->getRHS(), L.Var))
    L.Hi = C->getLHS();
  else
    return std::nullopt;
  L.Inclusive = K == BO_LE || K == BO_GE;
  const Expr *Inc = F->getInc() ? F->getInc()->IgnoreParens() : nullptr;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc)) {
    if (!U->isIncrementOp() || !refersTo(U->getSubExpr(), L.Var))
      return std::nullopt;
  } else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    if (CA->getOpcode() != BO_AddAssign || !refersTo(CA->getLHS(), L.Var))
      return std::nullopt;
    L.Step = CA->getRHS();
  } else {
    return std::nullopt;
  }
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

/// D: per distributed array, the element size times the extent of the
/// dimension that is not distributed (1 for a 1-D array).
std::string WorkModel::data() {
  Poly D;
  for (const ArrayModel &A : M.Arrays) {
    if (A.Role != ArrayRole::Distributed)
      continue;
    double Elem = Ctx.getTypeSizeInChars(A.ElemType).getQuantity();
    if (A.Dims == 1) {
      D.Constant += Elem;
      continue;
    }
    if (A.RowLength) {
      // Linearized: a row is RowLength elements.
      D += Poly(Elem).times("(" + A.RowLength->getName().str() + ")");
      continue;
    }
    if (A.Form == ArrayForm::VectorOfVectors) {
      // A row's length, or the number of rows, known when the loop runs.
      const std::string N = A.Var->getName().str();
      D += Poly(Elem).times(A.DistDim == 0 ? "(" + N + ".empty() ? 0 : " + N +
                                                 "[0].size())"
                                           : "(" + N + ".size())");
      continue;
    }
    if (A.Dims >= 3) {
      // Distributed by rows (LoopAnalyzer): a row is all the rest.
      QualType T = A.Type;
      QualType Row = A.Form == ArrayForm::CArray
                         ? Ctx.getAsArrayType(T)->getElementType()
                         : T->getPointeeType();
      D.Constant += Ctx.getTypeSizeInChars(Row).getQuantity();
      continue;
    }
    unsigned Other = 1 - A.DistDim;
    QualType T = A.Type;
    std::optional<double> Extent;
    const Expr *E = nullptr;
    if (A.Form == ArrayForm::CArray) {
      const auto *Rows = cast<ConstantArrayType>(Ctx.getAsArrayType(T));
      const auto *Row =
          cast<ConstantArrayType>(Ctx.getAsArrayType(Rows->getElementType()));
      Extent = (Other == 0 ? Rows : Row)->getSize().getZExtValue();
    } else if (A.Form == ArrayForm::PointerToArray && Other == 1) {
      Extent = cast<ConstantArrayType>(Ctx.getAsArrayType(T->getPointeeType()))
                   ->getSize()
                   .getZExtValue();
    } else {
      // The rows of a parameter declared `T a[N][M]` come from N as
      // written when no shape() gives them.
      E = A.Shape && Other < A.Shape->Extents.size() ? A.Shape->Extents[Other]
          : Other == 0                               ? A.DeclaredRows
                                                     : nullptr;
      Expr::EvalResult R;
      if (!E)
        Extent = 1;
      else if (E->EvaluateAsInt(R, Ctx))
        Extent = toDouble(R.Val.getInt());
    }
    if (Extent) {
      D.Constant += Elem * *Extent;
      continue;
    }
    D += Poly(Elem).times("(" + printed(E, Ctx) + ")");
  }
  return D.str();
}

} // namespace

void computeWorkAndData(LoopModel &M, ASTContext &Ctx) {
  WorkModel W(Ctx, M);
  auto Estimate = W.work();
  int Degree = Estimate.Degree;
  M.WorkEstimate = Estimate.Text;
  M.WorkEstimateUniform = Degree == Constant;
  M.WorkEstimateValue = Estimate.Value;
  M.WorkNotes = std::move(W.Notes);
  M.Data = W.data();
  if (const Expr *Cost = M.Ann->Cost) {
    M.Work = sourceText(Cost, Ctx);
    M.WorkUniform = !mentionsLambdaParam(Cost);
    Degree = indexDegree(Cost, [](const VarDecl *V) -> int {
      return isLambdaParam(V) ? Affine : Constant;
    });
    Expr::EvalResult R;
    if (M.WorkUniform && Cost->EvaluateAsRValue(R, Ctx)) {
      if (R.Val.isInt())
        M.WorkValue = toDouble(R.Val.getInt());
      else if (R.Val.isFloat())
        M.WorkValue = R.Val.getFloat().convertToDouble();
    }
  } else {
    M.Work = M.WorkEstimate;
    M.WorkUniform = Degree == Constant;
    M.WorkValue = M.WorkEstimateValue;
  }
  M.WorkAffine = !M.WorkUniform && Degree == Affine;
}

std::optional<double> operationsOf(const Stmt *S, const LoopModel &M,
                                   ASTContext &Ctx) {
  return WorkModel(Ctx, M).operations(S);
}

void remarkWorkAndData(const LoopModel &M, DiagnosticsEngine &DE) {
  SourceLocation Loc = M.Loop->getForLoc();
  StringRef Index = M.Index->getName();
  if (M.Ann->Cost) {
    report(DE, Loc, Diag::RemarkWorkFromCost)
        << Index << M.Work << M.WorkEstimate << M.Data;
    return;
  }
  report(DE, Loc, Diag::RemarkWork) << Index << M.Work << M.Data;
  for (const WorkNote &N : M.WorkNotes)
    report(DE, N.Loc, N.Kind);
}

void remarkSchedule(const LoopModel &M, DiagnosticsEngine &DE) {
  SourceLocation Loc = M.Loop->getForLoc();
  StringRef Index = M.Index->getName();
  if (M.Ann->Schedule != ScheduleKind::Bitonic) {
    if (M.WorkAffine && !M.Pipeline)
      report(DE, Loc, Diag::RemarkBitonicSuggested) << Index << M.Work;
    return;
  }
  // A bound as an operand of + and -.
  auto Operand = [&](const Expr *E) {
    const Expr *X = E->IgnoreImpCasts();
    const std::string Text = sourceText(E, M.Function->getASTContext());
    return isa<DeclRefExpr, IntegerLiteral, ParenExpr, CallExpr, MemberExpr>(X)
               ? Text
               : "(" + Text + ")";
  };
  const auto *Zero = dyn_cast<IntegerLiteral>(M.Lower->IgnoreImpCasts());
  const std::string Front =
      Zero && Zero->getValue() == 0 ? "p" : Operand(M.Lower) + " + p";
  const std::string Mirror =
      Operand(M.Upper) + (M.Inclusive ? " - p" : " - 1 - p");
  report(DE, Loc, Diag::RemarkBitonic)
      << Front << Mirror << Index << !(M.WorkUniform || M.WorkAffine);
}

} // namespace dlbcc
