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
#include "clang/Basic/SourceManager.h"

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

} // namespace

bool aliased(const VarDecl *V, const FunctionDecl *F, ASTContext &Ctx,
             CalleeUse Callee) {
  struct Finder : RecursiveASTVisitor<Finder> {
    Finder(const VarDecl *V, ASTContext &Ctx, CalleeUse Callee)
        : V(V), Ctx(Ctx), Callee(Callee) {}
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
                   (Bin && Bin->isAssignmentOp() && Bin->getLHS() == Child) ||
                   (Op && Op->getOpcode() == UO_AddrOf && lent(Op));
      Found |= !Plain;
      return true;
    }
    /// Whether \p Address is an argument of a direct call whose callee
    /// does not let it escape.
    bool lent(const Expr *Address) {
      DynTypedNodeList P = Ctx.getParents(*Address);
      const auto *Call = P.empty() ? nullptr : P[0].get<CallExpr>();
      const FunctionDecl *G = Call ? Call->getDirectCallee() : nullptr;
      if (!G || isa<CXXMethodDecl>(G))
        return false;
      for (unsigned J = 0; J < Call->getNumArgs(); ++J)
        if (Call->getArg(J) == Address)
          return !Callee(G, J).Escapes;
      return false;
    }
    const VarDecl *V;
    ASTContext &Ctx;
    CalleeUse Callee;
    bool Found = false;
  } F2(V, Ctx, Callee);
  F2.TraverseStmt(F->getBody());
  return F2.Found;
}

bool writtenBeforeRead(const Stmt *S, const VarDecl *V) {
  return fateOf(S, V) != Fate::Read;
}

bool liveAfter(const Stmt *Loop, const VarDecl *V, const FunctionDecl *F,
               ASTContext &Ctx) {
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

namespace {

/// The uses of \p V in \p S (a Stmt or a Decl).
template <class Node>
llvm::SmallPtrSet<const DeclRefExpr *, 8> usesOf(const VarDecl *V, Node *S) {
  struct Refs : RecursiveASTVisitor<Refs> {
    explicit Refs(const VarDecl *V) : V(V) {}
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      if (E->getDecl() == V)
        Found.insert(E);
      return true;
    }
    const VarDecl *V;
    llvm::SmallPtrSet<const DeclRefExpr *, 8> Found;
  } R(V);
  if constexpr (std::is_base_of_v<Decl, Node>)
    R.TraverseDecl(const_cast<Decl *>(static_cast<const Decl *>(S)));
  else
    R.TraverseStmt(const_cast<Stmt *>(static_cast<const Stmt *>(S)));
  return R.Found;
}

bool hasGoto(const Stmt *S) {
  return S && (isa<GotoStmt, IndirectGotoStmt>(S) ||
               llvm::any_of(S->children(), hasGoto));
}

/// Whether \p E, a use of \p V, runs only before \p Loop starts, in \p F:
/// it ends before Loop in F's text, outside every loop around Loop, and F
/// has no goto; and F's next call cannot meet the value the loop left: V
/// is a local of F, or F is main.
bool onlyBefore(const Expr *E, const VarDecl *V, const Stmt *Loop,
                const FunctionDecl *F, ASTContext &Ctx) {
  if (V->hasGlobalStorage() && !F->isMain())
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  auto Before = [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A),
                                        SM.getExpansionLoc(B));
  };
  if (!Before(E->getEndLoc(), Loop->getBeginLoc()) ||
      Before(E->getBeginLoc(), F->getBody()->getBeginLoc()) ||
      Before(F->getBody()->getEndLoc(), E->getEndLoc()) ||
      hasGoto(F->getBody()))
    return false;
  for (DynTypedNodeList P = Ctx.getParents(*Loop); !P.empty();
       P = Ctx.getParents(P[0])) {
    const Stmt *S = P[0].get<Stmt>();
    if (!S)
      break;
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S) &&
        Before(S->getBeginLoc(), E->getBeginLoc()))
      return false;
  }
  return true;
}

/// Whether \p E is the array of `v[e] = x` with x not naming V: a write
/// that reads nothing the loop leaves.
bool elementStore(const DeclRefExpr *E, const VarDecl *V, ASTContext &Ctx) {
  DynTypedNodeList P = Ctx.getParents(*E);
  const auto *Decay = P.empty() ? nullptr : P[0].get<ImplicitCastExpr>();
  P = Decay ? Ctx.getParents(*Decay) : P;
  const auto *A = P.empty() ? nullptr : P[0].get<ArraySubscriptExpr>();
  P = A && A->getBase() == Decay ? Ctx.getParents(*A) : DynTypedNodeList(P);
  const auto *B = A && !P.empty() ? P[0].get<BinaryOperator>() : nullptr;
  return B && B->getOpcode() == BO_Assign && B->getLHS() == A &&
         !mentions(A->getIdx(), V) && !mentions(B->getRHS(), V);
}

} // namespace

bool usedOutside(const Stmt *Loop, const VarDecl *V, const FunctionDecl *F) {
  if (V->hasGlobalStorage() && V->isExternallyVisible())
    return true;
  ASTContext &Ctx = V->getASTContext();
  auto InScope = V->isFileVarDecl() ? usesOf(V, Ctx.getTranslationUnitDecl())
                                    : usesOf(V, F->getBody());
  auto InLoop = usesOf(V, Loop);
  return llvm::any_of(InScope, [&](const DeclRefExpr *E) {
    return !InLoop.count(E) && !elementStore(E, V, Ctx) &&
           !onlyBefore(E, V, Loop, F, Ctx);
  });
}

} // namespace dlbcc
