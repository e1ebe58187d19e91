//===- Annotation.cpp - Names and the dump of parsed annotations ----------===//
//
// Owns the names of the annotation language's enumerations and the dump
// of a parsed Annotation (Annotation.h).
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Frontend/Annotation.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace dlbcc {

const char *toString(LoopKind K) {
  return K == LoopKind::DoAll ? "doall" : "doacross";
}
const char *toString(DistKind K) {
  return K == DistKind::Block ? "block" : "cyclic";
}
const char *toString(dlb::ReduceOp Op) {
  switch (Op) {
  case dlb::ReduceOp::Sum:
    return "+";
  case dlb::ReduceOp::Prod:
    return "*";
  case dlb::ReduceOp::Min:
    return "min";
  case dlb::ReduceOp::Max:
    return "max";
  }
  return "?";
}
const char *toString(StrategyKind K) {
  switch (K) {
#define DLB_STRATEGY(Id, Name, Local, Centralized, Modeled, Chunks, Description)      \
  case StrategyKind::Id:                                                       \
    return Name;
#include "dlb/Strategies.def"
  }
  return "?";
}

const ShapeSpec *Annotation::shapeOf(const VarDecl *D) const {
  for (const ShapeSpec &S : Shapes)
    if (S.Array.Decl == D)
      return &S;
  return nullptr;
}

void Annotation::print(raw_ostream &OS, const SourceManager &SM,
                       const PrintingPolicy &Policy) const {
  PresumedLoc P = SM.getPresumedLoc(HashLoc);
  OS << "annotation at line " << P.getLine() << ": " << toString(Kind);
  if (Loop)
    OS << ", loop at line " << SM.getPresumedLoc(Loop->getForLoc()).getLine();
  auto Names = [&](ArrayRef<NamedVar> Vars) {
    llvm::ListSeparator Comma;
    for (const NamedVar &V : Vars)
      OS << Comma << V.Name;
  };
  OS << "\n  distribute(" << toString(Dist) << ":"
     << (Distributed.empty() ? "" : " ");
  Names(Distributed);
  OS << ")\n  whole(";
  Names(Whole);
  OS << ")\n";
  for (const ShapeSpec &S : Shapes) {
    OS << "  shape(" << S.Array.Name;
    for (const Expr *E : S.Extents) {
      OS << "[";
      if (E)
        E->printPretty(OS, nullptr, Policy);
      OS << "]";
    }
    OS << ")\n";
  }
  for (const ReductionSpec &R : Reductions)
    OS << "  reduction(" << toString(R.Op) << ": " << R.Var.Name << ")\n";
  if (Cost) {
    OS << "  cost(";
    Cost->printPretty(OS, nullptr, Policy);
    OS << ")\n";
  }
  if (Schedule == ScheduleKind::Bitonic)
    OS << "  schedule(bitonic)\n";
  OS << "  strategy(" << toString(Strategy) << ")\n";
  if (OpenMP) {
    OS << "  from OpenMP: private(";
    Names(OpenMP->Private);
    OS << ") shared(";
    Names(OpenMP->Shared);
    OS << ")\n";
  }
  if (!PrivateArrays.empty()) {
    OS << "  private arrays:";
    for (const VarDecl *V : PrivateArrays)
      OS << " " << V->getName();
    OS << "\n";
  }
}

} // namespace dlbcc
