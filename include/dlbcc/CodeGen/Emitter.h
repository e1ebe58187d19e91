//===- dlbcc/CodeGen/Emitter.h - The emit stage -----------------*- C++ -*-===//
//
// Rewrites the main file with clang::Rewriter, leaving untouched code
// byte-identical:
//   * `#include "dlb/dlb.h"` at the top;
//   * before each function with distributed loops, one kernel and one
//     dlb::LoopDesc per loop (the kernel repeats the using declarations in
//     scope at the loop, re-declares the loop's variables as views on the
//     block a rank runs, then holds the loop body verbatim, calling the
//     block's load-balancing hook after every iteration; a bitonic loop's
//     kernel runs pairs, the body once for each iteration of a pair);
//   * a doacross loop's kernel strip-mines the loop that encloses it into
//     blocks: receive the previous rank's boundary values, compute the block
//     over the rank's columns, send its boundary values on;
//   * in place of each pragma and its loop (for a doacross loop: the loop
//     that encloses it), a call site that hands bounds,
//     schedule, work and data per iteration (W and D of the cost model),
//     strategy, live-in values, arrays and reductions to
//     dlb::LoopRun;
//   * main renamed, and a new main that starts the runtime on every rank;
//   * C99 array parameters as C++ takes them (ArrayParameters.h);
//   * for a C source, its text in `extern "C"` (CLinkage.h).
//
// Emitter.cpp runs these in order; the kernels are Kernel.cpp's, the call
// sites CallSite.cpp's, main MainRewrite.cpp's.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_CODEGEN_EMITTER_H
#define DLBCC_CODEGEN_EMITTER_H

#include "dlbcc/Analysis/LoopModel.h"
#include "dlbcc/Analysis/MainFunction.h"
#include "dlbcc/Frontend/OpenMP.h"

#include "clang/Rewrite/Core/Rewriter.h"

#include <optional>
#include <string>
#include <vector>

namespace dlbcc {

class Emitter {
public:
  /// \p OpenMP: the OpenMP pragmas of a program read by dlbcc --openmp
  /// (null without it); the emitted program holds none of them.
  Emitter(clang::ASTContext &Ctx, clang::Rewriter &R,
          const OpenMPSource *OpenMP = nullptr)
      : Ctx(Ctx), R(R), OpenMP(OpenMP) {}

  /// Emits every distributed loop, leaves each annotation in \p Sequential
  /// (doacross loops with no loop to pipeline) to run sequentially, and
  /// puts \p Main under the runtime. Reports nothing: the analysis checked
  /// all this.
  void emit(const std::vector<LoopModel> &Loops,
            const std::vector<const Annotation *> &Sequential,
            const MainFunction &Main);

