//===- CallSite.cpp - The call site that replaces a distributed loop ------===//
//
// What replaces each pragma and its loop: a block that checks the macros
// the translation fixed and hands the bounds, schedule, hooks, W and D,
// strategy, live-in scalars, arrays, fixed rows, windows, kept arrays,
// reductions and access checks to a dlb::LoopRun, runs it, and gives an
// index declared before the loop the value the loop leaves.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/CodeGen/Emitter.h"
#include "Spelling.h"

#include "dlbcc/CodeGen/CostSpelling.h"
#include "dlbcc/Support/Text.h"

#include "clang/AST/ASTContext.h"

using namespace clang;

namespace dlbcc {

namespace {

/// How the loop uses distributed array \p A, as the runtime takes it.
std::string accessArgument(const ArrayModel &A) {
  return "dlb::Access{" + std::string(A.Written ? "true" : "false") + ", " +
         std::to_string(A.HaloLo) + ", " + std::to_string(A.HaloHi) + "}";
}

const char *runtimeStrategy(StrategyKind K) {
  switch (K) {
#define DLB_STRATEGY(Id, Name, Local, Centralized, Modeled, Chunks, Description)      \
  case StrategyKind::Id:                                                       \
    return "dlb::Strategy::" #Id;
#include "dlb/Strategies.def"
  }
  return "";
}

/// Text as a C++ string literal.
std::string quoted(StringRef Text) {
  std::string Out = "\"";
  for (char C : Text) {
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out + "\"";
}

} // namespace

std::string Emitter::bound(const Expr *Lower, const Expr *Upper,
                           bool Inclusive) const {
  if (Inclusive)
    return sourceText(Lower, Ctx) + ", static_cast<long long>(" +
           sourceText(Upper, Ctx) + ") + 1";
  return sourceText(Lower, Ctx) + ", " + sourceText(Upper, Ctx);
}

std::string Emitter::translationChecks(const LoopModel &M) const {
  // What dlbcc computed with the macros' values of the translation (array
  // types and constants included: their macros are among BakedMacros); the
  // emitted file may be compiled with other -D flags.
  std::string Out;
  for (const MacroValue &V : M.BakedMacros)
    Out += "  static_assert((" + V.Name + ") == " + V.Value +
           ", \"dlbcc: this file was translated with " + V.Name + " = " +
           V.Value + "; translate it again with the same -D flags\");\n";
  return Out;
}

std::string Emitter::callSite(const LoopModel &M, unsigned Id) const {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << "{ // dlbcc: the loop at " << M.Name;
  if (M.Pipeline)
    OS << ", pipelined over '" << M.Pipeline->Index->getName() << "',";
  OS << " runs on all ranks through libdlb\n";
  OS << translationChecks(M);
  OS << "  dlb::LoopRun " << RunVar << "(" << descName(Id) << ");\n";
  OS << runSettings(M) << scalarArguments(M);
  for (const ArrayModel &A : M.Arrays)
    OS << arrayArgument(A);
  OS << arrayRows(M) << reductionArguments(M);
  for (const AccessCheck &C : M.AccessChecks)
    OS << "  if (" << C.Guard << ")\n    " << RunVar << ".checkAccess("
       << quoted(printed(C.Access, Ctx)) << ", " << quoted(C.Array) << ", "
       << C.Dim << ", " << C.Min << ", " << C.Max << ", " << C.Extent << ");\n";
  OS << "  " << RunVar << ".run();\n";
  // The privates live in the kernel now; keep them used here.
  for (const VarDecl *V : M.Privates)
    OS << "  (void)" << V->getName() << ";\n";
  if (M.IndexOutside)
    OS << finalIndex(M.Index, M.Lower, M.Upper, M.Inclusive, M.Descending,
                     M.Stride);
  if (M.Pipeline && M.Pipeline->IndexOutside)
    OS << finalIndex(M.Pipeline->Index, M.Pipeline->Lower, M.Pipeline->Upper,
                     M.Pipeline->Inclusive, /*Descending=*/false,
                     /*Stride=*/1);
  OS << "}";
  return Out;
}

std::string Emitter::runSettings(const LoopModel &M) const {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  if (M.Pipeline) {
    const PipelineModel &P = *M.Pipeline;
    OS << "  " << RunVar << ".pipeline("
       << bound(P.Lower, P.Upper, P.Inclusive) << ", " << P.MaxBlock;
    if (P.Skew)
      OS << ", " << P.Skew;
    OS << ");\n";
  }
  OS << "  " << RunVar << ".bounds(" << bound(M.Lower, M.Upper, M.Inclusive)
     << ");\n";
  if (M.Ann->Dist == DistKind::Cyclic)
    OS << "  " << RunVar << ".schedule(dlb::Schedule::Cyclic);\n";
  if (M.Hooks.Level == dlb::HookLevel::Strip)
    OS << "  " << RunVar << ".hooks(dlb::HookLevel::Strip);\n";
  if (M.Hooks.Level == dlb::HookLevel::Execution)
    OS << "  " << RunVar << ".hooks(dlb::HookLevel::Execution);\n";
  if (M.Ann->Schedule == ScheduleKind::Bitonic)
    OS << "  " << RunVar << ".bitonic();\n";
  if (M.Stride != 1)
    OS << "  " << RunVar << ".stride(" << M.Stride << ", "
       << sourceText(M.Descending ? M.Upper : M.Lower, Ctx) << ");\n";
  OS << workAndData(M);
  if (M.Ann->Strategy != StrategyKind::Auto)
    OS << "  " << RunVar << ".strategy(" << runtimeStrategy(M.Ann->Strategy)
       << ");\n";
  return Out;
}

std::string Emitter::workAndData(const LoopModel &M) const {
  // W and D feed the cost model of the doall strategies; W of a pipelined
  // loop may mention the pipelined index, which does not exist here: a
  // pipeline gets its counted W only as a number (what a simulated host is
  // charged per element). A cost() clause gives W's shape; the count beside
  // it, its size.
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  if (M.Pipeline && M.WorkEstimateValue)
    OS << "  " << RunVar << ".work(" << spellCost(M.WorkEstimate, Ctx)
       << ");\n";
  if (M.Pipeline)
    return Out;
  auto EmitWork = [&](StringRef Setter, const CostExpr &E, bool Uniform) {
    const std::string W = spellCost(E, Ctx);
    OS << "  " << RunVar << "." << Setter << "(";
    if (Uniform)
      OS << W;
    else
      OS << "[&](long long " << M.Index->getName() << ") -> double { return "
         << W << "; }";
    OS << ");\n";
  };
  EmitWork("work", M.Work, M.WorkUniform);
  if (M.Ann->Cost)
    EmitWork("counted", M.WorkEstimate, M.WorkEstimateUniform);
  OS << "  " << RunVar << ".data(" << spellCost(M.Data, Ctx) << ");\n";
  return Out;
}

std::string Emitter::scalarArguments(const LoopModel &M) const {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  for (const ScalarModel &S : M.Scalars) {
    // A constant is re-declared in the kernel; keep it used here.
    if (S.ConstantValue) {
      OS << "  (void)" << S.Var->getName() << ";\n";
      continue;
    }
    OS << "  " << RunVar << ".scalar<"
       << spell(S.Var->getType().getNonReferenceType().getUnqualifiedType(),
                Ctx)
       << ">(" << S.Var->getName() << ");\n";
  }
  // The extents of rows of run-time extents, which the kernel rebuilds the
  // rows' type from.
  for (const ArrayModel &A : M.Arrays)
    for (unsigned K = 1; A.variableRows() && K < A.Dims; ++K)
      OS << "  " << RunVar << ".scalar<long long>(" << variableExtent(A, K)
         << "); // " << A.Var->getName() << "'s extent " << K << "\n";
  return Out;
}

std::string Emitter::arrayArgument(const ArrayModel &A) const {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  StringRef N = A.Var->getName();
  std::string Extents;
  if (A.Shape) {
    for (size_t K = 0; K < A.Shape->Extents.size(); ++K)
      if (A.Form != ArrayForm::PointerToArray || K == 0)
        Extents += ", static_cast<long long>(" +
                   sourceText(A.Shape->Extents[K], Ctx) + ")";
  } else if (A.DeclaredRows)
    Extents =
        ", static_cast<long long>(" + sourceText(A.DeclaredRows, Ctx) + ")";
  bool Dist = A.Role == ArrayRole::Distributed;
  if (A.variableRows()) {
    // Its elements, in rows of the run-time length of one (distributed by
    // rows, or a matrix by columns).
    const std::string Elem = spell(A.ElemType, Ctx);
    const std::string Length = "static_cast<long long>(sizeof(" + N.str() +
                               "[0]) / sizeof(" + Elem + "))";
    const std::string Elements =
        "reinterpret_cast<" + Elem + " *>(" + N.str() + ")";
    const std::string Rows = Extents.substr(2);
    const std::string Access = accessArgument(A);
    if (Dist && A.DistDim == 1)
      OS << "  " << RunVar << ".distMatrix(" << Elements << ", " << Rows << ", "
         << Length << ", 1, " << Access << ");\n";
    else if (Dist)
      OS << "  " << RunVar << ".distLinear(" << Elements << ", " << Rows
         << " * " << Length << ", " << Length << ", " << Access << ");\n";
    else
      OS << "  " << RunVar << ".wholePointer(" << Elements << ", " << Rows
         << " * " << Length << ");\n";
    return Out;
  }
  if (A.Segments) {
    // Its elements and their number, then the first of its row pointers
    // (the runtime checks their segments).
    StringRef S = A.Segments->getName();
    const bool Vectors =
        A.Segments->getType().getNonReferenceType()->isRecordType();
    OS << "  " << RunVar << ".distSegments(";
    if (A.Form == ArrayForm::Vector)
      OS << N << ".data(), static_cast<long long>(" << N << ".size())";
    else if (A.Form == ArrayForm::CArray)
      OS << "&" << N << "[0], static_cast<long long>(sizeof(" << N
         << ") / sizeof(" << N << "[0]))";
    else
      OS << N << Extents;
    OS << ", " << (Vectors ? S.str() + ".data()" : "&" + S.str() + "[0]")
       << ", \"" << N << "\", \"" << S << "\");\n";
    return Out;
  }
  if (A.RowLength) {
    // Rows of n elements; the runtime checks that n divides the size.
    OS << "  " << RunVar << ".distLinear(" << N << Extents
       << ", static_cast<long long>(" << A.RowLength->getName()
       << "), " << accessArgument(A) << ");\n";
    return Out;
  }
  const char *Method = nullptr;
  switch (A.Form) {
  case ArrayForm::CArray:
    Method = Dist ? "distArray" : "wholeArray";
    break;
  case ArrayForm::Vector:
    Method = Dist ? "distVector" : "wholeVector";
    break;
  case ArrayForm::VectorOfVectors:
    Method = Dist ? "distRows" : "wholeRows";
    break;
  default:
    Method = Dist ? "distPointer" : "wholePointer";
    break;
  }
  OS << "  " << RunVar << "." << Method << "(" << N << Extents;
  if (Dist) {
    // An array of three or more dimensions is passed as a 2-D array of
    // rows of arrays (distributed along its first dimension).
    if (A.Dims >= 2)
      OS << ", " << A.DistDim;
    OS << ", " << accessArgument(A);
  }
  OS << ");\n";
  return Out;
}

std::string Emitter::arrayRows(const LoopModel &M) const {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  for (size_t Slot = 0; Slot < M.Arrays.size(); ++Slot)
    for (size_t K = 0; K < M.Arrays[Slot].Pins.size(); ++K)
      OS << "  " << RunVar << ".pin(" << Slot << ", static_cast<long long>("
         << sourceText(M.Arrays[Slot].Pins[K].Row, Ctx) << ")); // "
         << M.Arrays[Slot].Var->getName() << "'s row read by every iteration\n";
  for (size_t Slot = 0; Slot < M.Arrays.size(); ++Slot)
    for (const AffineSpan &W : M.Arrays[Slot].Windows) {
      AffineForm End = W.Hi; // [Lo, Hi] as [Lo, Hi + 1)
      ++End.Constant;
      OS << "  " << RunVar << ".window(" << Slot << ", "
         << affineText(W.Lo, true) << ", " << affineText(End, true)
         << "); // " << M.Arrays[Slot].Var->getName()
         << "'s elements read outside those the loop writes\n";
    }
  for (size_t Slot = 0; Slot < M.Arrays.size(); ++Slot)
    if (M.Arrays[Slot].Keep)
      OS << "  " << RunVar << ".keep(" << Slot << "); // "
         << M.Arrays[Slot].Var->getName() << " stays on the ranks\n";
  for (const WholeRows &W : M.WholeSpans) {
    OS << "  " << RunVar << ".wholeSpan(" << W.Slot
       << ", static_cast<long long>(" << W.Extent << "), {";
    for (const RowSpan &S : W.Spans)
      OS << (&S == &W.Spans.front() ? "" : ", ") << "dlb::Span{" << S.Guard
         << ", " << S.Min << ", " << S.Max << "}";
    OS << "}); // the rows of " << W.Array << " the loop reads\n";
  }
  return Out;
}

std::string Emitter::reductionArguments(const LoopModel &M) const {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  for (const ReductionModel &Red : M.Reductions)
    OS << "  " << RunVar << ".reduction("
       // A parameter declared as an array is a pointer: seen as the array.
       << (!Red.ArrayType.isNull() && Red.Var->getType()->isPointerType()
               ? "*reinterpret_cast<std::add_pointer_t<" +
                     spell(Red.ArrayType, Ctx) + ">>(" +
                     Red.Var->getName().str() + ")"
               : Red.Var->getName().str())
       << ", "
       << runtimeOp(Red.Op) << ");\n";
  return Out;
}

std::string Emitter::finalIndex(const VarDecl *Index, const Expr *Lower,
                                const Expr *Upper, bool Inclusive,
                                bool Descending, long long Stride) const {
  // An index declared before the loop gets the value the loop leaves:
  // one past its last iteration, or its start if it ran none (counting
  // down from Upper to Lower: Lower - 1, or Upper).
  // Stepping by c: the start value plus c times the iterations run.
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  std::string Lo = "(" + sourceText(Lower, Ctx) + ")";
  std::string Hi = "(" + sourceText(Upper, Ctx) + ")";
  std::string Ran = Descending ? Lo + " - 1" : Hi + (Inclusive ? " + 1" : "");
  if (Stride != 1) {
    const std::string C = std::to_string(Stride);
    const std::string Span = Descending  ? Hi + " - " + Lo
                             : Inclusive ? Hi + " - " + Lo
                                         : Hi + " - " + Lo + " - 1";
    const std::string Steps = "((" + Span + ") / " + C + " + 1) * " + C;
    Ran = Descending ? Hi + " - " + Steps : Lo + " + " + Steps;
  }
  OS << "  " << Index->getName() << " = static_cast<"
     << spell(Index->getType(), Ctx) << ">(" << Lo
     << (Inclusive ? " <= " : " < ") << Hi << " ? " << Ran << " : "
     << (Descending ? Hi : Lo) << ");\n  (void)" << Index->getName() << ";\n";
  return Out;
}

} // namespace dlbcc
