//===- dlbcc/Analysis/LoopModel.h - What the analysis knows about a loop ---===//
//
// The model stage: for one annotated loop, its canonical bounds, every array
// it touches with its role (distributed or whole), shape, distributed
// dimension and halo, the live-in scalars, the reductions and the using
// declarations in scope at the loop, and the work and data per iteration of
// the cost model (WorkModel.h). analyzeLoop()
// builds it or reports, with a typed diagnostic, every reason the loop cannot
// be distributed without changing what the program computes.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_ANALYSIS_LOOPMODEL_H
#define DLBCC_ANALYSIS_LOOPMODEL_H

#include "dlbcc/Analysis/AccessChecks.h"
#include "dlbcc/Analysis/BakedValues.h"
#include "dlbcc/Analysis/CostExpr.h"
#include "dlbcc/Analysis/Dependence.h"
#include "dlbcc/Analysis/HookPlacement.h"
#include "dlbcc/Analysis/Pipeline.h"
#include "dlbcc/Frontend/Annotation.h"
#include "dlbcc/Support/Diagnostics.h"

#include "clang/AST/Type.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class DeclStmt;
class FunctionDecl;
class ForStmt;
class VarDecl;
} // namespace clang

namespace dlbcc {

class ProgramFunctions;

enum class ArrayRole { Distributed, Whole };

/// How the array is declared, which decides how its storage is described to
/// the runtime.
enum class ArrayForm {
  CArray,          ///< T a[N] or T a[N][M]
  Vector,          ///< std::vector<T>
  Pointer,         ///< T *p with shape(p[n]); a variable-length T a[n]
  PointerToArray,  ///< T (*p)[M] with shape(p[n]); a variable-length T a[n][M]
  PointerToPointer, ///< T **p with shape(p[n][m])
  VectorOfVectors   ///< std::vector<std::vector<T>>, rows of equal length
};

const char *toString(ArrayForm F);

struct ArrayModel;
/// Extent D (at least 1) of array \p A of rows of run-time extents
/// (ArrayModel::variableRows), as the call site measures it with sizeof:
/// `sizeof(u[0]) / sizeof(u[0][0])` for D = 1.
std::string variableExtent(const ArrayModel &A, unsigned D);

struct ArrayAccess {
  /// The fully subscripted element; or, passed to Callee, the argument.
  const clang::Expr *Expr = nullptr;
  /// As written: an argument's row (`a[i]`, `&a[i][0]`) has fewer than
  /// the array's dimensions, the whole array (`a`) none.
  llvm::SmallVector<const clang::Expr *, 2> SubscriptExprs;
  /// One per dimension; an argument's dimensions past its row unknown.
  Subscripts Subs;
  /// The function the access passes its elements to, whose summary
  /// (PointeeUses.h) gives Read, Write and Spans.
  const clang::FunctionDecl *Callee = nullptr;
  /// Passed to Callee: the elements along dimension SubscriptExprs.size()
  /// that it reaches, which AccessChecks proves or checks within the
  /// extent. None for an element bound to a reference, and for a whole
  /// array read at offsets the callee does not bound (Subs all unknown).
  llvm::SmallVector<AffineSpan, 1> Spans;
  bool Read = false;
  bool Write = false;
  /// A read of a fixed row outside the rows the loop writes (PinnedRow).
  bool Pinned = false;
  /// A read of a range of the distributed dimension outside the rows the
  /// loop writes, bounded by inner loops (ArrayModel::Windows).
  bool Windowed = false;
};

/// A row of a distributed array that the loop reads at a fixed index
/// (`A[k][j]`, `x[k]`: the first subscript names only loop-invariant
/// scalars) outside the rows it writes: LU's pivot row. Every rank gets a
/// copy of it; the kernel reads the copy.
struct PinnedRow {
  /// The first subscript, as written (evaluated at the call site).
  const clang::Expr *Row = nullptr;
  /// The reads: their subscript prefix up to the row (`A[k]` of `A[k][j]`,
  /// the whole `x[k]`) is what the kernel replaces by the copy.
  std::vector<const clang::Expr *> Prefixes;
};

struct ArrayModel {
  const clang::VarDecl *Var = nullptr;
  /// The array's type as the loop sees it: the variable's, but a
  /// variable-length array (`T a[n]`, `T a[n][M]`) decays to a pointer to
  /// its rows.
  clang::QualType Type;
  ArrayRole Role = ArrayRole::Whole;
  ArrayForm Form = ArrayForm::CArray;
  /// Rows of extents known only at run time: a pointer to variable-length
  /// rows (`double (*u)[n2][n1]`), or a variable-length array of such rows.
  /// The call site passes the extents (sizeof), the kernel rebuilds the type.
  bool variableRows() const {
    return !Type.isNull() && Type.getCanonicalType()->isVariablyModifiedType();
  }
  unsigned Dims = 1;
  unsigned DistDim = 0;
  clang::QualType ElemType;
  bool Written = false;
  /// Iteration i reads elements i+HaloLo .. i+HaloHi of the distributed
  /// dimension.
  long long HaloLo = 0;
  long long HaloHi = 0;
  const ShapeSpec *Shape = nullptr;
  /// A parameter declared with its extents (`double a[N][M]`, which C++
  /// turns into a pointer to rows): the number of rows as written, which
  /// stands in for shape(). For a variable-length array, `sizeof a /
  /// sizeof a[0]` (evaluated where the loop runs, so a size variable
  /// changed since the declaration does not matter).
  const clang::Expr *DeclaredRows = nullptr;
  std::vector<ArrayAccess> Accesses;
  /// A std::vector whose size() the loop calls: the kernel must see it as
  /// a vector (or a view with size()), not as a bare pointer.
  bool SizeUsed = false;
  /// The ranks keep the array between executions of the loops of Region
  /// (Residency.h).
  bool Keep = false;
  /// A 1-D array that the loop indexes `(i + c) * n + column` (a matrix
  /// stored in one vector): rows of n elements, this loop-invariant scalar
  /// (delinearized; Dims is 2 and each access has the two subscripts).
  const clang::VarDecl *RowLength = nullptr;
  /// A 1-D array that iteration i touches only in elements [S[i], S[i + 1])
  /// of this S, which the loop does not write (a CSR matrix's values for
  /// its row pointers S, Segments.h): distributed by those segments.
  const clang::VarDecl *Segments = nullptr;
  /// Rows read at a fixed index, at most MaxPinnedRows.
  std::vector<PinnedRow> Pins;
  /// The read windows of a written array: for each Windowed read, the rows
  /// (columns) of the distributed dimension it may touch, [Lo, Hi], affine
  /// in loop-invariant scalars, proved outside the rows the loop writes
  /// (LU's `A[i][k]`, k < i, in `for (j = i; j < n; ++j)`). Every rank gets
  /// them with its blocks.
  std::vector<AffineSpan> Windows;
  static constexpr unsigned MaxPinnedRows = 4;
};

struct ScalarModel {
  const clang::VarDecl *Var = nullptr;
  /// Integral constants are re-declared constexpr in the kernel (so they stay
  /// usable in constant expressions); everything else is sent.
  std::optional<std::string> ConstantValue;
  /// A parameter that every call of its function (internal, never taken by
  /// address, never assigned) passes the same constant: those arguments.
  /// The kernel sees the value as the compiler saw it in the user's program
  /// (where it propagated it into the loop).
  std::vector<const clang::Expr *> ConstantArgs;
};

struct ReductionModel {
  const clang::VarDecl *Var = nullptr;
  dlb::ReduceOp Op = dlb::ReduceOp::Sum;
  /// An array reduction: the array's type (`double[N]`; for a parameter
  /// declared `double y[N]`, as written, though Var is a pointer).
  clang::QualType ArrayType;
};

/// A place in the loop body (or a function it calls) where the work estimate
/// is uncertain: a loop whose trip count is unknown (counted once) or a
/// recursive call (not counted).
struct WorkNote {
  clang::SourceLocation Loc;
  Diag Kind;
};

/// One read of a written distributed array in a doacross loop: iteration
/// (i, j) reads the element that iteration (i + Outer, j + Dist) writes.
struct PipelineAccess {
  const clang::VarDecl *Array = nullptr;
  const clang::Expr *Expr = nullptr;
  long long Outer = 0;
  long long Dist = 0;
  PipelineRead Kind = PipelineRead::Own;
};

/// The enclosing loop that a doacross loop pipelines, strip-mined.
struct PipelineModel {
  const clang::ForStmt *Loop = nullptr;
  const clang::VarDecl *Index = nullptr;
  const clang::Expr *Lower = nullptr;
  const clang::Expr *Upper = nullptr;
  bool Inclusive = false;
  /// `for (i = lower; ...)`: Index is declared before the loop, and gets
  /// the value the loop leaves in it.
  bool IndexOutside = false;
  /// The largest legal block (iterations of Index), 0 for any size.
  long long MaxBlock = 0;
  /// Skew s > 0 when a read needs a later rank's new value (Gauss-Seidel's
  /// north-east neighbour): the ranks own contiguous ranges of j + s * i,
  /// not of j, and every value then flows forward (docs/annotations.md).
  long long Skew = 0;
  std::vector<PipelineAccess> Reads;
};

/// Sequential code in a region whose arrays stay on the ranks that reaches
/// rows of Array (a kept array distributed by rows): they come back to
/// rank 0 before the statement Before of the region's body. The rows are
/// [Lo, Hi), constants, or the one row Row, an expression over variables
/// that Before does not change (`s % n`).
struct RowFetch {
  const clang::Stmt *Before = nullptr;
  const clang::VarDecl *Array = nullptr;
  const clang::Expr *Row = nullptr;
  long long Lo = 0;
  long long Hi = 0;
};

struct LoopModel {
  const Annotation *Ann = nullptr;
  const clang::ForStmt *Loop = nullptr;
  const clang::FunctionDecl *Function = nullptr;
  const clang::VarDecl *Index = nullptr;
  const clang::Expr *Lower = nullptr;
  const clang::Expr *Upper = nullptr;
  bool Inclusive = false; ///< i <= Upper
  /// `for (i = Upper; i >= Lower; --i)`: the loop counts down (a doall
  /// only); Lower and Upper (inclusive) are its iterations as a range.
  bool Descending = false;
  /// `i += c` (`i -= c` counting down): the iterations of [Lower, Upper]
  /// are those that the start value (Lower, or Upper counting down) plus a
  /// multiple of Stride reaches.
  long long Stride = 1;
  /// `for (i = lower; ...)`: the index is declared before the loop, and gets
  /// the value the loop leaves in it.
  bool IndexOutside = false;
  /// Scalars declared before the loop that every iteration writes before
  /// reading them and that nothing reads after the loop: each rank has its
  /// own (Privatization.h).
  std::vector<const clang::VarDecl *> Privates;
  std::vector<ArrayModel> Arrays;
  std::vector<ScalarModel> Scalars;
  std::vector<ReductionModel> Reductions;
  /// The using directives, using declarations and namespace aliases that
  /// precede the loop in the blocks of its function, outermost first, that
  /// the kernel, emitted before the function, repeats (all but those of
  /// variables that the kernel re-declares or does not use).
  std::vector<const clang::DeclStmt *> UsingDecls;
  /// "file.cpp:LINE:COL" of the loop: the name the runtime knows it by.
  std::string Name;
  /// W(i): the work of iteration Index in basic operations, an expression
  /// of the index and the variables in scope at the loop: the cost()
  /// clause as written if given, else WorkEstimate.
  CostExpr Work;
  /// Work does not depend on the index.
  bool WorkUniform = true;
  /// Work as a number, when it depends on no run-time value.
  std::optional<double> WorkValue;
  /// Work is affine and not constant in the index (a triangular loop):
  /// schedule(bitonic) pairs iterations of equal total work.
  bool WorkAffine = false;
  /// W(i) as counted from the loop body, and whether it depends on the
  /// index.
  CostExpr WorkEstimate;
  bool WorkEstimateUniform = true;
  /// WorkEstimate as a number, when it depends on no run-time value.
  std::optional<double> WorkEstimateValue;
  /// Where WorkEstimate is uncertain, in body order.
  std::vector<WorkNote> WorkNotes;
  /// D: the bytes of the distributed arrays that move with one iteration, an
  /// expression of the variables in scope at the loop.
  CostExpr Data;
  /// Doacross loops: the pipelined enclosing loop.
  std::optional<PipelineModel> Pipeline;
  /// The subscript ranges the call site checks against the arrays' extents
  /// before the loop runs (AccessChecks.h).
  std::vector<AccessCheck> AccessChecks;
  /// The rows of the whole arrays the loop may read, where bounded: the
  /// runtime sends the workers only those (AccessChecks.h).
  std::vector<WholeRows> WholeSpans;
  /// The macros whose values the translation fixed (BakedValues.h).
  std::vector<MacroValue> BakedMacros;
  /// Where its load balancing hook goes.
  HookPlan Hooks;
  /// The loop statement around it that keeps arrays on the ranks while it
  /// runs, if any (Residency.h).
  const clang::Stmt *Region = nullptr;
  /// The region's fetches of fixed rows (on one loop of the region).
  std::vector<RowFetch> Fetches;

