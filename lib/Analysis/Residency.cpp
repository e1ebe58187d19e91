//===- Residency.cpp - Arrays kept on the ranks across a time loop --------===//
//
// Owns planResidency and scopeBegin (Residency.h): the region (time loop)
// around each distributed loop, the arrays its own code cannot reach,
// which stay on the ranks, and the fixed rows that code fetches back.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/Residency.h"
#include "dlbcc/Support/Text.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

using namespace clang;

namespace dlbcc {
namespace {

/// The innermost for, while or do statement around \p S in its function
/// (not across a lambda's body).
const Stmt *enclosingLoop(const Stmt *S, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(*S);
  while (!Parents.empty()) {
    const Stmt *P = Parents[0].get<Stmt>();
    if (!P || isa<LambdaExpr, BlockExpr, CapturedStmt>(P))
      return nullptr;
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(P))
      return P;
    Parents = Ctx.getParents(*P);
  }
  return nullptr;
}

/// What the code of a region, outside the distributed loops it contains,
/// may touch: the variables it names, and whether it may reach arrays
/// without naming them (Opaque).
class RegionUse {
public:
  RegionUse(const llvm::DenseSet<const Stmt *> &Skipped,
            const AnalysisContext &ACtx)
      : Skipped(Skipped), ACtx(ACtx),
        SM(ACtx.Ctx.getSourceManager()) {}

  /// Visits the region's loop: its body statement by statement (Top), the
  /// rest with no statement to fetch rows before.
  void visitRegion(const Stmt *T) {
    const Stmt *Body = nullptr;
    if (const auto *F = dyn_cast<ForStmt>(T))
      Body = F->getBody();
    else if (const auto *W = dyn_cast<WhileStmt>(T))
      Body = W->getBody();
    else if (const auto *D = dyn_cast<DoStmt>(T))
      Body = D->getBody();
    for (const Stmt *Child : T->children())
      if (Child != Body)
        visit(Child);
    // A fetch goes before a statement of a braced body only.
    if (const auto *C = dyn_cast_or_null<CompoundStmt>(Body)) {
      for (const Stmt *Child : C->body()) {
        Top = holdsSkipped(Child) ? nullptr : Child;
        visit(Child);
      }
    } else {
      visit(Body);
    }
    Top = nullptr;
  }

  void visit(const Stmt *S) {
    if (!S || Opaque || Skipped.count(S) ||
        ACtx.MarkerLocs.count(S->getBeginLoc()))
      return;
    if (const auto *E = dyn_cast<ArraySubscriptExpr>(S); E && fixedRow(E))
      return;
    if (const auto *D = dyn_cast<DeclRefExpr>(S)) {
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl())) {
        Named.insert(V->getCanonicalDecl());
        // A pointer or a reference may alias any array.
        QualType T = V->getType();
        if (T->isPointerType() || T->isReferenceType())
          Opaque = true;
      }
    } else if (isa<CXXThisExpr>(S)) {
      Opaque = true;
    } else if (const auto *C = dyn_cast<CallExpr>(S)) {
      // The library reaches the program's arrays only through arguments
      // (which are visited); a function of the program may reach any.
      if (!fromLibrary(C->getDirectCallee()))
        Opaque = true;
    } else if (const auto *C = dyn_cast<CXXConstructExpr>(S)) {
      if (!fromLibrary(C->getConstructor()))
        Opaque = true;
    }
    for (const Stmt *Child : S->children())
      visit(Child);
  }

  bool Opaque = false;
  llvm::DenseSet<const VarDecl *> Named;
  /// Arrays the code reaches only at fixed rows (`ey[0][j]`, `z[t][t]`),
  /// with the rows (RowFetch, Array aside).
  llvm::MapVector<const VarDecl *, std::vector<RowFetch>> Rows;

