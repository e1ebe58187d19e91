//===- LoopLegality.cpp - What an annotated loop may be and contain -------===//
//
// The legality rules of docs/annotations.md that are not about one
// variable's uses: the loop's context (a free or member function, no
// template or lambda), its canonical form (and that of the loop a
// doacross pipelines), the statements and calls its body may hold
// (no early exit, no nested dlb loop, no member, local type or macro
// the kernel could not name), the scalars private to an iteration, and
// the expressions evaluated before the loop runs: bounds, shape extents
// and cost. Each rejection is a typed diagnostic (Diag).
//
//===----------------------------------------------------------------------===//
#include "LoopAnalyzer.h"

#include "dlbcc/Analysis/ExprQueries.h"
#include "dlbcc/Analysis/LoopForm.h"
#include "dlbcc/Analysis/Privatization.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace dlbcc {

bool LoopAnalyzer::VisitMemberExpr(MemberExpr *E) {
  if (isa<CXXThisExpr>(E->getBase()->IgnoreParenImpCasts()))
    reportMember(E->getMemberLoc(), E->getMemberDecl());
  return true;
}

bool LoopAnalyzer::VisitCXXThisExpr(CXXThisExpr *E) {
  // `this` itself; this->m is reported as m.
  const Stmt *P = PM.getParent(E);
  while (isa_and_nonnull<ImplicitCastExpr, ParenExpr>(P))
    P = PM.getParent(P);
  if (!isa_and_nonnull<MemberExpr>(P) && !ReportedThis) {
    ReportedThis = true;
    error(E->getBeginLoc(), Diag::LoopUsesThis);
  }
  return true;
}

bool LoopAnalyzer::classMember(const Decl *D) const {
  const auto *Method = dyn_cast<CXXMethodDecl>(Function);
  if (!Method)
    return false;
  const DeclContext *DC = D->getDeclContext();
  if (const auto *E = dyn_cast<EnumDecl>(DC))
    DC = E->getDeclContext();
  const auto *R = dyn_cast<CXXRecordDecl>(DC);
  if (!R || R->isLambda())
    return false;
  for (const DeclContext *C = Method->getParent(); C; C = C->getParent()) {
    const auto *Own = dyn_cast<CXXRecordDecl>(C);
    if (!Own)
      break;
    if (Own->getCanonicalDecl() == R->getCanonicalDecl() ||
        (Own->hasDefinition() && Own->isDerivedFrom(R)))
      return true;
  }
  return false;
}

void LoopAnalyzer::reportMember(SourceLocation Loc, const NamedDecl *D) {
  if (ReportedMembers.insert(D).second) {
    report(DE, Loc, Diag::LoopUsesMember) << D->getName();
    Failed = true;
  }
}

