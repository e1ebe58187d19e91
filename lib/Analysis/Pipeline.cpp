//===- Pipeline.cpp - Legality of pipelining a doacross loop --------------===//
//
// Owns the rules of docs/annotations.md, "Doacross loops": which enclosing
// loop is pipelined, and, for each read of a written distributed array, the
// dependence distance over (pipelined loop i, distributed loop j) and how the
// pipeline serves it (see PipelineRead). Writes must be at (i, j) itself, so
// an element is written by exactly one iteration and the reading iteration
// (i, j) of element (i + a, j + b) depends on iteration (i + a, j + b):
// before it in the sequential order when a < 0, or a == 0 and b < 0 (a flow
// dependence, the new value is needed), after it otherwise (an anti
// dependence, the old value is needed).
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

PipelineRead classifyPipelineRead(long long Outer, long long Dist) {
  if (Dist == 0)
    return PipelineRead::Own;
  if (Dist < 0)
    return Outer <= 0 ? PipelineRead::Forward : PipelineRead::OldBefore;
  return Outer >= 0 ? PipelineRead::OldAfter : PipelineRead::Backward;
}

const char *describe(PipelineRead K) {
  switch (K) {
  case PipelineRead::Own:
    return "same column, computed on this rank";
  case PipelineRead::Forward:
    return "new value from the previous rank, sent once per block";
  case PipelineRead::OldBefore:
    return "old value from the previous rank's halo, which limits the block "
           "size";
  case PipelineRead::OldAfter:
    return "old value from the next rank's halo, sent once per sweep";
  case PipelineRead::Backward:
    return "new value from the next rank: not pipelined";
  }
  return "";
}

const ForStmt *pipelinedLoop(const Annotation &A, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(*A.Loop);
  const auto *Body = Parents.empty() ? nullptr : Parents[0].get<CompoundStmt>();
  if (!Body)
    return nullptr;
  Parents = Ctx.getParents(*Body);
  const auto *F = Parents.empty() ? nullptr : Parents[0].get<ForStmt>();
  return F && F->getBody() == Body ? F : nullptr;
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
      PipelineAccess R{AM.Var, Acc.Expr, F->Constant, Dist,
                       classifyPipelineRead(F->Constant, Dist)};
      if (R.Kind == PipelineRead::Backward) {
        report(DE, Loc, Diag::PipelineBackward)
            << printed(Acc.Expr, Ctx) << offset(I->getName(), R.Outer)
            << offset(J->getName(), R.Dist) << -R.Outer << -R.Dist
            << J->getName();
        Ok = false;
      }
      if (R.Kind == PipelineRead::OldBefore)
        P.MaxBlock = P.MaxBlock ? std::min(P.MaxBlock, R.Outer) : R.Outer;
      P.Reads.push_back(R);
    }
  }
  return Ok;
}

void remarkPipeline(const LoopModel &M, DiagnosticsEngine &DE) {
  const PipelineModel &P = *M.Pipeline;
  const ASTContext &Ctx = M.Index->getASTContext();
  std::string Limit =
      P.MaxBlock ? " (at most " + std::to_string(P.MaxBlock) +
                       " iteration(s): a larger block would overwrite an old "
                       "value still to be read)"
                 : "";
  report(DE, P.Loop->getForLoc(), Diag::RemarkPipeline)
      << P.Index->getName() << Limit << M.Index->getName();
  for (const PipelineAccess &R : P.Reads)
    if (R.Kind != PipelineRead::Own)
      report(DE, R.Expr->getBeginLoc(), Diag::NotePipelineRead)
          << printed(R.Expr, Ctx) << offset(P.Index->getName(), R.Outer)
          << offset(M.Index->getName(), R.Dist) << describe(R.Kind);
}

} // namespace dlbcc
