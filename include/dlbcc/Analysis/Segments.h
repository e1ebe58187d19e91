//===- dlbcc/Analysis/Segments.h - Arrays touched by row segments -*- C++
//-*-===//
//
// Recognizes a sparse (CSR) loop's arrays: a loop over rows i that touches
// array x only in x[k] for k in [S[i], S[i + 1]) (S: the row pointers), as
//
//   for (i = 0; i < n; i++)
//     for (k = rowstr[i]; k < rowstr[i + 1]; k++)
//       colidx[k] = colidx[k] - firstcol;
//
// Ascending bounds make the segments of different iterations disjoint, so
// the array is distributed by them (LoopRun::distSegments checks the bounds
// when the loop runs).
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_ANALYSIS_SEGMENTS_H
#define DLBCC_ANALYSIS_SEGMENTS_H

namespace clang {
class ASTContext;
class VarDecl;
} // namespace clang

namespace dlbcc {

struct ArrayModel;

/// The array S whose segments [S[i], S[i + 1]) are all that the loop of
/// index \p Index touches of 1-D array \p AM: every access is AM[k], k the
/// index of an inner loop `for (k = S[i]; k < S[i + 1]; k++)` whose body
/// does not change k or leave early; null otherwise. S itself is not
/// checked (the caller requires that the loop does not write it).
const clang::VarDecl *segmentBounds(const ArrayModel &AM,
                                    const clang::VarDecl *Index,
                                    clang::ASTContext &Ctx);

} // namespace dlbcc

#endif // DLBCC_ANALYSIS_SEGMENTS_H
