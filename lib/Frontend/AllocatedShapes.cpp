//===- AllocatedShapes.cpp - Extents of pointers from their allocation ----===//
//
// Owns inferAllocatedShapes (dlbcc/Frontend/OpenMP.h): an OpenMP loop
// names no shape() for the pointers it subscripts, but numerical C
// allocates them where their extent is written:
//
//   double *x = malloc(n * sizeof *x);      double *x = calloc(n,
//   sizeof(double)); double *x = (double *)malloc(sizeof(double) * n);     x =
//   new double[n];
//
// A local pointer allocated once so in its function, and never assigned
// otherwise, whose extent names only variables that the function writes
// only before the allocation (not in a loop), has shape(x[extent]). So has a
// pointer parameter of a function called from this file only (CallSites.h) that
// every call passes an array of one constant extent (a C array, or a local
// pointer allocated for a constant count), or a pointer allocated for the
// count it passes to an integer parameter n: shape(x[n]). So has a global
// of its file (internal linkage: `static double *x = (double *)malloc(
// sizeof(double) * (NA + 2));` at file scope, or `x = malloc(...)` once in
// main, outside loops) allocated for a constant count and assigned nowhere
// else, its address never taken: the loop and the calls subscript it as
// they subscript a C array.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Frontend/OpenMP.h"
#include "dlbcc/Support/CallSites.h"
#include "dlbcc/Support/Mentions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace dlbcc {
namespace {

/// Whether \p E is `sizeof(T)`, `sizeof *p` or `sizeof p[0]` of elements
/// of type \p Elem.
bool isElementSize(const Expr *E, QualType Elem, ASTContext &Ctx) {
  const auto *S = dyn_cast<UnaryExprOrTypeTraitExpr>(E->IgnoreParenImpCasts());
  return S && S->getKind() == UETT_SizeOf &&
         Ctx.hasSameUnqualifiedType(S->getTypeOfArgument(), Elem);
}

/// The number of elements that allocation \p E (under casts) makes room
/// for, as an expression of the program; null if E is none of the forms.
const Expr *allocatedCount(const Expr *E, QualType Elem, ASTContext &Ctx) {
  E = E->IgnoreParenCasts();
  if (const auto *New = dyn_cast<CXXNewExpr>(E))
    return New->isArray() && New->getArraySize()
               ? (*New->getArraySize())->IgnoreImpCasts()
               : nullptr;
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  if (!F || !F->getIdentifier())
    return nullptr;
  if (F->getName() == "calloc" && Call->getNumArgs() == 2)
    return isElementSize(Call->getArg(1), Elem, Ctx)
               ? Call->getArg(0)->IgnoreImpCasts()
               : nullptr;
  if (F->getName() != "malloc" || Call->getNumArgs() != 1)
    return nullptr;
  const auto *Mul =
      dyn_cast<BinaryOperator>(Call->getArg(0)->IgnoreParenImpCasts());
  if (!Mul || Mul->getOpcode() != BO_Mul)
    return nullptr;
  if (isElementSize(Mul->getRHS(), Elem, Ctx))
    return Mul->getLHS()->IgnoreImpCasts();
  if (isElementSize(Mul->getLHS(), Elem, Ctx))
    return Mul->getRHS()->IgnoreImpCasts();
  return nullptr;
}

/// The writes of a function body: each variable's assignments (and
/// increments), and whether its address is taken.
struct Writes : RecursiveASTVisitor<Writes> {
  struct Write {
    const Expr *Value; ///< null for an increment or an address taken
    SourceLocation Loc;
  };
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      note(B->getLHS(), B->isCompoundAssignmentOp() ? nullptr : B->getRHS(),
           B->getOperatorLoc());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      note(U->getSubExpr(), nullptr,
           U->getOpcode() == UO_AddrOf ? SourceLocation()
                                       : U->getOperatorLoc());
    return true;
  }
  void note(const Expr *Target, const Expr *Value, SourceLocation Loc) {
    if (const auto *D = dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
        Assigned[V].push_back({Value, Loc});
  }
  llvm::DenseMap<const VarDecl *, std::vector<Write>> Assigned;
};

/// Whether \p A and \p B are the same expression (up to parentheses and
/// implicit casts).
bool sameExpr(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  llvm::FoldingSetNodeID X, Y;
  A->IgnoreParenImpCasts()->Profile(X, Ctx, /*Canonical=*/true);
  B->IgnoreParenImpCasts()->Profile(Y, Ctx, /*Canonical=*/true);
  return X == Y;
}

/// Whether \p S is in a loop of its function.
bool inLoop(const Stmt *S, ASTContext &Ctx) {
  for (DynTypedNodeList P = Ctx.getParents(*S); !P.empty();
       P = Ctx.getParents(P[0])) {
    if (P[0].get<ForStmt>() || P[0].get<WhileStmt>() || P[0].get<DoStmt>() ||
        P[0].get<CXXForRangeStmt>())
      return true;
    if (P[0].get<FunctionDecl>())
      return false;
  }
  return false;
}

/// Whether the variables of \p Count, the count of an allocation, still
/// have the values they had there wherever the allocated pointer is used:
/// written only before it (`int n; if (argc > 1) n = atoi(argv[1]); else
/// n = 1000; x = malloc(n * sizeof *x);`), never through a pointer, and
/// the allocation not in a loop.
bool fixedSince(const Expr *Count, const Writes &W, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const bool Repeated = inLoop(Count, Ctx);
  return llvm::all_of(W.Assigned, [&](const auto &Entry) {
    return !mentions(Count, Entry.first) ||
           (!Repeated &&
            llvm::all_of(Entry.second, [&](const Writes::Write &X) {
              return X.Loc.isValid() &&
                     SM.isBeforeInTranslationUnit(X.Loc, Count->getBeginLoc());
            }));
  });
}

/// Whether \p V (a parameter or a local) is in scope at \p Loop: declared
/// in a block that holds the loop.
bool inScopeAt(const VarDecl *V, const Stmt *Loop, ASTContext &Ctx) {
  if (isa<ParmVarDecl>(V))
    return true;
  DynTypedNodeList P = Ctx.getParents(*V);
  const auto *DS = P.empty() ? nullptr : P[0].get<DeclStmt>();
  P = DS ? Ctx.getParents(*DS) : DynTypedNodeList(DynTypedNode());
  const auto *Block = P.empty() ? nullptr : P[0].get<CompoundStmt>();
  const SourceManager &SM = Ctx.getSourceManager();
  return Block &&
         !SM.isBeforeInTranslationUnit(Loop->getBeginLoc(),
                                       Block->getBeginLoc()) &&
         !SM.isBeforeInTranslationUnit(Block->getEndLoc(), Loop->getEndLoc());
}

/// Whether every variable \p Count (an allocation's) names is local to the
/// function, in scope at \p Loop, and has its value there (fixedSince).
bool unchanging(const Expr *Count, const Writes &W, const Stmt *Loop,
                ASTContext &Ctx) {
  struct Names : RecursiveASTVisitor<Names> {
    bool VisitDeclRefExpr(DeclRefExpr *D) {
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
        Vars.push_back(V);
      return true;
    }
    std::vector<const VarDecl *> Vars;
  } N;
  N.TraverseStmt(const_cast<Expr *>(Count));
  return llvm::all_of(N.Vars,
                      [&](const VarDecl *V) {
                        return V->isLocalVarDeclOrParm() &&
                               inScopeAt(V, Loop, Ctx);
                      }) &&
         fixedSince(Count, W, Ctx);
}

/// The count of local pointer \p V's one allocation in its function (its
/// initializer or its one assignment; \p W: its function's writes).
const Expr *allocatedCountOf(const VarDecl *V, const Writes &W,
                             ASTContext &Ctx) {
  auto It = W.Assigned.find(V);
  const Expr *Allocation = V->getInit();
  if (It != W.Assigned.end()) {
    if (Allocation || It->second.size() != 1 || !It->second.front().Value)
      return nullptr;
    Allocation = It->second.front().Value;
  }
  return Allocation
             ? allocatedCount(Allocation, V->getType()->getPointeeType(), Ctx)
             : nullptr;
}

/// The extent of local pointer \p V from its one allocation, if any.
const Expr *allocatedExtent(const VarDecl *V, const Stmt *Loop,
                            ASTContext &Ctx) {
  const auto *F = dyn_cast<FunctionDecl>(V->getDeclContext());
  if (!F || !F->hasBody() || !V->getType()->isPointerType())
    return nullptr;
  Writes W;
  W.TraverseStmt(F->getBody());
  const Expr *Count = allocatedCountOf(V, W, Ctx);
  return Count && unchanging(Count, W, Loop, Ctx) ? Count : nullptr;
}

/// The function whose body holds \p S, if any.
const FunctionDecl *functionOf(const Stmt *S, ASTContext &Ctx) {
  for (DynTypedNodeList P = Ctx.getParents(*S); !P.empty();
       P = Ctx.getParents(P[0]))
    if (const auto *F = P[0].get<FunctionDecl>())
      return F;
  return nullptr;
}

/// \p E's value as a literal of type long long, if it is a constant.
const Expr *constantExtent(const Expr *E, ASTContext &Ctx) {
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return nullptr;
  return IntegerLiteral::Create(Ctx, R.Val.getInt().extOrTrunc(64),
                                Ctx.LongLongTy, SourceLocation());
}

/// The constant extent of file-scope pointer \p V of internal linkage
/// from its one allocation: its initializer, or (initialized null or not
/// at all) one assignment in main outside loops; no other assignment in
/// the file, its address not taken.
const Expr *globalExtent(const VarDecl *V, ASTContext &Ctx) {
  if (!V->isFileVarDecl() || V->isExternallyVisible() ||
      !V->getType()->isPointerType())
    return nullptr;
  Writes W;
  W.TraverseDecl(Ctx.getTranslationUnitDecl());
  const Expr *Allocation = V->getInit();
  if (Allocation &&
      Allocation->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    Allocation = nullptr;
  if (auto It = W.Assigned.find(V); It != W.Assigned.end()) {
    const Expr *Value =
        It->second.size() == 1 ? It->second.front().Value : nullptr;
    const FunctionDecl *F = Value ? functionOf(Value, Ctx) : nullptr;
    if (Allocation || !F || !F->isMain() || inLoop(Value, Ctx))
      return nullptr;
    Allocation = Value;
  }
  const Expr *Count =
      Allocation
          ? allocatedCount(Allocation, V->getType()->getPointeeType(), Ctx)
          : nullptr;
  return Count ? constantExtent(Count, Ctx) : nullptr;
}

/// The extent of what call argument \p Arg points to: a C array's, or a
/// local pointer's from its allocation (its variables unchanged in the
/// caller); null if unknown.
const Expr *argumentExtent(const Expr *Arg, ASTContext &Ctx) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!V)
    return nullptr;
  if (const ConstantArrayType *T = Ctx.getAsConstantArrayType(V->getType()))
    return IntegerLiteral::Create(Ctx,
                                  llvm::APInt(64, T->getSize().getZExtValue()),
                                  Ctx.LongLongTy, SourceLocation());
  if (const Expr *Extent = globalExtent(V, Ctx))
    return Extent;
  const auto *F = dyn_cast<FunctionDecl>(V->getDeclContext());
  if (!V->isLocalVarDecl() || !F || !V->getType()->isPointerType())
    return nullptr;
  Writes W;
  W.TraverseStmt(F->getBody());
  const Expr *Count = allocatedCountOf(V, W, Ctx);
  if (!Count)
    return nullptr;
  if (const Expr *Constant = constantExtent(Count, Ctx))
    return Constant;
  // Compared with the call's arguments only: its variables must have the
  // values they had at the allocation.
  return fixedSince(Count, W, Ctx) ? Count : nullptr;
}