bool LoopAnalyzer::checkCanonical(const ForStmt *L, CanonicalLoop &C,
                                  bool AllowOther) {
  auto [V, Lower] = forIndex(L);
  if (!V || !Lower || V->hasGlobalStorage() ||
      V->getType()->isReferenceType()) {
    error(L->getForLoc(), Diag::LoopInitNotDecl);
    return false;
  }
  C.Index = V;
  C.Lower = Lower;
  C.IndexOutside = !isa<DeclStmt>(L->getInit());
  if (!V->getType()->isIntegerType()) {
    report(DE, V->getLocation(), Diag::LoopIndexNotInteger) << V->getName();
    Failed = true;
    return false;
  }
  // Up: i < upper, i <= upper (or upper > i, upper >= i). Down, a doall
  // only: i >= lower (or lower <= i), which runs the same iterations as
  // [lower, start] upwards; the order of a doall's iterations is free.
  const std::optional<ForBound> Cond = forBound(L, V);
  if (!Cond || mentions(Cond->Bound, V)) {
    error(L->getCond() ? L->getCond()->getBeginLoc() : L->getForLoc(),
          Diag::LoopCondNotCanonical);
    return false;
  }
  const Expr *Bound = Cond->Bound;
  const bool Down = Cond->Op == BO_GE || Cond->Op == BO_GT;
  const bool DownExclusive = Cond->Op == BO_GT;
  C.Inclusive = Cond->Op == BO_LE;
  // The step: ++i, i++, i += c, i = i + c (c a positive constant) and
  // their opposites.
  const Expr *Inc = L->getInc() ? L->getInc()->IgnoreParens() : nullptr;
  const long long Step = loopStep(Inc, V, Ctx);
  if (Step == 0 || (Step < 0) != Down) {
    error(Inc ? Inc->getBeginLoc() : L->getForLoc(),
          Diag::LoopIncNotCanonical);
    return false;
  }
  if (Down && (DownExclusive || !AllowOther)) {
    error(L->getCond()->IgnoreParenImpCasts()->getBeginLoc(),
          DownExclusive ? Diag::LoopDownExclusive : Diag::LoopDownPipelined);
    return false;
  }
  if (Step != 1 && Step != -1 && !AllowOther) {
    error(Inc->getBeginLoc(), Diag::LoopStridePipelined);
    return false;
  }
  C.Stride = Step < 0 ? -Step : Step;
  C.Descending = Down;
  if (Down) {
    C.Lower = Bound;
    C.Upper = Lower;
    C.Inclusive = true;
  } else {
    C.Upper = Bound;
  }
  return true;
}

bool LoopAnalyzer::checkPipelinedLoop(const ForStmt *L) {
  Outer = L;
  bool Ok = true;
  const auto *Body = dyn_cast<CompoundStmt>(L->getBody()); // else A.Loop
  for (const Stmt *S : Body ? Body->body() : ArrayRef<Stmt *>()) {
    const auto *E = dyn_cast<Expr>(S);
    if (S == A.Loop || (E && ACtx.MarkerLocs.count(E->getBeginLoc())) ||
        isa<NullStmt>(S))
      continue;
    // One cause: reported at the first statement besides the loop.
    if (Ok)
      error(S->getBeginLoc(), Diag::PipelineBodyNotOnlyLoop);
    Ok = false;
  }
  return checkCanonical(L, OuterForm, /*AllowOther=*/false) && Ok;
}

bool LoopAnalyzer::checkContext() {
  DynTypedNodeList Parents = Ctx.getParents(*A.Loop);
  while (!Parents.empty()) {
    const DynTypedNode &N = Parents[0];
    if (N.get<LambdaExpr>())
      return error(A.DirectiveLoc, Diag::LoopInLambda), false;
    if (const auto *F = N.get<FunctionDecl>()) {
      Function = F;
      break;
    }
    Parents = Ctx.getParents(N);
  }
  if (!Function)
    return error(A.DirectiveLoc, Diag::LoopInLambda), false;
  // A member function defined outside its class is fine: its kernel goes
  // before the definition, at namespace scope (members are checked where
  // the loop uses them).
  if (const auto *M = dyn_cast<CXXMethodDecl>(Function);
      M && M->getParent()->isLambda())
    return error(A.DirectiveLoc, Diag::LoopInLambda), false;
  if (Function->isTemplated())
    return error(A.DirectiveLoc, Diag::LoopInTemplate), false;
  return true;
}

