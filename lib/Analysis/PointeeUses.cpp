//===- PointeeUses.cpp - What a callee does with its pointees -------------===//
//
// Owns PointeeUses.h: the scan of a function body for the uses of one
// pointer or reference parameter, followed through offsets, subscripts,
// element addresses and calls that pass it on; each offset bounded over
// the function's loops in terms of its parameters; the offsets it writes
// for sure; and the instantiation of such bounds with a call's arguments.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/PointeeUses.h"
#include "LoopAnalyzer.h"
#include "dlbcc/Analysis/ExprQueries.h"
#include "dlbcc/Analysis/LoopForm.h"
#include "dlbcc/Support/Mentions.h"

#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Builtins.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace dlbcc {

PointeeUse pointeeUseOfType(QualType T) {
  PointeeUse U;
  if ((T->isPointerType() && T->getPointeeType().isConstQualified()) ||
      (T->isReferenceType() && T.getNonReferenceType().isConstQualified()))
    U.Read = U.Unbounded = true;
  else
    U.Escapes = true;
  return U;
}

namespace {

/// The size of what \p Arg points to (before its conversion to `void *`),
/// or 0 when unknown.
long long elementBytes(const Expr *Arg, const ASTContext &Ctx) {
  QualType T = Arg->IgnoreParenImpCasts()->getType();
  if (const auto *A = Ctx.getAsArrayType(T))
    T = A->getElementType();
  else if (T->isPointerType())
    T = T->getPointeeType();
  else
    return 0;
  return T->isIncompleteType() ? 0 : Ctx.getTypeSizeInChars(T).getQuantity();
}

/// \p F / \p D when every term divides exactly.
std::optional<AffineForm> divided(AffineForm F, long long D) {
  if (F.Constant % D)
    return std::nullopt;
  F.Constant /= D;
  for (auto &[V, C] : F.Coeffs) {
    if (C % D)
      return std::nullopt;
    C /= D;
  }
  return F;
}

} // namespace

std::optional<AffineSpan> instantiate(const PointeeUse &U, const OffsetSpan &S,
                                      const CallExpr *Call, unsigned J,
                                      const AffineForm &Base,
                                      const ASTContext &Ctx) {
  auto Form = [&](const ParamForm &P) -> std::optional<AffineForm> {
    std::optional<AffineForm> F = AffineForm();
    F->Constant = P.Constant;
    for (const auto &[I, C] : P.Coeffs) {
      std::optional<AffineForm> Arg = I < Call->getNumArgs()
                                          ? affineForm(Call->getArg(I), Ctx)
                                          : std::nullopt;
      std::optional<AffineForm> Term = Arg ? scaled(*Arg, C) : std::nullopt;
      F = Term && F ? sum(*F, *Term, 1) : std::nullopt;
    }
    return F;
  };
  // Bytes [lo, hi] are the elements [lo / size, (hi + 1) / size - 1].
  const long long Unit = U.InBytes && J < Call->getNumArgs()
                             ? elementBytes(Call->getArg(J), Ctx)
                             : 1;
  AffineForm One;
  One.Constant = 1;
  std::optional<AffineForm> Lo = Form(S.Lo), Hi = Form(S.Hi);
  Hi = Unit && Hi ? sum(*Hi, One, 1) : std::nullopt;
  Lo = Lo && Unit ? divided(*Lo, Unit) : std::nullopt;
  Hi = Hi ? divided(*Hi, Unit) : std::nullopt;
  Lo = Lo ? sum(*Lo, Base, 1) : std::nullopt;
  Hi = Hi ? sum(*Hi, Base, 1) : std::nullopt;
  Hi = Hi ? sum(*Hi, One, -1) : std::nullopt;
  if (!Lo || !Hi)
    return std::nullopt;
  return AffineSpan{*Lo, *Hi};
}

