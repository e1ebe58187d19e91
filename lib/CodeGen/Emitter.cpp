//===- Emitter.cpp - Kernels, call sites and main for the runtime ---------===//
#include "dlbcc/CodeGen/Emitter.h"

#include "dlbcc/Analysis/Residency.h"
#include "dlbcc/CodeGen/ArrayParameters.h"
#include "dlbcc/Support/Text.h"
#include "dlbcc/Support/Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;

namespace dlbcc {
namespace {

constexpr const char *BlockVar = "dlbcc_block";
constexpr const char *RunVar = "dlbcc_run";
constexpr const char *UserMain = "dlbcc_user_main";

const char *runtimeOp(ReductionOp Op) {
  switch (Op) {
  case ReductionOp::Sum:
    return "dlb::ReduceOp::Sum";
  case ReductionOp::Prod:
    return "dlb::ReduceOp::Prod";
  case ReductionOp::Min:
    return "dlb::ReduceOp::Min";
  case ReductionOp::Max:
    return "dlb::ReduceOp::Max";
  }
  return "";
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

/// The type as the kernel spells it: canonical, so it never names a typedef
/// that is not visible there.
std::string spell(QualType T, const ASTContext &Ctx) {
  PrintingPolicy P = Ctx.getPrintingPolicy();
  P.SuppressTagKeyword = true;
  P.FullyQualifiedName = true;
  return T.getCanonicalType().getAsString(P);
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

std::string kernelName(unsigned Id) { return "dlbcc_kernel_" + std::to_string(Id); }
std::string descName(unsigned Id) { return "dlbcc_loop_" + std::to_string(Id); }
/// Whether V is named in the index of a fixed row (PinnedRow): the kernel
/// may not use it otherwise.
bool inPinnedRow(const LoopModel &M, const VarDecl *V) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *V;
    bool Found = false;
    bool VisitDeclRefExpr(DeclRefExpr *D) {
      Found |= D->getDecl() == V;
      return true;
    }
  };
  for (const ArrayModel &A : M.Arrays)
    for (const PinnedRow &P : A.Pins) {
      Finder F;
      F.V = V;
      F.TraverseStmt(const_cast<Expr *>(P.Row));
      if (F.Found)
        return true;
    }
  return false;
}

/// The kernel's copy of fixed row K of A (PinnedRow).
std::string pinName(const ArrayModel &A, size_t K) {
  return "dlbcc_pin_" + A.Var->getName().str() + "_" + std::to_string(K);
}

} // namespace

SourceLocation Emitter::endOfStatement(const Stmt *S) const {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation End = SM.getExpansionRange(S->getEndLoc()).getEnd();
  SourceLocation AfterSemi =
      Lexer::findLocationAfterToken(End, tok::semi, SM, Ctx.getLangOpts(),
                                    /*SkipTrailingWhitespaceAndNewLine=*/false);
  if (AfterSemi.isValid())
    return AfterSemi;
  return Lexer::getLocForEndOfToken(End, 0, SM, Ctx.getLangOpts());
}

SourceLocation Emitter::startOfLine(SourceLocation Loc) const {
  const SourceManager &SM = Ctx.getSourceManager();
  Loc = SM.getExpansionLoc(Loc);
  std::pair<FileID, unsigned> D = SM.getDecomposedLoc(Loc);
  unsigned Col = SM.getColumnNumber(D.first, D.second);
  return Loc.getLocWithOffset(-static_cast<int>(Col - 1));
}

QualType Emitter::rowType(const ArrayModel &A) const {
  QualType T = A.Type;
  return A.Form == ArrayForm::CArray ? Ctx.getAsArrayType(T)->getElementType()
                                     : T->getPointeeType();
}

std::optional<Emitter::RestrictArray>
Emitter::restrictArray(const LoopModel &M, const ArrayModel &A,
                       unsigned Slot) const {
  // Views stay where storage is not contiguous rows of constant length:
  // columns, row tables, the two sides of a bitonic loop's pairs and the
  // per-block views of a pipeline; and for a vector whose size() is used.
  if (M.Pipeline || M.Ann->Schedule == ScheduleKind::Bitonic ||
      A.Form == ArrayForm::PointerToPointer ||
      A.Form == ArrayForm::VectorOfVectors ||
      (A.Form == ArrayForm::Vector && A.SizeUsed) ||
      (A.Role == ArrayRole::Distributed && A.Dims == 2 && A.DistDim != 0))
    return std::nullopt;
  // The pointer's element: the array's element, or a row of a 2-D array.
  std::string Elem = spell(A.ElemType, Ctx), Row = Elem, Suffix;
  StringRef N = A.Var->getName();
  if (A.RowLength) {
    // A linearized array: its elements, from row 0 of the block's rows.
    RestrictArray R;
    R.Param = Elem + " *__restrict " + N.str();
    R.Argument = std::string(BlockVar) + ".linear<" + Elem + ">(" +
                 std::to_string(Slot) + ", " +
                 A.RowLength->getName().str() + ")";
    return R;
  }
  if (A.Dims >= 2) {
    // The extents of a row (of each element of the first dimension).
    QualType RowType = rowType(A);
    while (const ConstantArrayType *C = Ctx.getAsConstantArrayType(RowType)) {
      Suffix += "[" + std::to_string(C->getSize().getZExtValue()) + "]";
      RowType = C->getElementType();
    }
    if (Suffix.empty())
      return std::nullopt;
    Row = Elem + Suffix;
  }
  RestrictArray R;
  R.Param = A.Dims >= 2 ? Elem + " (*__restrict " + N.str() + ")" + Suffix
                        : Elem + " *__restrict " + N.str();
  R.Argument = std::string(BlockVar) +
               (A.Role == ArrayRole::Distributed ? ".rows<" : ".wholeData<") +
               Row + ">(" + std::to_string(Slot) + ")";
  return R;
}

std::optional<Emitter::StridedArray>
Emitter::stridedArray(const LoopModel &M, const ArrayModel &A) const {
  // Rows of a non-pipelined loop's array distributed by rows are restrict
  // pointers already (restrictArray).
  if (M.Ann->Schedule == ScheduleKind::Bitonic ||
      A.Role != ArrayRole::Distributed || A.Dims != 2 ||
      (A.DistDim == 0 && !M.Pipeline) ||
      (A.Form != ArrayForm::CArray && A.Form != ArrayForm::PointerToArray))
    return std::nullopt;
  const ConstantArrayType *Row = Ctx.getAsConstantArrayType(rowType(A));
  if (!Row || Ctx.getAsArrayType(Row->getElementType()))
    return std::nullopt;
  StridedArray S;
  S.View = "dlbcc_view_" + A.Var->getName().str();
  S.Length = std::to_string(Row->getSize().getZExtValue());
  S.Row = spell(A.ElemType, Ctx) + "[" + S.Length + "]";
  return S;
}

std::string Emitter::declarations(const LoopModel &M) const {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  unsigned Slot = 0;
  for (const ScalarModel &S : M.Scalars) {
    QualType T = S.Var->getType().getNonReferenceType();
    if (S.ConstantValue) {
      OS << "  constexpr " << spell(T.getUnqualifiedType(), Ctx) << " "
         << S.Var->getName() << " = " << *S.ConstantValue << ";\n";
      continue;
    }
    OS << "  " << (inPinnedRow(M, S.Var) ? "[[maybe_unused]] " : "")
       << spell(T, Ctx) << " " << S.Var->getName() << " = " << BlockVar
       << ".scalar<" << spell(T.getUnqualifiedType(), Ctx) << ">(" << Slot++
       << ");\n";
  }
  Slot = 0;
  for (const ArrayModel &A : M.Arrays) {
    std::string E = spell(A.ElemType, Ctx);
    StringRef N = A.Var->getName();
    if (restrictArray(M, A, Slot)) {
      ++Slot;
      continue;
    }
    OS << "  ";
    if (std::optional<StridedArray> S = stridedArray(M, A)) {
      OS << "dlb::Strided2D<" << E << "> " << S->View << " = " << BlockVar
         << ".strided2D<" << E << ">(" << Slot << ");\n";
    } else if (A.Role == ArrayRole::Distributed) {
      OS << distView(A, N, Slot, /*Mirror=*/false);
    } else {
      switch (A.Form) {
      case ArrayForm::CArray:
        OS << "auto &" << N << " = *" << BlockVar << ".wholeData<"
           << spelledType(A) << ">(" << Slot << ");\n";
        break;
      case ArrayForm::Vector:
        OS << "std::vector<" << E << "> &" << N << " = " << BlockVar
           << ".wholeVector<" << E << ">(" << Slot << ");\n";
        break;
      case ArrayForm::Pointer:
        OS << E << " *" << N << " = " << BlockVar << ".wholeData<" << E
           << ">(" << Slot << ");\n";
        break;
      case ArrayForm::PointerToArray:
        OS << "auto " << N << " = " << BlockVar << ".wholeData<"
           << spelledType(A) << ">(" << Slot << ");\n";
        break;
      case ArrayForm::PointerToPointer:
      case ArrayForm::VectorOfVectors:
        OS << E << " **" << N << " = " << BlockVar << ".wholeRows<" << E
           << ">(" << Slot << ");\n";
        break;
      }
    }
    ++Slot;
  }
  for (size_t Slot = 0; Slot < M.Arrays.size(); ++Slot) {
    const ArrayModel &A = M.Arrays[Slot];
    for (size_t K = 0; K < A.Pins.size(); ++K)
      OS << "  const " << spell(A.ElemType, Ctx) << " *" << pinName(A, K)
         << " = " << BlockVar << ".pinned<" << spell(A.ElemType, Ctx) << ">("
         << Slot << ", " << K << ");\n";
  }
  for (const ReductionModel &Red : M.Reductions) {
    QualType Type = Red.Var->getType().getNonReferenceType();
    StringRef N = Red.Var->getName();
    if (!Red.ArrayType.isNull()) {
      // An array reduction: a private array of identities, on the heap.
      const ConstantArrayType *A = Ctx.getAsConstantArrayType(Red.ArrayType);
      std::string E = spell(A->getElementType(), Ctx);
      OS << "  using dlbcc_" << N << "_t = " << spell(Red.ArrayType, Ctx)
         << ";\n"
         << "  std::vector<" << E << "> dlbcc_" << N << "_private(std::extent<dlbcc_"
         << N << "_t>::value, dlb::identity<" << E << ">("
         << runtimeOp(Red.Op) << "));\n"
         << privateArray(Red);
      continue;
    }
    std::string T = spell(Type, Ctx);
    OS << "  " << T << " " << N << " = dlb::identity<" << T << ">("
       << runtimeOp(Red.Op) << ");\n";
  }
  return Out;
}

std::string Emitter::privateArray(const ReductionModel &Red) const {
  std::string N = Red.Var->getName().str();
  return "  dlbcc_" + N + "_t &" + N + " = *reinterpret_cast<dlbcc_" + N +
         "_t *>(dlb::newAligned<sizeof(dlbcc_" + N + "_t)>(dlbcc_" + N +
         "_private.data()));\n";
}

std::string Emitter::privates(const LoopModel &M) const {
  // Every iteration writes them before it reads them.
  std::string Out;
  for (const VarDecl *V : M.Privates)
    Out += "  " + spell(V->getType(), Ctx) + " " + V->getName().str() + "{};\n";
  return Out;
}

std::string Emitter::distView(const ArrayModel &A, StringRef Name,
                              unsigned Slot, bool Mirror) const {
  std::string E = spell(A.ElemType, Ctx);
  const char *View = A.Dims == 1 ? "1D" : "2D";
  return llvm::formatv("dlb::Dist{0}<{1}> {2} = {3}.dist{0}<{1}>({4}{5});\n",
                       View, E, Name, BlockVar, Slot, Mirror ? ", true" : "");
}

std::string Emitter::inBody(const LoopModel &M, const std::string &Privates,
                            const std::string &Loop, const Strips *S) const {
  // Arrays of contiguous rows reach the loop as restrict pointers, the
  // parameters of a lambda: the compiler then knows that stores to one
  // array do not change another, and vectorizes as in the user's loop.
  std::string Params, Args, Assume, Pointers;
  unsigned Slot = 0;
  for (const ArrayModel &A : M.Arrays)
    if (std::optional<RestrictArray> R = restrictArray(M, A, Slot++)) {
      StringRef N = A.Var->getName();
      Params += (Params.empty() ? "" : ", ") + R->Param;
      Args += (Args.empty() ? "" : ", ") + R->Argument;
      Assume += ("    " + N + " = dlb::assumeAligned16(" + N + ");\n").str();
      Pointers += (Pointers.empty() ? "" : ", ") + R->Argument;
    }
  // 2-D arrays of evenly spaced rows of fixed length: one instance of the
  // lambda with pointers to rows, taken where every one is stored with that
  // row length, one with their strided views.
  std::string FixedArgs = Args, Fits;
  for (const ArrayModel &A : M.Arrays)
    if (std::optional<StridedArray> SA = stridedArray(M, A)) {
      const char *Comma = Params.empty() ? "" : ", ";
      Params += Comma + ("auto " + A.Var->getName()).str();
      Args += Comma + SA->View;
      FixedArgs += Comma + SA->View + ".rows<" + SA->Row + ">()";
      Fits += (Fits.empty() ? "" : " && ") + SA->View +
              ".stride() == " + SA->Length;
    }
  if (Params.empty())
    return Privates + (S ? S->Open + Loop + S->Close : Loop);
  // So do the live-in scalars, by value: captured by reference, the
  // compiler would reload them after every store through the arrays.
  for (const ScalarModel &Sc : M.Scalars)
    if (!Sc.ConstantValue) {
      StringRef N = Sc.Var->getName();
      Params += std::string(", ") +
                (inPinnedRow(M, Sc.Var) ? "[[maybe_unused]] " : "") +
                spell(Sc.Var->getType().getNonReferenceType(), Ctx) + " " +
                N.str();
      Args += ", " + N.str();
      FixedArgs += ", " + N.str();
    }
  if (S) {
    Params += ", long long dlbcc_lo, long long dlbcc_hi";
    Args += ", dlbcc_lo, dlbcc_hi";
    FixedArgs += ", dlbcc_lo, dlbcc_hi";
  }
  std::string Out = "  auto dlbcc_body = [&](";
  if (!Assume.empty())
    Out += "auto dlbcc_aligned, ";
  Out += Params + ")" + (S ? " __attribute__((noinline))" : "") + " {\n";
  if (!Assume.empty())
    Out += "  if constexpr (decltype(dlbcc_aligned)::value) {\n" + Assume +
           "  }\n";
  // An array reduction's private array, bound again inside the lambda, out
  // of line for a strip: its alignment does not reach there through the
  // capture.
  for (const ReductionModel &Red : M.Reductions)
    if (!Red.ArrayType.isNull())
      Out += privateArray(Red);
  Out += Privates + Loop + "  };\n";
  // A call, in the instance for 16-byte aligned pointers where they are.
  auto Call = [&](const std::string &With, const std::string &Indent) {
    if (Assume.empty())
      return Indent + "dlbcc_body(" + With + ");\n";
    return Indent + "if (dlb::aligned16(" + Pointers + "))\n" + Indent +
           "  dlbcc_body(std::true_type{}, " + With + ");\n" + Indent +
           "else\n" + Indent + "  dlbcc_body(std::false_type{}, " + With +
           ");\n";
  };
  // Braces around the aligned and unaligned calls of each instance.
  const std::string Open = Assume.empty() ? "\n" : " {\n";
  const std::string Else = Assume.empty() ? "  else\n" : "  } else {\n";
  std::string Calls = Fits.empty() ? Call(Args, "  ")
                                   : "  if (" + Fits + ")" + Open +
                                         Call(FixedArgs, "    ") + Else +
                                         Call(Args, "    ") +
                                         (Assume.empty() ? "" : "  }\n");
  return Out + (S ? S->Open + Calls + S->Close : Calls);
}

std::string Emitter::pairLoop(const LoopModel &M) const {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << "  // dlbcc: schedule(bitonic): pair p runs iteration lb + p on the "
        "front views,\n  // then ub - 1 - p (unless the same) on the mirror "
        "views\n";
  std::string Bind;
  unsigned Slot = 0;
  for (const ArrayModel &A : M.Arrays) {
    if (A.Role == ArrayRole::Distributed) {
      std::string N = A.Var->getName().str();
      OS << "  " << distView(A, "dlbcc_mirror_" + N, Slot, /*Mirror=*/true)
         << "  auto &dlbcc_front_" << N << " = " << N << ";\n";
      Bind += "    auto &" + N + " = dlbcc_side ? dlbcc_mirror_" + N +
              " : dlbcc_front_" + N + ";\n";
    }
    ++Slot;
  }
  // One copy of the body, run once per side: `continue` ends one iteration,
  // and labels in the body stay unique.
  std::string Sides;
  llvm::raw_string_ostream SOS(Sides);
  SOS << "  for (int dlbcc_side = 0; dlbcc_side < " << BlockVar
      << ".pairSize(dlbcc_p); ++dlbcc_side) {\n"
      << "    [[maybe_unused]] " << spell(M.Index->getType(), Ctx) << " "
      << M.Index->getName() << " = static_cast<"
      << spell(M.Index->getType(), Ctx) << ">(" << BlockVar
      << ".pairIteration(dlbcc_p, dlbcc_side));\n"
      << Bind << "    " << body(M) << "\n  }\n";
  OS << hookedLoop(M, "long long", "dlbcc_p", Sides, "pairs");
  return Out;
}

std::string Emitter::hookedLoop(const LoopModel &M, StringRef Type,
                                StringRef Var, StringRef Inner,
                                StringRef Units) const {
  if (std::optional<Strips> S = stripParts(M, Type, Var, Inner, Units))
    return S->Open + S->Strip + S->Close;
  // The hook runs after every unit, also after `continue`; it may shrink
  // end() when units move to another rank.
  return ("  for (" + Type + " " + Var + " = " + BlockVar + ".begin(); " +
          Var + " < " + BlockVar + ".end(); " + BlockVar + ".hook(" + Var +
          "), ++" + Var + ")\n" + Inner)
      .str();
}

std::optional<Emitter::Strips>
Emitter::stripParts(const LoopModel &M, StringRef Type, StringRef Var,
                    StringRef Inner, StringRef Units) const {
  if (M.Stride == 1 && M.Hooks.Realization == HookRealization::Body)
    return std::nullopt;
  Strips S;
  std::string Head = (M.Stride != 1 ? "one load balancing hook per strip of "
                                      "the index range, stepping by " +
                                          std::to_string(M.Stride)
                                    : "one load balancing hook per strip of " +
                                          Units.str());
  S.Open = "  // dlbcc: " + Head + "\n  for (long long dlbcc_lo = " +
           BlockVar + ".begin(), dlbcc_hi; dlbcc_lo < " + BlockVar +
           ".end(); dlbcc_lo = dlbcc_hi) {\n  dlbcc_hi = " + BlockVar +
           ".strip(dlbcc_lo);\n";
  if (M.Stride != 1)
    // A loop stepping by c: its strips are ranges of the index, each
    // running the iterations in it; the hook records the whole range.
    S.Strip = ("  for (" + Type + " " + Var + " = static_cast<" + Type + ">(" +
               BlockVar + ".strided(dlbcc_lo)); " + Var + " < dlbcc_hi; " +
               Var + " += " + std::to_string(M.Stride) + ")\n" + Inner)
                  .str();
  else
    // Strip-mined (section 5.1 of Siegell & Steenkiste): one hook per
    // strip, whose size the runtime chooses; it may shrink end().
    S.Strip = ("  for (" + Type + " " + Var + " = dlbcc_lo; " + Var +
               " < dlbcc_hi; ++" + Var + ")\n" + Inner)
                  .str();
  S.Close = "  " + std::string(BlockVar) +
            ".hookStrip(dlbcc_lo, dlbcc_hi);\n  }\n";
  return S;
}

std::string Emitter::body(const LoopModel &M) const {
  const SourceManager &SM = Ctx.getSourceManager();
  auto FileRange = [&](const Stmt *S) {
    return Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(S->getSourceRange()), SM,
        Ctx.getLangOpts());
  };
  std::string Body = sourceText(M.Loop->getBody(), Ctx);
  // Reads of fixed rows read the rank's copy of the row (PinnedRow): the
  // row `A[k]` of `A[k][j]` becomes the copy, `x[k]` its element.
  std::vector<std::pair<unsigned, std::pair<unsigned, std::string>>> Edits;
  const CharSourceRange Whole = FileRange(M.Loop->getBody());
  for (const ArrayModel &A : M.Arrays)
    for (size_t K = 0; K < A.Pins.size(); ++K)
      for (const Expr *P : A.Pins[K].Prefixes) {
        const CharSourceRange R = FileRange(P);
        const unsigned Begin = SM.getFileOffset(R.getBegin()) -
                               SM.getFileOffset(Whole.getBegin());
        const unsigned End = SM.getFileOffset(R.getEnd()) -
                             SM.getFileOffset(Whole.getBegin());
        Edits.push_back(
            {Begin, {End, pinName(A, K) + (A.Dims == 1 ? "[0]" : "")}});
      }
  llvm::sort(Edits, [](const auto &X, const auto &Y) { return X.first > Y.first; });
  for (const auto &[Begin, Edit] : Edits)
    Body.replace(Begin, Edit.first - Begin, Edit.second);
  return isa<CompoundStmt>(M.Loop->getBody()) ? Body : "{ " + Body + "; }";
}

