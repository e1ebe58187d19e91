//===- LoopUses.cpp - How a loop body uses each variable ------------------===//
//
// The classification of every use of every variable in the loop body:
// read, write, read-write or escape (classifyUse), and what it makes of
// the variable: a live-in scalar, an array access (with its subscripts),
// or an update of a reduction variable (ReductionRules judge its form).
//
//===----------------------------------------------------------------------===//
#include "LoopAnalyzer.h"

#include "dlbcc/Analysis/ExprQueries.h"
#include "dlbcc/Support/Mentions.h"
#include "dlbcc/Support/Text.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/MapVector.h"

using namespace clang;

namespace dlbcc {

namespace {

bool isStdVector(QualType T, QualType &Elem) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T->getAsCXXRecordDecl());
  if (!Spec || Spec->getName() != "vector" || !Spec->isInStdNamespace())
    return false;
  Elem = Spec->getTemplateArgs()[0].getAsType();
  return true;
}

} // namespace

std::optional<ArrayTypeInfo> arrayTypeInfo(QualType T, ASTContext &Ctx) {
  T = T.getNonReferenceType();
  ArrayTypeInfo I;
  // Each array level of E adds a dimension (3-D and more: T[R][Q][P]);
  // rows reached through a pointer may have run-time extents
  // (ArrayModel::variableRows).
  auto Levels = [&](QualType E, bool Rows) {
    while (const auto *Inner = Ctx.getAsArrayType(E)) {
      ++I.Dims;
      I.Supported &= isa<ConstantArrayType>(Inner) ||
                     (Rows && isa<VariableArrayType>(Inner));
      E = Inner->getElementType();
    }
    I.Elem = E;
  };
  if (const auto *AT = Ctx.getAsArrayType(T)) {
    // A variable-length array is seen as the pointer to its rows it decays
    // to, its rows counted by sizeof (variableRows).
    const bool Variable = isa<VariableArrayType>(AT);
    if (Variable)
      I.Form = Ctx.getAsArrayType(AT->getElementType())
                   ? ArrayForm::PointerToArray
                   : ArrayForm::Pointer;
    else
      I.Supported = isa<ConstantArrayType>(AT);
    Levels(AT->getElementType(), Variable);
  } else if (const auto *PT = T->getAs<PointerType>()) {
    QualType P = PT->getPointeeType();
    if (Ctx.getAsArrayType(P)) {
      I.Form = ArrayForm::PointerToArray;
      Levels(P, true);
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

namespace {

bool isTransferableScalar(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  return T->isArithmeticType() || T->isEnumeralType();
}

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

} // namespace

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

const ConstantArrayType *LoopAnalyzer::reductionArray(const VarDecl *V) const {
  QualType Declared = V->getType().getNonReferenceType();
  if (const auto *P = dyn_cast<ParmVarDecl>(V))
    Declared = P->getOriginalType().getNonReferenceType();
  const ConstantArrayType *T = Ctx.getAsConstantArrayType(Declared);
  return T && T->getElementType()->isArithmeticType() &&
                 !T->getElementType().isConstQualified()
             ? T
             : nullptr;
}

void LoopAnalyzer::inferArrayReductions() {
  // Every use of V: V[e] (e not naming V) incremented by `+=` or `++`.
  struct Uses : RecursiveASTVisitor<Uses> {
    bool VisitDeclRefExpr(DeclRefExpr *D) {
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
        ByVar[V].push_back(D);
      return true;
    }
    llvm::MapVector<const VarDecl *, SmallVector<const DeclRefExpr *, 4>> ByVar;
  } U;
  U.TraverseStmt(const_cast<Stmt *>(A.Loop->getBody()));
  bool Exact = true;
  auto Increment = [&](const DeclRefExpr *D, const VarDecl *V) {
    const auto *S =
        dyn_cast_or_null<ArraySubscriptExpr>(PM.getParent(PM.getParent(D)));
    if (!S || S->getBase()->IgnoreParenImpCasts() != D ||
        mentions(S->getIdx(), V))
      return false;
    const Stmt *Parent = PM.getParent(S);
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(Parent))
      return U->getOpcode() == UO_PreInc || U->getOpcode() == UO_PostInc;
    const auto *B = dyn_cast_or_null<CompoundAssignOperator>(Parent);
    if (!B || B->getOpcode() != BO_AddAssign || B->getLHS() != S ||
        mentions(B->getRHS(), V))
      return false;
    // An integer no wider than the element: nothing truncates.
    const Expr *Added = B->getRHS()->IgnoreImpCasts();
    Exact &= Added->getType()->isIntegerType() &&
             Ctx.getTypeSize(Added->getType()) <= Ctx.getTypeSize(S->getType());
    return true;
  };
  for (const auto &Entry : U.ByVar) {
    const VarDecl *V = Entry.first;
    Exact = true;
    if (!reductionArray(V) || namedInClauses(V) ||
        !llvm::all_of(Entry.second,
                      [&](const DeclRefExpr *D) { return Increment(D, V); }))
      continue;
    // Exact in any order: integers at least as wide as int (`++c[k]` on a
    // char would be an int truncated).
    QualType Element = reductionArray(V)->getElementType();
    if (!Exact || !Element->isIntegerType() || Element->isBooleanType() ||
        Ctx.getTypeSize(Element) < Ctx.getTypeSize(Ctx.IntTy)) {
      Histograms.insert(V);
      continue;
    }
    ReductionSpec R;
    R.Var = {V->getName().str(), Entry.second.front()->getLocation(), V};
    Reductions.push_back(R);
  }
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
  for (const ReductionSpec &R : Reductions) {
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
    if (!Update && Occurrence && R.Op == dlb::ReduceOp::Sum)
      Update = accumulatingCall(Occurrence);
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

ArrayModel &LoopAnalyzer::arrayModel(const DeclRefExpr *D, const VarDecl *V,
                                     const ArrayTypeInfo &TI) {
  ArrayModel &AM = Arrays[V];
  if (AM.Var)
    return AM;
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
  return AM;
}

namespace {

/// Integer scalars, constants, `+`, `-` and `*`: what a subscript's
/// definition may be made of (no call, no read of memory).
bool scalarArithmetic(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (isa<IntegerLiteral>(E))
    return true;
  if (const auto *R = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(R->getDecl());
    return V && V->getType()->isIntegerType() &&
           !V->getType().isVolatileQualified();
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub ||
            B->getOpcode() == BO_Mul) &&
           scalarArithmetic(B->getLHS()) && scalarArithmetic(B->getRHS());
  return false;
}

/// The references to variables in \p S.
void collectRefs(const Stmt *S, std::vector<const DeclRefExpr *> &Out) {
  if (!S)
    return;
  if (const auto *R = dyn_cast<DeclRefExpr>(S))
    Out.push_back(R);
  for (const Stmt *C : S->children())
    collectRefs(C, Out);
}

} // namespace

const Expr *LoopAnalyzer::definitionOf(const Expr *Idx) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Idx->IgnoreParenImpCasts());
  const auto *K = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!K || !K->hasLocalStorage() || !K->getType()->isIntegerType() ||
      K->getType().isVolatileQualified())
    return Idx;
  // The one write of K in the loop: `K = e;`, a statement of a block.
  std::vector<const DeclRefExpr *> Refs;
  collectRefs(A.Loop, Refs);
  const BinaryOperator *Def = nullptr;
  for (const DeclRefExpr *R : Refs) {
    if (R->getDecl() != K || classifyUse(R, PM) == Use::Read)
      continue;
    const auto *B = dyn_cast_or_null<BinaryOperator>(
        PM.getParentIgnoreParens(const_cast<DeclRefExpr *>(R)));
    if (Def || !B || B->getOpcode() != BO_Assign ||
        B->getLHS()->IgnoreParens() != R)
      return Idx;
    Def = B;
  }
  // An initializer in the loop would be a second write.
  const SourceManager &SM = Ctx.getSourceManager();
  if (!Def || (K->hasInit() && SM.isBeforeInTranslationUnit(
                                   A.Loop->getBeginLoc(), K->getLocation())))
    return Idx;
  const auto *Block = dyn_cast_or_null<CompoundStmt>(PM.getParent(Def));
  if (!Block || !scalarArithmetic(Def->getRHS()) ||
      !SM.isBeforeInTranslationUnit(Def->getEndLoc(), Ref->getBeginLoc()))
    return Idx;
  // The use is in the block, and nothing in it writes what K is made of.
  const Stmt *Up = Ref;
  while (Up && Up != Block)
    Up = PM.getParent(Up);
  if (!Up)
    return Idx;
  std::vector<const DeclRefExpr *> Parts, InBlock;
  collectRefs(Def->getRHS(), Parts);
  collectRefs(Block, InBlock);
  for (const DeclRefExpr *P : Parts)
    for (const DeclRefExpr *R : InBlock)
      if (R->getDecl() == P->getDecl() && classifyUse(R, PM) != Use::Read)
        return Idx;
  return Def->getRHS();
}

const Expr *LoopAnalyzer::climbSubscripts(const DeclRefExpr *D, unsigned Dims,
                                          ArrayAccess &Acc) {
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
                   Acc.SubscriptExprs.size() < Dims);
      if (!Step)
        break;
      Cur = C;
      continue;
    }
    if (const auto *S = dyn_cast<ArraySubscriptExpr>(P);
        S && S->getBase() == Cur) {
      Acc.SubscriptExprs.push_back(definitionOf(S->getIdx()));
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
  return Cur;
}

