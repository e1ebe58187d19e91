//===- Segments.cpp - Arrays touched by row segments ----------------------===//
//
// Owns segmentBounds (dlbcc/Analysis/Segments.h): the CSR form of a loop's
// accesses to an array.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/Segments.h"
#include "dlbcc/Analysis/Affine.h"
#include "dlbcc/Analysis/ExprQueries.h"
#include "dlbcc/Analysis/LoopForm.h"
#include "dlbcc/Analysis/LoopModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace dlbcc {
namespace {

/// The array S of `S[i + Offset]` (`S[i]`, `S[i + 1]`, `S[1 + i]`: the
/// subscript's affine form), i being \p Index; null for another expression.
const VarDecl *boundArray(const Expr *E, const VarDecl *Index, long long Offset,
                          ASTContext &Ctx) {
  const Expr *Of = nullptr, *Sub = nullptr;
  E = E->IgnoreParenImpCasts();
  if (const auto *S = dyn_cast<ArraySubscriptExpr>(E)) {
    Of = S->getBase();
    Sub = S->getIdx();
  } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
             Op && Op->getOperator() == OO_Subscript) {
    Of = Op->getArg(0); // a std::vector's operator[]
    Sub = Op->getArg(1);
  }
  const auto *Base =
      Of ? dyn_cast<DeclRefExpr>(Of->IgnoreParenImpCasts()) : nullptr;
  if (!Base)
    return nullptr;
  std::optional<AffineForm> F = affineForm(Sub, Ctx);
  return F && F->Coeffs.size() == 1 && F->coeff(Index) == 1 &&
                 F->Constant == Offset
             ? dyn_cast<VarDecl>(Base->getDecl())
             : nullptr;
}

/// The innermost for loop around \p E whose index is \p K.
const ForStmt *loopOf(const Expr *E, const VarDecl *K, ASTContext &Ctx) {
  for (DynTypedNodeList P = Ctx.getParents(*E); !P.empty();
       P = Ctx.getParents(P[0]))
    if (const auto *F = P[0].get<ForStmt>()) {
      if (forIndex(F).first == K)
        return F;
    } else if (P[0].get<FunctionDecl>()) {
      return nullptr;
    }
  return nullptr;
}

/// The bounds array of the segment loop around access \p E of subscript
/// \p Sub; null unless it has that form.
const VarDecl *segmentOf(const Expr *E, const Expr *Sub, const VarDecl *Index,
                         ASTContext &Ctx) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Sub->IgnoreParenImpCasts());
  const auto *K = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const ForStmt *F = K ? loopOf(E, K, Ctx) : nullptr;
  std::optional<ForRange> R = F ? forRange(F, Ctx) : std::nullopt;
  if (!R || R->Down || R->Step != 1 || R->Inclusive || R->LowerOpen ||
      exitsOrChanges(F->getBody(), K))
    return nullptr;
  const VarDecl *S = boundArray(R->Lower, Index, 0, Ctx);
  return S && S == boundArray(R->Upper, Index, 1, Ctx) ? S : nullptr;
}

} // namespace

const VarDecl *segmentBounds(const ArrayModel &AM, const VarDecl *Index,
                             ASTContext &Ctx) {
  if (AM.Dims != 1 || AM.Accesses.empty())
    return nullptr;
  const VarDecl *Bounds = nullptr;
  for (const ArrayAccess &X : AM.Accesses) {
    if (X.Callee || X.SubscriptExprs.size() != 1)
      return nullptr;
    const VarDecl *S = segmentOf(X.Expr, X.SubscriptExprs[0], Index, Ctx);
    if (!S || (Bounds && S != Bounds) || S == AM.Var)
      return nullptr;
    Bounds = S;
  }
  return Bounds;
}

} // namespace dlbcc