private:
  bool holdsSkipped(const Stmt *S) const {
    if (!S)
      return false;
    if (Skipped.count(S))
      return true;
    for (const Stmt *Child : S->children())
      if (holdsSkipped(Child))
        return true;
    return false;
  }

  /// `A[r]...` for A a C array and r an integer expression that has the
  /// same value before the statement of the region's body that holds it
  /// (a constant, `s % n` where the statement does not change s or n):
  /// records the row and visits the other subscripts.
  bool fixedRow(const ArraySubscriptExpr *E) {
    const ArraySubscriptExpr *First = E;
    while (const auto *Inner = dyn_cast<ArraySubscriptExpr>(
               First->getBase()->IgnoreParenImpCasts()))
      First = Inner;
    const auto *D =
        dyn_cast<DeclRefExpr>(First->getBase()->IgnoreParenImpCasts());
    const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    const Expr *Idx = First->getIdx();
    if (!Top || !V || !V->getType()->isConstantArrayType() ||
        !invariantIn(Idx, Top))
      return false;
    const VarDecl *Array = V->getCanonicalDecl();
    std::vector<RowFetch> &Fetches = Rows[Array];
    Expr::EvalResult Row;
    if (Idx->EvaluateAsInt(Row, ACtx.Ctx)) {
      const long long R = Row.Val.getInt().getExtValue();
      auto Same = llvm::find_if(Fetches, [&](const RowFetch &F) {
        return F.Before == Top && !F.Row;
      });
      if (Same == Fetches.end()) {
        Fetches.push_back({Top, Array, nullptr, R, R + 1});
      } else {
        Same->Lo = std::min(Same->Lo, R);
        Same->Hi = std::max(Same->Hi, R + 1);
      }
    } else {
      // Rows written alike are the same row.
      const std::string Text = expansionText(Idx, ACtx.Ctx);
      if (Text.empty())
        return false;
      if (llvm::none_of(Fetches, [&](const RowFetch &F) {
            return F.Before == Top && F.Row &&
                   expansionText(F.Row, ACtx.Ctx) == Text;
          }))
        Fetches.push_back({Top, Array, Idx, 0, 0});
    }
    for (const ArraySubscriptExpr *A = E;;
         A = cast<ArraySubscriptExpr>(A->getBase()->IgnoreParenImpCasts())) {
      visit(A->getIdx());
      if (A == First)
        break;
    }
    return true;
  }

  /// Whether \p E has at the start of \p Top the value it has where Top
  /// evaluates it: an integer expression without calls, side effects or
  /// memory reads, over integer variables declared before Top that Top
  /// only reads.
  bool invariantIn(const Expr *E, const Stmt *Top) const {
    if (E->isValueDependent() ||
        !E->getType()->isIntegralOrEnumerationType() ||
        E->HasSideEffects(ACtx.Ctx))
      return false;
    return invariantTerms(E, Top);
  }

  bool invariantTerms(const Stmt *S, const Stmt *Top) const {
    if (isa<CallExpr, ArraySubscriptExpr, MemberExpr>(S))
      return false;
    if (const auto *U = dyn_cast<UnaryOperator>(S);
        U && (U->getOpcode() == UO_Deref || U->getOpcode() == UO_AddrOf))
      return false;
    if (const auto *D = dyn_cast<DeclRefExpr>(S)) {
      if (isa<EnumConstantDecl>(D->getDecl()))
        return true;
      const auto *V = dyn_cast<VarDecl>(D->getDecl());
      return V && V->getType()->isIntegralOrEnumerationType() &&
             !V->getType().isVolatileQualified() &&
             SM.isBeforeInTranslationUnit(V->getLocation(),
                                          Top->getBeginLoc()) &&
             onlyReads(Top, V);
    }
    for (const Stmt *Child : S->children())
      if (Child && !invariantTerms(Child, Top))
        return false;
    return true;
  }

  /// Whether every use of \p V in \p S reads its value.
  static bool onlyReads(const Stmt *S, const VarDecl *V) {
    for (const Stmt *Child : S->children()) {
      if (!Child)
        continue;
      if (const auto *D = dyn_cast<DeclRefExpr>(Child);
          D && D->getDecl() == V) {
        const auto *Cast = dyn_cast<ImplicitCastExpr>(S);
        if (!Cast || Cast->getCastKind() != CK_LValueToRValue)
          return false;
      } else if (!onlyReads(Child, V)) {
        return false;
      }
    }
    return true;
  }

  const Stmt *Top = nullptr;
  bool fromLibrary(const FunctionDecl *F) const {
    return F && SM.isInSystemHeader(SM.getExpansionLoc(F->getLocation()));
  }

  const llvm::DenseSet<const Stmt *> &Skipped;
  const AnalysisContext &ACtx;
  const SourceManager &SM;
};

/// Whether dlbcc can open a scope around \p S (see scopeBegin), which is
/// not itself an annotated loop.
bool wrappable(const Stmt *S, const AnalysisContext &ACtx) {
  for (const ForStmt *L : ACtx.AnnotatedLoops)
    if (L == S)
      return false;
  return scopeBegin(S, ACtx.Ctx.getSourceManager()).isValid();
}

} // namespace