void LoopAnalyzer::checkLocalType(QualType T, SourceLocation Loc) {
  for (QualType Cur = T; !Cur.isNull();) {
    const NamedDecl *D = nullptr;
    if (const auto *TT = Cur->getAs<TypedefType>())
      D = TT->getDecl();
    else if (const TagDecl *Tag = Cur->getAsTagDecl())
      D = Tag;
    if (const auto *R = dyn_cast_or_null<CXXRecordDecl>(D); R && R->isLambda())
      return; // lambdas are rejected where they appear
    if (D && classMember(D)) {
      reportMember(Loc, D);
      return;
    }
    if (D && D->getParentFunctionOrMethod()) {
      if (ReportedLocalTypes.insert(D).second) {
        // An unnamed enum or class is named as Clang prints its type.
        std::string Name = D->getDeclName()
                               ? D->getNameAsString()
                               : Ctx.getTypeDeclType(cast<TypeDecl>(D))
                                     .getAsString(Ctx.getPrintingPolicy());
        report(DE, Loc, Diag::LoopLocalType) << Name;
        Failed = true;
      }
      return;
    }
    QualType Next = Cur.getSingleStepDesugaredType(Ctx);
    if (Next == Cur) {
      if (Cur->isPointerType() || Cur->isReferenceType())
        Next = Cur->getPointeeType();
      else if (const ArrayType *AT = Ctx.getAsArrayType(Cur))
        Next = AT->getElementType();
      else
        break;
    }
    Cur = Next;
  }
}

bool LoopAnalyzer::VisitVarDecl(VarDecl *V) {
  Locals.insert(V);
  if (V->isStaticLocal()) {
    report(DE, V->getLocation(), Diag::LoopStaticLocal) << V->getName();
    Failed = true;
  }
  return true;
}

void LoopAnalyzer::checkMacros() {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceRange Body = A.Loop->getSourceRange();
  SourceLocation FunctionStart = Function->getOuterLocStart();
  auto Before = [&](SourceLocation X, SourceLocation Y) {
    return SM.isBeforeInTranslationUnit(X, Y);
  };
  llvm::StringSet<> Reported;
  for (const MacroUse &U : ACtx.Macros) {
    bool InLoop = !Before(U.Expansion, Body.getBegin()) &&
                  !Before(Body.getEnd(), U.Expansion);
    bool DefinedInside = U.Definition.isValid() &&
                         Before(FunctionStart, U.Definition);
    if (InLoop && DefinedInside && Reported.insert(U.Name).second) {
      report(DE, U.Expansion, Diag::LoopMacroDefinedInFunction) << U.Name;
      Failed = true;
    }
  }
}

bool LoopAnalyzer::TraverseStmt(Stmt *S) {
  // A nested pragma's marker: reported with its loop.
  if (auto *E = dyn_cast_or_null<Expr>(S);
      E && ACtx.MarkerLocs.count(E->getBeginLoc()))
    return true;
  return RecursiveASTVisitor::TraverseStmt(S);
}

bool LoopAnalyzer::TraverseForStmt(ForStmt *S) {
  if (Annotated.count(S))
    return error(S->getForLoc(), Diag::LoopNested);
  // An inner loop's index: declared in its init, or a private scalar.
  if (const VarDecl *V = forIndex(S).first;
      V && (isa<DeclStmt>(S->getInit()) || isLocal(V)))
    InnerIndices[V] = S;
  return RecursiveASTVisitor::TraverseForStmt(S);
}

