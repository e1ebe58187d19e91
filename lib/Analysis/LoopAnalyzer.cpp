//===- LoopAnalyzer.cpp - Build the model of an annotated loop ------------===//
//
// Owns the legality rules of docs/annotations.md: canonical loop form, what a
// distributed loop body may contain, how each variable is used (the forms
// of reduction updates are ReductionRules'), the roles and distributed
// dimensions of arrays, the loop-carried
// dependence test, and the expressions evaluated before the loop runs
// (bounds, shape extents, cost). Also collects the using declarations that
// the kernel must repeat; the work and data per iteration are WorkModel's.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/CallChecker.h"
#include "dlbcc/Analysis/ExprQueries.h"
#include "dlbcc/Analysis/LoopForm.h"
#include "dlbcc/Analysis/LoopModel.h"
#include "dlbcc/Analysis/Pipeline.h"
#include "dlbcc/Analysis/Privatization.h"
#include "dlbcc/Analysis/Reductions.h"
#include "dlbcc/Analysis/WorkModel.h"
#include "dlbcc/Support/Diagnostics.h"
#include "dlbcc/Support/Text.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace dlbcc {

const char *toString(ArrayForm F) {
  switch (F) {
  case ArrayForm::CArray:
    return "c-array";
  case ArrayForm::Vector:
    return "vector";
  case ArrayForm::Pointer:
    return "pointer";
  case ArrayForm::PointerToArray:
    return "pointer-to-array";
  case ArrayForm::PointerToPointer:
    return "pointer-to-pointer";
  case ArrayForm::VectorOfVectors:
    return "vector-of-vectors";
  }
  return "?";
}

namespace {

/// The array shape a declared type gives, if the type is array-like.
struct ArrayTypeInfo {
  ArrayForm Form = ArrayForm::CArray;
  unsigned Dims = 1;
  QualType Elem;
  bool Supported = true;
};

bool isStdVector(QualType T, QualType &Elem) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T->getAsCXXRecordDecl());
  if (!Spec || Spec->getName() != "vector" || !Spec->isInStdNamespace())
    return false;
  Elem = Spec->getTemplateArgs()[0].getAsType();
  return true;
}

std::optional<ArrayTypeInfo> arrayTypeInfo(QualType T, ASTContext &Ctx) {
  T = T.getNonReferenceType();
  ArrayTypeInfo I;
  // Each array level of E adds a dimension (3-D and more: T[R][Q][P]).
  auto Levels = [&](QualType E) {
    while (const auto *Inner = Ctx.getAsArrayType(E)) {
      ++I.Dims;
      I.Supported &= isa<ConstantArrayType>(Inner);
      E = Inner->getElementType();
    }
    I.Elem = E;
  };
  if (const auto *AT = Ctx.getAsArrayType(T)) {
    // A variable-length array is seen as the pointer to its rows it decays
    // to, its rows counted by sizeof (variableRows); its rows must have
    // constant extents.
    if (isa<VariableArrayType>(AT))
      I.Form = Ctx.getAsArrayType(AT->getElementType())
                   ? ArrayForm::PointerToArray
                   : ArrayForm::Pointer;
    else
      I.Supported = isa<ConstantArrayType>(AT);
    Levels(AT->getElementType());
  } else if (const auto *PT = T->getAs<PointerType>()) {
    QualType P = PT->getPointeeType();
    if (Ctx.getAsArrayType(P)) {
      I.Form = ArrayForm::PointerToArray;
      Levels(P);
    } else if (const auto *PP = P->getAs<PointerType>()) {
      I.Form = ArrayForm::PointerToPointer;
      I.Dims = 2;
      I.Elem = PP->getPointeeType();
    } else {
      I.Form = ArrayForm::Pointer;
      I.Elem = P;
    }
  } else if (isStdVector(T, I.Elem)) {
    I.Form = ArrayForm::Vector;
    // A matrix as C++ code often holds one: a vector of rows.
    if (QualType Inner; isStdVector(I.Elem, Inner)) {
      I.Form = ArrayForm::VectorOfVectors;
      I.Dims = 2;
      I.Elem = Inner;
    }
  } else {
    return std::nullopt;
  }
  I.Supported &= I.Elem->isArithmeticType() && !I.Elem->isArrayType();
  return I;
}

bool isTransferableScalar(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  return T->isArithmeticType() || T->isEnumeralType();
}

enum class Use { Read, Write, ReadWrite, Escape };

/// Does the implicit conversion \p C only add qualifiers to an lvalue, as
/// when a variable binds to a `const T &` parameter?
bool addsQualifiersOnly(const ImplicitCastExpr *C) {
  QualType To = C->getType().getCanonicalType();
  QualType From = C->getSubExpr()->getType().getCanonicalType();
  return C->getCastKind() == CK_NoOp && C->isGLValue() &&
         To.getUnqualifiedType() == From.getUnqualifiedType() &&
         To.isAtLeastAsQualifiedAs(From);
}

/// Does every object of \p R hold copies of arithmetic values only
/// (std::pair<int, double>, std::complex<double>, ...)? Its constructors then
/// only read their arguments, even through a forwarding reference.
bool holdsArithmeticCopies(const CXXRecordDecl *R) {
  const auto *S = dyn_cast<ClassTemplateSpecializationDecl>(R);
  if (!S || !isValueClassOfStd(S))
    return false;
  return llvm::all_of(S->getTemplateArgs().asArray(),
                      [](const TemplateArgument &Arg) {
                        if (Arg.getKind() != TemplateArgument::Type)
                          return true;
                        QualType T = Arg.getAsType().getCanonicalType();
                        return T->isArithmeticType() || T->isEnumeralType();
                      });
}

/// Does binding an lvalue to parameter \p I of \p F, a function called or a
/// constructor, only read the lvalue?
bool bindsForReading(const FunctionDecl *F, unsigned I) {
  if (I >= F->getNumParams())
    return false;
  QualType T = F->getParamDecl(I)->getType();
  if (T->isReferenceType() && T.getNonReferenceType().isConstQualified())
    return true;
  const auto *C = dyn_cast<CXXConstructorDecl>(F);
  return C && holdsArithmeticCopies(C->getParent());
}

/// How the lvalue \p E is used by its consumer.
Use classifyUse(const Expr *E, ParentMap &PM) {
  const Stmt *P = consumer(E, PM);
  if (!P)
    return Use::Read;
  if (const auto *C = dyn_cast<ImplicitCastExpr>(P)) {
    if (C->getCastKind() == CK_LValueToRValue)
      return Use::Read;
    // Made const to bind to a `const T &`: used the way the const lvalue is.
    return addsQualifiersOnly(C) ? classifyUse(C, PM) : Use::Escape;
  }
  // An lvalue operand of `c ? x : y` is used the way the conditional is
  // (the condition itself is always converted to an rvalue first).
  if (const auto *C = dyn_cast<ConditionalOperator>(P))
    return classifyUse(C, PM);
  if (const auto *B = dyn_cast<BinaryOperator>(P)) {
    if (B->isAssignmentOp() && B->getLHS() == E)
      return B->isCompoundAssignmentOp() ? Use::ReadWrite : Use::Write;
    return Use::Escape;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(P)) {
    if (U->isIncrementDecrementOp())
      return Use::ReadWrite;
    return Use::Escape;
  }
  if (isa<UnaryExprOrTypeTraitExpr>(P))
    return Use::Read;
  // An argument: read if its parameter only reads it.
  const FunctionDecl *F = nullptr;
  ArrayRef<const Expr *> Args;
  // The object of a member operator (`z *= x`) is an argument without a
  // parameter.
  unsigned Object = 0;
  if (const auto *Call = dyn_cast<CallExpr>(P)) {
    F = Call->getDirectCallee();
    Args = ArrayRef(Call->getArgs(), Call->getNumArgs());
    if (isa<CXXOperatorCallExpr>(Call) && isa_and_nonnull<CXXMethodDecl>(F))
      Object = 1;
  } else if (const auto *Construct = dyn_cast<CXXConstructExpr>(P)) {
    F = Construct->getConstructor();
    Args = ArrayRef(Construct->getArgs(), Construct->getNumArgs());
  }
  for (unsigned I = Object; F && I < Args.size(); ++I)
    if (Args[I] == E)
      return bindsForReading(F, I - Object) ? Use::Read : Use::Escape;
  return Use::Escape;
}

