//===- ArrayDistribution.cpp - How each distributed array is split --------===//
//
// For each distributed array: its distributed dimension and halo, the
// fixed rows every iteration reads (pinned), the windows read outside the
// rows the loop writes, the delinearization of a 1-D array indexed
// `(i + c) * n + j`, and the loop-carried dependence test of its writes.
//
//===----------------------------------------------------------------------===//
#include "LoopAnalyzer.h"

#include "dlbcc/Analysis/Affine.h"
#include "dlbcc/Analysis/Dependence.h"
#include "dlbcc/Analysis/ExprQueries.h"
#include "dlbcc/Analysis/LoopForm.h"
#include "dlbcc/Support/Text.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace dlbcc {

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
  // Not of an argument: the kernel passes the array's own rows to calls.
  const bool Window = WithIndex.empty() && !Acc.Write && AM.Written &&
                      A.Kind == LoopKind::DoAll &&
                      A.Schedule != ScheduleKind::Bitonic && !Acc.Callee;
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
    Forms.push_back(Acc.SubscriptExprs.empty()
                        ? std::nullopt
                        : linearSubscript(Acc.SubscriptExprs[0]));
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
         !llvm::any_of(Reductions, [&](const ReductionSpec &R) {
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
  if (Acc.Write || Acc.Callee || AM.Dims > 2 || AM.RowLength ||
      AM.variableRows() || A.Kind != LoopKind::DoAll ||
      A.Schedule == ScheduleKind::Bitonic ||
      Acc.Expr->getBeginLoc().isMacroID() ||
      Acc.Expr->getEndLoc().isMacroID() ||
      (AM.Dims == 2 && !isa<ArraySubscriptExpr>(Acc.Expr)))
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
      const std::optional<ForRange> L = forRange(It->second, Ctx);
      Expr::EvalResult Lo, Hi;
      if (L && !L->Down && L->Lower->EvaluateAsInt(Lo, Ctx) &&
          L->Upper->EvaluateAsInt(Hi, Ctx))
        B = VarBounds{Lo.Val.getInt().getSExtValue(),
                      Hi.Val.getInt().getSExtValue() - (L->Inclusive ? 0 : 1)};
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

} // namespace dlbcc
