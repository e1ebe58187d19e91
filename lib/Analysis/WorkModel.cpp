//===- WorkModel.cpp - Work and data per iteration (W and D) --------------===//
//
// Owns the operation table and the counting rules of docs/annotations.md,
// "Work and data per iteration": one walk over the loop body (and the bodies
// of the functions it calls) that sums basic operations into a polynomial
// over the trip counts of inner loops (TripCounts.cpp), and D from the
// distributed arrays.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/WorkModel.h"
#include "WorkModelImpl.h"

#include "dlbcc/Analysis/CallChecker.h"
#include "dlbcc/Support/Text.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

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

} // namespace

double toDouble(const llvm::APSInt &I) {
  return I.isSigned() ? static_cast<double>(I.getSExtValue())
                      : static_cast<double>(I.getZExtValue());
}

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
      IndexFactors[T->Trips] = std::max(int(Affine), T->Index.Degree);
    P += Iteration.times(T->Trips);
  }
  return P;
}

/// D: per distributed array, the element size times the extent of the
/// dimension that is not distributed (1 for a 1-D array).
CostExpr WorkModel::data() {
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
      D += Poly(Elem).times(cost::paren(cost::name(A.RowLength)));
      continue;
    }
    if (A.Form == ArrayForm::VectorOfVectors) {
      // A row's length, or the number of rows, known when the loop runs.
      D += Poly(Elem).times(cost::paren(A.DistDim == 0 ? cost::rowSize(A.Var)
                                                       : cost::size(A.Var)));
      continue;
    }
    if (A.variableRows() && A.DistDim == 0) {
      // Distributed by rows: a row is its extents' product,
      // some of them the size expressions the type was declared with (an
      // estimate: the size is what they were at the declaration).
      Poly Row(Elem);
      for (QualType R = A.Type->getPointeeType();
           const ArrayType *AT = Ctx.getAsArrayType(R);
           R = AT->getElementType()) {
        const auto *V = dyn_cast<VariableArrayType>(AT);
        if (const auto *C = dyn_cast<ConstantArrayType>(AT))
          Row = Row.scaled(C->getSize().getZExtValue());
        else if (V && !V->getSizeExpr()->HasSideEffects(Ctx))
          Row = Row.times(cost::paren(cost::program(V->getSizeExpr())));
      }
      D += Row;
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
    D += Poly(Elem).times(cost::paren(cost::program(E)));
  }
  return D.expr();
}

void computeWorkAndData(LoopModel &M, ASTContext &Ctx) {
  WorkModel W(Ctx, M);
  auto Estimate = W.work();
  int Degree = Estimate.Degree;
  M.WorkEstimate = Estimate.Expr;
  M.WorkEstimateUniform = Degree == Constant;
  M.WorkEstimateValue = Estimate.Value;
  M.WorkNotes = std::move(W.Notes);
  M.Data = W.data();
  if (const Expr *Cost = M.Ann->Cost) {
    M.Work = cost::written(Cost);
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

void remarkWorkAndData(const LoopModel &M, CostSpeller Spell,
                       DiagnosticsEngine &DE) {
  SourceLocation Loc = M.Loop->getForLoc();
  StringRef Index = M.Index->getName();
  if (M.Ann->Cost) {
    report(DE, Loc, Diag::RemarkWorkFromCost)
        << Index << Spell(M.Work) << Spell(M.WorkEstimate) << Spell(M.Data);
    return;
  }
  report(DE, Loc, Diag::RemarkWork) << Index << Spell(M.Work) << Spell(M.Data);
  for (const WorkNote &N : M.WorkNotes)
    report(DE, N.Loc, N.Kind);
}

void remarkSchedule(const LoopModel &M, CostSpeller Spell,
                    DiagnosticsEngine &DE) {
  SourceLocation Loc = M.Loop->getForLoc();
  StringRef Index = M.Index->getName();
  if (M.Ann->Schedule != ScheduleKind::Bitonic) {
    if (M.WorkAffine && !M.Pipeline)
      report(DE, Loc, Diag::RemarkBitonicSuggested) << Index << Spell(M.Work);
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
