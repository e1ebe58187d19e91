//===- Binder.cpp - Attach resolved clause items and loops to annotations --===//
//
// Finds each annotation's marker statement (see PragmaHandler.h) among the
// children of a compound statement, reads the declarations and expressions
// Sema resolved for the clause items, and binds the annotation to the `for`
// statement right after the marker.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Frontend/PragmaHandler.h"
#include "dlbcc/Support/Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace dlbcc {
namespace {

/// Flattens `a, b, c` into its operands, left to right.
void flattenCommas(const Expr *E, SmallVectorImpl<const Expr *> &Out) {
  E = E->IgnoreParens();
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && B->getOpcode() == BO_Comma) {
    flattenCommas(B->getLHS(), Out);
    flattenCommas(B->getRHS(), Out);
    return;
  }
  Out.push_back(E);
}

/// The expression inside `(void)(E)`, or the returned expression of the
/// lambda inside `(void)[&](long long i) { return (E); }`.
const Expr *itemExpr(const Expr *Item) {
  const auto *Cast = dyn_cast<CStyleCastExpr>(Item);
  if (!Cast)
    return nullptr;
  const Expr *Sub = Cast->getSubExpr()->IgnoreParens();
  if (const auto *L = dyn_cast<LambdaExpr>(Sub)) {
    const auto *Body = dyn_cast<CompoundStmt>(L->getBody());
    if (!Body || Body->size() != 1)
      return nullptr;
    const auto *Ret = dyn_cast<ReturnStmt>(Body->body_front());
    return Ret && Ret->getRetValue() ? Ret->getRetValue()->IgnoreParens()
                                     : nullptr;
  }
  return Sub;
}

class MarkerFinder : public RecursiveASTVisitor<MarkerFinder> {
public:
  MarkerFinder(AnnotationSet &Set, ASTContext &Ctx)
      : Set(Set), Ctx(Ctx),
        Quiet(Ctx.getDiagnostics().getNumErrors() > Set.PragmaErrors) {
    for (size_t I = 0; I < Set.Annotations.size(); ++I)
      ByLoc[Set.Annotations[I].DirectiveLoc] = I;
  }

  bool VisitCompoundStmt(CompoundStmt *CS) {
    for (auto It = CS->body_begin(), E = CS->body_end(); It != E; ++It) {
      // Statements inside the marker (the cost lambda's body) share its
      // location; the marker itself, an outer statement, is found first.
      auto Found = ByLoc.find((*It)->getBeginLoc());
      if (Found == ByLoc.end() || Seen.count(Found->second))
        continue;
      Annotation &A = Set.Annotations[Found->second];
      Seen.insert(Found->second);
      const auto *Next = std::next(It) != E ? dyn_cast<ForStmt>(*std::next(It))
                                            : nullptr;
      if (!Next) {
        if (!Quiet)
          report(Ctx.getDiagnostics(), A.DirectiveLoc,
                 Diag::PragmaNotFollowedByFor);
        A.Valid = false;
        continue;
      }
      A.Loop = Next;
      bindItems(A, Set.Slots[Found->second], cast<Expr>(*It));
    }
    return true;
  }

  /// A marker that is not a statement of a block: the pragma stood where a
  /// single statement was expected (as the body of an `if`, say). Markers
  /// that Sema dropped after an error in a clause are not found at all.
  bool VisitExpr(Expr *E) {
    auto Found = ByLoc.find(E->getBeginLoc());
    if (Found == ByLoc.end() || !Seen.insert(Found->second).second)
      return true;
    if (!Quiet)
      report(Ctx.getDiagnostics(),
             Set.Annotations[Found->second].DirectiveLoc,
             Diag::PragmaNotInBlock);
    Set.Annotations[Found->second].Valid = false;
    return true;
  }

  void invalidateUnseen() {
    for (size_t I = 0; I < Set.Annotations.size(); ++I)
      if (!Seen.count(I))
        Set.Annotations[I].Valid = false;
  }

private:
  void bindItems(Annotation &A, const std::vector<MarkerSlot> &Slots,
                 const Expr *Marker) {
    SmallVector<const Expr *, 8> Items;
    flattenCommas(Marker, Items);
    if (Items.size() < Slots.size()) {
      A.Valid = false;
      return;
    }
    for (size_t I = 0; I < Slots.size(); ++I) {
      const MarkerSlot &S = Slots[I];
      const Expr *E = itemExpr(Items[I]);
      if (!E) {
        A.Valid = false;
        continue;
      }
      switch (S.Kind) {
      case MarkerSlot::Distributed:
        bindVar(A, A.Distributed[S.Index], E);
        break;
      case MarkerSlot::Whole:
        bindVar(A, A.Whole[S.Index], E);
        break;
      case MarkerSlot::ShapeArray:
        bindVar(A, A.Shapes[S.Index].Array, E);
        break;
      case MarkerSlot::ShapeExtent:
        A.Shapes[S.Index].Extents[S.Dim] = E;
        break;
      case MarkerSlot::Reduction:
        bindVar(A, A.Reductions[S.Index].Var, E);
        break;
      case MarkerSlot::Cost:
        A.Cost = E;
        break;
      }
    }
  }

  void bindVar(Annotation &A, NamedVar &V, const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    // A member of the function's class, named as `u` in a clause.
    const auto *Member = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
    if (!Var && Member &&
        isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts())) {
      report(Ctx.getDiagnostics(), V.Loc, Diag::LoopUsesMember)
          << Member->getMemberDecl()->getName();
      A.Valid = false;
      return;
    }
    if (!Var) {
      report(Ctx.getDiagnostics(), V.Loc, Diag::PragmaExpectedIdentifier);
      A.Valid = false;
      return;
    }
    V.Decl = Var;
  }

  AnnotationSet &Set;
  ASTContext &Ctx;
  llvm::DenseMap<SourceLocation, size_t> ByLoc;
  llvm::DenseSet<size_t> Seen;
  /// Clang reported errors in the code: statements it dropped may be what
  /// is missing, so misplacement reports would only add noise.
  bool Quiet;
};

} // namespace

void bindAnnotations(AnnotationSet &Set, ASTContext &Ctx) {
  MarkerFinder Finder(Set, Ctx);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  Finder.invalidateUnseen();
}

} // namespace dlbcc
