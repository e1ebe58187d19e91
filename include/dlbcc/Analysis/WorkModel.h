//===- dlbcc/Analysis/WorkModel.h - Work and data per iteration -----------===//
//
// The application parameters of the cost model of Zaki, Parthasarathy & Li
// (section 1.3.1) that the compiler can derive: W(i), the basic operations of
// iteration i, as an expression (CostExpr.h) of the loop index and the
// variables in scope at the loop (inner loops counted through their trip counts
// and mean indices, dlb::trips and dlb::mid of dlb/Loop.h), and D, the bytes of
// the distributed arrays that move with one iteration. The counting rules are
// those of docs/annotations.md, "Work and data per iteration".
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_ANALYSIS_WORKMODEL_H
#define DLBCC_ANALYSIS_WORKMODEL_H

#include "dlbcc/Analysis/CostExpr.h"

#include <optional>

namespace clang {
class ASTContext;
class DiagnosticsEngine;
class Stmt;
} // namespace clang

namespace dlbcc {

struct LoopModel;

/// Fills the work and data fields of \p M (Work, WorkUniform, WorkEstimate,
/// WorkNotes, Data) from its loop body, its distributed arrays and its
/// cost() clause.
void computeWorkAndData(LoopModel &M, clang::ASTContext &Ctx);

/// The basic operations of statement \p S (in or around the loop of \p M),
/// counted by the same rules, when they do not depend on run-time values.
std::optional<double> operationsOf(const clang::Stmt *S, const LoopModel &M,
                                   clang::ASTContext &Ctx);

/// Reports W and D of \p M, spelled by \p Spell, as a remark at the loop,
/// with a note at each place that made the estimate uncertain (dlbcc
/// --remarks).
void remarkWorkAndData(const LoopModel &M, CostSpeller Spell,
                       clang::DiagnosticsEngine &DE);

/// Reports the schedule of \p M (dlbcc --remarks): with schedule(bitonic),
/// the iterations of a pair and whether pairs have uniform work; without it,
/// a suggestion of schedule(bitonic) where W is affine in the index.
void remarkSchedule(const LoopModel &M, CostSpeller Spell,
                    clang::DiagnosticsEngine &DE);

} // namespace dlbcc

#endif // DLBCC_ANALYSIS_WORKMODEL_H