void LoopAnalyzer::findPrivates() {
  // Scalars declared before the loop that each iteration writes before it
  // reads them: private to the iteration (each rank has its own).
  const SourceManager &SM = Ctx.getSourceManager();
  const SourceRange Loop = A.Loop->getSourceRange();
  struct Writes : RecursiveASTVisitor<Writes> {
    bool VisitBinaryOperator(BinaryOperator *B) {
      if (B->isAssignmentOp())
        add(B->getLHS());
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      if (U->isIncrementDecrementOp())
        add(U->getSubExpr());
      return true;
    }
    void add(const Expr *E) {
      if (const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParens()))
        if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
          Vars.insert({V, D->getLocation()});
    }
    /// Each variable written, with where it is first written.
    llvm::MapVector<const VarDecl *, SourceLocation> Vars;
  } W;
  W.TraverseStmt(const_cast<Stmt *>(A.Loop->getBody()));
  for (const auto &Written : W.Vars) {
    const VarDecl *V = Written.first;
    const bool Inside =
        !SM.isBeforeInTranslationUnit(V->getLocation(), Loop.getBegin()) &&
        !SM.isBeforeInTranslationUnit(Loop.getEnd(), V->getLocation());
    const bool Reduction = llvm::any_of(
        Reductions, [&](const auto &R) { return R.Var.Decl == V; });
    if (Inside || V == Index || Reduction || V->hasGlobalStorage() ||
        V->getType()->isReferenceType() || arrayTypeInfo(V->getType(), Ctx) ||
        inBounds(V) || !writtenBeforeRead(A.Loop->getBody(), V))
      continue;
    Privates.insert({V, Written.second});
    Locals.insert(V);
  }
  // Arrays that OpenMP makes private, and scratch arrays: each rank has its
  // own.
  findScratchArrays();
  for (const VarDecl *V :
       llvm::concat<const VarDecl *const>(A.PrivateArrays, ScratchArrays)) {
    Privates.insert({V, V->getLocation()});
    Locals.insert(V);
  }
}

void LoopAnalyzer::findScratchArrays() {
  // One-dimensional arrays of constant size declared before the loop, that
  // each iteration writes before it reads them and that nothing outside the
  // loop names: locals, statics, and globals of the file.
  struct Arrays : RecursiveASTVisitor<Arrays> {
    bool VisitDeclRefExpr(DeclRefExpr *D) {
      const auto *V = dyn_cast<VarDecl>(D->getDecl());
      const auto *T = V ? dyn_cast_or_null<ConstantArrayType>(
                              V->getType()->getAsArrayTypeUnsafe())
                        : nullptr;
      if (T && !T->getElementType()->isArrayType() && !isa<ParmVarDecl>(V))
        Found.insert(V);
      return true;
    }
    llvm::SetVector<const VarDecl *> Found;
  } Used;
  const Stmt *Body = A.Loop->getBody();
  Used.TraverseStmt(const_cast<Stmt *>(Body));
  const SourceManager &SM = Ctx.getSourceManager();
  const Stmt *Replaced = Outer ? Outer : A.Loop;
  for (const VarDecl *V : Used.Found) {
    if (namedInClauses(V) ||
        !SM.isBeforeInTranslationUnit(V->getLocation(),
                                      A.Loop->getBeginLoc()) ||
        usedOutside(Replaced, V, Function) ||
        !elementsWrittenBeforeRead(Body, V, Ctx, calleeUse()))
      continue;
    ScratchArrays.push_back(V);
  }
}

bool LoopAnalyzer::namedInClauses(const VarDecl *V) const {
  auto Is = [&](const NamedVar &N) { return N.Decl == V; };
  return llvm::any_of(A.Distributed, Is) || llvm::any_of(A.Whole, Is) ||
         llvm::any_of(Reductions,
                      [&](const ReductionSpec &R) { return Is(R.Var); }) ||
         llvm::is_contained(A.PrivateArrays, V);
}

bool LoopAnalyzer::inBounds(const VarDecl *V) const {
  return llvm::any_of(Recomputed,
                      [&](const Expr *B) { return mentions(B, V); });
}

void LoopAnalyzer::checkPrivatesDead() {
  // What replaces the loop (the pipelined loop of a doacross) ends where
  // the values of the privates would be read.
  const Stmt *Replaced = Outer ? Outer : A.Loop;
  for (const auto &[V, Loc] : Privates) {
    const bool Array = llvm::is_contained(A.PrivateArrays, V) ||
                       llvm::is_contained(ScratchArrays, V);
    if (!Array && aliased(V, Function, Ctx, calleeUse())) {
      report(DE, Loc, Diag::ScalarAddressKept) << V->getName();
      Failed = true;
    } else if (Array ? usedOutside(Replaced, V, Function)
                     : liveAfter(Replaced, V, Function, Ctx)) {
      report(DE, Loc, Diag::ScalarLiveAfter) << V->getName();
      Failed = true;
    }
  }
}

