//===- PrivateArrays.cpp - Scratch arrays private to an iteration ---------===//
//
// Owns elementsWrittenBeforeRead (Privatization.h): whether each iteration
// writes every element of a one-dimensional array that it reads, before
// reading it. The proof follows the statements of the body in order: a
// `for` loop with constant bounds that assigns `v[k + c]` for each of its
// indices k, unconditionally, covers those elements, as do `v[c] = e` and
// a call that writes them for sure (PointeeUse::Covers); every later read must
// fall in what is covered, its subscript bounded through the constant
// loops around it. Writes may go anywhere.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/Affine.h"
#include "dlbcc/Analysis/ExprQueries.h"
#include "dlbcc/Analysis/LoopForm.h"
#include "dlbcc/Analysis/PointeeUses.h"
#include "dlbcc/Analysis/Privatization.h"
#include "dlbcc/Support/Mentions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace dlbcc {
namespace {

/// The values [Lo, Hi] an index or subscript takes.
struct Span {
  long long Lo, Hi;
};

/// Whether \p S mentions \p V outside the operands of sizeof and alignof
/// (`memcpy(v, w, sizeof v)` names v once).
bool evaluates(const Stmt *S, const VarDecl *V) {
  if (!S || isa<UnaryExprOrTypeTraitExpr>(S))
    return false;
  if (const auto *R = dyn_cast<DeclRefExpr>(S); R && R->getDecl() == V)
    return true;
  return llvm::any_of(S->children(),
                      [&](const Stmt *C) { return evaluates(C, V); });
}

class Coverage {
public:
  Coverage(const VarDecl *V, ASTContext &Ctx, CalleeUse Callee)
      : V(V), Ctx(Ctx), Callee(Callee) {}

  bool run(const Stmt *Body) {
    for (const Stmt *S : statementsOf(Body))
      if (mentions(S, V) && !covers(S) && !coversElement(S) &&
          !callUsesCovered(S) && !usesCovered(S))
        return false;
    return true;
  }

private:
  /// S as `v[c] = e` with constant c, e not naming V: adds c.
  bool coversElement(const Stmt *S) {
    const auto *B = dyn_cast<BinaryOperator>(S);
    const Expr *Sub =
        B && B->getOpcode() == BO_Assign && !mentions(B->getRHS(), V)
            ? subscriptOf(B->getLHS())
            : nullptr;
    std::optional<long long> C = Sub ? integerConstant(Sub, Ctx) : std::nullopt;
    if (C)
      Covered.push_back({*C, *C});
    return C.has_value();
  }

  /// S as `f(..., v + c, ...)` (or `x = f(...)`, `x += f(...)`), naming V
  /// once, where f reads only covered offsets of that parameter, if any
  /// (its summary's spans, instantiated with the call's arguments): adds
  /// what f writes for sure (its Covers) to what is covered.
  bool callUsesCovered(const Stmt *S) {
    const auto *E = dyn_cast<Expr>(S);
    E = E ? E->IgnoreParenCasts() : nullptr;
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(E);
        B && B->isAssignmentOp() && !mentions(B->getLHS(), V))
      E = B->getRHS()->IgnoreParenCasts();
    const auto *Call = dyn_cast_or_null<CallExpr>(E);
    const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
    if (!F || isa<CXXMethodDecl>(F) || mentions(Call->getCallee(), V))
      return false;
    unsigned Named = 0, J = 0;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (evaluates(Call->getArg(I), V))
        ++Named, J = I;
    std::optional<long long> Offset =
        Named == 1 ? offsetOf(Call->getArg(J)) : std::nullopt;
    if (!Offset)
      return false;
    AffineForm Base;
    Base.Constant = *Offset;
    const PointeeUse U = Callee(F, J);
    auto Constant = [&](const OffsetSpan &Part) -> std::optional<Span> {
      std::optional<AffineSpan> In = instantiate(U, Part, Call, J, Base, Ctx);
      if (!In || !In->Lo.Coeffs.empty() || !In->Hi.Coeffs.empty())
        return std::nullopt;
      return Span{In->Lo.Constant, In->Hi.Constant};
    };
    if (U.Escapes || (U.Read && U.Unbounded) || (!U.Read && U.Covers.empty()))
      return false;
    for (const OffsetSpan &Part : U.Spans) {
      std::optional<Span> R = U.Read ? Constant(Part) : Span{0, -1};
      if (!R || !covered(*R))
        return false;
    }
    for (const OffsetSpan &Part : U.Covers)
      if (std::optional<Span> W = Constant(Part))
        Covered.push_back(*W);
    return true;
  }