  /// The rewritten main file.
  std::string result() const;

private:
  /// dlbcc --openmp, at the end of emit(): comments out the OpenMP pragma lines
  /// that the loops of \p Loops did not replace, and makes `#include
  /// <omp.h>` include dlb/openmp/omp.h (a rank is one thread).
  void leaveOutOpenMP(const std::vector<LoopModel> &Loops);
  /// An array that the kernel's loop takes as a restrict pointer: the
  /// lambda's parameter and the argument the kernel passes.
  struct RestrictArray {
    std::string Name; ///< the lambda's parameter
    std::string Param;
    std::string Argument;
    /// Rows of run-time extents: the declaration, in the lambda, of the
    /// array as the loop subscripts it.
    std::string Bind;
  };
  /// The kernel's copy of extent K of A, of rows of run-time extents, and
  /// of the length of its rows in elements.
  static std::string extentName(const ArrayModel &A, unsigned K);
  static std::string rowLengthName(const ArrayModel &A);
  /// The type of an element of a 2-D (or deeper) array's first dimension:
  /// its row type (a C array's element, a pointer's pointee).
  clang::QualType rowType(const ArrayModel &A) const;
  /// Array A (slot Slot) as a restrict pointer, when its storage is
  /// contiguous rows of constant length and the loop only subscripts it.
  std::optional<RestrictArray>
  restrictArray(const LoopModel &M, const ArrayModel &A, unsigned Slot) const;
  /// A 2-D array distributed by columns (or in a pipeline, either way)
  /// whose rows have a constant length in the user's memory (a C array, a
  /// pointer to rows): the kernel's lambda takes it as a generic parameter,
  /// a pointer to rows of that length where the stored rows are spaced so
  /// (rank 0's share: the user's array), a dlb::Strided2D elsewhere (a
  /// worker's columns), so that on rank 0 the loop compiles to the user's
  /// address arithmetic.
  struct StridedArray {
    std::string View;   ///< the Strided2D's name
    std::string Row;    ///< the row type, e.g. double[1000]
    std::string Length; ///< the row length, e.g. 1000
  };
  std::optional<StridedArray> stridedArray(const LoopModel &M,
                                           const ArrayModel &A) const;
  /// The kernel's re-declarations of the loop's variables (not those of
  /// restrictArray).
  std::string declarations(const LoopModel &M) const;
  /// The declaration of whole array \p A (slot \p Slot) as the kernel sees
  /// it: a reference to the array, a pointer, a vector, a row table.
  std::string wholeView(const ArrayModel &A, unsigned Slot) const;
  /// The reduction variables' private copies, starting at the identity of
  /// their operator.
  std::string reductionDeclarations(const LoopModel &M) const;
  /// The declarations of the scalars private to each iteration.
  std::string privates(const LoopModel &M) const;
  /// The declaration of array reduction \p Red's name as its private array
  /// (dlbcc_<name>_private), marked aligned as operator new returned it.
  std::string privateArray(const ReductionModel &Red) const;
  /// The declaration of \p Name as a view of distributed array \p A, the
  /// array of slot \p Slot of the loop (Mirror: its bitonic mirror view).
  std::string distView(const ArrayModel &A, llvm::StringRef Name,
                       unsigned Slot, bool Mirror) const;
  /// A strip-mined loop over a block: the loop over strips up to the
  /// strip's bounds (dlbcc_lo, dlbcc_hi), the loop over one strip, and the
  /// strip's hook with the end of the loop over strips.
  struct Strips {
    std::string Open, Strip, Close;
  };
  /// \p Loop (the kernel's loop over its block, or with \p S the loop over
  /// one strip) after \p Privates, in the lambda that takes restrictArray's
  /// and stridedArray's arrays and the live-in scalars as parameters, and
  /// its call (two, with stridedArray's arrays: where they fit, and not);
  /// just the loop when there are none. With \p S the lambda runs one strip
  /// and is not inlined, called from the loop over strips: the compiler
  /// then allocates the strip's registers as for the user's loop, without
  /// the hook's call (g++ 12 kept gemm's row of C in a register, loaded
  /// apart from the add, 8 instructions for the user's 7). The restrict
  /// pointers are assumed 16-byte aligned in the instance called when they
  /// are (SSE folds only aligned loads into arithmetic).
  std::string inBody(const LoopModel &M, const std::string &Privates,
                     const std::string &Loop, const Strips *S = nullptr) const;
  /// The loop of a bitonic kernel: over the pairs of the block, the body
  /// once per iteration of the pair, with the arrays' names bound to the
  /// front or mirror views.
  std::string pairLoop(const LoopModel &M) const;
  /// The loop of Var (of Type) over the block's units (iterations, or a
  /// bitonic loop's pairs) around Inner, with the hooks dlbcc placed: after
  /// every unit, or after every strip of units.
  std::string hookedLoop(const LoopModel &M, llvm::StringRef Type,
                         llvm::StringRef Var, llvm::StringRef Inner,
                         llvm::StringRef Units) const;
  /// hookedLoop's loop in its parts when it is strip-mined.
  std::optional<Strips> stripParts(const LoopModel &M, llvm::StringRef Type,
                                   llvm::StringRef Var, llvm::StringRef Inner,
                                   llvm::StringRef Units) const;
  /// The loop body as one statement.
  std::string body(const LoopModel &M) const;
  /// "Lower, Upper" as LoopRun takes bounds (half-open).
  std::string bound(const clang::Expr *Lower, const clang::Expr *Upper,
                    bool Inclusive) const;
  std::string kernel(const LoopModel &M, unsigned Id) const;
  /// A pipelined loop's kernel body: per block of the enclosing loop,
  /// receive, the views, compute the block, send.
  std::string pipelineBlocks(const LoopModel &M) const;
  /// A doall loop's kernel body: the views, the loop over the block's
  /// iterations or pairs with its hooks, the reductions handed back.
  std::string blockLoop(const LoopModel &M) const;
  /// The array type of C array \p A, or the pointee of pointer to array
  /// \p A, as the kernel spells it.
  std::string spelledType(const ArrayModel &A) const;
  /// static_asserts that the macros whose values the translation fixed
  /// (BakedMacros) have them when the emitted file is compiled.
  std::string translationChecks(const LoopModel &M) const;
  std::string callSite(const LoopModel &M, unsigned Id) const;
  /// The call site's settings of the LoopRun: a pipeline, bounds, schedule,
  /// hooks, pairs, stride, W and D, strategy.
  std::string runSettings(const LoopModel &M) const;
  /// W (and the count beside a cost() clause) and D, for the cost model.
  std::string workAndData(const LoopModel &M) const;
  /// The live-in scalars handed to the LoopRun.
  std::string scalarArguments(const LoopModel &M) const;
  /// Array \p A handed to the LoopRun: distributed (with its dimension and
  /// access) or whole, with the extents its type does not give.
  std::string arrayArgument(const ArrayModel &A) const;
  /// The rows of the arrays that the LoopRun treats apart: fixed rows,
  /// windows, arrays kept on the ranks, the rows of whole arrays read.
  std::string arrayRows(const LoopModel &M) const;
  std::string reductionArguments(const LoopModel &M) const;
  /// The assignment of the value the loop leaves to an index declared
  /// before it.
  std::string finalIndex(const clang::VarDecl *Index, const clang::Expr *Lower,
                         const clang::Expr *Upper, bool Inclusive,
                         bool Descending, long long Stride) const;
  /// main under the runtime, after the C linkage of a C source's text.
  void emitMain(const MainFunction &Main);
  clang::SourceLocation endOfStatement(const clang::Stmt *S) const;
  /// What the call site of \p M replaces: its pragma and loop (for a
  /// pipeline, the loop that encloses the pragma).
  clang::CharSourceRange replacedRange(const LoopModel &M) const;
  clang::SourceLocation startOfLine(clang::SourceLocation Loc) const;
  /// The preprocessor directives between annotation \p A's pragma and its
  /// loop, pragmas aside, each on its own line: they stay when the pragma
  /// and the loop are replaced (`#endif` of a pragma under `#ifdef`).
  std::string directivesAfterPragma(const Annotation &A) const;
  /// Replaces Range by Text; stops dlbcc (an internal error, no output)
  /// where the Rewriter cannot.
  void replace(clang::CharSourceRange Range, llvm::StringRef Text);

  clang::ASTContext &Ctx;
  clang::Rewriter &R;
  const OpenMPSource *OpenMP;
};

} // namespace dlbcc

#endif // DLBCC_CODEGEN_EMITTER_H