bool LoopAnalyzer::VisitBreakStmt(BreakStmt *S) {
  for (const Stmt *P = PM.getParent(S); P; P = PM.getParent(P)) {
    if (P == A.Loop)
      return exits(S, "break");
    if (isa<ForStmt>(P) || isa<WhileStmt>(P) || isa<DoStmt>(P) ||
        isa<CXXForRangeStmt>(P) || isa<SwitchStmt>(P))
      return true;
  }
  return true;
}

bool LoopAnalyzer::VisitGotoStmt(GotoStmt *S) {
  const LabelStmt *Target = S->getLabel()->getStmt();
  SourceRange Body = A.Loop->getBody()->getSourceRange();
  if (!Target || !Body.fullyContains(Target->getSourceRange()))
    return exits(S, "goto");
  return true;
}

bool LoopAnalyzer::iterationOwns(const VarDecl *V) {
  if (isLocal(V))
    return true;
  for (Diag D : {Diag::ScalarAddressTaken, Diag::ArrayUnsupportedUse,
                 Diag::ArrayPartialSubscript})
    Reported.insert({static_cast<unsigned>(D), V});
  return false;
}

bool LoopAnalyzer::VisitCallExpr(CallExpr *E) {
  // Subscripts and size() of arrays are handled as array uses.
  const Expr *Object = nullptr;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E))
    Object = Op->getNumArgs() ? Op->getArg(0) : nullptr;
  else if (const auto *M = dyn_cast<CXXMemberCallExpr>(E))
    Object = M->getImplicitObjectArgument();
  if (Object) {
    // The variable under any subscripts: `v[i]`, `w[i][j]`, `v.size()`.
    const Expr *Root = Object->IgnoreParenImpCasts();
    while (true) {
      if (const auto *S = dyn_cast<ArraySubscriptExpr>(Root))
        Root = S->getBase()->IgnoreParenImpCasts();
      else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Root);
               Op && Op->getOperator() == OO_Subscript)
        Root = Op->getArg(0)->IgnoreParenImpCasts();
      else
        break;
    }
    const auto *R = dyn_cast<DeclRefExpr>(Root);
    const auto *V = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
    if (V && !isLocal(V) && arrayTypeInfo(V->getType(), Ctx))
      return true;
    const auto *Method = dyn_cast_or_null<CXXMethodDecl>(E->getDirectCallee());
    if (V && isLocal(V) && Method &&
        (isValueClassOfStd(Method->getParent()) ||
         Method->getParent()->isLambda()))
      return true; // std value types, or a lambda already rejected
  }
  const FunctionDecl *F = E->getDirectCallee();
  if (!F) {
    report(DE, E->getBeginLoc(), Diag::CallUnknown) << "(indirect call)";
    Failed = true;
    return true;
  }
  if (!Calls.checkCall(
          F, E->getBeginLoc(), {E->getArgs(), E->getNumArgs()},
          [&](const VarDecl *V) { return iterationOwns(V); },
          [&](const VarDecl *V) { return accountsArguments(V); }))
    Failed = true;
  return true;
}

bool LoopAnalyzer::accountsArguments(const VarDecl *V) const {
  // A reduction's variable passed by address is an update, or its error
  // (handleReductionUse).
  return (!isLocal(V) && arrayTypeInfo(V->getType(), Ctx)) ||
         llvm::any_of(Reductions,
                      [&](const ReductionSpec &R) { return R.Var.Decl == V; });
}

bool LoopAnalyzer::VisitCXXConstructExpr(CXXConstructExpr *E) {
  const CXXConstructorDecl *C = E->getConstructor();
  if (C->isTrivial() || isValueClassOfStd(C->getParent()))
    return true;
  if (!Calls.checkCall(C, E->getBeginLoc(), {E->getArgs(), E->getNumArgs()},
                       [&](const VarDecl *V) { return iterationOwns(V); }))
    Failed = true;
  return true;
}