  /// Whether \p R (empty when Lo > Hi) lies in one covered span.
  bool covered(const Span &R) const {
    return R.Lo > R.Hi || llvm::any_of(Covered, [&](const Span &C) {
             return C.Lo <= R.Lo && R.Hi <= C.Hi;
           });
  }

  /// \p E as `v`, `v + c` or `&v[c]` with constant c: c.
  std::optional<long long> offsetOf(const Expr *E) const {
    auto Offset = offsetFrom(E, V);
    if (!Offset)
      return std::nullopt;
    return *Offset ? integerConstant(*Offset, Ctx) : 0;
  }

  /// `for (k = a; k < b; ++k)` with constant a and b: its index and span.
  std::optional<std::pair<const VarDecl *, Span>>
  constantLoop(const ForStmt *F) const {
    std::optional<ForRange> L = forRange(F, Ctx);
    if (!L || L->Step != 1 || exitsOrChanges(F->getBody(), L->Index))
      return std::nullopt;
    std::optional<long long> Lo = integerConstant(L->Lower, Ctx),
                             Hi = integerConstant(L->Upper, Ctx);
    if (!Lo || !Hi)
      return std::nullopt;
    Span S{*Lo + (L->LowerOpen ? 1 : 0), *Hi - (L->Inclusive ? 0 : 1)};
    if (L->Down)
      S = {*Hi + (L->Inclusive ? 0 : 1), *Lo - (L->LowerOpen ? 1 : 0)};
    return std::make_pair(L->Index, S);
  }

  /// The subscript of `V[e]`, if E is that.
  const Expr *subscriptOf(const Expr *E) const {
    const auto *A = dyn_cast<ArraySubscriptExpr>(E->IgnoreParens());
    if (!A)
      return nullptr;
    const auto *D = dyn_cast<DeclRefExpr>(A->getBase()->IgnoreParenImpCasts());
    return D && D->getDecl() == V ? A->getIdx() : nullptr;
  }

  /// S as `for (k = a; k < b; ++k) { ... v[k + c] = e; ... }`: the first
  /// statement of the body that mentions V assigns v[k + c] (e not
  /// mentioning V), the others use only v[k + c]. Adds [a + c, b - 1 + c].
  bool covers(const Stmt *S) {
    const auto *F = dyn_cast<ForStmt>(S);
    auto Loop = F ? constantLoop(F) : std::nullopt;
    if (!Loop || mentions(F->getInit(), V) || mentions(F->getCond(), V) ||
        mentions(F->getInc(), V))
      return false;
    const VarDecl *K = Loop->first;
    const auto &Range = Loop->second;
    std::optional<long long> Offset;
    auto SameElement = [&](const Expr *Sub) {
      std::optional<AffineForm> A = Sub ? affineForm(Sub, Ctx) : std::nullopt;
      return A && A->onlyUses(K) && A->coeff(K) == 1 &&
             (!Offset || *Offset == A->Constant) &&
             (Offset = A->Constant, true);
    };
    bool Written = false;
    for (const Stmt *Part : statementsOf(F->getBody())) {
      if (!mentions(Part, V))
        continue;
      if (!Written) {
        const auto *B = dyn_cast<BinaryOperator>(Part);
        if (!B || B->getOpcode() != BO_Assign || mentions(B->getRHS(), V) ||
            !SameElement(subscriptOf(B->getLHS())))
          return false;
        Written = true;
        continue;
      }
      if (!eachUse(Part,
                   [&](const Expr *Sub, bool) { return SameElement(Sub); }))
        return false;
    }
    Covered.push_back({Range.Lo + *Offset, Range.Hi + *Offset});
    return true;
  }