std::string Emitter::kernel(const LoopModel &M, unsigned Id) const {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << "// dlbcc: kernel of the loop at " << M.Name;
  if (M.Pipeline)
    OS << ", pipelined over '" << M.Pipeline->Index->getName()
       << "'; runs one rank's blocks of the pipeline.\n";
  else
    OS << "; runs one block of its iterations on any rank.\n";
  // g++ -O2 vectorizes a loop only when no scalar epilogue is needed, which
  // the user's loop often meets through constant bounds that reach it by
  // inlining; a kernel's bounds are known at run time only. The cost model
  // of -O3 vectorizes it as the user's loop was.
  OS << "#if defined(__GNUC__) && !defined(__clang__)\n"
     << "#pragma GCC push_options\n"
     << "#pragma GCC optimize(\"vect-cost-model=dynamic\")\n"
     << "#endif\n";
  OS << "static void " << kernelName(Id) << "(dlb::Block &" << BlockVar
     << ") {\n";
  // The using declarations of the function go outside the block where the
  // loop's variables are re-declared, which may hide names they bring in.
  if (!M.UsingDecls.empty()) {
    OS << "  // dlbcc: in scope at the loop in its function\n";
    for (const DeclStmt *D : M.UsingDecls)
      OS << "  " << sourceText(D, Ctx) << "\n";
    OS << "  {\n";
  }
  StringRef I = M.Index->getName();
  std::string IndexType = spell(M.Index->getType(), Ctx);
  if (M.Pipeline) {
    // Strip-mined: receive a block's boundary values, compute the block,
    // send its boundary values. Views are taken per block: balancing
    // between blocks may move columns and the storage that holds them.
    StringRef O = M.Pipeline->Index->getName();
    // A skewed pipeline owns a range of I + Skew * O: its part of row O.
    StringRef Row = M.Pipeline->Skew ? O : StringRef();
    OS << "  for (long long dlbcc_lo = " << BlockVar
       << ".outerBegin(), dlbcc_hi; dlbcc_lo < " << BlockVar
       << ".outerEnd(); dlbcc_lo = dlbcc_hi) {\n"
       << "  // dlbcc: the next block of '" << O
       << "' (its size is chosen at run time), after the previous rank's "
          "boundary values\n"
       << "  dlbcc_hi = " << BlockVar << ".receive(dlbcc_lo);\n  {\n"
       << declarations(M)
       << inBody(M, privates(M),
                 "  for (" +
                        spell(M.Pipeline->Index->getType(), Ctx) + " " +
                        O.str() + " = dlbcc_lo; " + O.str() + " < dlbcc_hi; ++" +
                        O.str() + ")\n" + "  for (" + IndexType + " " +
                        I.str() + " = " + BlockVar + ".begin(" + Row.str() +
                        "); " + I.str() + " < " + BlockVar + ".end(" +
                        Row.str() + "); ++" + I.str() + ")\n  " + body(M) +
                        "\n")
       << "  }\n"
       << "  // dlbcc: the block's boundary values to the next rank, one "
          "message\n"
       << "  " << BlockVar << ".send(dlbcc_lo, dlbcc_hi);\n  }\n";
  } else {
    OS << declarations(M);
    const std::string Inner = "  " + body(M) + "\n";
    if (M.Ann->Schedule == ScheduleKind::Bitonic)
      OS << inBody(M, privates(M), pairLoop(M));
    else if (std::optional<Strips> S =
                 stripParts(M, IndexType, I, Inner, "iterations"))
      OS << inBody(M, privates(M), S->Strip, &*S);
    else
      OS << inBody(M, privates(M), hookedLoop(M, IndexType, I, Inner,
                                              "iterations"));
    unsigned Slot = 0;
    for (const ReductionModel &Red : M.Reductions) {
      QualType Type = Red.Var->getType().getNonReferenceType();
      // An array's element type and extent are deduced.
      std::string T =
          Red.ArrayType.isNull() ? "<" + spell(Type, Ctx) + ">" : "";
      OS << "  " << BlockVar << ".reduce" << T << "(" << Slot++ << ", "
         << runtimeOp(Red.Op) << ", " << Red.Var->getName() << ");\n";
    }
  }
  if (!M.UsingDecls.empty())
    OS << "  }\n";
  OS << "}\n";
  OS << "#if defined(__GNUC__) && !defined(__clang__)\n"
     << "#pragma GCC pop_options\n"
     << "#endif\n";
  std::string Names;
  for (const ArrayModel &A : M.Arrays)
    Names += (Names.empty() ? "" : ",") + A.Var->getName().str();
  OS << "static dlb::LoopDesc " << descName(Id) << "(\"" << M.Name << "\", "
     << kernelName(Id);
  if (!Names.empty())
    OS << ", \"" << Names << "\"";
  OS << ");\n\n";
  return Out;
}