/// The bounds and shape extents are evaluated on rank 0 when the loop starts,
/// the cost wherever the runtime needs it: \p E must have no side effects and
/// call only functions a loop body may call, or size() and empty() of a
/// standard container. Reports a rejected call itself, and a side effect
/// through \p SideEffect.
bool LoopAnalyzer::checkPureExpr(
    const Expr *E, llvm::function_ref<void(SourceLocation)> SideEffect) {
  if (E->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false)) {
    SideEffect(E->getBeginLoc());
    return false;
  }
  return checkPureCalls(E, SideEffect);
}

bool LoopAnalyzer::checkPureCalls(
    const Stmt *S, llvm::function_ref<void(SourceLocation)> SideEffect) {
  if (!S)
    return true;
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(S)) {
    const CXXMethodDecl *Method = M->getMethodDecl();
    if (!Method || !Method->isConst() ||
        !Method->getParent()->isInStdNamespace() || !Method->getIdentifier() ||
        (Method->getName() != "size" && Method->getName() != "empty")) {
      SideEffect(M->getBeginLoc());
      return false;
    }
  } else if (const auto *C = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *F = C->getDirectCallee();
    if (!F) {
      report(DE, C->getBeginLoc(), Diag::CallUnknown) << "(indirect call)";
      return false;
    }
    if (!Calls.checkCall(F, C->getBeginLoc(), {C->getArgs(), C->getNumArgs()}))
      return false;
  }
  for (const Stmt *Child : S->children())
    if (!checkPureCalls(Child, SideEffect))
      return false;
  return true;
}

void LoopAnalyzer::checkBounds() {
  if (Outer)
    for (const Expr *B : {Lower, Upper})
      if (mentions(B, OuterForm.Index)) {
        report(DE, B->getBeginLoc(), Diag::PipelineBoundUsesOuter)
            << OuterForm.Index->getName();
        Failed = true;
      }
  for (const Expr *B : {Lower, Upper, OuterForm.Lower, OuterForm.Upper})
    if (B && !checkPureExpr(B, [&](SourceLocation Loc) {
          report(DE, Loc, Diag::LoopBoundSideEffects);
        }))
      Failed = true;
  for (const Expr *B : Recomputed)
    for (const VarDecl *V : WrittenVars) {
      // Writing the elements of a vector does not change its size().
      auto It = Arrays.find(V);
      if (It != Arrays.end() && (It->second.Form == ArrayForm::Vector ||
                                 It->second.Form == ArrayForm::VectorOfVectors))
        continue;
      if (mentions(B, V)) {
        report(DE, B->getBeginLoc(), Diag::LoopBoundWritten) << V->getName();
        Failed = true;
      }
    }
}

void LoopAnalyzer::checkClauseExpr(const Expr *E, StringRef Clause) {
  if (!checkPureExpr(E, [&](SourceLocation Loc) {
        report(DE, Loc, Diag::ClauseSideEffects) << Clause;
      }))
    Failed = true;
}

void LoopAnalyzer::checkShapes() {
  for (const ShapeSpec &S : A.Shapes)
    for (size_t K = 0; K < S.Extents.size(); ++K) {
      const Expr *E = S.Extents[K];
      if (!E->getType()->isIntegralOrUnscopedEnumerationType()) {
        report(DE, S.ExtentLocs[K], Diag::ArrayShapeNotInteger)
            << S.Array.Name << E->getType();
        Failed = true;
        continue;
      }
      checkClauseExpr(E, "shape");
    }
}

void LoopAnalyzer::checkCost() {
  if (!A.Cost)
    return;
  if (!A.Cost->getType()->isArithmeticType())
    error(A.CostLoc, Diag::CostNotArithmetic);
  else
    checkClauseExpr(A.Cost, "cost");
}

} // namespace dlbcc
