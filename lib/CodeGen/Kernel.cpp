//===- Kernel.cpp - The kernel of a distributed loop ----------------------===//
//
// The kernel of each loop and its dlb::LoopDesc: the loop's variables
// re-declared as views of the block a rank runs (arrays of contiguous
// rows as restrict pointers, the parameters of a lambda that holds the
// loop), the loop over the block with its hooks (strip-mined, or over a
// bitonic loop's pairs, or a pipeline's blocks), the body verbatim, and
// the reductions handed back.
//
//===----------------------------------------------------------------------===//
#include "Spelling.h"
#include "dlbcc/CodeGen/Emitter.h"
#include "dlbcc/Support/Mentions.h"

#include "dlbcc/Support/Text.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;

namespace dlbcc {

namespace {

/// Whether V is named in the index of a fixed row (PinnedRow): the kernel
/// may not use it otherwise.
bool inPinnedRow(const LoopModel &M, const VarDecl *V) {
  for (const ArrayModel &A : M.Arrays)
    for (const PinnedRow &P : A.Pins)
      if (mentions(P.Row, V))
        return true;
  return false;
}

/// The kernel's copy of fixed row K of A (PinnedRow).
std::string pinName(const ArrayModel &A, size_t K) {
  return "dlbcc_pin_" + A.Var->getName().str() + "_" + std::to_string(K);
}

} // namespace

std::string Emitter::extentName(const ArrayModel &A, unsigned K) {
  return "dlbcc_" + A.Var->getName().str() + "_d" + std::to_string(K);
}

std::string Emitter::rowLengthName(const ArrayModel &A) {
  return "dlbcc_" + A.Var->getName().str() + "_row";
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
  if (A.variableRows()) {
    // Rows of run-time extents: their elements (a linearized array when
    // distributed), seen again in the lambda as the rows the loop
    // subscripts (g++ cannot capture a variably modified type).
    RestrictArray R;
    R.Name = "dlbcc_rows_" + N.str();
    R.Param = Elem + " *__restrict " + R.Name;
    R.Argument =
        std::string(BlockVar) +
        (A.Role == ArrayRole::Distributed
             ? ".linear<" + Elem + ">(" + std::to_string(Slot) + ", " +
                   rowLengthName(A) + ")"
             : ".wholeData<" + Elem + ">(" + std::to_string(Slot) + ")");
    for (unsigned K = 1; K < A.Dims; ++K)
      Suffix += "[" + extentName(A, K) + "]";
    R.Bind = "    auto " + N.str() + " = (" + Elem + " (*)" + Suffix + ")" +
             R.Name + ";\n";
    return R;
  }
  if (A.RowLength) {
    // A linearized array: its elements, from row 0 of the block's rows.
    RestrictArray R;
    R.Name = N.str();
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
  R.Name = N.str();
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
  // The extents of rows of run-time extents, after the scalars
  // (scalarArguments), and the rows' length.
  for (const ArrayModel &A : M.Arrays) {
    if (!A.variableRows())
      continue;
    std::string Length;
    for (unsigned K = 1; K < A.Dims; ++K) {
      OS << "  [[maybe_unused]] const long long " << extentName(A, K) << " = "
         << BlockVar << ".scalar<long long>(" << Slot++ << ");\n";
      Length += (K > 1 ? " * " : "") + extentName(A, K);
    }
    OS << "  [[maybe_unused]] const long long " << rowLengthName(A) << " = "
       << Length << ";\n";
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
      OS << wholeView(A, Slot);
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
  OS << reductionDeclarations(M);
  return Out;
}

std::string Emitter::wholeView(const ArrayModel &A, unsigned Slot) const {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  std::string E = spell(A.ElemType, Ctx);
  StringRef N = A.Var->getName();
  switch (A.Form) {
  case ArrayForm::CArray:
    OS << "auto &" << N << " = *" << BlockVar << ".wholeData<" << spelledType(A)
       << ">(" << Slot << ");\n";
    break;
  case ArrayForm::Vector:
    OS << "std::vector<" << E << "> &" << N << " = " << BlockVar
       << ".wholeVector<" << E << ">(" << Slot << ");\n";
    break;
  case ArrayForm::Pointer:
    OS << E << " *" << N << " = " << BlockVar << ".wholeData<" << E << ">("
       << Slot << ");\n";
    break;
  case ArrayForm::PointerToArray:
    OS << "auto " << N << " = " << BlockVar << ".wholeData<" << spelledType(A)
       << ">(" << Slot << ");\n";
    break;
  case ArrayForm::PointerToPointer:
  case ArrayForm::VectorOfVectors:
    OS << E << " **" << N << " = " << BlockVar << ".wholeRows<" << E << ">("
       << Slot << ");\n";
    break;
  }
  return Out;
}

std::string Emitter::reductionDeclarations(const LoopModel &M) const {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
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
  // Every iteration writes them before it reads them (OpenMP's private
  // arrays too, as its program says). A global or static array serves as
  // it is: each rank's process has its own, and nothing else names it.
  std::string Out;
  for (const VarDecl *V : M.Privates)
    if (!V->hasGlobalStorage() || !V->getType()->isArrayType())
      Out += "  " + spellDeclaration(V->getType(), V->getName(), Ctx) + "{};\n";
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
  std::string Params, Args, Assume, Pointers, Binds;
  unsigned Slot = 0;
  for (const ArrayModel &A : M.Arrays)
    if (std::optional<RestrictArray> R = restrictArray(M, A, Slot++)) {
      const std::string &N = R->Name;
      Params += (Params.empty() ? "" : ", ") + R->Param;
      Args += (Args.empty() ? "" : ", ") + R->Argument;
      Assume += "    " + N + " = dlb::assumeAligned16(" + N + ");\n";
      Pointers += (Pointers.empty() ? "" : ", ") + R->Argument;
      Binds += R->Bind;
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
  Out += Binds;
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
  if (M.Stride == 1 && M.Hooks.Level == dlb::HookLevel::Body)
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
  // The OpenMP lines inside the loop (`ordered depend` points, simd).
  if (OpenMP)
    for (SourceRange Line : OpenMP->Lines) {
      const unsigned At = SM.getFileOffset(Line.getBegin());
      const unsigned From = SM.getFileOffset(Whole.getBegin());
      if (From <= At && At < SM.getFileOffset(Whole.getEnd()))
        Edits.push_back({At - From, {At - From, OmpComment}});
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
  OS << (M.Pipeline ? pipelineBlocks(M) : blockLoop(M));
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

std::string Emitter::pipelineBlocks(const LoopModel &M) const {
  // Strip-mined: receive a block's boundary values, compute the block,
  // send its boundary values. Views are taken per block: balancing
  // between blocks may move columns and the storage that holds them.
  StringRef O = M.Pipeline->Index->getName();
  // A skewed pipeline owns a range of I + Skew * O: its part of row O.
  StringRef Row = M.Pipeline->Skew ? O : StringRef();
  StringRef I = M.Index->getName();
  std::string IndexType = spell(M.Index->getType(), Ctx);
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << "  for (long long dlbcc_lo = " << BlockVar
     << ".outerBegin(), dlbcc_hi; dlbcc_lo < " << BlockVar
     << ".outerEnd(); dlbcc_lo = dlbcc_hi) {\n"
     << "  // dlbcc: the next block of '" << O
     << "' (its size is chosen at run time), after the previous rank's "
        "boundary values\n"
     << "  dlbcc_hi = " << BlockVar << ".receive(dlbcc_lo);\n  {\n"
     << declarations(M)
     << inBody(M, privates(M),
               "  for (" + spell(M.Pipeline->Index->getType(), Ctx) + " " +
                   O.str() + " = dlbcc_lo; " + O.str() + " < dlbcc_hi; ++" +
                   O.str() + ")\n" + "  for (" + IndexType + " " + I.str() +
                   " = " + BlockVar + ".begin(" + Row.str() + "); " + I.str() +
                   " < " + BlockVar + ".end(" + Row.str() + "); ++" + I.str() +
                   ")\n  " + body(M) + "\n")
     << "  }\n"
     << "  // dlbcc: the block's boundary values to the next rank, one "
        "message\n"
     << "  " << BlockVar << ".send(dlbcc_lo, dlbcc_hi);\n  }\n";
  return Out;
}

std::string Emitter::blockLoop(const LoopModel &M) const {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  StringRef I = M.Index->getName();
  std::string IndexType = spell(M.Index->getType(), Ctx);
  OS << declarations(M);
  const std::string Inner = "  " + body(M) + "\n";
  if (M.Ann->Schedule == ScheduleKind::Bitonic)
    OS << inBody(M, privates(M), pairLoop(M));
  else if (std::optional<Strips> S =
               stripParts(M, IndexType, I, Inner, "iterations"))
    OS << inBody(M, privates(M), S->Strip, &*S);
  else
    OS << inBody(M, privates(M),
                 hookedLoop(M, IndexType, I, Inner, "iterations"));
  unsigned Slot = 0;
  for (const ReductionModel &Red : M.Reductions) {
    QualType Type = Red.Var->getType().getNonReferenceType();
    // An array's element type and extent are deduced.
    std::string T = Red.ArrayType.isNull() ? "<" + spell(Type, Ctx) + ">" : "";
    OS << "  " << BlockVar << ".reduce" << T << "(" << Slot++ << ", "
       << runtimeOp(Red.Op) << ", " << Red.Var->getName() << ");\n";
  }
  return Out;
}

std::string Emitter::spelledType(const ArrayModel &A) const {
  QualType T = A.Type;
  if (A.Form == ArrayForm::CArray)
    return spell(T, Ctx);
  if (A.Form == ArrayForm::PointerToArray)
    return spell(T->getPointeeType(), Ctx);
  return {};
}

} // namespace dlbcc
