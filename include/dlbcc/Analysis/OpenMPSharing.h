//===- dlbcc/Analysis/OpenMPSharing.h - OpenMP's data sharing, checked ----===//
//
// An OpenMP pragma states how each variable is shared (private, shared);
// dlbcc infers it from the loop (LoopModel: privates, live-ins). Where the
// two disagree, dlbcc follows the sequential program and says so.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_ANALYSIS_OPENMPSHARING_H
#define DLBCC_ANALYSIS_OPENMPSHARING_H

#include "dlbcc/Analysis/LoopModel.h"

namespace dlbcc {

/// Warns where the data-sharing clauses of \p M's OpenMP pragma
/// (Annotation::OpenMP) disagree with the model: a shared variable that
/// each iteration writes first (made private), a private one that the loop
/// only reads (read as the sequential program reads it).
void checkOpenMPSharing(const LoopModel &M, clang::DiagnosticsEngine &DE);

} // namespace dlbcc

#endif // DLBCC_ANALYSIS_OPENMPSHARING_H