namespace {

/// The call that takes \p E as an argument, with the argument's index; \p E
/// moves up to the argument (through parentheses and conversions to
/// const). Not an operator's or a member function's.
std::optional<std::pair<const CallExpr *, unsigned>> argumentOf(const Expr *&E,
                                                                ParentMap &PM) {
  const Stmt *P = consumer(E, PM);
  while (const auto *C = dyn_cast_or_null<ImplicitCastExpr>(P)) {
    // memcpy's arguments become `void *`.
    if (C->getCastKind() != CK_NoOp &&
        !(C->getCastKind() == CK_BitCast && C->getType()->isVoidPointerType()))
      return std::nullopt;
    E = C;
    P = consumer(E, PM);
  }
  const auto *Call = dyn_cast_or_null<CallExpr>(P);
  if (!Call || isa<CXXOperatorCallExpr>(Call) || isa<CXXMemberCallExpr>(Call) ||
      !Call->getDirectCallee())
    return std::nullopt;
  for (unsigned I = 0; I < Call->getNumArgs(); ++I)
    if (Call->getArg(I) == E)
      return std::make_pair(Call, I);
  return std::nullopt;
}

} // namespace

const Expr *LoopAnalyzer::accumulatingCall(const Expr *Occurrence) {
  const Expr *X = Occurrence;
  const auto *Address = dyn_cast_or_null<UnaryOperator>(consumer(X, PM));
  if (!Address || Address->getOpcode() != UO_AddrOf)
    return nullptr;
  X = Address;
  const auto Call = argumentOf(X, PM);
  if (!Call || PM.isConsumedExpr(Call->first) ||
      !Calls.pointeeUse(Call->first->getDirectCallee(), Call->second)
           .Accumulates)
    return nullptr;
  return Call->first;
}