  /// Every use of V in S is a subscript `V[e]`: calls Check(e, IsWrite)
  /// for each (IsWrite: the left side of a plain assignment); whether
  /// every call returned true.
  template <class CheckFn> bool eachUse(const Stmt *S, CheckFn Check) {
    struct Uses : RecursiveASTVisitor<Uses> {
      explicit Uses(const VarDecl *V) : V(V) {}
      bool VisitDeclRefExpr(DeclRefExpr *D) {
        if (D->getDecl() == V)
          Refs.push_back(D);
        return true;
      }
      const VarDecl *V;
      SmallVector<const DeclRefExpr *, 8> Refs;
    } U(V);
    U.TraverseStmt(const_cast<Stmt *>(S));
    for (const DeclRefExpr *D : U.Refs) {
      DynTypedNodeList P = Ctx.getParents(*D);
      const auto *Decay = P.empty() ? nullptr : P[0].get<ImplicitCastExpr>();
      P = Decay ? Ctx.getParents(*Decay) : P;
      const auto *A = P.empty() ? nullptr : P[0].get<ArraySubscriptExpr>();
      if (!Decay || !A || A->getBase() != Decay)
        return false;
      P = Ctx.getParents(*A);
      const auto *B = P.empty() ? nullptr : P[0].get<BinaryOperator>();
      const bool Write = B && B->getOpcode() == BO_Assign && B->getLHS() == A;
      if (!Check(A->getIdx(), Write))
        return false;
    }
    return true;
  }

  /// Whether S reads only covered elements, bounding each subscript through
  /// the constant loops around it inside S.
  bool usesCovered(const Stmt *S) {
    return eachUse(S, [&](const Expr *Sub, bool Write) {
      if (Write)
        return true;
      std::optional<AffineForm> A = affineForm(Sub, Ctx);
      if (!A)
        return false;
      Span R{A->Constant, A->Constant};
      for (const auto &[Var, C] : A->Coeffs) {
        std::optional<Span> Values = indexValues(Var, Sub, S);
        if (!Values)
          return false;
        R.Lo += C * (C > 0 ? Values->Lo : Values->Hi);
        R.Hi += C * (C > 0 ? Values->Hi : Values->Lo);
      }
      return covered(R);
    });
  }

  /// The values of Var where E is, if Var is the index of a constant loop
  /// inside Top whose body holds E.
  std::optional<Span> indexValues(const ValueDecl *Var, const Expr *E,
                                  const Stmt *Top) const {
    const Stmt *Child = E;
    for (DynTypedNodeList P = Ctx.getParents(*E); !P.empty();
         P = Ctx.getParents(P[0])) {
      const Stmt *Parent = P[0].get<Stmt>();
      if (!Parent)
        return std::nullopt;
      if (const auto *F = dyn_cast<ForStmt>(Parent); F && Child == F->getBody())
        if (auto L = constantLoop(F); L && L->first == Var)
          return L->second;
      if (Parent == Top)
        return std::nullopt;
      Child = Parent;
    }
    return std::nullopt;
  }

  const VarDecl *V;
  ASTContext &Ctx;
  CalleeUse Callee;
  std::vector<Span> Covered;
};

} // namespace

bool elementsWrittenBeforeRead(const Stmt *Body, const VarDecl *V,
                               ASTContext &Ctx, CalleeUse Callee) {
  return Coverage(V, Ctx, Callee).run(Body);
}

} // namespace dlbcc