/// The extent of pointer parameter \p P from every call of its function.
const Expr *parameterExtent(const ParmVarDecl *P, ASTContext &Ctx) {
  const auto *F = dyn_cast<FunctionDecl>(P->getDeclContext());
  if (!F || !F->hasBody())
    return nullptr;
  Writes W;
  W.TraverseStmt(F->getBody());
  const CallSites Sites = callSitesOf(F, Ctx);
  if (W.Assigned.count(P) || Sites.Escapes || Sites.Calls.empty())
    return nullptr;
  const unsigned I = P->getFunctionScopeIndex();
  const Expr *Constant = nullptr;
  std::optional<unsigned> Count; // the integer parameter, for every call
  bool SameConstant = true, SameCount = true;
  for (const CallExpr *C : Sites.Calls) {
    const Expr *Extent =
        I < C->getNumArgs() ? argumentExtent(C->getArg(I), Ctx) : nullptr;
    if (!Extent)
      return nullptr;
    const auto *Literal = dyn_cast<IntegerLiteral>(Extent);
    SameConstant &=
        Literal && (!Constant || cast<IntegerLiteral>(Constant)->getValue() ==
                                     Literal->getValue());
    Constant = Literal ? Literal : Constant;
    std::optional<unsigned> J;
    for (unsigned K = 0; K < C->getNumArgs() && K < F->getNumParams(); ++K)
      if (F->getParamDecl(K)->getType()->isIntegerType() &&
          sameExpr(C->getArg(K), Extent, Ctx))
        J = K;
    SameCount &= J && (!Count || *Count == *J);
    Count = J;
  }
  if (SameConstant && Constant)
    return Constant;
  const ParmVarDecl *N = SameCount && Count ? F->getParamDecl(*Count) : nullptr;
  if (!N || W.Assigned.count(N))
    return nullptr;
  return DeclRefExpr::Create(Ctx, NestedNameSpecifierLoc(), SourceLocation(),
                             const_cast<ParmVarDecl *>(N), false,
                             SourceLocation(), N->getType(), VK_LValue);
}

} // namespace

