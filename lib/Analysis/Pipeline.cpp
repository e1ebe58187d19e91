//===- Pipeline.cpp - Legality of pipelining a doacross loop --------------===//
//
// Owns the rules of docs/annotations.md, "Doacross loops": which enclosing
// loop is pipelined (and the warning where there is none), and, for each read
// of a written distributed array, the dependence distance over (pipelined loop
// i, distributed loop j) and how the pipeline serves it (see PipelineRead).
// Writes must be at (i, j) itself, so an element is written by exactly one
// iteration and the reading iteration (i, j) of element (i + a, j + b) depends
// on iteration (i + a, j + b): before it in the sequential order when a < 0,
// or a == 0 and b < 0 (a flow dependence, the new value is needed), after it
// otherwise (an anti dependence, the old value is needed). A flow dependence
// from a higher column (a < 0, b > 0: Gauss-Seidel's north-east neighbour) is
// carried by skewing: the ranks own ranges of j + s * i, along which every
// flow dependence points forward.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/Pipeline.h"
#include "dlbcc/Analysis/LoopModel.h"
#include "dlbcc/Support/Diagnostics.h"
#include "dlbcc/Support/Text.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"

#include <algorithm>

using namespace clang;

namespace dlbcc {

long long pipelineSkew(long long Outer, long long Dist) {
  if (Outer >= 0 || Dist <= 0)
    return 0;
  return (Dist + -Outer - 1) / -Outer;
}

PipelineRead classifyPipelineRead(long long Outer, long long Dist) {
  if (Dist == 0)
    return PipelineRead::Own;
  if (Dist < 0)
    return Outer <= 0 ? PipelineRead::Forward : PipelineRead::OldBefore;
  return PipelineRead::OldAfter;
}

const char *describe(PipelineRead K) {
  switch (K) {
  case PipelineRead::Own:
    return "same column, on this rank";
  case PipelineRead::Forward:
    return "new value from the previous rank, sent once per block";
  case PipelineRead::OldBefore:
    return "old value from the previous rank's halo, which limits the block "
           "size";
  case PipelineRead::OldAfter:
    return "old value from the next rank's halo, sent once per sweep";
  }
  return "";
}

const ForStmt *pipelinedLoop(const Annotation &A, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(*A.Loop);
  // `for (...) {...}`, or `for (...) for (...)` (an OpenMP ordered(2) nest).
  const Stmt *Body = A.Loop;
  if (!Parents.empty() && Parents[0].get<CompoundStmt>()) {
    Body = Parents[0].get<CompoundStmt>();
    Parents = Ctx.getParents(*Body);
  }
  const auto *F = Parents.empty() ? nullptr : Parents[0].get<ForStmt>();
  return F && F->getBody() == Body ? F : nullptr;
}

void reportSequential(const Annotation &A, DiagnosticsEngine &DE) {
  report(DE, A.DirectiveLoc, Diag::DoAcrossSequential);
}

namespace {

/// "i + 1", "i", "i - 2".
std::string offset(StringRef Var, long long C) {
  std::string S = Var.str();
  if (C > 0)
    S += " + " + std::to_string(C);
  else if (C < 0)
    S += " - " + std::to_string(-C);
  return S;
}

/// "j + i", "j + 2 * i": what the ranks of a skewed pipeline own.
std::string skewed(const LoopModel &M) {
  const PipelineModel &P = *M.Pipeline;
  return M.Index->getName().str() + " + " +
         (P.Skew == 1 ? "" : std::to_string(P.Skew) + " * ") +
         P.Index->getName().str();
}

/// A skewed pipeline stores every distributed array by the skewed
/// dimension: each must be 2-D and subscripted [i + a][j + b]; its halo is
/// then along j + s * i (b + s * a for each access).
bool skewArrays(LoopModel &M, const PipelineAccess &Needs, ASTContext &Ctx) {
  const PipelineModel &P = *M.Pipeline;
  const VarDecl *I = P.Index;
  auto Reject = [&](const ArrayAccess &Acc) {
    report(Ctx.getDiagnostics(), Needs.Expr->getBeginLoc(),
           Diag::PipelineSkewArray)
        << printed(Needs.Expr, Ctx) << I->getName() << printed(Acc.Expr, Ctx)
        << M.Index->getName() << skewed(M);
    return false;
  };
  for (ArrayModel &AM : M.Arrays) {
    if (AM.Role != ArrayRole::Distributed)
      continue;
    long long Lo = 0, Hi = 0;
    for (const ArrayAccess &Acc : AM.Accesses) {
      if (AM.Dims != 2 || AM.DistDim != 1 || AM.RowLength || Acc.Pinned ||
          !Acc.Subs[1])
        return Reject(Acc);
      const std::optional<AffineForm> &F = Acc.Subs[0];
      if (!F || !F->onlyUses(I) || F->coeff(I) != 1)
        return Reject(Acc);
      const long long Q = Acc.Subs[1]->Constant + P.Skew * F->Constant;
      Lo = std::min(Lo, Q);
      Hi = std::max(Hi, Q);
    }
    AM.HaloLo = Lo;
    AM.HaloHi = Hi;
  }
  return true;
}

} // namespace

bool checkPipeline(LoopModel &M, ASTContext &Ctx) {
  DiagnosticsEngine &DE = Ctx.getDiagnostics();
  PipelineModel &P = *M.Pipeline;
  const VarDecl *I = P.Index;
  const VarDecl *J = M.Index;
  bool Ok = true;
  if (!M.Ann->Reductions.empty()) {
    report(DE, M.Ann->Reductions.front().Var.Loc, Diag::PipelineNoReductions);
    Ok = false;
  }
  if (M.Ann->Dist == DistKind::Cyclic) {
    report(DE, M.Ann->DirectiveLoc, Diag::PipelineNotBlock);
    Ok = false;
  }
  for (const ArrayModel &AM : M.Arrays) {
    if (AM.Role != ArrayRole::Distributed || !AM.Written)
      continue;
    if (AM.Dims != 2) {
      report(DE, AM.Accesses.front().Expr->getBeginLoc(),
             Diag::PipelineWrittenNot2D)
          << AM.Var->getName() << I->getName();
      Ok = false;
      continue;
    }
    const unsigned Across = 1 - AM.DistDim;
    for (const ArrayAccess &Acc : AM.Accesses) {
      const std::optional<AffineForm> &F = Acc.Subs[Across];
      SourceLocation Loc = Acc.Expr->getBeginLoc();
      if (!F || !F->onlyUses(I) || F->coeff(I) != 1) {
        report(DE, Loc, Diag::PipelineSubscriptForm)
            << AM.Var->getName() << I->getName();
        Ok = false;
        continue;
      }
      if (Acc.Write) {
        if (F->Constant != 0) {
          report(DE, Loc, Diag::PipelineWriteOffset)
              << AM.Var->getName() << I->getName() << J->getName();
          Ok = false;
        }
        continue;
      }
      // The distributed subscript is J + constant (distributeArray).
      const long long Dist = Acc.Subs[AM.DistDim]->Constant;
      P.Reads.push_back({AM.Var, Acc.Expr, F->Constant, Dist});
    }
  }
  if (!Ok)
    return false;
  // A read of an earlier row's new value at a higher column (the north-east
  // neighbour of Gauss-Seidel) would flow backwards between ranks; owning
  // ranges of j + s * i instead of j, the ranks pass every value forward.
  const PipelineAccess *Needs = nullptr;
  for (const PipelineAccess &R : P.Reads)
    if (long long S = pipelineSkew(R.Outer, R.Dist); S > P.Skew) {
      P.Skew = S;
      Needs = &R;
    }
  if (P.Skew && !skewArrays(M, *Needs, Ctx))
    return false;
  for (PipelineAccess &R : P.Reads) {
    R.Kind = classifyPipelineRead(R.Outer, R.Dist + P.Skew * R.Outer);
    if (R.Kind == PipelineRead::OldBefore)
      P.MaxBlock = P.MaxBlock ? std::min(P.MaxBlock, R.Outer) : R.Outer;
  }
  return true;
}

void remarkPipeline(const LoopModel &M, DiagnosticsEngine &DE) {
  const PipelineModel &P = *M.Pipeline;
  const ASTContext &Ctx = M.Index->getASTContext();
  std::string Limit =
      P.MaxBlock ? " (at most " + std::to_string(P.MaxBlock) +
                       " iteration(s): a larger block would overwrite an old "
                       "value still to be read)"
                 : "";
  const std::string Owned =
      P.Skew ? "'" + skewed(M) + "' (skewed)"
             : "'" + M.Index->getName().str() + "'";
  report(DE, P.Loop->getForLoc(), Diag::RemarkPipeline)
      << P.Index->getName() << Limit << Owned;
  for (const PipelineAccess &R : P.Reads)
    if (R.Kind != PipelineRead::Own)
      report(DE, R.Expr->getBeginLoc(), Diag::NotePipelineRead)
          << printed(R.Expr, Ctx) << offset(P.Index->getName(), R.Outer)
          << offset(M.Index->getName(), R.Dist) << describe(R.Kind);
}

} // namespace dlbcc