/// Every call of a function of this file only, in \p Ctx.
class CallsOf : public RecursiveASTVisitor<CallsOf> {
public:
  CallsOf(const FunctionDecl *F, ASTContext &Ctx) : F(F), Ctx(Ctx) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl()->getCanonicalDecl() != F->getCanonicalDecl())
      return true;
    // Only as the callee of a call: any other use may call it elsewhere.
    const CallExpr *Call = nullptr;
    DynTypedNodeList P = Ctx.getParents(*E);
    if (!P.empty())
      if (const auto *Cast = P[0].get<ImplicitCastExpr>()) {
        DynTypedNodeList Q = Ctx.getParents(*Cast);
        Call = Q.empty() ? nullptr : Q[0].get<CallExpr>();
      }
    if (Call && Call->getCallee()->IgnoreImpCasts() == E)
      Calls.push_back(Call);
    else
      Escapes = true;
    return true;
  }
  std::vector<const CallExpr *> Calls;
  bool Escapes = false;

private:
  const FunctionDecl *F;
  ASTContext &Ctx;
};

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
  if (F->isExternallyVisible() || F->isMain() || !F->hasBody() ||
      !P->getType()->isIntegralOrEnumerationType() ||
      P->getType()->isReferenceType() || changes(P, F))
    return std::nullopt;
  CallsOf Finder(F, Ctx);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  if (Finder.Escapes || Finder.Calls.empty())
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

/// A loop in canonical form: `for (T Index = Lower; Index < Upper; ++Index)`
/// (`<=` when Inclusive).
struct CanonicalLoop {
  const VarDecl *Index = nullptr;
  const Expr *Lower = nullptr;
  const Expr *Upper = nullptr;
  bool Inclusive = false;
  /// `for (i = lower; ...)`: the index is declared before the loop.
  bool IndexOutside = false;
  /// `for (i = upper; i >= lower; --i)`: Lower and Upper (inclusive) are
  /// the iterations as a range upwards.
  bool Descending = false;
  /// `i += 2`, `i -= 3`: the magnitude of the step (a doall only); the
  /// iterations are the indices of the range that the start value plus a
  /// multiple of it reaches.
  long long Stride = 1;
};

class LoopAnalyzer : public RecursiveASTVisitor<LoopAnalyzer> {
public:
  LoopAnalyzer(const Annotation &A, AnalysisContext &ACtx)
      : A(A), ACtx(ACtx), Ctx(ACtx.Ctx), DE(Ctx.getDiagnostics()),
        PM(const_cast<ForStmt *>(A.Loop)), Rules(PM, Ctx),
        Calls(Ctx, {ACtx.AnnotatedLoops.begin(), ACtx.AnnotatedLoops.end()}) {
    for (const ForStmt *L : ACtx.AnnotatedLoops)
      Annotated.insert(L);
  }

  std::optional<LoopModel> run();

