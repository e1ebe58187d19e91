//===- ModelBuilder.cpp - The arrays and scalars of a LoopModel -----------===//
//
// Builds the LoopModel's arrays (role, shape, declared rows; each
// distributed one through ArrayDistribution) and scalars (live-ins,
// with the value of integral constants and of parameters every call
// passes the same constant), checks the clauses that name them, and
// collects the using declarations the kernel repeats.
//
//===----------------------------------------------------------------------===//
#include "LoopAnalyzer.h"
#include "dlbcc/Analysis/Segments.h"
#include "dlbcc/Support/CallSites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace dlbcc {

namespace {

/// Whether the body of \p F uses \p V other than by reading it (assigns
/// it, takes its address, binds a non-const reference to it).
bool changes(const VarDecl *V, const FunctionDecl *F) {
  ParentMap PM(F->getBody());
  struct Writes : RecursiveASTVisitor<Writes> {
    const VarDecl *V;
    ParentMap &PM;
    bool Found = false;
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      if (E->getDecl() == V && classifyUse(E, PM) != Use::Read)
        Found = true;
      return true;
    }
  } W{{}, V, PM};
  W.TraverseStmt(F->getBody());
  return W.Found;
}

/// What the argument \p Arg of a call is at translation time: the
/// initializer of a local integral variable that its function never
/// changes (`int n = N; ... kernel(n)`, where the compiler propagates N
/// into the call), else Arg itself.
const Expr *argumentSource(const Expr *Arg) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!V || isa<ParmVarDecl>(V) || !V->hasLocalStorage() || !V->getInit() ||
      V->getType().isVolatileQualified() ||
      !V->getType()->isIntegralOrEnumerationType())
    return Arg;
  const auto *F = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  return F && F->hasBody() && !changes(V, F) ? V->getInit() : Arg;
}

/// The value that every call passes to integral parameter \p P of \p F,
/// when F is internal to this file, never used but called, and never
/// assigns P; the arguments (or the initializers behind them,
/// argumentSource) go to \p Args.
std::optional<llvm::APSInt>
constantArgument(const ParmVarDecl *P, const FunctionDecl *F, ASTContext &Ctx,
                 std::vector<const Expr *> &Args) {
  if (!P->getType()->isIntegralOrEnumerationType() ||
      P->getType()->isReferenceType())
    return std::nullopt;
  const CallSites Finder = callSitesOf(F, Ctx);
  if (Finder.Escapes || Finder.Calls.empty() || changes(P, F))
    return std::nullopt;
  std::optional<llvm::APSInt> Value;
  const unsigned I = P->getFunctionScopeIndex();
  for (const CallExpr *C : Finder.Calls) {
    if (I >= C->getNumArgs())
      return std::nullopt;
    const Expr *Arg = argumentSource(C->getArg(I));
    Expr::EvalResult R;
    if (Arg->isValueDependent() || !Arg->EvaluateAsInt(R, Ctx))
      return std::nullopt;
    llvm::APSInt V = R.Val.getInt();
    if (Value && !llvm::APSInt::isSameValue(*Value, V))
      return std::nullopt;
    Value = V;
    Args.push_back(Arg);
  }
  return Value;
}

/// The number of rows of a variable-length array \p V, `sizeof V /
/// sizeof V[0]`: an expression made here, printed where the loop runs.
const Expr *variableRows(const VarDecl *V, ASTContext &Ctx) {
  const auto *VLA = Ctx.getAsVariableArrayType(V->getType());
  if (!VLA)
    return nullptr;
  QualType Size = Ctx.getSizeType();
  SourceLocation None;
  auto Ref = [&] {
    return DeclRefExpr::Create(Ctx, NestedNameSpecifierLoc(), None,
                               const_cast<VarDecl *>(V), false, None,
                               V->getType(), VK_LValue);
  };
  auto *First = new (Ctx) ArraySubscriptExpr(
      ImplicitCastExpr::Create(Ctx, Ctx.getArrayDecayedType(V->getType()),
                               CK_ArrayToPointerDecay, Ref(), nullptr,
                               VK_PRValue, FPOptionsOverride()),
      IntegerLiteral::Create(Ctx, llvm::APInt(32, 0), Ctx.IntTy, None),
      VLA->getElementType(), VK_LValue, OK_Ordinary, None);
  auto *Whole = new (Ctx)
      UnaryExprOrTypeTraitExpr(UETT_SizeOf, Ref(), Size, None, None);
  auto *Row =
      new (Ctx) UnaryExprOrTypeTraitExpr(UETT_SizeOf, First, Size, None, None);
  return BinaryOperator::Create(Ctx, Whole, Row, BO_Div, Size, VK_PRValue,
                                OK_Ordinary, None, FPOptionsOverride());
}

