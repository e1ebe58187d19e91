//===- Privatization.cpp - Scalars private to an iteration ----------------===//
//
// Owns the privatization of scalars (Privatization.h): whether every
// iteration writes a scalar before reading it, and whether anything reads
// it after the loop.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/Privatization.h"
#include "dlbcc/Analysis/ExprQueries.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace dlbcc {
namespace {

/// What one execution of a statement does with a variable, in execution
/// order: nothing; surely writes it before any read; may write it and never
/// reads it first; may read it before writing it.
enum class Fate { None, Kill, MaybeKill, Read };

const Expr *bare(const Expr *E) {
  if (const auto *C = dyn_cast<ExprWithCleanups>(E))
    E = C->getSubExpr();
  return E->IgnoreParens();
}

/// `V = e` with e not mentioning V, also within a chain of assignments
/// (C's `ax = ay = az = 0.0`: the value e is stored right to left).
bool isPlainAssignment(const Expr *E, const VarDecl *V) {
  bool Assigned = false;
  E = bare(E);
  while (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() != BO_Assign)
      break;
    const auto *D = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParens());
    if (D && D->getDecl() == V)
      Assigned = true;
    else if (mentions(B->getLHS(), V))
      return false;
    E = B->getRHS()->IgnoreParenImpCasts();
  }
  return Assigned && !mentions(E, V);
}

Fate fateOf(const Stmt *S, const VarDecl *V);

/// Statements run one after the other.
template <class Range> Fate sequence(Range Stmts, const VarDecl *V) {
  Fate Result = Fate::None;
  for (const Stmt *S : Stmts) {
    switch (fateOf(S, V)) {
    case Fate::None:
      break;
    case Fate::Kill:
      return Fate::Kill;
    case Fate::Read:
      return Fate::Read;
    case Fate::MaybeKill:
      Result = Fate::MaybeKill;
      break;
    }
  }
  return Result;
}

/// A statement that may run zero times.
Fate maybe(Fate F) { return F == Fate::Kill ? Fate::MaybeKill : F; }

Fate fateOf(const Stmt *S, const VarDecl *V) {
  if (!mentions(S, V))
    return Fate::None;
  if (const auto *E = dyn_cast<Expr>(S))
    return isPlainAssignment(E, V) ? Fate::Kill : Fate::Read;
  if (const auto *C = dyn_cast<CompoundStmt>(S))
    return sequence(C->body(), V);
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (mentions(If->getInit(), V) || mentions(If->getCond(), V) ||
        mentions(If->getConditionVariableDeclStmt(), V))
      return Fate::Read;
    Fate Then = fateOf(If->getThen(), V), Else = fateOf(If->getElse(), V);
    if (Then == Fate::Read || Else == Fate::Read)
      return Fate::Read;
    if (Then == Fate::Kill && Else == Fate::Kill)
      return Fate::Kill;
    return Then == Fate::None && Else == Fate::None ? Fate::None
                                                    : Fate::MaybeKill;
  }
  if (const auto *F = dyn_cast<ForStmt>(S)) {
    Fate Init = fateOf(F->getInit(), V);
    if (Init != Fate::None)
      return Init;
    if (mentions(F->getCond(), V) ||
        mentions(F->getConditionVariableDeclStmt(), V))
      return Fate::Read;
    Fate Body = fateOf(F->getBody(), V);
    // The increment runs after the body, which must then have written V.
    if (mentions(F->getInc(), V) && Body != Fate::Kill)
      return Fate::Read;
    return maybe(Body);
  }
  if (const auto *W = dyn_cast<WhileStmt>(S)) {
    if (mentions(W->getCond(), V))
      return Fate::Read;
    return maybe(fateOf(W->getBody(), V));
  }
  if (const auto *Do = dyn_cast<DoStmt>(S)) {
    Fate Body = fateOf(Do->getBody(), V);
    if (Body == Fate::Kill || Body == Fate::Read)
      return Body;
    return mentions(Do->getCond(), V) ? Fate::Read : Body;
  }
  // Declarations, returns and everything else that mentions V may read it.
  return Fate::Read;
}