  // Visitor callbacks over the loop body.
  bool TraverseStmt(Stmt *S);
  bool TraverseForStmt(ForStmt *S);
  /// Finds the scalars declared before the loop that are private to each
  /// iteration (Privatization.h) and treats them as locals of the body.
  void findPrivates();
  /// Reports the private scalars whose value after the loop is read.
  void checkPrivatesDead();
  /// Whether a bound that the loop evaluates again as it runs (Recomputed)
  /// names V: a write of V in the body is the bound's error, not a private.
  bool inBounds(const VarDecl *V) const;
  bool VisitDeclRefExpr(DeclRefExpr *E);
  bool VisitVarDecl(VarDecl *V);
  bool VisitTypeLoc(TypeLoc TL) {
    checkLocalType(TL.getType(), TL.getBeginLoc());
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    if (isa<CXXThisExpr>(E->getBase()->IgnoreParenImpCasts()))
      reportMember(E->getMemberLoc(), E->getMemberDecl());
    return true;
  }
  bool VisitCXXThisExpr(CXXThisExpr *E) {
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
  bool VisitCallExpr(CallExpr *E);
  bool VisitCXXConstructExpr(CXXConstructExpr *E);
  bool VisitBreakStmt(BreakStmt *S);
  bool VisitReturnStmt(ReturnStmt *S) { return exits(S, "return"); }
  bool VisitGotoStmt(GotoStmt *S);
  bool VisitIndirectGotoStmt(IndirectGotoStmt *S) { return exits(S, "goto"); }
  bool VisitCXXThrowExpr(CXXThrowExpr *S) { return exits(S, "throw"); }
  bool VisitCXXTryStmt(CXXTryStmt *S) { return unsupported(S); }
  bool VisitAsmStmt(AsmStmt *S) { return unsupported(S); }
  bool TraverseLambdaExpr(LambdaExpr *S) { return unsupported(S); }
  bool VisitCoreturnStmt(CoreturnStmt *S) { return unsupported(S); }
  bool VisitCoroutineSuspendExpr(CoroutineSuspendExpr *S) {
    return unsupported(S);
  }

private:
  bool error(SourceLocation Loc, Diag D) {
    report(DE, Loc, D);
    Failed = true;
    return true;
  }
  bool exits(const Stmt *S, StringRef What) {
    report(DE, S->getBeginLoc(), Diag::LoopEarlyExit) << What;
    Failed = true;
    return true;
  }
  bool unsupported(const Stmt *S) {
    return error(S->getBeginLoc(), Diag::LoopUnsupportedStmt);
  }
  bool isLocal(const VarDecl *V) const { return Locals.count(V); }
  /// In a member function: whether \p D (a variable, an enumerator, a
  /// function, a type) is a member of its class (or of a base or an
  /// enclosing class), which the body names without qualification and the
  /// kernel, at namespace scope, could not name.
  bool classMember(const Decl *D) const {
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
  /// Reports the member \p D of the function's class, once.
  void reportMember(SourceLocation Loc, const NamedDecl *D) {
    if (ReportedMembers.insert(D).second) {
      report(DE, Loc, Diag::LoopUsesMember) << D->getName();
      Failed = true;
    }
  }
  /// Marks the loop rejected; true the first time \p D is to be reported
  /// for \p V: each cause is reported once, at its first use.
  bool rejectOnce(Diag D, const VarDecl *V) {
    Failed = true;
    return Reported.insert({static_cast<unsigned>(D), V}).second;
  }

  /// Checks that \p L is `for (T x = lo; x < hi; ++x)` (or an equivalent
  /// form) and fills \p C.
  /// AllowOther: the loop may count down, and step by a constant other
  /// than one (a doall).
  bool checkCanonical(const ForStmt *L, CanonicalLoop &C, bool AllowOther);
  /// Reduction variable V's use D (an element of Array, for an array
  /// reduction); false if V is not a reduction variable.
  bool handleReductionUse(const DeclRefExpr *D, const VarDecl *V,
                          const ConstantArrayType *Array);
  /// V's type if it is a one-dimensional array of arithmetic elements with
  /// a constant size (for a parameter, as declared: `double y[N]`).
  const ConstantArrayType *reductionArray(const VarDecl *V) const {
    QualType Declared = V->getType().getNonReferenceType();
    if (const auto *P = dyn_cast<ParmVarDecl>(V))
      Declared = P->getOriginalType().getNonReferenceType();
    const ConstantArrayType *T = Ctx.getAsConstantArrayType(Declared);
    return T && T->getElementType()->isArithmeticType() &&
                   !T->getElementType().isConstQualified()
               ? T
               : nullptr;
  }
  /// Doacross: the enclosing loop's body holds nothing but the annotated
  /// loop (and its pragma), and its form is canonical.
  bool checkPipelinedLoop(const ForStmt *L);
  bool checkContext();
  std::vector<const DeclStmt *> usingDecls(const LoopModel &M) const;
  void checkLocalType(QualType T, SourceLocation Loc);
  void checkMacros();
  void handleArrayUse(const DeclRefExpr *D, const VarDecl *V,
                      const ArrayTypeInfo &TI);
  void handleScalarUse(const DeclRefExpr *D, const VarDecl *V);
  void buildArrays(LoopModel &M);
  /// The shape(...) clause of a pointer array: its rank, and the row
  /// length a pointer to rows fixes.
  void checkShape(const VarDecl *V, const ArrayModel &AM, bool IsPointer);
  bool distributeArray(ArrayModel &AM);
  /// An array that no access subscripts with the loop's index: written, it
  /// is scratch space every iteration overwrites (or a missed reduction).
  bool scratch(const ArrayModel &AM) const;
  bool readByRows(const ArrayModel &AM) const;
  /// Where the distributed dimension of one access is (Dim, the first
  /// access's choice) and the halo it reads (First: the first to count);
  /// or a fixed row (Acc.Pinned), or a diagnostic (false).
  bool distributedAccess(ArrayModel &AM, ArrayAccess &Acc, bool ByRows,
                         std::optional<unsigned> &Dim, bool &First);
  /// The fixed rows of AM's pinned reads (at most MaxPinnedRows of an
  /// array distributed by rows); false after a diagnostic.
  bool pinRows(ArrayModel &AM, std::optional<unsigned> Dim);
  /// The windows of AM's windowed reads (ArrayModel::Windows): each proved
  /// outside the rows the loop writes; false after a diagnostic.
  bool windowReads(ArrayModel &AM, std::optional<unsigned> Dim);
  /// The values V takes at access At: itself for a loop-invariant scalar,
  /// the span of an inner loop's index around At (bounded in turn).
  std::optional<AffineSpan> valuesAt(const ValueDecl *V, const Expr *At,
                                     unsigned Depth = 0) const;
  /// A subscript `(i + c) * n + column` of a 1-D array (LinearSubscript).
  struct LinearSubscript {
    const Expr *Row = nullptr;
    AffineForm RowForm;
    const VarDecl *Length = nullptr;
    AffineForm Column;
  };
  std::optional<LinearSubscript> linearSubscript(const Expr *E) const;
  bool delinearize(ArrayModel &AM);
  bool pinnable(const ArrayModel &AM, const ArrayAccess &Acc) const;
  bool invariantSymbol(const clang::ValueDecl *V) const;
  void checkDependences(const ArrayModel &AM);
  void buildScalars(LoopModel &M);
  bool checkPureExpr(const Expr *E,
                     llvm::function_ref<void(SourceLocation)> SideEffect);
  bool checkPureCalls(const Stmt *S,
                      llvm::function_ref<void(SourceLocation)> SideEffect);
  void checkBounds();
  void checkClauseExpr(const Expr *E, StringRef Clause);
  void checkShapes();
  void checkCost();
  std::string accessText(const ArrayAccess &Acc) const;

  const Annotation &A;
  const AnalysisContext &ACtx;
  ASTContext &Ctx;
  DiagnosticsEngine &DE;
  ParentMap PM;
  ReductionRules Rules;
  CallChecker Calls;
  llvm::SmallPtrSet<const ForStmt *, 8> Annotated;
  bool Failed = false;

  const VarDecl *Index = nullptr;
  const Expr *Lower = nullptr, *Upper = nullptr;
  /// The bounds that the sequential loop evaluates again as it runs: its
  /// condition's, and a pipelined loop's start (once per iteration of the
  /// enclosing loop). A start of a doall is evaluated once.
  llvm::SmallVector<const Expr *, 3> Recomputed;
  bool Inclusive = false;
  long long Stride = 1;
  const FunctionDecl *Function = nullptr;
  /// Doacross: the pipelined enclosing loop.
  const ForStmt *Outer = nullptr;
  CanonicalLoop OuterForm;

  llvm::SmallPtrSet<const VarDecl *, 16> Locals;
  llvm::SmallPtrSet<const VarDecl *, 16> WrittenVars;
  /// Inner loop indices and the loop that steps them, for Banerjee bounds.
  llvm::DenseMap<const VarDecl *, const ForStmt *> InnerIndices;
  llvm::SmallPtrSet<const VarDecl *, 8> ModifiedInnerIndices;
  llvm::MapVector<const VarDecl *, ArrayModel> Arrays;
  llvm::SetVector<const VarDecl *> ScalarReads;
  llvm::SmallPtrSet<const VarDecl *, 8> UsedReductions;
  llvm::DenseSet<std::pair<unsigned, const VarDecl *>> Reported;
  /// The private scalars, with where the loop first writes them.
  llvm::MapVector<const VarDecl *, SourceLocation> Privates;
  llvm::SmallPtrSet<const Expr *, 4> TruncatingReductions;
  llvm::SmallPtrSet<const NamedDecl *, 4> ReportedLocalTypes;
  llvm::SmallPtrSet<const NamedDecl *, 4> ReportedMembers;
  bool ReportedThis = false;
};

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
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      L->getCond() ? L->getCond()->IgnoreParenImpCasts() : nullptr);
  bool Down = false, DownExclusive = false;
  const Expr *Bound = nullptr;
  if (Cond) {
    BinaryOperatorKind K = Cond->getOpcode();
    const bool Left = refersTo(Cond->getLHS(), V);
    const bool Right = refersTo(Cond->getRHS(), V);
    if ((Left && (K == BO_LT || K == BO_LE)) ||
        (Right && (K == BO_GT || K == BO_GE))) {
      Bound = Left ? Cond->getRHS() : Cond->getLHS();
      C.Inclusive = K == BO_LE || K == BO_GE;
    } else if ((Left && (K == BO_GE || K == BO_GT)) ||
               (Right && (K == BO_LE || K == BO_LT))) {
      Bound = Left ? Cond->getRHS() : Cond->getLHS();
      Down = true;
      DownExclusive = K == BO_GT || K == BO_LT;
    }
  }
  if (!Bound || mentions(Bound, V)) {
    error(L->getCond() ? L->getCond()->getBeginLoc() : L->getForLoc(),
          Diag::LoopCondNotCanonical);
    return false;
  }
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
    error(Cond->getBeginLoc(),
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
  for (const Stmt *S : cast<CompoundStmt>(L->getBody())->body()) {
    const auto *E = dyn_cast<Expr>(S);
    if (S == A.Loop || (E && ACtx.MarkerLocs.count(E->getBeginLoc())) ||
        isa<NullStmt>(S))
      continue;
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
    const bool Reduction = llvm::any_of(A.Reductions, [&](const auto &R) {
      return R.Var.Decl == V;
    });
    if (Inside || V == Index || Reduction || V->hasGlobalStorage() ||
        V->getType()->isReferenceType() || arrayTypeInfo(V->getType(), Ctx) ||
        inBounds(V) || !writtenBeforeRead(A.Loop->getBody(), V))
      continue;
    Privates.insert({V, Written.second});
    Locals.insert(V);
  }
}

bool LoopAnalyzer::inBounds(const VarDecl *V) const {
  return llvm::any_of(Recomputed,
                      [&](const Expr *B) { return mentions(B, V); });
}

void LoopAnalyzer::checkPrivatesDead() {
  // What replaces the loop (the pipelined loop of a doacross) ends where
  // the values of the privates would be read.
  const Stmt *Replaced = Outer ? Outer : A.Loop;
  for (const auto &[V, Loc] : Privates)
    if (liveAfter(Replaced, V, Function, Ctx)) {
      report(DE, Loc, Diag::ScalarLiveAfter) << V->getName();
      Failed = true;
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
  if (!Calls.checkCall(F, E->getBeginLoc()))
    Failed = true;
  return true;
}

bool LoopAnalyzer::VisitCXXConstructExpr(CXXConstructExpr *E) {
  const CXXConstructorDecl *C = E->getConstructor();
  if (C->isTrivial() || isValueClassOfStd(C->getParent()))
    return true;
  if (!Calls.checkCall(C, E->getBeginLoc()))
    Failed = true;
  return true;
}

bool LoopAnalyzer::VisitDeclRefExpr(DeclRefExpr *E) {
  if (classMember(E->getDecl())) {
    reportMember(E->getLocation(), E->getDecl());
    return true;
  }
  if (const auto *C = dyn_cast<EnumConstantDecl>(E->getDecl())) {
    checkLocalType(Ctx.getTypeDeclType(cast<EnumDecl>(C->getDeclContext())),
                   E->getLocation());
    return true;
  }
  const auto *V = dyn_cast<VarDecl>(E->getDecl());
  if (!V)
    return true;
  if (V == Index || V == OuterForm.Index) {
    if (classifyUse(E, PM) != Use::Read &&
        rejectOnce(Diag::LoopIndexWritten, V))
      report(DE, E->getLocation(), Diag::LoopIndexWritten) << V->getName();
    return true;
  }
  if (isLocal(V)) {
    if (InnerIndices.count(V) && classifyUse(E, PM) != Use::Read) {
      // Its own loop's start and step change it as the header says.
      const ForStmt *Owner = InnerIndices[V];
      auto In = [&](const Stmt *Part) {
        return Part &&
               Part->getSourceRange().fullyContains(E->getSourceRange());
      };
      if (!In(Owner->getInc()) && !In(Owner->getInit()))
        ModifiedInnerIndices.insert(V);
    }
    return true;
  }
  if (E->hasQualifier()) {
    if (rejectOnce(Diag::LoopQualifiedName, V))
      report(DE, E->getBeginLoc(), Diag::LoopQualifiedName) << printed(E, Ctx);
    return true;
  }
  // A reduction over a one-dimensional array of numbers (OpenMP 4.5).
  if (const ConstantArrayType *R = reductionArray(V);
      R && handleReductionUse(E, V, R))
    return true;
  if (std::optional<ArrayTypeInfo> TI = arrayTypeInfo(V->getType(), Ctx))
    handleArrayUse(E, V, *TI);
  else
    handleScalarUse(E, V);
  return true;
}

bool LoopAnalyzer::handleReductionUse(const DeclRefExpr *D, const VarDecl *V,
                                      const ConstantArrayType *Array) {
  for (const ReductionSpec &R : A.Reductions) {
    if (R.Var.Decl != V)
      continue;
    UsedReductions.insert(V);
    WrittenVars.insert(V);
    // An array is updated element by element: V[e] (V decays first).
    const Expr *Occurrence = D;
    if (Array) {
      const auto *S = dyn_cast_or_null<ArraySubscriptExpr>(
          PM.getParent(PM.getParent(D)));
      Occurrence = S && S->getBase()->IgnoreParenImpCasts() == D
                       ? Rules.element(S, V)
                       : nullptr;
    }
    const Expr *Update =
        Occurrence ? Rules.update(Occurrence, V, R.Op) : nullptr;
    QualType T = Array ? Array->getElementType()
                       : V->getType().getNonReferenceType();
    if (Update && ReductionRules::truncates(Update, T)) {
      if (TruncatingReductions.insert(Update).second) {
        report(DE, Update->getBeginLoc(), Diag::ReductionTruncates)
            << V->getName();
        Failed = true;
      }
    } else if (!Update && rejectOnce(Diag::ReductionBadUse, V)) {
      report(DE, D->getLocation(), Diag::ReductionBadUse)
          << V->getName() << ReductionRules::form(R.Op, Array != nullptr);
    }
    return true;
  }
  return false;
}

void LoopAnalyzer::handleScalarUse(const DeclRefExpr *D, const VarDecl *V) {
  QualType T = V->getType().getNonReferenceType();
  if (!isTransferableScalar(T)) {
    if (rejectOnce(Diag::ScalarUnsupportedType, V))
      report(DE, D->getLocation(), Diag::ScalarUnsupportedType)
          << V->getName() << T;
    return;
  }
  if (handleReductionUse(D, V, nullptr))
    return;
  switch (classifyUse(D, PM)) {
  case Use::Read:
    ScalarReads.insert(V);
    return;
  case Use::Write:
  case Use::ReadWrite:
    WrittenVars.insert(V);
    // checkBounds reports a write of a variable of the bounds.
    if (!inBounds(V) && rejectOnce(Diag::ScalarWritten, V))
      report(DE, D->getLocation(), Diag::ScalarWritten) << V->getName();
    return;
  case Use::Escape:
    if (rejectOnce(Diag::ScalarAddressTaken, V))
      report(DE, D->getLocation(), Diag::ScalarAddressTaken) << V->getName();
    return;
  }
}

void LoopAnalyzer::handleArrayUse(const DeclRefExpr *D, const VarDecl *V,
                                  const ArrayTypeInfo &TI) {
  ArrayModel &AM = Arrays[V];
  if (!AM.Var) {
    AM.Var = V;
    AM.Type = V->getType().getNonReferenceType();
    if (Ctx.getAsVariableArrayType(AM.Type))
      AM.Type = Ctx.getArrayDecayedType(AM.Type);
    AM.Form = TI.Form;
    AM.Dims = TI.Dims;
    AM.ElemType = TI.Elem;
    if (!TI.Supported) {
      report(DE, D->getLocation(), Diag::ArrayUnsupportedType)
          << V->getName() << V->getType();
      Failed = true;
    }
  }
  // Climb through the subscripts applied to the array.
  ArrayAccess Acc;
  const Expr *Cur = D;
  while (const Stmt *P = PM.getParent(Cur)) {
    if (isa<ParenExpr>(P)) {
      Cur = cast<Expr>(P);
      continue;
    }
    if (const auto *C = dyn_cast<ImplicitCastExpr>(P)) {
      bool Step = C->getCastKind() == CK_ArrayToPointerDecay ||
                  C->getCastKind() == CK_NoOp ||
                  (C->getCastKind() == CK_LValueToRValue &&
                   Acc.SubscriptExprs.size() < TI.Dims);
      if (!Step)
        break;
      Cur = C;
      continue;
    }
    if (const auto *S = dyn_cast<ArraySubscriptExpr>(P);
        S && S->getBase() == Cur) {
      Acc.SubscriptExprs.push_back(S->getIdx());
      Cur = S;
      continue;
    }
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(P);
        Op && Op->getOperator() == OO_Subscript && Op->getArg(0) == Cur) {
      Acc.SubscriptExprs.push_back(Op->getArg(1));
      Cur = Op;
      continue;
    }
    break;
  }
  size_t K = Acc.SubscriptExprs.size();
  if (K == 0) {
    const auto *M = dyn_cast_or_null<MemberExpr>(PM.getParent(Cur));
    bool IsSize = M && TI.Form == ArrayForm::Vector &&
                  M->getMemberDecl()->getName() == "size" &&
                  isa_and_nonnull<CXXMemberCallExpr>(PM.getParent(M));
    const Diag Kind = TI.Form == ArrayForm::Vector ? Diag::ArrayVectorMember
                                                   : Diag::ArrayUnsupportedUse;
    AM.SizeUsed |= IsSize;
    if (!IsSize && rejectOnce(Kind, V))
      report(DE, D->getLocation(), Kind) << V->getName();
    return;
  }
  if (K < TI.Dims) {
    if (rejectOnce(Diag::ArrayPartialSubscript, V))
      report(DE, D->getLocation(), Diag::ArrayPartialSubscript)
          << V->getName() << TI.Dims;
    return;
  }
  Use U = classifyUse(Cur, PM);
  if (U == Use::Escape) {
    if (rejectOnce(Diag::ArrayUnsupportedUse, V))
      report(DE, D->getLocation(), Diag::ArrayUnsupportedUse) << V->getName();
    return;
  }
  Acc.Expr = Cur;
  Acc.Read = U != Use::Write;
  Acc.Write = U != Use::Read;
  for (const Expr *S : Acc.SubscriptExprs)
    Acc.Subs.push_back(affineForm(S, Ctx));
  AM.Written |= Acc.Write;
  if (Acc.Write)
    WrittenVars.insert(V);
  AM.Accesses.push_back(std::move(Acc));
}

std::string LoopAnalyzer::accessText(const ArrayAccess &Acc) const {
  return std::string(Acc.Write ? (Acc.Read ? "update" : "write") : "read") +
         " of '" + printed(Acc.Expr, Ctx) + "'";
}

/// Infers the distributed dimension and halo of a distributed array.
namespace {
/// A subscript `i + c` of the loop's index.
bool shifted(const std::optional<AffineForm> &F, const VarDecl *Index) {
  return F && F->onlyUses(Index) && F->coeff(Index) == 1;
}
} // namespace

bool LoopAnalyzer::distributedAccess(ArrayModel &AM, ArrayAccess &Acc,
                                     bool ByRows, std::optional<unsigned> &Dim,
                                     bool &First) {
  StringRef Name = AM.Var->getName(), IndexName = Index->getName();
  SmallVector<unsigned, 2> WithIndex, Candidates;
  for (unsigned K = 0; K < Acc.SubscriptExprs.size(); ++K)
    if (mentions(Acc.SubscriptExprs[K], Index)) {
      WithIndex.push_back(K);
      if (shifted(Acc.Subs[K], Index))
        Candidates.push_back(K);
    }
  SourceLocation Loc = Acc.Expr->getBeginLoc();
  // A read of a written array away from the iteration's own element may
  // see what another iteration writes: the loop is not parallel.
  // One error per array and cause, at its first access.
  auto Reject = [&](Diag Kind) {
    const bool Carried = !Acc.Write && AM.Written;
    if (!rejectOnce(Carried ? Diag::ArrayDistCarried : Kind, AM.Var))
      return false;
    if (Carried)
      report(DE, Loc, Diag::ArrayDistCarried)
          << Name << printed(Acc.Expr, Ctx) << IndexName;
    else
      report(DE, Loc, Kind) << Name << IndexName;
    return false;
  };
  // A read of a written array away from every iteration's own element: a
  // window, if windowReads proves it outside the rows the loop writes; of
  // an array distributed by rows, a fixed row is pinned instead (a copy of
  // one row).
  const bool Window = WithIndex.empty() && !Acc.Write && AM.Written &&
                      A.Kind == LoopKind::DoAll &&
                      A.Schedule != ScheduleKind::Bitonic;
  if ((WithIndex.empty() || ByRows) && !(Window && !ByRows) &&
      pinnable(AM, Acc)) {
    Acc.Pinned = true;
    return true;
  }
  if (Window) {
    Acc.Windowed = true;
    return true;
  }
  if (WithIndex.empty())
    return Reject(AM.Accesses.size() == 1 ? Diag::ArrayDistNoIndex
                                          : Diag::ArrayDistSubscriptForm);
  if (WithIndex.size() > 1 && Candidates.empty()) {
    report(DE, Loc, Diag::ArrayDistSeveralDims) << Name << IndexName;
    return false;
  }
  unsigned D = WithIndex.front();
  if (!Candidates.empty())
    D = Dim && llvm::is_contained(Candidates, *Dim) ? *Dim
                                                    : Candidates.front();
  if (Dim && *Dim != D) {
    report(DE, Loc, Diag::ArrayDistInconsistentDim) << Name << D << *Dim;
    return false;
  }
  Dim = D;
  const std::optional<AffineForm> &F = Acc.Subs[D];
  if (!shifted(F, Index))
    return Reject(Diag::ArrayDistSubscriptForm);
  if (Acc.Write && F->Constant != 0) {
    report(DE, Loc, Diag::ArrayDistWriteOffset) << Name << IndexName;
    return false;
  }
  long long C = Acc.Write ? 0 : F->Constant;
  AM.HaloLo = First ? C : std::min(AM.HaloLo, C);
  AM.HaloHi = First ? C : std::max(AM.HaloHi, C);
  First = false;
  return true;
}

/// Whether a read-only array is read at rows `i + c` of the index only (the
/// other subscripts free): distributed by rows with its halo it gives every
/// iteration the same values as a whole copy, moves a rank's rows instead
/// of the array, and stays on the ranks across a time loop like any
/// distributed array (a Jacobi sweep annotated whole(A) sent all of A at
/// every step).
bool LoopAnalyzer::readByRows(const ArrayModel &AM) const {
  // A const std::vector stays whole (LoopRun::distVector and distRows take
  // vectors they may write to).
  const bool ConstVector =
      (AM.Form == ArrayForm::Vector || AM.Form == ArrayForm::VectorOfVectors) &&
      AM.Var->getType().getNonReferenceType().isConstQualified();
  return !ConstVector && !AM.Written && !AM.Accesses.empty() &&
         A.Kind == LoopKind::DoAll &&
         A.Schedule != ScheduleKind::Bitonic &&
         llvm::all_of(AM.Accesses, [&](const ArrayAccess &Acc) {
           return !Acc.Subs.empty() && shifted(Acc.Subs[0], Index);
         });
}

bool LoopAnalyzer::scratch(const ArrayModel &AM) const {
  return llvm::none_of(AM.Accesses, [&](const ArrayAccess &Acc) {
    return llvm::any_of(Acc.SubscriptExprs,
                        [&](const Expr *S) { return mentions(S, Index); });
  });
}

bool LoopAnalyzer::distributeArray(ArrayModel &AM) {
  std::optional<unsigned> Dim;
  bool Ok = true;
  AM.HaloLo = AM.HaloHi = 0;
  bool First = true;
  // The distributed dimension is subscripted `i + c` in every access; the
  // others may hold anything, the index too (`A[i][i]`, `L[i][i - 1]`).
  // A read at a fixed row (PinnedRow) may take any column, the index too
  // (Cholesky's A[k][i]), when the array is distributed by rows elsewhere.
  const bool ByRows = llvm::any_of(AM.Accesses, [&](const ArrayAccess &Acc) {
    return shifted(Acc.Subs[0], Index);
  });
  for (ArrayAccess &Acc : AM.Accesses)
    Ok &= distributedAccess(AM, Acc, ByRows, Dim, First);
  if (AM.Written) {
    AM.HaloLo = std::min(AM.HaloLo, 0LL);
    AM.HaloHi = std::max(AM.HaloHi, 0LL);
  }
  // Three or more dimensions: blocks of rows (each a contiguous slab).
  // Pipelines and bitonic pairs reject them anyway (ViewHigherDim).
  if (Dim && *Dim != 0 && AM.Dims >= 3 && A.Kind == LoopKind::DoAll &&
      A.Schedule != ScheduleKind::Bitonic) {
    report(DE, AM.Accesses.front().Expr->getBeginLoc(),
           Diag::ArrayDistHigherDim)
        << AM.Var->getName() << AM.Dims << Index->getName();
    Ok = false;
  }
  if (Dim)
    AM.DistDim = *Dim;
  Ok &= windowReads(AM, Dim);
  return pinRows(AM, Dim) && Ok;
}

std::optional<AffineSpan> LoopAnalyzer::valuesAt(const ValueDecl *V,
                                                 const Expr *At,
                                                 unsigned Depth) const {
  const auto *Var = dyn_cast<VarDecl>(V);
  if (Var && invariantSymbol(Var)) {
    AffineForm F;
    F.Coeffs[Var] = 1;
    return AffineSpan{F, F};
  }
  auto It = Var ? InnerIndices.find(Var) : InnerIndices.end();
  if (It == InnerIndices.end() || ModifiedInnerIndices.count(Var) ||
      Depth > 8)
    return std::nullopt;
  // Inside its loop's body only: after the loop, the index is one past.
  const ForStmt *L = It->second;
  const SourceManager &SM = Ctx.getSourceManager();
  auto Place = [&](SourceLocation L) { return SM.getExpansionLoc(L); };
  const SourceRange Body = L->getBody()->getSourceRange();
  if (SM.isBeforeInTranslationUnit(Place(At->getBeginLoc()),
                                   Place(Body.getBegin())) ||
      SM.isBeforeInTranslationUnit(Place(Body.getEnd()),
                                   Place(At->getEndLoc())))
    return std::nullopt;
  std::optional<AffineSpan> Header = indexSpan(L, Ctx);
  if (!Header)
    return std::nullopt;
  auto Of = [&](const ValueDecl *W) { return valuesAt(W, At, Depth + 1); };
  std::optional<AffineSpan> Lo = spanOf(Header->Lo, Of);
  std::optional<AffineSpan> Hi = spanOf(Header->Hi, Of);
  if (!Lo || !Hi)
    return std::nullopt;
  return AffineSpan{Lo->Lo, Hi->Hi};
}

bool LoopAnalyzer::windowReads(ArrayModel &AM, std::optional<unsigned> Dim) {
  // The rows the loop writes: those of its iterations, [Lower, Last].
  std::optional<AffineForm> First = affineForm(Lower, Ctx);
  std::optional<AffineForm> Last = affineForm(Upper, Ctx);
  if (Last && !Inclusive) {
    AffineForm One;
    One.Constant = 1;
    Last = sum(*Last, One, -1);
  }
  bool Ok = true;
  for (ArrayAccess &Acc : AM.Accesses) {
    if (!Acc.Windowed)
      continue;
    std::optional<AffineSpan> W;
    if (Dim && Acc.Subs[*Dim])
      W = spanOf(*Acc.Subs[*Dim], [&](const ValueDecl *V) {
        return valuesAt(V, Acc.Expr);
      });
    if (W && ((First && alwaysBelow(W->Hi, *First)) ||
              (Last && alwaysBelow(*Last, W->Lo)))) {
      AM.Windows.push_back(*W);
      continue;
    }
    Acc.Windowed = false;
    Ok = false;
    if (rejectOnce(Diag::ArrayDistCarried, AM.Var))
      report(DE, Acc.Expr->getBeginLoc(), Diag::ArrayDistCarried)
          << AM.Var->getName() << printed(Acc.Expr, Ctx) << Index->getName();
  }
  return Ok;
}

bool LoopAnalyzer::pinRows(ArrayModel &AM, std::optional<unsigned> Dim) {
  // Of an array distributed by rows, at most MaxPinnedRows of them;
  // otherwise the reads are what they seemed, reads of other iterations'
  // elements.
  bool Ok = true;
  for (ArrayAccess &Acc : AM.Accesses) {
    if (!Acc.Pinned)
      continue;
    const std::string Row = printed(Acc.SubscriptExprs[0], Ctx);
    auto Same = llvm::find_if(AM.Pins, [&](const PinnedRow &P) {
      return printed(P.Row, Ctx) == Row;
    });
    const bool Fits = Same != AM.Pins.end() ||
                      AM.Pins.size() < ArrayModel::MaxPinnedRows;
    if (!Dim || *Dim != 0 || !Fits) {
      Acc.Pinned = false;
      Ok = false;
      const Diag Kind = AM.Written ? Diag::ArrayDistCarried
                        : Dim      ? Diag::ArrayDistSubscriptForm
                                   : Diag::ArrayDistNoIndex;
      if (!rejectOnce(Kind, AM.Var))
        continue;
      if (AM.Written)
        report(DE, Acc.Expr->getBeginLoc(), Kind)
            << AM.Var->getName() << printed(Acc.Expr, Ctx)
            << Index->getName();
      else
        report(DE, Acc.Expr->getBeginLoc(), Kind)
            << AM.Var->getName() << Index->getName();
      continue;
    }
    if (Same == AM.Pins.end())
      Same = AM.Pins.insert(AM.Pins.end(), PinnedRow{Acc.SubscriptExprs[0], {}});
    // The prefix of the subscripts up to the row: the element of a 1-D
    // array, the row of a 2-D one.
    const Expr *Prefix = Acc.Expr;
    if (AM.Dims == 2)
      Prefix = cast<ArraySubscriptExpr>(Acc.Expr)->getBase()->IgnoreParenImpCasts();
    Same->Prefixes.push_back(Prefix);
  }
  return Ok;
}

/// The subscript as `(i + c) * n + column` (the product either way round,
/// anywhere in a chain of + and -): n a loop-invariant integer scalar, the
/// column affine.
std::optional<LoopAnalyzer::LinearSubscript>
LoopAnalyzer::linearSubscript(const Expr *E) const {
  SmallVector<std::pair<const Expr *, bool>, 4> Terms;
  chainTerms(E, /*Product=*/false, Terms);
  LinearSubscript L;
  for (const auto &[T, Minus] : Terms) {
    const auto *B = dyn_cast<BinaryOperator>(T->IgnoreParenImpCasts());
    if (B && B->getOpcode() == BO_Mul && !Minus && !L.Length) {
      for (const auto &[Row, Length] :
           {std::pair(B->getLHS(), B->getRHS()),
            std::pair(B->getRHS(), B->getLHS())}) {
        const auto *D = dyn_cast<DeclRefExpr>(Length->IgnoreParenImpCasts());
        const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
        if (!V || !V->getType()->isIntegerType() || !invariantSymbol(V) ||
            !mentions(Row, Index))
          continue;
        std::optional<AffineForm> F = affineForm(Row, Ctx);
        if (!F || !F->onlyUses(Index) || F->coeff(Index) != 1)
          return std::nullopt;
        L.Row = Row;
        L.RowForm = *F;
        L.Length = V;
        break;
      }
      if (L.Length)
        continue;
    }
    std::optional<AffineForm> F = affineForm(T, Ctx);
    if (!F)
      return std::nullopt;
    const long long Sign = Minus ? -1 : 1;
    L.Column.Constant += Sign * F->Constant;
    for (const auto &[V, C] : F->Coeffs)
      L.Column.Coeffs[V] += Sign * C;
  }
  if (!L.Length)
    return std::nullopt;
  L.Column.Coeffs.remove_if([](const auto &P) { return P.second == 0; });
  return L;
}

/// A distributed 1-D array indexed `(i + c) * n + column` in one of its
/// accesses is a matrix stored by rows of n elements (delinearization):
/// every access must have that form with the same n; each then gets the
/// two subscripts (i + c, column). The runtime checks each column against
/// n before the loop (AccessChecks). False after reporting an error.
bool LoopAnalyzer::delinearize(ArrayModel &AM) {
  SmallVector<std::optional<LinearSubscript>, 4> Forms;
  const VarDecl *Length = nullptr;
  for (const ArrayAccess &Acc : AM.Accesses) {
    Forms.push_back(linearSubscript(Acc.SubscriptExprs[0]));
    if (Forms.back() && !Length)
      Length = Forms.back()->Length;
  }
  if (!Length)
    return true;
  StringRef Name = AM.Var->getName();
  const SourceLocation First = AM.Accesses.front().Expr->getBeginLoc();
  if (A.Kind != LoopKind::DoAll || A.Schedule == ScheduleKind::Bitonic) {
    report(DE, First, Diag::ArrayLinearSchedule) << Name << Length->getName();
    return false;
  }
  if (AM.SizeUsed) {
    report(DE, First, Diag::ArrayLinearSize)
        << Name << Length->getName() << Index->getName();
    return false;
  }
  for (size_t K = 0; K < AM.Accesses.size(); ++K) {
    const SourceLocation Loc = AM.Accesses[K].Expr->getBeginLoc();
    if (!Forms[K]) {
      report(DE, Loc, Diag::ArrayLinearForm)
          << Name << Index->getName() << Length->getName();
      return false;
    }
    if (Forms[K]->Length != Length) {
      report(DE, Loc, Diag::ArrayLinearRowLength)
          << Name << Forms[K]->Length->getName() << Length->getName();
      return false;
    }
  }
  for (size_t K = 0; K < AM.Accesses.size(); ++K) {
    ArrayAccess &Acc = AM.Accesses[K];
    Acc.SubscriptExprs = {Forms[K]->Row};
    Acc.Subs = {Forms[K]->RowForm, Forms[K]->Column};
  }
  AM.Dims = 2;
  AM.RowLength = Length;
  return true;
}

bool LoopAnalyzer::invariantSymbol(const ValueDecl *V) const {
  const auto *Var = dyn_cast<VarDecl>(V);
  return Var && Var != Index && !isLocal(Var) && !InnerIndices.count(Var) &&
         !Arrays.count(Var) && !Privates.count(Var) &&
         !llvm::any_of(A.Reductions, [&](const ReductionSpec &R) {
           return R.Var.Decl == Var;
         });
}

/// A read of a fixed row (the first subscript names only loop-invariant
/// scalars) of an array of one or two dimensions, outside the rows the
/// loop writes: those of its iterations, [Lower, Upper) (or ]). As written
/// in the source, not through a macro, in a doall loop of contiguous
/// iterations (no pairs, no pipeline).
bool LoopAnalyzer::pinnable(const ArrayModel &AM,
                            const ArrayAccess &Acc) const {
  if (Acc.Write || AM.Dims > 2 || AM.RowLength || A.Kind != LoopKind::DoAll ||
      A.Schedule == ScheduleKind::Bitonic || Acc.Expr->getBeginLoc().isMacroID() ||
      Acc.Expr->getEndLoc().isMacroID() || (AM.Dims == 2 &&
      !isa<ArraySubscriptExpr>(Acc.Expr)))
    return false;
  const std::optional<AffineForm> &F = Acc.Subs[0];
  if (!F || !llvm::all_of(F->Coeffs, [&](const auto &C) {
        return invariantSymbol(C.first);
      }))
    return false;
  if (!AM.Written)
    return true;
  // X < Y for every value of the symbols: the same symbols, and a smaller
  // constant.
  auto Below = [](const AffineForm &X, const AffineForm &Y) {
    if (X.Coeffs.size() != Y.Coeffs.size())
      return false;
    for (const auto &[V, C] : X.Coeffs)
      if (Y.coeff(V) != C)
        return false;
    return X.Constant < Y.Constant;
  };
  const std::optional<AffineForm> Lo = affineForm(Lower, Ctx);
  const std::optional<AffineForm> Hi = affineForm(Upper, Ctx);
  if (Lo && Below(*F, *Lo))
    return true;
  if (!Hi)
    return false;
  // Above the last iteration: F > Upper (inclusive) or F >= Upper.
  AffineForm Last = *Hi;
  Last.Constant -= Inclusive ? 0 : 1;
  return Below(Last, *F);
}

void LoopAnalyzer::checkDependences(const ArrayModel &AM) {
  DependenceContext DC;
  DC.Index = Index;
  Expr::EvalResult LB, UB;
  if (Lower->EvaluateAsInt(LB, Ctx) && Upper->EvaluateAsInt(UB, Ctx)) {
    long long Hi = UB.Val.getInt().getSExtValue() - (Inclusive ? 0 : 1);
    DC.IndexBounds = VarBounds{LB.Val.getInt().getSExtValue(), Hi};
  }
  for (const VarDecl *V : Locals) {
    std::optional<VarBounds> B;
    auto It = InnerIndices.find(V);
    if (It != InnerIndices.end() && !ModifiedInnerIndices.count(V)) {
      const auto *Cond = dyn_cast_or_null<BinaryOperator>(
          It->second->getCond() ? It->second->getCond()->IgnoreParenImpCasts()
                                : nullptr);
      Expr::EvalResult Lo, Hi;
      if (Cond && refersTo(Cond->getLHS(), V) && V->getInit() &&
          (Cond->getOpcode() == BO_LT || Cond->getOpcode() == BO_LE) &&
          V->getInit()->EvaluateAsInt(Lo, Ctx) &&
          Cond->getRHS()->EvaluateAsInt(Hi, Ctx))
        B = VarBounds{Lo.Val.getInt().getSExtValue(),
                      Hi.Val.getInt().getSExtValue() -
                          (Cond->getOpcode() == BO_LT ? 1 : 0)};
    }
    DC.IterationVars[V] = B;
  }
  for (size_t I = 0; I < AM.Accesses.size(); ++I) {
    const ArrayAccess &W = AM.Accesses[I];
    if (!W.Write)
      continue;
    for (size_t J = 0; J < AM.Accesses.size(); ++J) {
      const ArrayAccess &X = AM.Accesses[J];
      if (J < I && X.Write)
        continue; // pair already tested the other way round
      if (X.Pinned || X.Windowed)
        continue; // outside the written rows (pinnable, windowReads)
      DependenceResult R = testDependence(W.Subs, X.Subs, DC);
      if (R.Kind == DependenceResult::Independent)
        continue;
      // Iterations of a loop stepping by c lie a multiple of c apart.
      if (R.Distance && *R.Distance % Stride != 0)
        continue;
      std::string Distance =
          R.Distance ? "distance " + std::to_string(*R.Distance) + " in '" +
                           Index->getName().str() + "'"
                     : "unknown distance";
      report(DE, X.Expr->getBeginLoc(), Diag::Dependence)
          << AM.Var->getName() << Distance;
      report(DE, W.Expr->getBeginLoc(), Diag::NoteAccess) << accessText(W);
      if (&W != &X)
        report(DE, X.Expr->getBeginLoc(), Diag::NoteAccess) << accessText(X);
      Failed = true;
      return;
    }
  }
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
  } else if (AM.Form == ArrayForm::PointerToArray && Given == 2) {
    // T (*p)[M]: the type fixes the row length.
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

void LoopAnalyzer::buildArrays(LoopModel &M) {
  auto Find = [](const SmallVectorImpl<NamedVar> &L, const VarDecl *V) {
    return llvm::any_of(L, [&](const NamedVar &N) { return N.Decl == V; });
  };
  // A reduction over an array that is not one-dimensional with a constant
  // size was seen as an array; buildScalars reports it, once.
  for (const ReductionSpec &R : A.Reductions)
    Arrays.erase(R.Var.Decl);
  for (auto &[V, AM] : Arrays) {
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
    bool Dist = Find(A.Distributed, V) || readByRows(AM);
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
    if (AM.Written && Find(A.Whole, V)) {
      report(DE, First, Diag::ArrayWholeWritten) << V->getName();
      Failed = true;
    } else if (AM.Written && scratch(AM)) {
      // One cause: whether or not it is in distribute().
      report(DE, First, Diag::ArrayScratch) << V->getName() << Index->getName();
      Failed = true;
      Dist = false;
    } else if (AM.Written && !Dist) {
      report(DE, First, Diag::ArrayWrittenNotDistributed) << V->getName();
      Failed = true;
    }
    if (Dist && !AM.Accesses.empty()) {
      if (AM.Dims == 1 && !delinearize(AM))
        Failed = true;
      else if (!distributeArray(AM))
        Failed = true;
      else if (AM.Written)
        if (A.Kind == LoopKind::DoAll)
          checkDependences(AM);
    }
    M.Arrays.push_back(AM);
  }
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
  for (const ReductionSpec &R : A.Reductions) {
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
    if (!Calls.checkCall(F, C->getBeginLoc()))
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

std::optional<LoopModel> LoopAnalyzer::run() {
  CanonicalLoop Form;
  if (!checkContext() ||
      !checkCanonical(A.Loop, Form,
                      /*AllowOther=*/A.Kind == LoopKind::DoAll))
    return std::nullopt;
  Index = Form.Index;
  Lower = Form.Lower;
  Upper = Form.Upper;
  Inclusive = Form.Inclusive;
  Stride = Form.Stride;
  Recomputed.push_back(Form.Descending ? Lower : Upper);
  if (Stride != 1 && A.Dist == DistKind::Cyclic) {
    report(DE, A.DirectiveLoc, Diag::LoopStrideCyclic) << Stride;
    return std::nullopt;
  }
  if (Stride != 1 && A.Schedule == ScheduleKind::Bitonic) {
    report(DE, A.DirectiveLoc, Diag::LoopStrideBitonic) << Stride;
    return std::nullopt;
  }
  if (A.Kind == LoopKind::DoAcross &&
      !checkPipelinedLoop(pipelinedLoop(A, Ctx)))
    return std::nullopt;
  if (Outer)
    Recomputed.append({OuterForm.Upper, Lower});
  findPrivates();
  TraverseStmt(const_cast<Stmt *>(A.Loop->getBody()));
  checkMacros();
  LoopModel M;
  M.Ann = &A;
  M.Loop = A.Loop;
  M.Function = Function;
  M.Index = Index;
  M.Lower = Lower;
  M.Upper = Upper;
  M.Inclusive = Inclusive;
  buildArrays(M);
  buildScalars(M);
  M.UsingDecls = usingDecls(M);
  checkBounds();
  checkShapes();
  checkCost();
  if (Outer) {
    M.Pipeline = PipelineModel{Outer, OuterForm.Index, OuterForm.Lower,
                               OuterForm.Upper, OuterForm.Inclusive, 0, {}};
    if (!Failed && !checkPipeline(M, Ctx))
      Failed = true;
  }
  checkPrivatesDead();
  for (const auto &[V, Loc] : Privates)
    M.Privates.push_back(V);
  M.IndexOutside = Form.IndexOutside;
  M.Descending = Form.Descending;
  M.Stride = Form.Stride;
  if (M.Pipeline)
    M.Pipeline->IndexOutside = OuterForm.IndexOutside;
  bool InRange = true;
  M.AccessChecks = buildAccessChecks(M, Ctx, InRange);
  M.WholeSpans = buildWholeRows(M, Ctx);
  Failed |= !InRange;
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(A.Loop->getForLoc());
  M.Name = llvm::sys::path::filename(P.getFilename()).str() + ":" +
           std::to_string(P.getLine()) + ":" + std::to_string(P.getColumn());
  if (Failed)
    return std::nullopt;
  computeWorkAndData(M, Ctx);
  M.Hooks = placeHooks(M, Ctx);
  M.BakedMacros = bakedMacros(M, Ctx);
  return M;
}

} // namespace

std::optional<LoopModel> analyzeLoop(const Annotation &A,
                                     AnalysisContext &ACtx) {
  return LoopAnalyzer(A, ACtx).run();
}

void LoopModel::print(raw_ostream &OS, const ASTContext &Ctx) const {
  const PrintingPolicy &PP = Ctx.getPrintingPolicy();
  OS << "loop " << Name << ": " << toString(Ann->Kind) << " "
     << Index->getName() << " in [";
  Lower->printPretty(OS, nullptr, PP);
  OS << ", ";
  Upper->printPretty(OS, nullptr, PP);
  OS << (Inclusive ? "]" : ")") << (Descending ? " counting down" : "")
     << (Stride != 1 ? " by " + std::to_string(Stride) : "")
     << ", " << toString(Ann->Dist);
  if (Ann->Schedule == ScheduleKind::Bitonic)
    OS << ", schedule bitonic";
  OS << ", strategy " << toString(Ann->Strategy) << "\n";
  for (const ArrayModel &AM : Arrays) {
    OS << "  array " << AM.Var->getName() << ": "
       << (AM.Role == ArrayRole::Distributed ? "distributed" : "whole") << ", "
       << toString(AM.Form) << " " << AM.Dims << "-D of "
       << AM.ElemType.getAsString(PP);
    if (AM.RowLength)
      OS << ", linearized by rows of " << AM.RowLength->getName();
    if (AM.Role == ArrayRole::Distributed)
      OS << ", dim " << AM.DistDim << " ("
         << (AM.Dims == 1 ? "elements" : AM.DistDim == 0 ? "rows" : "columns")
         << "), halo [" << AM.HaloLo << ", " << AM.HaloHi << "]";
    for (size_t K = 0; K < AM.Pins.size(); ++K)
      OS << (K ? ", " : ", fixed rows ") << printed(AM.Pins[K].Row, Ctx);
    for (size_t K = 0; K < AM.Windows.size(); ++K)
      OS << (K ? ", " : ", windows ") << "[" << affineText(AM.Windows[K].Lo)
         << ", " << affineText(AM.Windows[K].Hi) << "]";
    OS << (AM.Written ? ", written" : ", read-only")
       << (AM.Keep ? ", kept" : "") << "\n";
  }
  for (const ScalarModel &S : Scalars) {
    OS << "  scalar " << S.Var->getName() << ": "
       << S.Var->getType().getAsString(PP);
    if (S.ConstantValue)
      OS << " = " << *S.ConstantValue << " (constant)";
    OS << "\n";
  }
  for (const ReductionModel &R : Reductions)
    OS << "  reduction " << toString(R.Op) << ": " << R.Var->getName() << "\n";
  OS << "  work W(" << Index->getName() << ") = " << Work << ", "
     << (WorkUniform ? "uniform" : WorkAffine ? "affine" : "non-uniform");
  if (Ann->Cost)
    OS << ", from cost() (counted: " << WorkEstimate << ")";
  OS << "\n  data D = " << Data << " bytes\n";
  OS << "  hooks: " << toString(Hooks.Realization);
  if (Hooks.AtRunTime)
    OS << " (sized at run time)";
  OS << "\n";
  if (Region) {
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation L = SM.getExpansionLoc(Region->getBeginLoc());
    OS << "  kept on the ranks during the loop at line "
       << SM.getExpansionLineNumber(L) << ":" << SM.getExpansionColumnNumber(L)
       << "\n";
  }
  if (!Pipeline)
    return;
  OS << "  pipelined " << Pipeline->Index->getName() << " in [";
  Pipeline->Lower->printPretty(OS, nullptr, PP);
  OS << ", ";
  Pipeline->Upper->printPretty(OS, nullptr, PP);
  OS << (Pipeline->Inclusive ? "]" : ")");
  if (Pipeline->Skew)
    OS << ", skewed by " << Pipeline->Skew;
  OS << ", blocks of ";
  if (Pipeline->MaxBlock)
    OS << "at most " << Pipeline->MaxBlock;
  else
    OS << "any size";
  OS << "\n";
  for (const PipelineAccess &R : Pipeline->Reads) {
    OS << "    read ";
    R.Expr->printPretty(OS, nullptr, PP);
    OS << ": distance (" << -R.Outer << ", " << -R.Dist << "), "
       << describe(R.Kind) << "\n";
  }
}

} // namespace dlbcc