/// The number of rows of a parameter declared as an array with its extent
/// (`double a[N]`, `double a[N][M]`, C99's `double a[n]`), as written; null
/// for anything else.
const Expr *declaredRows(const VarDecl *V) {
  const auto *P = dyn_cast<ParmVarDecl>(V);
  const TypeSourceInfo *TSI = P ? P->getTypeSourceInfo() : nullptr;
  if (!TSI)
    return nullptr;
  auto Array = TSI->getTypeLoc().getAsAdjusted<ArrayTypeLoc>();
  return Array ? Array.getSizeExpr() : nullptr;
}

} // namespace

/// The using declarations in scope at the loop that its kernel repeats
/// (LoopModel::UsingDecls). One that declares variables only (`using ns::x;`)
/// is needed only for a constant global that the kernel reads without
/// re-declaring it: the kernel's own declarations hide the others (and g++
/// would report them as unused variables).
std::vector<const DeclStmt *>
LoopAnalyzer::usingDecls(const LoopModel &M) const {
  auto Needed = [&](const Decl *D) {
    const auto *U = dyn_cast<UsingDecl>(D);
    return !U || llvm::any_of(U->shadows(), [&](const UsingShadowDecl *S) {
      const auto *V = dyn_cast<VarDecl>(S->getTargetDecl());
      return !V || (ScalarReads.count(V) &&
                    llvm::none_of(M.Scalars, [&](const ScalarModel &X) {
                      return X.Var == V;
                    }));
    });
  };
  std::vector<const DeclStmt *> Out;
  DynTypedNode Child = DynTypedNode::create(*A.Loop);
  DynTypedNodeList Parents = Ctx.getParents(*A.Loop);
  while (!Parents.empty() && !Parents[0].get<FunctionDecl>()) {
    const DynTypedNode &N = Parents[0];
    if (const auto *CS = N.get<CompoundStmt>()) {
      std::vector<const DeclStmt *> Here;
      for (const Stmt *S : CS->body()) {
        if (S == Child.get<Stmt>())
          break;
        const auto *DS = dyn_cast<DeclStmt>(S);
        if (DS &&
            isa<UsingDirectiveDecl, UsingDecl, NamespaceAliasDecl>(
                *DS->decl_begin()) &&
            llvm::any_of(DS->decls(), Needed))
          Here.push_back(DS);
      }
      Out.insert(Out.begin(), Here.begin(), Here.end());
    }
    Child = N;
    Parents = Ctx.getParents(N);
  }
  return Out;
}

void LoopAnalyzer::checkShape(const VarDecl *V, const ArrayModel &AM,
                              bool IsPointer) {
  unsigned Want = AM.Form == ArrayForm::Pointer            ? 1
                  : AM.Form == ArrayForm::PointerToPointer ? 2
                                                           : 0;
  size_t Given = AM.Shape->Extents.size();
  bool RankOk = AM.Form == ArrayForm::PointerToArray
                    ? (Given == 1 || Given == 2)
                    : Given == Want;
  if (!IsPointer) {
    report(DE, AM.Shape->Array.Loc, Diag::ArrayShapeNotPointer)
        << V->getName();
    Failed = true;
  } else if (!RankOk) {
    report(DE, AM.Shape->Array.Loc, Diag::ArrayShapeRank)
        << unsigned(Given) << V->getName() << AM.Dims;
    Failed = true;
  } else if (AM.Form == ArrayForm::PointerToArray && Given == 2 &&
             !AM.variableRows()) {
    // T (*p)[M]: the type fixes the row length (at run time, T (*p)[m]).
    llvm::APInt M =
        cast<ConstantArrayType>(
            Ctx.getAsArrayType(AM.Type->getPointeeType()))
            ->getSize();
    Expr::EvalResult K;
    if (!AM.Shape->Extents[1]->EvaluateAsInt(K, Ctx) ||
        K.Val.getInt() != M.getZExtValue()) {
      report(DE, AM.Shape->ExtentLocs[1], Diag::ArrayShapeRowLength)
          << V->getName() << M.getZExtValue();
      Failed = true;
    }
  }
}

