//===- LoopModel.cpp - Printing a LoopModel -------------------------------===//
//
// The text of a LoopModel that --dump-model prints and the lit tests of
// the analysis read.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/LoopModel.h"

#include "dlbcc/Analysis/Affine.h"
#include "dlbcc/Analysis/HookPlacement.h"
#include "dlbcc/Support/Text.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace dlbcc {

std::string variableExtent(const ArrayModel &A, unsigned D) {
  std::string Row = A.Var->getName().str();
  for (unsigned K = 0; K < D; ++K)
    Row += "[0]";
  return "static_cast<long long>(sizeof(" + Row + ") / sizeof(" + Row + "[0]))";
}

const char *toString(ArrayForm F) {
  switch (F) {
  case ArrayForm::CArray:
    return "c-array";
  case ArrayForm::Vector:
    return "vector";
  case ArrayForm::Pointer:
    return "pointer";
  case ArrayForm::PointerToArray:
    return "pointer-to-array";
  case ArrayForm::PointerToPointer:
    return "pointer-to-pointer";
  case ArrayForm::VectorOfVectors:
    return "vector-of-vectors";
  }
  return "?";
}

void LoopModel::print(raw_ostream &OS, const ASTContext &Ctx,
                      CostSpeller Spell) const {
  const PrintingPolicy &PP = Ctx.getPrintingPolicy();
  OS << "loop " << Name << ": " << toString(Ann->Kind) << " "
     << Index->getName() << " in [";
  Lower->printPretty(OS, nullptr, PP);
  OS << ", ";
  Upper->printPretty(OS, nullptr, PP);
  OS << (Inclusive ? "]" : ")") << (Descending ? " counting down" : "")
     << (Stride != 1 ? " by " + std::to_string(Stride) : "")
     << ", " << toString(Ann->Dist);
  if (Ann->Schedule == ScheduleKind::Bitonic)
    OS << ", schedule bitonic";
  OS << ", strategy " << toString(Ann->Strategy) << "\n";
  for (const ArrayModel &AM : Arrays) {
    OS << "  array " << AM.Var->getName() << ": "
       << (AM.Role == ArrayRole::Distributed ? "distributed" : "whole") << ", "
       << toString(AM.Form) << " " << AM.Dims << "-D of "
       << AM.ElemType.getAsString(PP);
    if (AM.RowLength)
      OS << ", linearized by rows of " << AM.RowLength->getName();
    if (AM.Role == ArrayRole::Distributed)
      OS << ", dim " << AM.DistDim << " ("
         << (AM.Dims == 1 ? "elements" : AM.DistDim == 0 ? "rows" : "columns")
         << "), halo [" << AM.HaloLo << ", " << AM.HaloHi << "]";
    for (size_t K = 0; K < AM.Pins.size(); ++K)
      OS << (K ? ", " : ", fixed rows ") << printed(AM.Pins[K].Row, Ctx);
    for (size_t K = 0; K < AM.Windows.size(); ++K)
      OS << (K ? ", " : ", windows ") << "[" << affineText(AM.Windows[K].Lo)
         << ", " << affineText(AM.Windows[K].Hi) << "]";
    OS << (AM.Written ? ", written" : ", read-only")
       << (AM.Keep ? ", kept" : "") << "\n";
  }
  for (const ScalarModel &S : Scalars) {
    OS << "  scalar " << S.Var->getName() << ": "
       << S.Var->getType().getAsString(PP);
    if (S.ConstantValue)
      OS << " = " << *S.ConstantValue << " (constant)";
    OS << "\n";
  }
  for (const ReductionModel &R : Reductions)
    OS << "  reduction " << toString(R.Op) << ": " << R.Var->getName() << "\n";
  OS << "  work W(" << Index->getName() << ") = " << Spell(Work) << ", "
     << (WorkUniform ? "uniform" : WorkAffine ? "affine" : "non-uniform");
  if (Ann->Cost)
    OS << ", from cost() (counted: " << Spell(WorkEstimate) << ")";
  OS << "\n  data D = " << Spell(Data) << " bytes\n";
  OS << "  hooks: " << toString(Hooks.Level);
  if (Hooks.AtRunTime)
    OS << " (sized at run time)";
  OS << "\n";
  if (Region) {
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation L = SM.getExpansionLoc(Region->getBeginLoc());
    OS << "  kept on the ranks during the loop at line "
       << SM.getExpansionLineNumber(L) << ":" << SM.getExpansionColumnNumber(L)
       << "\n";
  }
  if (!Pipeline)
    return;
  OS << "  pipelined " << Pipeline->Index->getName() << " in [";
  Pipeline->Lower->printPretty(OS, nullptr, PP);
  OS << ", ";
  Pipeline->Upper->printPretty(OS, nullptr, PP);
  OS << (Pipeline->Inclusive ? "]" : ")");
  if (Pipeline->Skew)
    OS << ", skewed by " << Pipeline->Skew;
  OS << ", blocks of ";
  if (Pipeline->MaxBlock)
    OS << "at most " << Pipeline->MaxBlock;
  else
    OS << "any size";
  OS << "\n";
  for (const PipelineAccess &R : Pipeline->Reads) {
    OS << "    read ";
    R.Expr->printPretty(OS, nullptr, PP);
    OS << ": distance (" << -R.Outer << ", " << -R.Dist << "), "
       << describe(R.Kind) << "\n";
  }
}

} // namespace dlbcc
