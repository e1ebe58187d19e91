//===- dlbcc/Frontend/Annotation.h - A parsed #pragma dlb line -------------===//
//
// The front end turns each `#pragma dlb` line into an Annotation. Names and
// expressions in clauses are not kept as text: the pragma handler hands them
// to Clang's parser (see PragmaHandler.h), and the resolved declarations and
// type-checked expressions are attached here by bindAnnotations().
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_FRONTEND_ANNOTATION_H
#define DLBCC_FRONTEND_ANNOTATION_H

#include "dlb/Reduction.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace clang {
class ForStmt;
class VarDecl;
} // namespace clang

namespace dlbcc {

enum class LoopKind { DoAll, DoAcross };
enum class DistKind { Block, Cyclic };
/// The strategies of dlb/Strategies.def, as the strategy() clause names them.
enum class StrategyKind {
#define DLB_STRATEGY(Id, Name, Local, Centralized, Modeled, Chunks, Description) Id,
#include "dlb/Strategies.def"
};
enum class ScheduleKind { Default, Bitonic };

const char *toString(LoopKind K);
const char *toString(DistKind K);
const char *toString(dlb::ReduceOp Op);
const char *toString(StrategyKind K);

/// A variable named in a clause: where it was named and what it resolved to.
struct NamedVar {
  std::string Name;
  clang::SourceLocation Loc;
  const clang::VarDecl *Decl = nullptr;
};

struct ShapeSpec {
  NamedVar Array;
  /// One extent per dimension, in order; resolved expressions.
  llvm::SmallVector<const clang::Expr *, 2> Extents;
  llvm::SmallVector<clang::SourceLocation, 2> ExtentLocs;
};

struct ReductionSpec {
  dlb::ReduceOp Op = dlb::ReduceOp::Sum;
  NamedVar Var;
};

/// The data-sharing clauses of the OpenMP pragma an annotation was read
/// from (dlbcc --openmp): claims that the analysis checks.
struct OpenMPSharing {
  llvm::SmallVector<NamedVar, 2> Private;
  llvm::SmallVector<NamedVar, 2> Shared;
};

struct Annotation {
  LoopKind Kind = LoopKind::DoAll;
  /// Location of the `#` that starts the pragma line, of the directive,
  /// and of the pragma's end (the end of its last line).
  clang::SourceLocation HashLoc;
  clang::SourceLocation DirectiveLoc;
  clang::SourceLocation EndLoc;
  DistKind Dist = DistKind::Block;
  bool DistGiven = false;
  llvm::SmallVector<NamedVar, 4> Distributed;
  llvm::SmallVector<NamedVar, 4> Whole;
  llvm::SmallVector<ShapeSpec, 2> Shapes;
  llvm::SmallVector<ReductionSpec, 2> Reductions;
  /// cost(expr): type-checked as the body of a lambda taking the loop index.
  const clang::Expr *Cost = nullptr;
  clang::SourceLocation CostLoc;
  ScheduleKind Schedule = ScheduleKind::Default;
  StrategyKind Strategy = StrategyKind::Auto;
  /// Read from an OpenMP pragma (dlbcc --openmp), with its data sharing.
  std::optional<OpenMPSharing> OpenMP;
  /// Arrays of constant size declared before the loop that OpenMP makes
  /// private (a private() clause, or a declaration in the `omp parallel`
  /// region used only in this loop): each rank has its own.
  llvm::SmallVector<const clang::VarDecl *, 2> PrivateArrays;

  /// Set once the annotation is bound to its loop.
  const clang::ForStmt *Loop = nullptr;
  /// False when the pragma line had an error; such annotations are dropped.
  bool Valid = true;

  const ShapeSpec *shapeOf(const clang::VarDecl *D) const;
  /// Prints the annotation as the dump of the front-end stage.
  void print(llvm::raw_ostream &OS, const clang::SourceManager &SM,
             const clang::PrintingPolicy &Policy) const;
};

} // namespace dlbcc

#endif // DLBCC_FRONTEND_ANNOTATION_H