namespace {

/// Whether clause list \p L names \p V.
bool names(const SmallVectorImpl<NamedVar> &L, const VarDecl *V) {
  return llvm::any_of(L, [&](const NamedVar &N) { return N.Decl == V; });
}

} // namespace

void LoopAnalyzer::buildArrays(LoopModel &M) {
  // A reduction over an array that is not one-dimensional with a constant
  // size was seen as an array; buildScalars reports it, once.
  for (const ReductionSpec &R : Reductions)
    Arrays.erase(R.Var.Decl);
  for (auto &[V, AM] : Arrays) {
    buildArray(V, AM);
    M.Arrays.push_back(AM);
  }
  checkClauseArrays();
}

void LoopAnalyzer::buildArray(const VarDecl *V, ArrayModel &AM) {
  // Bitonic pairs and pipeline blocks see arrays through views of one or
  // two dimensions.
  const bool Bitonic = A.Schedule == ScheduleKind::Bitonic;
  if (AM.Dims >= 3 && (Bitonic || A.Kind == LoopKind::DoAcross)) {
    report(DE,
           AM.Accesses.empty() ? V->getLocation()
                               : AM.Accesses.front().Expr->getBeginLoc(),
           Diag::ViewHigherDim)
        << V->getName() << AM.Dims << !Bitonic;
    Failed = true;
  }
  if (AM.variableRows() && (Bitonic || A.Kind == LoopKind::DoAcross))
    rejectVariableRows(AM, Bitonic ? "under schedule(bitonic)"
                                   : "in a doacross pipeline");
  // An OpenMP loop names no arrays: those it writes are distributed.
  bool Dist =
      names(A.Distributed, V) || readByRows(AM) || (A.OpenMP && AM.Written);
  AM.Role = Dist ? ArrayRole::Distributed : ArrayRole::Whole;
  AM.Shape = A.shapeOf(V);
  const bool Variable = Ctx.getAsVariableArrayType(V->getType());
  AM.DeclaredRows = Variable ? variableRows(V, Ctx) : declaredRows(V);
  SourceLocation First = AM.Accesses.empty()
                             ? V->getLocation()
                             : AM.Accesses.front().Expr->getBeginLoc();
  bool IsPointer = AM.Form != ArrayForm::CArray &&
                   AM.Form != ArrayForm::Vector &&
                   AM.Form != ArrayForm::VectorOfVectors && !Variable;
  if (IsPointer && !AM.Shape && !AM.DeclaredRows) {
    report(DE, First, Diag::ArrayPointerNeedsShape) << V->getName();
    Failed = true;
  }
  if (AM.Shape)
    checkShape(V, AM, IsPointer);
  if (AM.Written) {
    auto Write = llvm::find_if(AM.Accesses,
                               [](const ArrayAccess &X) { return X.Write; });
    if (Write != AM.Accesses.end())
      First = Write->Expr->getBeginLoc();
  }
  AM.Segments = segments(AM);
  if (Histograms.count(V)) {
    report(DE, First, Diag::ArrayHistogram) << V->getName();
    Failed = true;
    Dist = false;
  } else if (AM.Written && names(A.Whole, V)) {
    report(DE, First, Diag::ArrayWholeWritten) << V->getName();
    Failed = true;
  } else if (AM.Written && !AM.Segments && scratch(AM)) {
    // One cause: whether or not it is in distribute().
    report(DE, First, Diag::ArrayScratch) << V->getName() << Index->getName();
    Failed = true;
    Dist = false;
  } else if (AM.Written && !Dist) {
    report(DE, First, Diag::ArrayWrittenNotDistributed) << V->getName();
    Failed = true;
  }
  if (Dist && (Bitonic || A.Kind == LoopKind::DoAcross))
    if (auto Row = llvm::find_if(AM.Accesses,
                                 [&](const ArrayAccess &X) {
                                   return X.Callee &&
                                          X.SubscriptExprs.size() < AM.Dims;
                                 });
        Row != AM.Accesses.end()) {
      report(DE, Row->Expr->getBeginLoc(), Diag::ArrayCallView)
          << V->getName() << Row->Callee->getName()
          << (Bitonic ? "under schedule(bitonic)" : "in a doacross pipeline");
      Failed = true;
      Dist = false;
    }
  if (Dist && !AM.Accesses.empty() && !AM.Segments) {
    if (AM.Dims == 1 && !delinearize(AM))
      Failed = true;
    else if (!distributeArray(AM))
      Failed = true;
    else if (AM.variableRows() && !AM.Windows.empty())
      rejectVariableRows(AM, "at rows away from every iteration's own");
    else if (AM.Written)
      if (A.Kind == LoopKind::DoAll)
        checkDependences(AM);
  }
}