/// Whether a reference or pointer to V is made anywhere in F: then V may be
/// read through it where V is not mentioned.
bool aliased(const VarDecl *V, const FunctionDecl *F, ASTContext &Ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    Finder(const VarDecl *V, ASTContext &Ctx) : V(V), Ctx(Ctx) {}
    bool VisitDeclRefExpr(DeclRefExpr *D) {
      if (D->getDecl() != V)
        return true;
      // Up through parentheses and the branches of `c ? x : y`, an lvalue
      // used the way the conditional is (as in the max(A, B) macros), and
      // the const that `c ? x : K` adds to x when K is const.
      const Expr *Child = D;
      DynTypedNodeList P = Ctx.getParents(*D);
      while (!P.empty()) {
        const auto *Parent = P[0].get<Expr>();
        const auto *Cond = dyn_cast_or_null<ConditionalOperator>(Parent);
        const auto *Same = dyn_cast_or_null<ImplicitCastExpr>(Parent);
        if (!Parent ||
            !(isa<ParenExpr>(Parent) || (Cond && Cond->getCond() != Child) ||
              (Same && Same->getCastKind() == CK_NoOp)))
          break;
        Child = Parent;
        P = Ctx.getParents(*Parent);
      }
      const Expr *Parent = P.empty() ? nullptr : P[0].get<Expr>();
      const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Parent);
      const auto *Op = dyn_cast_or_null<UnaryOperator>(Parent);
      const auto *Bin = dyn_cast_or_null<BinaryOperator>(Parent);
      bool Plain = (Cast && Cast->getCastKind() == CK_LValueToRValue) ||
                   (Op && Op->isIncrementDecrementOp()) ||
                   (Bin && Bin->isAssignmentOp() && Bin->getLHS() == Child);
      Found |= !Plain;
      return true;
    }
    const VarDecl *V;
    ASTContext &Ctx;
    bool Found = false;
  } F2(V, Ctx);
  F2.TraverseStmt(F->getBody());
  return F2.Found;
}

} // namespace

bool writtenBeforeRead(const Stmt *S, const VarDecl *V) {
  return fateOf(S, V) != Fate::Read;
}

bool liveAfter(const Stmt *Loop, const VarDecl *V, const FunctionDecl *F,
               ASTContext &Ctx) {
  if (aliased(V, F, Ctx))
    return true;
  const Stmt *Cur = Loop;
  while (Cur != F->getBody()) {
    DynTypedNodeList P = Ctx.getParents(*Cur);
    const Stmt *Parent = P.empty() ? nullptr : P[0].get<Stmt>();
    if (!Parent)
      return true;
    if (const auto *C = dyn_cast<CompoundStmt>(Parent)) {
      const auto *After = llvm::find(C->body(), Cur);
      if (After == C->body_end())
        return true;
      switch (sequence(llvm::make_range(After + 1, C->body_end()), V)) {
      case Fate::Kill:
        return false;
      case Fate::Read:
        return true;
      default:
        break;
      }
    } else if (isa<ForStmt, WhileStmt, DoStmt>(Parent)) {
      // The enclosing loop runs its condition (and increment), then its body
      // again from the start: up to and through the statement holding Loop.
      const Stmt *Cond = nullptr, *Inc = nullptr, *Body = nullptr;
      if (const auto *For = dyn_cast<ForStmt>(Parent)) {
        Cond = For->getCond();
        Inc = For->getInc();
        Body = For->getBody();
      } else if (const auto *W = dyn_cast<WhileStmt>(Parent)) {
        Cond = W->getCond();
        Body = W->getBody();
      } else {
        const auto *Do = cast<DoStmt>(Parent);
        Cond = Do->getCond();
        Body = Do->getBody();
      }
      if (Body != Cur || mentions(Cond, V) || mentions(Inc, V))
        return true;
      Fate Again = fateOf(Body, V);
      if (Again == Fate::Kill)
        return false;
      if (Again == Fate::Read)
        return true;
    } else if (!isa<IfStmt>(Parent)) {
      // switch, labels, try: not followed here.
      return true;
    }
    Cur = Parent;
  }
  // The end of the function: only what outlives it may still be read.
  return V->hasGlobalStorage() || V->getType()->isReferenceType();
}

bool usedOutside(const Stmt *Loop, const VarDecl *V, const FunctionDecl *F) {
  struct Count : RecursiveASTVisitor<Count> {
    explicit Count(const VarDecl *V) : V(V) {}
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      N += E->getDecl() == V;
      return true;
    }
    const VarDecl *V;
    unsigned N = 0;
  } InF(V), InLoop(V);
  InF.TraverseStmt(F->getBody());
  InLoop.TraverseStmt(const_cast<Stmt *>(Loop));
  return V->hasGlobalStorage() || InF.N != InLoop.N;
}

} // namespace dlbcc