std::string Emitter::bound(const Expr *Lower, const Expr *Upper,
                           bool Inclusive) const {
  if (Inclusive)
    return sourceText(Lower, Ctx) + ", static_cast<long long>(" +
           sourceText(Upper, Ctx) + ") + 1";
  return sourceText(Lower, Ctx) + ", " + sourceText(Upper, Ctx);
}

std::string Emitter::spelledType(const ArrayModel &A) const {
  QualType T = A.Type;
  if (A.Form == ArrayForm::CArray)
    return spell(T, Ctx);
  if (A.Form == ArrayForm::PointerToArray)
    return spell(T->getPointeeType(), Ctx);
  return {};
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
  if (M.Hooks.Realization == HookRealization::Strip)
    OS << "  " << RunVar << ".hooks(dlb::HookLevel::Strip);\n";
  if (M.Hooks.Realization == HookRealization::Execution)
    OS << "  " << RunVar << ".hooks(dlb::HookLevel::Execution);\n";
  if (M.Ann->Schedule == ScheduleKind::Bitonic)
    OS << "  " << RunVar << ".bitonic();\n";
  if (M.Stride != 1)
    OS << "  " << RunVar << ".stride(" << M.Stride << ", "
       << sourceText(M.Descending ? M.Upper : M.Lower, Ctx) << ");\n";
  // W and D feed the cost model of the doall strategies; W of a pipelined
  // loop may mention the pipelined index, which does not exist here: a
  // pipeline gets its counted W only as a number (what a simulated host is
  // charged per element). A cost() clause gives W's shape; the count beside
  // it, its size.
  if (M.Pipeline && M.WorkEstimateValue)
    OS << "  " << RunVar << ".work(" << M.WorkEstimate << ");\n";
  if (!M.Pipeline) {
    auto EmitWork = [&](StringRef Setter, StringRef W, bool Uniform) {
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
    OS << "  " << RunVar << ".data(" << M.Data << ");\n";
  }
  if (M.Ann->Strategy != StrategyKind::Auto)
    OS << "  " << RunVar << ".strategy(" << runtimeStrategy(M.Ann->Strategy)
       << ");\n";
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
  for (const ArrayModel &A : M.Arrays) {
    StringRef N = A.Var->getName();
    std::string Extents;
    if (A.Shape) {
      for (size_t K = 0; K < A.Shape->Extents.size(); ++K)
        if (A.Form != ArrayForm::PointerToArray || K == 0)
          Extents += ", static_cast<long long>(" +
                     sourceText(A.Shape->Extents[K], Ctx) + ")";
    } else if (A.DeclaredRows)
      Extents = ", static_cast<long long>(" + sourceText(A.DeclaredRows, Ctx) +
                ")";
    bool Dist = A.Role == ArrayRole::Distributed;
    if (A.RowLength) {
      // Rows of n elements; the runtime checks that n divides the size.
      OS << "  " << RunVar << ".distLinear(" << N << Extents
         << ", static_cast<long long>(" << A.RowLength->getName()
         << "), dlb::Access{" << (A.Written ? "true" : "false") << ", "
         << A.HaloLo << ", " << A.HaloHi << "});\n";
      continue;
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
      OS << ", dlb::Access{" << (A.Written ? "true" : "false") << ", "
         << A.HaloLo << ", " << A.HaloHi << "}";
    }
    OS << ");\n";
  }
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
  for (const AccessCheck &C : M.AccessChecks)
    OS << "  if (" << C.Guard << ")\n    " << RunVar << ".checkAccess("
       << quoted(printed(C.Access, Ctx)) << ", " << quoted(C.Array) << ", "
       << C.Dim << ", " << C.Min << ", " << C.Max << ", " << C.Extent << ");\n";
  OS << "  " << RunVar << ".run();\n";
  // The privates live in the kernel now; keep them used here.
  for (const VarDecl *V : M.Privates)
    OS << "  (void)" << V->getName() << ";\n";
  // An index declared before the loop gets the value the loop leaves:
  // one past its last iteration, or its start if it ran none (counting
  // down from Upper to Lower: Lower - 1, or Upper).
  // Stepping by c: the start value plus c times the iterations run.
  auto Final = [&](const VarDecl *Index, const Expr *Lower, const Expr *Upper,
                   bool Inclusive, bool Descending, long long Stride) {
    std::string Lo = "(" + sourceText(Lower, Ctx) + ")";
    std::string Hi = "(" + sourceText(Upper, Ctx) + ")";
    std::string Ran = Descending ? Lo + " - 1" : Hi + (Inclusive ? " + 1" : "");
    if (Stride != 1) {
      const std::string C = std::to_string(Stride);
      const std::string Span = Descending ? Hi + " - " + Lo
                               : Inclusive ? Hi + " - " + Lo
                                           : Hi + " - " + Lo + " - 1";
      const std::string Steps = "((" + Span + ") / " + C + " + 1) * " + C;
      Ran = Descending ? Hi + " - " + Steps : Lo + " + " + Steps;
    }
    OS << "  " << Index->getName() << " = static_cast<"
       << spell(Index->getType(), Ctx) << ">(" << Lo
       << (Inclusive ? " <= " : " < ") << Hi << " ? " << Ran << " : "
       << (Descending ? Hi : Lo) << ");\n  (void)" << Index->getName()
       << ";\n";
  };
  if (M.IndexOutside)
    Final(M.Index, M.Lower, M.Upper, M.Inclusive, M.Descending, M.Stride);
  if (M.Pipeline && M.Pipeline->IndexOutside)
    Final(M.Pipeline->Index, M.Pipeline->Lower, M.Pipeline->Upper,
          M.Pipeline->Inclusive, /*Descending=*/false, /*Stride=*/1);
  OS << "}";
  return Out;
}

bool Emitter::emitMain(bool HasLoops) {
  const SourceManager &SM = Ctx.getSourceManager();
  const FunctionDecl *Main = nullptr;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *F = dyn_cast<FunctionDecl>(D))
      if (F->isMain() && F->hasBody() &&
          SM.isInMainFile(SM.getExpansionLoc(F->getLocation())))
        Main = F;
  if (!Main) {
    if (HasLoops)
      report(Ctx.getDiagnostics(),
             SM.getLocForStartOfFile(SM.getMainFileID()),
             Diag::NoMainWithLoops);
    return true;
  }
  unsigned Params = Main->getNumParams();
  if (Params != 0 && Params != 2) {
    report(Ctx.getDiagnostics(), Main->getLocation(),
           Diag::MainUnsupportedSignature);
    return false;
  }
  R.ReplaceText(Main->getLocation(), 4, UserMain);
  const auto *Body = cast<CompoundStmt>(Main->getBody());
  if (Body->body_empty() || !isa<ReturnStmt>(Body->body_back()))
    R.InsertTextBefore(Body->getRBracLoc(), "return 0; ");
  std::string Tail = llvm::formatv(
      "\n// dlbcc: every rank starts here; rank 0 runs the program's main "
      "above,\n// the others serve its distributed loops.\n"
      "static int dlbcc_main_adapter(int argc, char **argv) {{\n"
      "  {0}\n}\n"
      "int main(int argc, char **argv) {{\n"
      "  return dlb::runMain(argc, argv, dlbcc_main_adapter);\n}\n",
      Params == 2 ? std::string("return ") + UserMain + "(argc, argv);"
                  : std::string("(void)argc;\n  (void)argv;\n  return ") +
                        UserMain + "();");
  R.InsertTextAfter(SM.getLocForEndOfFile(SM.getMainFileID()), Tail);
  return true;
}