const VarDecl *LoopAnalyzer::segments(const ArrayModel &AM) const {
  if (!AM.Written || A.Kind != LoopKind::DoAll ||
      A.Schedule == ScheduleKind::Bitonic || AM.variableRows() ||
      (AM.Form != ArrayForm::CArray && AM.Form != ArrayForm::Pointer &&
       AM.Form != ArrayForm::Vector))
    return nullptr;
  const VarDecl *S = segmentBounds(AM, Index, Ctx);
  auto It = S ? Arrays.find(S) : Arrays.end();
  if (It == Arrays.end() || It->second.Written || It->second.Dims != 1 ||
      !It->second.ElemType->isIntegerType())
    return nullptr;
  return S;
}

void LoopAnalyzer::rejectVariableRows(const ArrayModel &AM, StringRef What) {
  if (rejectOnce(Diag::ArrayVariableRows, AM.Var))
    report(DE,
           AM.Accesses.empty() ? AM.Var->getLocation()
                               : AM.Accesses.front().Expr->getBeginLoc(),
           Diag::ArrayVariableRows)
        << AM.Var->getName() << What;
}

void LoopAnalyzer::checkClauseArrays() {
  auto CheckNamed = [&](const NamedVar &N, StringRef Clause) {
    if (!arrayTypeInfo(N.Decl->getType(), Ctx)) {
      report(DE, N.Loc, Diag::ClauseVarNotArray) << N.Name << Clause;
      Failed = true;
      return;
    }
    auto It = Arrays.find(N.Decl);
    if (It == Arrays.end() || It->second.Accesses.empty())
      report(DE, N.Loc, Diag::ArrayNotUsed) << N.Name << Clause;
  };
  for (const NamedVar &N : A.Distributed)
    CheckNamed(N, "distribute");
  for (const NamedVar &N : A.Whole)
    CheckNamed(N, "whole");
  for (const ShapeSpec &S : A.Shapes)
    CheckNamed(S.Array, "shape");
}

void LoopAnalyzer::buildScalars(LoopModel &M) {
  for (const ReductionSpec &R : Reductions) {
    QualType T = R.Var.Decl->getType().getNonReferenceType();
    if ((!T->isArithmeticType() || T.isConstQualified()) &&
        !reductionArray(R.Var.Decl)) {
      report(DE, R.Var.Loc, Diag::ReductionNotScalar) << R.Var.Name;
      Failed = true;
      continue;
    }
    if (!UsedReductions.count(R.Var.Decl))
      report(DE, R.Var.Loc, Diag::ClauseVarNotUsed) << R.Var.Name;
    const ConstantArrayType *Array = reductionArray(R.Var.Decl);
    M.Reductions.push_back(
        {R.Var.Decl, R.Op, Array ? QualType(Array, 0) : QualType()});
  }
  for (const VarDecl *V : ScalarReads) {
    QualType T = V->getType().getNonReferenceType();
    ScalarModel S;
    S.Var = V;
    const Expr *Init = V->getAnyInitializer();
    // Constant globals are the same on every rank: the kernel sees them.
    if (V->hasGlobalStorage() && !V->isStaticLocal() &&
        T.isConstQualified() && Init && Init->isConstantInitializer(Ctx, false))
      continue;
    if (V->isUsableInConstantExpressions(Ctx) && T->isIntegralOrEnumerationType())
      if (const APValue *Val = V->evaluateValue(); Val && Val->isInt())
        S.ConstantValue = llvm::toString(Val->getInt(), 10, Val->getInt().isSigned());
    if (const auto *P = dyn_cast<ParmVarDecl>(V); P && !S.ConstantValue)
      if (std::optional<llvm::APSInt> Val =
              constantArgument(P, Function, Ctx, S.ConstantArgs))
        S.ConstantValue = llvm::toString(*Val, 10, Val->isSigned());
    M.Scalars.push_back(S);
  }
}

} // namespace dlbcc
