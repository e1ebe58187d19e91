//===- dlbcc/Analysis/Residency.h - Arrays kept on the ranks --*- C++ -*-===//
//
// A dlb loop inside a time loop would scatter its arrays at every execution
// and gather them back at its end. This stage finds, for each distributed
// loop, the loop statement that encloses it (the region: a for, while or do
// loop of the same function) and the arrays that the region's code outside
// its distributed loops provably does not touch: it does not name them,
// names no pointer or reference that could alias them, and calls no
// function but the library's (which can reach a program's array only
// through an argument). Those arrays stay on the ranks between executions
// (ArrayModel::Keep); the emitted region opens a dlb::ResidentScope that
// brings them back when it ends, however it is left.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_ANALYSIS_RESIDENCY_H
#define DLBCC_ANALYSIS_RESIDENCY_H

#include "dlbcc/Analysis/LoopModel.h"

#include <vector>

namespace dlbcc {

/// Sets LoopModel::Region and ArrayModel::Keep of \p Models (all loops of
/// the translation unit; pipelined loops keep nothing).
void planResidency(std::vector<LoopModel> &Models, const AnalysisContext &ACtx);

/// Where a scope around \p S opens: at S, or at the start of the pragma
/// lines directly above it (which stay attached to S). Invalid when no
/// scope can go around S: S is spelled by a macro or outside the main file.
clang::SourceLocation scopeBegin(const clang::Stmt *S,
                                 const clang::SourceManager &SM);

} // namespace dlbcc

#endif // DLBCC_ANALYSIS_RESIDENCY_H