SourceLocation scopeBegin(const Stmt *S, const SourceManager &SM) {
  SourceLocation Begin = S->getBeginLoc(), End = S->getEndLoc();
  if (Begin.isMacroID() || End.isMacroID() || !SM.isInMainFile(Begin))
    return {};
  std::pair<FileID, unsigned> D = SM.getDecomposedLoc(Begin);
  StringRef Buffer = SM.getBufferData(D.first);
  // The start of the line that holds Begin, when only blanks precede it.
  size_t Start = Buffer.substr(0, D.second).rfind('\n') + 1;
  if (!Buffer.slice(Start, D.second).trim().empty())
    return Begin;
  // Pragma lines directly above S stay attached to it (#pragma omp ...,
  // GCC unroll, scop), continued lines included: the scope opens above
  // them. Other directives (#if ... #endif) stay where they are.
  size_t Open = D.second;
  while (Start > 0) {
    size_t Prev = Buffer.substr(0, Start - 1).rfind('\n') + 1;
    while (Prev > 1 && Buffer[Prev - 2] == '\\')
      Prev = Buffer.substr(0, Prev - 2).rfind('\n') + 1;
    StringRef Line = Buffer.slice(Prev, Start - 1).ltrim();
    if (!Line.consume_front("#") || !Line.ltrim().starts_with("pragma"))
      break;
    Open = Start = Prev;
  }
  return Open == D.second ? Begin : SM.getComposedLoc(D.first, Open);
}

void planResidency(std::vector<LoopModel> &Models,
                   const AnalysisContext &ACtx) {
  ASTContext &Ctx = ACtx.Ctx;
  // What the call site replaces: the loop, or a pipeline's enclosing loop.
  auto Replaced = [](const LoopModel &M) -> const Stmt * {
    return M.Pipeline ? M.Pipeline->Loop : M.Loop;
  };
  llvm::DenseSet<const Stmt *> Distributed;
  for (const LoopModel &M : Models)
    Distributed.insert(Replaced(M));
  llvm::MapVector<const Stmt *, std::vector<LoopModel *>> Regions;
  for (LoopModel &M : Models)
    if (const Stmt *T = enclosingLoop(Replaced(M), Ctx))
      Regions[T].push_back(&M);
  for (auto &[T, Loops] : Regions) {
    if (!wrappable(T, ACtx))
      continue;
    RegionUse Use(Distributed, ACtx);
    Use.visitRegion(T);
    if (Use.Opaque)
      continue;
    // An array reached at fixed rows stays on the ranks when every loop of
    // the region distributes it by rows: the rows come back before the code
    // that uses them (dlb::fetchRows). Otherwise it is named.
    for (const auto &[V, Fetches] : Use.Rows)
      for (const LoopModel *M : Loops)
        for (const ArrayModel &A : M->Arrays)
          if (A.Var->getCanonicalDecl() == V &&
              (A.Role != ArrayRole::Distributed || A.DistDim != 0 ||
               A.RowLength || A.variableRows() || M->Pipeline))
            Use.Named.insert(V);
    // A loop's fixed rows (PinnedRow) go to the ranks from rank 0's memory,
    // which takes a copy of each from its owner before the execution (LU's
    // pivot row). An array the region's own code also reaches at fixed rows
    // would need a fetch and a copy a step (trisolv's x[j], Cholesky's row
    // k: steps of microseconds, for which a hand-out of the arrays they
    // keep did not pay): it stays with rank 0.
    for (const LoopModel *M : Loops)
      for (const ArrayModel &A : M->Arrays)
        if (!A.Pins.empty() && Use.Rows.count(A.Var->getCanonicalDecl()))
          Use.Named.insert(A.Var->getCanonicalDecl());
    // The ranks keep the rows of the iterations they ran: an array a loop
    // reads only at rows shifted from its iterations' (`u[i - 1]` alone,
    // halo [-1, -1]) holds other rows than those, and stays with rank 0.
    for (const LoopModel *M : Loops)
      for (const ArrayModel &A : M->Arrays)
        if (A.Role == ArrayRole::Distributed && (A.HaloLo > 0 || A.HaloHi < 0))
          Use.Named.insert(A.Var->getCanonicalDecl());
    for (LoopModel *M : Loops) {
      for (ArrayModel &A : M->Arrays)
        A.Keep = !Use.Named.count(A.Var->getCanonicalDecl());
      for (const ArrayModel &A : M->Arrays)
        if (A.Keep)
          M->Region = T;
    }
    // The fetches of the arrays some loop keeps go with the region's first
    // loop.
    for (const auto &Entry : Use.Rows) {
      const VarDecl *V = Entry.first;
      const bool Kept = llvm::any_of(Loops, [&](const LoopModel *M) {
        return llvm::any_of(M->Arrays, [&](const ArrayModel &A) {
          return A.Keep && A.Var->getCanonicalDecl() == V;
        });
      });
      const Stmt *Region = T;
      auto First = llvm::find_if(
          Loops, [&](const LoopModel *M) { return M->Region == Region; });
      if (!Kept || First == Loops.end())
        continue;
      llvm::append_range((*First)->Fetches, Entry.second);
    }
  }
}

} // namespace dlbcc