bool Emitter::emit(const std::vector<LoopModel> &Loops,
                   const std::vector<const Annotation *> &Sequential) {
  const SourceManager &SM = Ctx.getSourceManager();
  FileID Main = SM.getMainFileID();
  R.InsertTextBefore(SM.getLocForStartOfFile(Main),
                     "#include \"dlb/dlb.h\" // dlbcc: the runtime\n");
  writeArrayParameters(Ctx, R);
  llvm::MapVector<const FunctionDecl *, std::string> Kernels;
  unsigned Id = 0;
  for (const LoopModel &M : Loops) {
    Kernels[M.Function] += kernel(M, Id);
    // A pipelined loop replaces the loop that encloses the pragma.
    const Stmt *Replaced = M.Pipeline ? M.Pipeline->Loop : M.Loop;
    SourceLocation Begin =
        M.Pipeline ? M.Pipeline->Loop->getForLoc() : M.Ann->HashLoc;
    R.ReplaceText(CharSourceRange::getCharRange(Begin,
                                                endOfStatement(Replaced)),
                  callSite(M, Id));
    ++Id;
  }
  for (auto &[F, Text] : Kernels)
    R.InsertTextAfter(startOfLine(F->getOuterLocStart()), Text);
  // Arrays kept on the ranks during a region come back when it ends.
  llvm::SetVector<const Stmt *> Regions;
  for (const LoopModel &M : Loops)
    if (M.Region)
      Regions.insert(M.Region);
  // Rows of kept arrays that the region's own code uses come back first.
  for (const LoopModel &M : Loops)
    for (const RowFetch &F : M.Fetches) {
      SourceLocation Before = SM.getExpansionLoc(F.Before->getBeginLoc());
      std::string Indent(SM.getExpansionColumnNumber(Before) - 1, ' ');
      R.InsertTextBefore(Before, "dlb::fetchRows(" +
                                     F.Array->getName().str() + ", " +
                                     F.Lo + ", " + F.Hi +
                                     "); // dlbcc: the rows this code uses\n" +
                                     Indent);
    }
  for (const Stmt *T : Regions) {
    // Above the pragma lines of T, if any (they stay attached to T).
    SourceLocation Begin = scopeBegin(T, SM);
    bool AtLine = Begin != T->getBeginLoc();
    std::string Indent(SM.getExpansionColumnNumber(T->getBeginLoc()) - 1,
                       ' ');
    R.InsertTextBefore(Begin, (AtLine ? Indent : "") +
                                  "{ // dlbcc: arrays stay on the ranks "
                                  "during this loop\n" +
                                  Indent +
                                  "dlb::ResidentScope dlbcc_resident;\n" +
                                  (AtLine ? "" : Indent));
    R.InsertTextAfter(endOfStatement(T), " }");
  }
  for (const Annotation *A : Sequential) {
    report(Ctx.getDiagnostics(), A->DirectiveLoc, Diag::DoAcrossSequential);
    SourceLocation EndOfLine = startOfLine(A->Loop->getForLoc());
    R.ReplaceText(CharSourceRange::getCharRange(A->HashLoc,
                                                EndOfLine.getLocWithOffset(-1)),
                  "// dlbcc: doacross loop, run sequentially");
  }
  return emitMain(!Loops.empty());
}

std::string Emitter::result() const {
  const RewriteBuffer *B =
      R.getRewriteBufferFor(Ctx.getSourceManager().getMainFileID());
  if (B)
    return std::string(B->begin(), B->end());
  return Ctx.getSourceManager()
      .getBufferData(Ctx.getSourceManager().getMainFileID())
      .str();
}

} // namespace dlbcc