void inferAllocatedShapes(Annotation &A, ASTContext &Ctx) {
  struct Pointers : RecursiveASTVisitor<Pointers> {
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *S) {
      if (const auto *D =
              dyn_cast<DeclRefExpr>(S->getBase()->IgnoreParenImpCasts()))
        if (const auto *V = dyn_cast<VarDecl>(D->getDecl());
            V && (V->isLocalVarDeclOrParm() || V->isFileVarDecl()) &&
            V->getType()->isPointerType() && !llvm::is_contained(Vars, V))
          Vars.push_back(V);
      return true;
    }
    std::vector<const VarDecl *> Vars;
  } P;
  P.TraverseStmt(const_cast<ForStmt *>(A.Loop));
  for (const VarDecl *V : P.Vars) {
    if (A.shapeOf(V))
      continue;
    const auto *P = dyn_cast<ParmVarDecl>(V);
    if (const Expr *Extent = P ? parameterExtent(P, Ctx)
                             : V->isFileVarDecl()
                                 ? globalExtent(V, Ctx)
                                 : allocatedExtent(V, A.Loop, Ctx)) {
      ShapeSpec S;
      S.Array = {V->getName().str(), A.DirectiveLoc, V};
      S.Extents.push_back(Extent);
      S.ExtentLocs.push_back(A.DirectiveLoc);
      A.Shapes.push_back(std::move(S));
    }
  }
}

} // namespace dlbcc
