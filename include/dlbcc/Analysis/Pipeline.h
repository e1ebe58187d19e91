//===- dlbcc/Analysis/Pipeline.h - Doacross loops as pipelines -------------===//
//
// A doacross loop is pipelined as Siegell & Steenkiste describe (section
// 4.2): the loop that directly encloses it is strip-mined, each rank runs a
// block of it over its contiguous part of the distributed loop, then sends
// the boundary values of that block to the next rank in one message. This
// header owns the legality of that schedule: which enclosing loop is
// pipelined, and how each read of a written array is served, from the
// dependence distance over (pipelined loop, distributed loop).
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_ANALYSIS_PIPELINE_H
#define DLBCC_ANALYSIS_PIPELINE_H

namespace clang {
class ASTContext;
class DiagnosticsEngine;
class ForStmt;
} // namespace clang

namespace dlbcc {

struct Annotation;
struct LoopModel;

/// How iteration (i, j) is served when it reads the element of a written
/// array that iteration (i + Outer, j + Dist) writes (i: the pipelined loop,
/// j: the distributed loop; the pipeline sends values to higher j). In a
/// skewed pipeline (PipelineModel::Skew = s) the ranks own ranges of
/// j + s * i, and Dist is measured along that: Dist + s * Outer.
enum class PipelineRead {
  /// Dist == 0: the rank's own column, always up to date.
  Own,
  /// An earlier iteration on an earlier rank (Dist < 0, Outer <= 0): the new
  /// value, in the boundary message of the block.
  Forward,
  /// A later iteration on an earlier rank (Dist < 0, Outer > 0): the old
  /// value, still in the halo as long as the block holds at most Outer
  /// iterations of i.
  OldBefore,
  /// A later iteration on a later rank (Dist > 0, Outer >= 0): the old value,
  /// from the halo sent when the loop starts (refreshed once per sweep).
  OldAfter
};
/// The skew that makes every read of a pipeline flow forward: the smallest
/// s >= 0 with Dist + s * Outer <= 0 for every read of an earlier iteration
/// (Outer < 0), i.e. the largest ceil(Dist / -Outer).
long long pipelineSkew(long long Outer, long long Dist);
/// The kind of a read at (Outer, Dist), Dist along the skewed dimension
/// (never Dist > 0 with Outer < 0: pipelineSkew rules it out).
PipelineRead classifyPipelineRead(long long Outer, long long Dist);
/// What the remarks say of each kind.
const char *describe(PipelineRead K);

/// The loop that a doacross loop pipelines: the for loop whose body is the
/// block holding the annotation, or null (the loop then runs sequentially).
const clang::ForStmt *pipelinedLoop(const Annotation &A,
                                    clang::ASTContext &Ctx);

/// Reports that doacross loop \p A, with no loop to pipeline, runs
/// sequentially on rank 0 (a warning).
void reportSequential(const Annotation &A, clang::DiagnosticsEngine &DE);

/// Classifies the reads of the written distributed arrays of \p M, whose
/// Pipeline describes the enclosing loop, skews the pipeline where a read
/// needs it (then the halos of the distributed arrays are along the skewed
/// dimension), sets its largest legal block, and reports every read or
/// access that the pipeline cannot honour. Returns false after an error.
bool checkPipeline(LoopModel &M, clang::ASTContext &Ctx);

/// Reports the pipeline of \p M (dlbcc --remarks), with a note per read of
/// a written array that crosses ranks.
void remarkPipeline(const LoopModel &M, clang::DiagnosticsEngine &DE);

} // namespace dlbcc

#endif // DLBCC_ANALYSIS_PIPELINE_H
