//===- LoopAnalyzer.cpp - The analysis of one annotated loop --------------===//
//
// The order of the phases of the analysis of one loop (run) and its entry
// point, analyzeLoop. Past the context and the loop form, the analysis
// goes on after an error so that one run reports every reason; only a
// loop that passes gets its work, hooks and baked macros.
//
//===----------------------------------------------------------------------===//
#include "LoopAnalyzer.h"

#include "dlbcc/Analysis/AccessChecks.h"
#include "dlbcc/Analysis/BakedValues.h"
#include "dlbcc/Analysis/HookPlacement.h"
#include "dlbcc/Analysis/Pipeline.h"
#include "dlbcc/Analysis/WorkModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace dlbcc {

std::optional<LoopModel> LoopAnalyzer::run() {
  CanonicalLoop Form;
  if (!checkContext() ||
      !checkCanonical(A.Loop, Form,
                      /*AllowOther=*/A.Kind == LoopKind::DoAll))
    return std::nullopt;
  Index = Form.Index;
  Lower = Form.Lower;
  Upper = Form.Upper;
  Inclusive = Form.Inclusive;
  Stride = Form.Stride;
  Recomputed.push_back(Form.Descending ? Lower : Upper);
  if (Stride != 1 && A.Dist == DistKind::Cyclic) {
    report(DE, A.DirectiveLoc, Diag::LoopStrideCyclic) << Stride;
    return std::nullopt;
  }
  if (Stride != 1 && A.Schedule == ScheduleKind::Bitonic) {
    report(DE, A.DirectiveLoc, Diag::LoopStrideBitonic) << Stride;
    return std::nullopt;
  }
  if (A.Kind == LoopKind::DoAcross &&
      !checkPipelinedLoop(pipelinedLoop(A, Ctx)))
    return std::nullopt;
  if (Outer)
    Recomputed.append({OuterForm.Upper, Lower});
  Reductions.assign(A.Reductions.begin(), A.Reductions.end());
  if (A.Kind == LoopKind::DoAll)
    inferArrayReductions();
  findPrivates();
  TraverseStmt(const_cast<Stmt *>(A.Loop->getBody()));
  checkMacros();
  LoopModel M;
  M.Ann = &A;
  M.Loop = A.Loop;
  M.Function = Function;
  M.Index = Index;
  M.Lower = Lower;
  M.Upper = Upper;
  M.Inclusive = Inclusive;
  buildArrays(M);
  buildScalars(M);
  M.UsingDecls = usingDecls(M);
  checkBounds();
  checkShapes();
  checkCost();
  if (Outer) {
    M.Pipeline = PipelineModel{Outer, OuterForm.Index, OuterForm.Lower,
                               OuterForm.Upper, OuterForm.Inclusive, 0, {}};
    if (!Failed && !checkPipeline(M, Ctx))
      Failed = true;
  }
  checkPrivatesDead();
  for (const auto &[V, Loc] : Privates)
    M.Privates.push_back(V);
  M.IndexOutside = Form.IndexOutside;
  M.Descending = Form.Descending;
  M.Stride = Form.Stride;
  if (M.Pipeline)
    M.Pipeline->IndexOutside = OuterForm.IndexOutside;
  bool InRange = true;
  M.AccessChecks = buildAccessChecks(M, Ctx, InRange);
  M.WholeSpans = buildWholeRows(M, Ctx);
  Failed |= !InRange;
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(A.Loop->getForLoc());
  M.Name = llvm::sys::path::filename(P.getFilename()).str() + ":" +
           std::to_string(P.getLine()) + ":" + std::to_string(P.getColumn());
  if (Failed)
    return std::nullopt;
  computeWorkAndData(M, Ctx);
  M.Hooks = placeHooks(M, Ctx);
  M.BakedMacros = bakedMacros(M, Ctx);
  return M;
}

std::optional<LoopModel> analyzeLoop(const Annotation &A,
                                     AnalysisContext &ACtx) {
  return LoopAnalyzer(A, ACtx).run();
}

} // namespace dlbcc