std::optional<PointeeUse> libraryPointeeUse(const FunctionDecl *F, unsigned I) {
  bool Copy = false;
  switch (F->getBuiltinID()) {
  case Builtin::BImemcpy:
  case Builtin::BI__builtin_memcpy:
  case Builtin::BImemmove:
  case Builtin::BI__builtin_memmove:
    Copy = true;
    break;
  case Builtin::BImemset:
  case Builtin::BI__builtin_memset:
    break;
  default:
    return std::nullopt;
  }
  // Bytes [0, n - 1], n the third argument: written for sure by the
  // destination, read from the source.
  OffsetSpan Bytes;
  Bytes.Hi.Constant = -1;
  Bytes.Hi.Coeffs.push_back({2, 1});
  PointeeUse U;
  U.InBytes = true;
  if (I == 0) {
    U.Write = true;
    U.Spans.push_back(Bytes);
    U.Covers.push_back(Bytes);
  } else if (I == 1 && Copy) {
    U.Read = true;
    U.Spans.push_back(Bytes);
  }
  return U;
}

namespace {

/// Whether every use of \p V in \p S only reads it.
bool onlyRead(const Stmt *S, const VarDecl *V, ParentMap &PM) {
  if (!S)
    return true;
  if (const auto *R = dyn_cast<DeclRefExpr>(S);
      R && R->getDecl() == V && classifyUse(R, PM) != Use::Read)
    return false;
  return llvm::all_of(S->children(),
                      [&](const Stmt *C) { return onlyRead(C, V, PM); });
}

/// Follows each use of one parameter to the elements it reads and writes.
class PointeeScan : public RecursiveASTVisitor<PointeeScan> {
public:
  PointeeScan(const FunctionDecl *Def, const ParmVarDecl *P, ParentMap &PM,
              CalleeUse Callee)
      : Def(Def), P(P), PM(PM), Ctx(Def->getASTContext()), Callee(Callee) {}

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl() != P)
      return true;
    if (P->getType()->isReferenceType()) {
      object(E, AffineForm());
    } else {
      // The pointer variable is only read: changing it is a walk that the
      // summary does not follow.
      const Expr *X = E;
      const Stmt *Parent = consumer(X, PM);
      const auto *C = dyn_cast_or_null<ImplicitCastExpr>(Parent);
      if (C && C->getCastKind() == CK_LValueToRValue)
        pointer(C, AffineForm());
      else if (!isa_and_nonnull<UnaryExprOrTypeTraitExpr>(Parent))
        escape(E);
    }
    return !Result.Escapes;
  }

  /// Fills Result.Covers from the top-level statements of \p Body, up to
  /// the first that may return.
  void cover(const Stmt *Body) {
    for (const Stmt *S : statementsOf(Body)) {
      if (exitsOrChanges(S, nullptr))
        return;
      if (const auto *L = dyn_cast<ForStmt>(S))
        coverLoop(L);
      else if (const auto *Call = dyn_cast<CallExpr>(S))
        coverCall(Call);
      else
        coverElement(S);
    }
  }

  PointeeUse Result;
  /// Every read and write of a pointee so far is an addition to it.
  bool OnlyAdds = true;