bool LoopAnalyzer::passedToCall(const VarDecl *V, const ArrayTypeInfo &TI,
                                const Expr *Cur, ArrayAccess &Acc) {
  size_t K = Acc.SubscriptExprs.size();
  const Expr *Arg = Cur;
  // An element bound to a reference, or its address: what the callee
  // reaches lies along the last dimension, from the element.
  const bool Element = K == TI.Dims;
  if (Element) {
    const auto *U = dyn_cast_or_null<UnaryOperator>(consumer(Arg, PM));
    if (U && U->getOpcode() == UO_AddrOf)
      Arg = U;
    --K;
  }
  // Rows and whole arrays reach the kernel as pointers or C arrays only.
  if (!Element &&
      (TI.Form == ArrayForm::Vector || TI.Form == ArrayForm::VectorOfVectors ||
       TI.Form == ArrayForm::PointerToPointer))
    return false;
  const auto Call = argumentOf(Arg, PM);
  if (!Call)
    return false;
  const FunctionDecl *F = Call->first->getDirectCallee();
  const PointeeUse U = Calls.pointeeUse(F, Call->second);
  // Where the callee's offsets start: the element whose address is passed.
  std::optional<AffineForm> Base = AffineForm();
  if (Element)
    Base = affineForm(Acc.SubscriptExprs[K], Ctx);
  SmallVector<AffineSpan, 1> Spans;
  for (const OffsetSpan &S : U.Spans)
    if (std::optional<AffineSpan> In =
            Base ? instantiate(U, S, Call->first, Call->second, *Base, Ctx)
                 : std::nullopt)
      Spans.push_back(std::move(*In));
  const bool Bounded = !U.Unbounded && Spans.size() == U.Spans.size();
  // `f(&x[i])` with f reaching `*p` only (by its body, whatever the
  // element's subscripts, `&a[i * m + j]`; or with this call's arguments,
  // `scale(&y[i], 1)`), or x[i] bound to a reference: the element itself.
  const bool AtElement =
      Element && !U.Unbounded &&
      (llvm::all_of(U.Spans,
                    [](const OffsetSpan &S) { return S.atPointer(); }) ||
       (Bounded && llvm::all_of(Spans, [&](const AffineSpan &S) {
          return sameForm(S.Lo, *Base) && sameForm(S.Hi, *Base);
        })));
  if (U.Escapes || (!AtElement && !Bounded && U.Write)) {
    // A call the loop may not make is reported as such (checkCall).
    if (Calls.callable(F) && rejectOnce(Diag::ArrayCallEscapes, V)) {
      report(DE, Arg->getBeginLoc(), Diag::ArrayCallEscapes)
          << V->getName() << F->getName()
          << (U.Escapes
                  ? "it does more with the pointer than subscript it (stores, "
                    "casts or moves it), or passes it to a function whose "
                    "body dlbcc cannot see; have the function use its "
                    "parameter through subscripts bounded by its loops and "
                    "parameters"
              : U.InBytes
                  ? "the number of bytes is not a whole number of its "
                    "elements, or not an affine expression of the loop's "
                    "variables; give it as a count of elements times "
                    "sizeof(element)"
                  : "it writes at subscripts that its loops and parameters "
                    "do not bound, or this call's arguments are not affine; "
                    "have the function use its parameter through subscripts "
                    "bounded by its loops and parameters");
      if (U.At.isValid())
        report(DE, U.At, Diag::NoteAccess)
            << "'" + F->getNameAsString() + "' lets the pointer go";
    }
    return true;
  }
  Acc.Expr = Arg;
  Acc.Callee = F;
  // A callee that writes may leave elements as they were: they must be
  // there.
  Acc.Read = U.Read || U.Write;
  Acc.Write = U.Write;
  if (!AtElement) {
    Acc.SubscriptExprs.resize(Bounded ? K : 0);
    if (Bounded)
      Acc.Spans = std::move(Spans);
  }
  addAccess(V, std::move(Acc), TI.Dims);
  return true;
}

