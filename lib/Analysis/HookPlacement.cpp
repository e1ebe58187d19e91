//===- HookPlacement.cpp - Hook locations weighed by operation counts -----===//
//
// Owns placeHooks() and remarkHooks(): section 5.1 of Siegell & Steenkiste
// (figures 15 and 16 are the cases of test/dlbcc/hooks.cpp).
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/HookPlacement.h"
#include "dlbcc/Analysis/LoopForm.h"
#include "dlbcc/Analysis/LoopModel.h"
#include "dlbcc/Analysis/WorkModel.h"
#include "dlbcc/Support/Diagnostics.h"
#include "dlb/Hook.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

#include <cmath>
#include <cstdio>

using namespace clang;

namespace dlbcc {
namespace {

/// The least operations between two executions of an acceptable location.
constexpr double MinBetween = dlb::HookOps / dlb::HookFraction;

const Stmt *bodyOf(const Stmt *Loop) {
  if (const auto *F = dyn_cast<ForStmt>(Loop))
    return F->getBody();
  if (const auto *W = dyn_cast<WhileStmt>(Loop))
    return W->getBody();
  if (const auto *D = dyn_cast<DoStmt>(Loop))
    return D->getBody();
  return cast<CXXForRangeStmt>(Loop)->getBody();
}

bool isLoop(const Stmt *S) {
  return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
}

/// The loops of the function that enclose \p S, innermost first.
std::vector<const Stmt *> enclosingLoops(const Stmt *S, ASTContext &Ctx) {
  std::vector<const Stmt *> Loops;
  DynTypedNodeList Parents = Ctx.getParents(*S);
  while (!Parents.empty()) {
    const Stmt *P = Parents[0].get<Stmt>();
    if (!P)
      break;
    if (isLoop(P))
      Loops.push_back(P);
    Parents = Ctx.getParents(*P);
  }
  return Loops;
}

std::string format(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.4g", V);
  return Buf;
}

/// The loop's name in a remark: its index, or its kind.
std::string loopName(const Stmt *Loop) {
  if (const auto *F = dyn_cast<ForStmt>(Loop))
    if (const VarDecl *V = forIndex(F).first;
        V && isa<DeclStmt>(F->getInit()))
      return "'" + V->getName().str() + "' loop";
  if (isa<WhileStmt>(Loop))
    return "while loop";
  if (isa<DoStmt>(Loop))
    return "do loop";
  return "loop";
}

} // namespace

const char *toString(dlb::HookLevel R) {
  switch (R) {
  case dlb::HookLevel::Body:
    return "body";
  case dlb::HookLevel::Strip:
    return "strip";
  case dlb::HookLevel::Execution:
    return "execution";
  case dlb::HookLevel::Block:
    return "block";
  }
  return "";
}

HookPlan placeHooks(const LoopModel &M, ASTContext &Ctx) {
  HookPlan P;
  // Section 5.1.1: one location per nest level, the end of the body of the
  // distributed loop and of each enclosing loop; the location after the
  // outermost loop is dropped (balancing after the work is done is
  // useless).
  // A bitonic loop's unit is a pair: two iterations, W(p) + W(n - 1 - p),
  // twice the mean of an affine W.
  std::optional<double> Unit = M.WorkValue;
  if (Unit && M.Ann->Schedule == ScheduleKind::Bitonic)
    *Unit *= 2;
  P.Candidates.push_back({M.Loop, 0, Unit, false});
  unsigned Depth = 0;
  for (const Stmt *L : enclosingLoops(M.Loop, Ctx))
    P.Candidates.push_back({L, ++Depth, operationsOf(bodyOf(L), M, Ctx), false});
  // Section 5.1.2: deepest first, the first whose hook costs at most 1% of
  // what runs between two of its executions.
  for (unsigned I = 0; I < P.Candidates.size(); ++I) {
    HookCandidate &C = P.Candidates[I];
    C.Acceptable = C.Between && *C.Between >= MinBetween;
    if (!C.Between && !P.Chosen) {
      // Unknown from here on: the runtime decides from the actual counts.
      P.AtRunTime = true;
      break;
    }
    if (C.Acceptable && !P.Chosen)
      P.Chosen = I;
  }
  if (M.Pipeline)
    P.Level = dlb::HookLevel::Block;
  else if (P.Chosen && *P.Chosen == 0)
    P.Level = dlb::HookLevel::Body;
  else if (P.Chosen)
    P.Level = dlb::HookLevel::Execution;
  else
    P.Level = dlb::HookLevel::Strip;
  return P;
}

void remarkHooks(const LoopModel &M, DiagnosticsEngine &DE) {
  const HookPlan &P = M.Hooks;
  const SourceManager &SM = M.Index->getASTContext().getSourceManager();
  StringRef Index = M.Index->getName();
  const SourceLocation Loc = M.Loop->getForLoc();
  const std::string Cost = format(dlb::HookOps);
  const bool Bitonic = M.Ann->Schedule == ScheduleKind::Bitonic;
  switch (P.Level) {
  case dlb::HookLevel::Body:
    report(DE, Loc, Bitonic ? Diag::RemarkHookPairs : Diag::RemarkHookBody)
        << Index << format(*P.Candidates[0].Between) << Cost
        << format(100 * dlb::HookOps / *P.Candidates[0].Between);
    break;
  case dlb::HookLevel::Execution: {
    const HookCandidate &C = P.Candidates[*P.Chosen];
    report(DE, Loc, Diag::RemarkHookExecution)
        << loopName(C.Loop)
        << SM.getExpansionLineNumber(C.Loop->getBeginLoc())
        << format(*C.Between);
    break;
  }
  case dlb::HookLevel::Strip:
    if (P.AtRunTime)
      report(DE, Loc, Diag::RemarkHookRunTime)
          << Index << format(MinBetween) << Bitonic;
    else
      report(DE, Loc, Diag::RemarkHookStrip)
          << Cost << Index << format(MinBetween)
          << format(std::ceil(MinBetween /
                              std::max(1.0, *P.Candidates[0].Between)))
          << Bitonic;
    break;
  case dlb::HookLevel::Block:
    report(DE, Loc, Diag::RemarkHookBlock)
        << M.Pipeline->Index->getName()
        << (P.Chosen ? "the deepest acceptable location is the end of the "
                       "body of the " +
                           loopName(P.Candidates[*P.Chosen].Loop)
            : P.AtRunTime ? std::string("the deeper locations' counts "
                                        "depend on run-time values")
                          : std::string("no location is acceptable"));
    break;
  }
  for (const HookCandidate &C : P.Candidates) {
    std::string Verdict =
        !C.Between ? "unknown at compile time"
        : C.Acceptable
            ? "acceptable"
            : "rejected: a hook would cost " +
                  format(100 * dlb::HookOps / std::max(*C.Between, 1e-9)) +
                  "% of it";
    report(DE, C.Loop->getBeginLoc(), Diag::NoteHookCandidate)
        << loopName(C.Loop)
        << (C.Between ? format(*C.Between) : std::string("?")) << Verdict;
    if (!C.Between)
      break;
  }
}

} // namespace dlbcc
