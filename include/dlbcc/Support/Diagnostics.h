//===- dlbcc/Support/Diagnostics.h - Every diagnostic dlbcc can issue ------===//
//
// One enumerator per diagnostic, with its severity and message in
// Diagnostics.cpp. The enumerators double as the typed reasons why a pragma or
// a loop is rejected: tests and remarks refer to them, users read the text.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_SUPPORT_DIAGNOSTICS_H
#define DLBCC_SUPPORT_DIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"

namespace dlbcc {

enum class Diag {
  // Front end: the #pragma dlb line.
  PragmaExpectedDirective,
  PragmaUnknownDirective,
  PragmaUnknownClause,
  PragmaExpectedLParen,
  PragmaExpectedRParen,
  PragmaExpectedIdentifier,
  PragmaExpectedExpression,
  PragmaRepeatedClause,
  PragmaRepeatedArray,
  PragmaUnknownReductionOp,
  PragmaUnknownStrategy,
  PragmaUnknownSchedule,
  PragmaUnknownDistKind,
  PragmaShapeExpectedExtent,
  PragmaNotInFunction,
  PragmaNotFollowedByFor,
  PragmaNotInBlock,
  PragmaConflictingDistKind,
  PragmaBitonicDoAcross,
  // Loop form.
  LoopInitNotDecl,
  LoopIndexNotInteger,
  LoopCondNotCanonical,
  LoopIncNotCanonical,
  LoopDownExclusive,
  ArrayDistHigherDim,
  ArrayDistCarried,
  ViewHigherDim,
  LoopDownPipelined,
  LoopStridePipelined,
  LoopStrideCyclic,
  LoopStrideBitonic,
  LoopBoundWritten,
  LoopBoundSideEffects,
  LoopIndexWritten,
  LoopNested,
  LoopInMethod,
  LoopUsesMember,
  LoopUsesThis,
  LoopInTemplate,
  LoopInLambda,
  LoopEarlyExit,
  LoopUnsupportedStmt,
  LoopLocalType,
  LoopMacroDefinedInFunction,
  LoopStaticLocal,
  LoopQualifiedName,
  // Data.
  ScalarWritten,
  ScalarLiveAfter,
  ScalarUnsupportedType,
  ScalarAddressTaken,
  ReductionNotScalar,
  ReductionBadUse,
  ReductionTruncates,
  ArrayUnsupportedType,
  ArrayPointerNeedsShape,
  ArrayShapeRank,
  ArrayShapeNotPointer,
  ArrayShapeRowLength,
  ArrayShapeNotInteger,
  ClauseVarNotArray,
  ArrayNotUsed,
  ClauseVarNotUsed,
  ArrayPartialSubscript,
  ArrayUnsupportedUse,
  ArrayWrittenNotDistributed,
  ArrayScratch,
  ArrayWholeWritten,
  ArrayDistNoIndex,
  ArrayDistSeveralDims,
  ArrayDistInconsistentDim,
  ArrayDistSubscriptForm,
  ArrayLinearRowLength,
  ArrayLinearUnchecked,
  ArrayLinearSize,
  ArrayLinearForm,
  ArrayLinearSchedule,
  ArrayDistWriteOffset,
  ArrayVectorMember,
  ArrayAccessOutOfRange,
  Dependence,
  CostNotArithmetic,
  ClauseSideEffects,
  CallUnknown,
  CallSideEffects,
  CallHasDlbLoop,
  // Doacross loops (pipelines).
  PipelineBodyNotOnlyLoop,
  PipelineBoundUsesOuter,
  PipelineWrittenNot2D,
  PipelineSubscriptForm,
  PipelineWriteOffset,
  PipelineSkewArray,
  PipelineNoReductions,
  PipelineNotBlock,
  // Notes.
  NoteAccess,
  // Remarks (--remarks) and their notes.
  RemarkWork,
  RemarkWorkFromCost,
  NoteUnknownTrips,
  NoteRecursiveCall,
  RemarkBitonicSuggested,
  RemarkBitonic,
  RemarkPipeline,
  NotePipelineRead,
  RemarkHookBody,
  RemarkHookPairs,
  RemarkHookExecution,
  RemarkHookStrip,
  RemarkHookRunTime,
  RemarkHookBlock,
  NoteHookCandidate,
  // Program.
  DoAcrossSequential,
  NoMainWithLoops,
  MainUnsupportedSignature,
  CVariablyModified,
};

/// Reports \p D at \p Loc through Clang's diagnostics engine, so it prints as
/// `file:line:col: error: message` with the source line and a caret.
clang::DiagnosticBuilder report(clang::DiagnosticsEngine &Engine,
                                clang::SourceLocation Loc, Diag D);

} // namespace dlbcc

#endif // DLBCC_SUPPORT_DIAGNOSTICS_H