private:
  /// Whether \p F names only parameters of this function that it does
  /// not change.
  bool ofParameters(const AffineForm &F) {
    return llvm::all_of(F.Coeffs, [&](const auto &Term) {
      const auto *Parm = dyn_cast<ParmVarDecl>(Term.first);
      return Parm && Parm->getDeclContext() == Def && unchanged(Parm);
    });
  }

  /// \p E as `p + c` or `&p[c]` (or p): c, in terms of the parameters.
  std::optional<AffineForm> offsetOfParameter(const Expr *E) {
    auto Offset = offsetFrom(E, P);
    std::optional<AffineForm> C = !Offset ? std::nullopt
                                  : *Offset
                                      ? affineForm(*Offset, Ctx)
                                      : std::optional<AffineForm>(AffineForm());
    return C && ofParameters(*C) ? C : std::nullopt;
  }

  /// \p S as `p[e] = v`, v not naming p: e.
  std::optional<AffineForm> assigned(const Stmt *S) {
    const auto *B = dyn_cast<BinaryOperator>(S);
    const auto *A =
        B && B->getOpcode() == BO_Assign && !mentions(B->getRHS(), P)
            ? dyn_cast<ArraySubscriptExpr>(B->getLHS()->IgnoreParens())
            : nullptr;
    const auto *Base =
        A ? dyn_cast<DeclRefExpr>(A->getBase()->IgnoreParenImpCasts())
          : nullptr;
    if (!Base || Base->getDecl() != P)
      return std::nullopt;
    return affineForm(A->getIdx(), Ctx);
  }

  /// `p[c] = e`: covers c.
  void coverElement(const Stmt *S) {
    if (std::optional<AffineForm> F = assigned(S); F && ofParameters(*F))
      Result.Covers.push_back({paramForm(*F), paramForm(*F)});
  }

  /// `for (k = a; k <= b; ++k) { ...; p[k + c] = e; ... }`, run through,
  /// whose first statement naming p assigns p[k + c] (e not naming p):
  /// covers [a + c, b + c].
  void coverLoop(const ForStmt *L) {
    std::optional<ForRange> R = forRange(L, Ctx);
    std::optional<AffineSpan> Header =
        R && R->Step == 1 ? indexSpan(L, Ctx) : std::nullopt;
    if (!Header || !ofParameters(Header->Lo) || !ofParameters(Header->Hi) ||
        exitsOrChanges(L->getBody(), R->Index))
      return;
    const SmallVector<const Stmt *, 8> Body = statementsOf(L->getBody());
    auto First =
        llvm::find_if(Body, [&](const Stmt *S) { return mentions(S, P); });
    std::optional<AffineForm> F =
        First != Body.end() ? assigned(*First) : std::nullopt;
    if (!F || F->coeff(R->Index) != 1)
      return;
    F->Coeffs.erase(R->Index);
    if (!ofParameters(*F))
      return;
    std::optional<AffineForm> Lo = sum(Header->Lo, *F, 1),
                              Hi = sum(Header->Hi, *F, 1);
    if (Lo && Hi)
      Result.Covers.push_back({paramForm(*Lo), paramForm(*Hi)});
  }

  /// `g(..., p + c, ...)` naming p once, where g covers offsets of that
  /// parameter: those offsets plus c.
  void coverCall(const CallExpr *Call) {
    const FunctionDecl *G = Call->getDirectCallee();
    unsigned Named = 0, J = 0;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (mentions(Call->getArg(I), P))
        ++Named, J = I;
    std::optional<AffineForm> Offset =
        G && Named == 1 && !mentions(Call->getCallee(), P)
            ? offsetOfParameter(Call->getArg(J))
            : std::nullopt;
    if (!Offset || isa<CXXMethodDecl>(G))
      return;
    const PointeeUse U = Callee(G, J);
    for (const OffsetSpan &S : U.Covers)
      if (std::optional<AffineSpan> In =
              instantiate(U, S, Call, J, *Offset, Ctx);
          In && ofParameters(In->Lo) && ofParameters(In->Hi))
        Result.Covers.push_back({paramForm(In->Lo), paramForm(In->Hi)});
  }

  void escape(const Stmt *S) {
    if (!Result.Escapes)
      Result.At = S->getBeginLoc();
    Result.Escapes = true;
  }

  /// \p E's value points into the parameter's pointees, at \p Offset from
  /// the pointer given (nothing: unknown).
  void pointer(const Expr *E, std::optional<AffineForm> Offset) {
    const Stmt *Parent = consumer(E, PM);
    if (const auto *C = dyn_cast_or_null<ImplicitCastExpr>(Parent)) {
      if (C->getCastKind() == CK_NoOp ||
          C->getCastKind() == CK_ArrayToPointerDecay || voidArgument(C))
        return pointer(C, Offset);
      if (C->getCastKind() != CK_PointerToBoolean)
        escape(C);
      return;
    }
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(Parent)) {
      if (B->isAdditiveOp() && B->getType()->isPointerType()) {
        const Expr *K = B->getLHS() == E ? B->getRHS() : B->getLHS();
        return pointer(B, moved(Offset, K, B->getOpcode() == BO_Sub));
      }
      if (!B->isComparisonOp() && B->getOpcode() != BO_Sub)
        escape(B);
      return;
    }
    if (const auto *S = dyn_cast_or_null<ArraySubscriptExpr>(Parent))
      return S->getBase() == E ? object(S, moved(Offset, S->getIdx(), false))
                               : escape(S);
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(Parent)) {
      if (U->getOpcode() == UO_Deref)
        return object(U, Offset);
      if (U->getOpcode() != UO_LNot)
        escape(U);
      return;
    }
    if (const auto *Call = dyn_cast_or_null<CallExpr>(Parent))
      return passed(Call, E, Offset);
    if (!isa_and_nonnull<UnaryExprOrTypeTraitExpr>(Parent))
      escape(Parent ? Parent : E);
  }

  /// Whether \p C converts an argument of a call to `void *` (memcpy's).
  bool voidArgument(const ImplicitCastExpr *C) {
    const Expr *X = C;
    return C->getCastKind() == CK_BitCast &&
           C->getType()->isVoidPointerType() &&
           isa_and_nonnull<CallExpr>(consumer(X, PM));
  }

  /// \p Offset moved by \p K (subtracted: \p Minus).
  std::optional<AffineForm> moved(std::optional<AffineForm> Offset,
                                  const Expr *K, bool Minus) {
    std::optional<AffineForm> F = affineForm(K, Ctx);
    if (!Offset || !F)
      return std::nullopt;
    return sum(*Offset, *F, Minus ? -1 : 1);
  }

  /// \p E is an lvalue the parameter reaches at \p Offset: an element, or
  /// the object a reference binds.
  void object(const Expr *E, std::optional<AffineForm> Offset) {
    if (E->getType()->isArrayType())
      return pointer(E, std::nullopt); // a row: its elements unbounded
    switch (classifyUse(E, PM)) {
    case Use::Read:
      Result.Read = true;
      OnlyAdds = false;
      return reach(E, Offset);
    case Use::Write:
      Result.Write = true;
      OnlyAdds = false;
      return reach(E, Offset);
    case Use::ReadWrite:
      Result.Read = Result.Write = true;
      OnlyAdds &= addedTo(E);
      return reach(E, Offset);
    case Use::Escape:
      break;
    }
    const Expr *X = E;
    const Stmt *Parent = consumer(X, PM);
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(Parent);
        U && U->getOpcode() == UO_AddrOf)
      return pointer(U, Offset);
    if (const auto *Call = dyn_cast_or_null<CallExpr>(Parent))
      return passed(Call, X, Offset); // bound to a reference parameter
    escape(E);
  }

  /// Whether \p E is the left side of `E += e` or `E -= e`, e not naming
  /// the parameter, computed in E's type (an integer that adds a double
  /// truncates at each step: not a sum in any order).
  bool addedTo(const Expr *E) {
    const Expr *X = E;
    const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(consumer(X, PM));
    return CA && CA->getLHS()->IgnoreParens() == E->IgnoreParens() &&
           (CA->getOpcode() == BO_AddAssign ||
            CA->getOpcode() == BO_SubAssign) &&
           !mentions(CA->getRHS(), P) &&
           !(E->getType()->isIntegerType() &&
             CA->getComputationLHSType()->isRealFloatingType());
  }

  /// Records the offsets \p Offset takes at \p At.
  void reach(const Expr *At, const std::optional<AffineForm> &Offset) {
    std::optional<AffineSpan> S = Offset ? bounded(*Offset, At) : std::nullopt;
    if (S)
      Result.Spans.push_back({paramForm(S->Lo), paramForm(S->Hi)});
    else
      Result.Unbounded = true;
  }

  /// \p Arg, derived from the parameter at \p Offset, is an argument of
  /// \p Call.
  void passed(const CallExpr *Call, const Expr *Arg,
              std::optional<AffineForm> Offset) {
    const FunctionDecl *G = Call->getDirectCallee();
    unsigned J = 0;
    while (J < Call->getNumArgs() && Call->getArg(J) != Arg)
      ++J;
    if (!G || isa<CXXMethodDecl>(G) || J == Call->getNumArgs())
      return escape(Call);
    PointeeUse U = Callee(G, J);
    if (U.Escapes)
      return escape(Arg);
    OnlyAdds &= U.Accumulates;
    Result.Read |= U.Read;
    Result.Write |= U.Write;
    Result.Unbounded |= U.Unbounded;
    for (const OffsetSpan &S : U.Spans) {
      std::optional<AffineSpan> In =
          Offset ? instantiate(U, S, Call, J, *Offset, Ctx) : std::nullopt;
      std::optional<AffineSpan> Lo = In ? bounded(In->Lo, Call) : std::nullopt;
      std::optional<AffineSpan> Hi = In ? bounded(In->Hi, Call) : std::nullopt;
      if (Lo && Hi)
        Result.Spans.push_back({paramForm(Lo->Lo), paramForm(Hi->Hi)});
      else
        Result.Unbounded = true;
    }
  }

  /// The values \p F takes at \p At, in terms of the parameters: each loop
  /// index around At over its loop's range, recursively.
  std::optional<AffineSpan> bounded(const AffineForm &F, const Stmt *At,
                                    unsigned Depth = 0) {
    if (Depth > 8)
      return std::nullopt;
    return spanOf(F, [&](const ValueDecl *V) -> std::optional<AffineSpan> {
      const auto *Var = dyn_cast<VarDecl>(V);
      if (const auto *Parm = dyn_cast_or_null<ParmVarDecl>(Var)) {
        if (Parm->getDeclContext() != Def || !unchanged(Parm))
          return std::nullopt;
        AffineForm Self;
        Self.Coeffs[Parm] = 1;
        return AffineSpan{Self, Self};
      }
      for (const Stmt *Prev = At, *S = PM.getParent(At); Var && S;
           Prev = S, S = PM.getParent(S)) {
        const auto *L = dyn_cast<ForStmt>(S);
        if (!L || Prev != L->getBody())
          continue;
        std::optional<ForRange> R = forRange(L, Ctx);
        if (!R || R->Index != Var || !onlyRead(L->getBody(), Var, PM))
          continue;
        std::optional<AffineSpan> Header = indexSpan(L, Ctx);
        std::optional<AffineSpan> Lo =
            Header ? bounded(Header->Lo, L, Depth + 1) : std::nullopt;
        std::optional<AffineSpan> Hi =
            Header ? bounded(Header->Hi, L, Depth + 1) : std::nullopt;
        if (!Lo || !Hi)
          return std::nullopt;
        return AffineSpan{Lo->Lo, Hi->Hi};
      }
      return std::nullopt;
    });
  }

  /// Whether the body only reads parameter \p Parm (each asked once: the
  /// bounds of every offset ask again).
  bool unchanged(const ParmVarDecl *Parm) {
    auto [It, New] = Unchanged.try_emplace(Parm, false);
    if (New)
      It->second = onlyRead(Def->getBody(), Parm, PM);
    return It->second;
  }

  /// \p F, a form over this function's parameters, by their positions.
  static ParamForm paramForm(const AffineForm &F) {
    ParamForm P;
    P.Constant = F.Constant;
    for (const auto &[V, C] : F.Coeffs)
      P.Coeffs.push_back({cast<ParmVarDecl>(V)->getFunctionScopeIndex(), C});
    return P;
  }

  const FunctionDecl *Def;
  const ParmVarDecl *P;
  ParentMap &PM;
  ASTContext &Ctx;
  CalleeUse Callee;
  llvm::DenseMap<const ParmVarDecl *, bool> Unchanged;
};

} // namespace

PointeeUse scanPointeeUse(const FunctionDecl *Def, const ParmVarDecl *P,
                          CalleeUse Callee) {
  Stmt *Body = Def->getBody();
  ParentMap PM(Body);
  PointeeScan S(Def, P, PM, Callee);
  S.TraverseStmt(Body);
  PointeeUse &U = S.Result;
  if (U.Write && !U.Read && !U.Escapes)
    S.cover(Body);
  U.Accumulates = S.OnlyAdds && U.Write && !U.Escapes && !U.Unbounded &&
                  llvm::all_of(U.Spans, [](const OffsetSpan &Sp) {
                    return Sp.atPointer();
                  });
  return U;
}

} // namespace dlbcc