  /// Prints the model as the dump of the analysis stage, W and D spelled by
  /// \p Spell.
  void print(llvm::raw_ostream &OS, const clang::ASTContext &Ctx,
             CostSpeller Spell) const;
};

/// One expansion of a macro in the main file, and where the macro was
/// defined.
struct MacroUse {
  std::string Name;
  clang::SourceLocation Expansion;
  clang::SourceLocation Definition;
};

/// Everything the analysis needs to know about the whole translation unit.
struct AnalysisContext {
  clang::ASTContext &Ctx;
  /// The loops of all annotations, to reject nested dlb loops and calls to
  /// functions that contain one.
  std::vector<const clang::ForStmt *> AnnotatedLoops;
  /// Where the pragmas' marker statements begin (see PragmaHandler.h); a
  /// nested pragma's marker is not part of the loop body it sits in.
  llvm::DenseSet<clang::SourceLocation> MarkerLocs;
  /// Macro expansions: a kernel is emitted before its function, where
  /// macros defined inside the function do not exist yet.
  std::vector<MacroUse> Macros;
  /// The functions of the program's other sources, or null.
  ProgramFunctions *Program = nullptr;
};

/// Builds the model of annotated loop \p A, or reports why it cannot be
/// distributed and returns std::nullopt.
std::optional<LoopModel> analyzeLoop(const Annotation &A,
                                     AnalysisContext &ACtx);

} // namespace dlbcc

#endif // DLBCC_ANALYSIS_LOOPMODEL_H