void LoopAnalyzer::addAccess(const VarDecl *V, ArrayAccess Acc, unsigned Dims) {
  for (const Expr *S : Acc.SubscriptExprs)
    Acc.Subs.push_back(affineForm(S, Ctx));
  Acc.Subs.resize(Dims);
  ArrayModel &AM = Arrays[V];
  AM.Written |= Acc.Write;
  if (Acc.Write)
    WrittenVars.insert(V);
  AM.Accesses.push_back(std::move(Acc));
}

void LoopAnalyzer::handleArrayUse(const DeclRefExpr *D, const VarDecl *V,
                                  const ArrayTypeInfo &TI) {
  ArrayModel &AM = arrayModel(D, V, TI);
  ArrayAccess Acc;
  const Expr *Cur = climbSubscripts(D, TI.Dims, Acc);
  size_t K = Acc.SubscriptExprs.size();
  const Use U = K < TI.Dims ? Use::Escape : classifyUse(Cur, PM);
  if (U == Use::Escape && passedToCall(V, TI, Cur, Acc))
    return;
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
  if (U == Use::Escape) {
    if (rejectOnce(Diag::ArrayUnsupportedUse, V))
      report(DE, D->getLocation(), Diag::ArrayUnsupportedUse) << V->getName();
    return;
  }
  Acc.Expr = Cur;
  Acc.Read = U != Use::Write;
  Acc.Write = U != Use::Read;
  addAccess(V, std::move(Acc), TI.Dims);
}

} // namespace dlbcc
