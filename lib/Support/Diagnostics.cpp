//===- Diagnostics.cpp - Severity and wording of every dlbcc diagnostic ---===//
#include "dlbcc/Support/Diagnostics.h"

#include <string>
#include <vector>

using namespace clang;

namespace dlbcc {
namespace {

struct DiagInfo {
  DiagnosticsEngine::Level Level;
  const char *Format;
};

constexpr DiagnosticsEngine::Level E = DiagnosticsEngine::Error;
constexpr DiagnosticsEngine::Level W = DiagnosticsEngine::Warning;
constexpr DiagnosticsEngine::Level N = DiagnosticsEngine::Note;
constexpr DiagnosticsEngine::Level R = DiagnosticsEngine::Remark;

DiagInfo info(Diag D) {
  switch (D) {
  case Diag::PragmaExpectedDirective:
    return {E, "expected 'doall' or 'doacross' after '#pragma dlb'"};
  case Diag::PragmaUnknownDirective:
    return {E, "unknown dlb directive '%0'; expected 'doall' or 'doacross'"};
  case Diag::PragmaUnknownClause:
    return {E, "unknown clause '%0' in '#pragma dlb'; expected distribute, "
               "whole, shape, reduction, cost, schedule or strategy"};
  case Diag::PragmaExpectedLParen:
    return {E, "expected '(' after the clause name"};
  case Diag::PragmaExpectedRParen:
    return {E, "expected ')' to end the clause"};
  case Diag::PragmaExpectedIdentifier:
    return {E, "expected the name of a variable"};
  case Diag::PragmaExpectedExpression:
    return {E, "expected an expression"};
  case Diag::PragmaRepeatedClause:
    return {E, "clause '%0' appears more than once"};
  case Diag::PragmaRepeatedArray:
    return {E, "'%0' is named more than once in the clauses of this loop"};
  case Diag::PragmaUnknownReductionOp:
    return {E, "expected a reduction operator '+', '*', 'min' or 'max' "
               "followed by ':'"};
  case Diag::PragmaUnknownStrategy: {
    static const std::string Format = [] {
      std::vector<std::string> Names = {
#define DLB_STRATEGY(Id, Name, Local, Centralized, Modeled, Chunks, Description) Name,
#include "dlb/Strategies.def"
      };
      std::string F = "unknown strategy '%0'; expected ";
      for (std::size_t K = 0; K < Names.size(); ++K)
        F += (K == 0 ? "" : K + 1 == Names.size() ? " or " : ", ") + Names[K];
      return F;
    }();
    return {E, Format.c_str()};
  }
  case Diag::PragmaUnknownSchedule:
    return {E, "unknown schedule '%0'; expected 'bitonic'"};
  case Diag::PragmaUnknownDistKind:
    return {E, "unknown distribution '%0'; expected 'block' or 'cyclic'"};
  case Diag::PragmaShapeExpectedExtent:
    return {E, "expected '[extent]' after '%0' in shape()"};
  case Diag::PragmaNotInFunction:
    return {E, "'#pragma dlb' must be inside a function of the main file, "
               "right before a for loop"};
  case Diag::PragmaNotFollowedByFor:
    return {E, "'#pragma dlb' must be followed by a for loop"};
  case Diag::PragmaNotInBlock:
    return {E, "'#pragma dlb' and its loop must be statements of a block "
               "'{ ... }'"};
  case Diag::PragmaConflictingDistKind:
    return {E, "all distributed arrays of a loop share one distribution; "
               "'block' and 'cyclic' conflict"};
  case Diag::PragmaBitonicDoAcross:
    return {E, "schedule(bitonic) applies to doall loops; a doacross loop is "
               "pipelined over contiguous blocks of its iterations"};
  case Diag::LoopInitNotDecl:
    return {E, "the distributed loop must start its index: "
               "'for (int i = lower; ...)' or 'for (i = lower; ...)' with a "
               "local integer 'i'"};
  case Diag::LoopIndexNotInteger:
    return {E, "the loop index '%0' must have an integer type"};
  case Diag::LoopCondNotCanonical:
    return {E, "the loop condition must compare the index with a bound it "
               "does not change: 'i < upper', 'i <= upper', or counting "
               "down 'i >= lower'"};
  case Diag::LoopIncNotCanonical:
    return {E, "the loop must step its index by a positive constant, up "
               "('++i', 'i++', 'i += 2') with 'i < upper' or down ('--i', "
               "'i--', 'i -= 2') with 'i >= lower'"};
  case Diag::ArrayDistCarried:
    return {E, "'%1' reads an element of '%0' that another iteration of '%2' "
               "may write (each iteration writes '%0' at its own '%2'): the "
               "iterations depend on each other, and the loop is not parallel "
               "as written; distribute a loop whose iterations are "
               "independent, or read a copy made before the loop"};
  case Diag::ArrayDistHigherDim:
    return {E, "array '%0' has %1 dimensions and can be distributed along "
               "its first one only; subscript its first dimension with '%2' "
               "(a loop over another dimension may be the one to distribute)"};
  case Diag::ViewHigherDim:
    return {E, "%select{schedule(bitonic)|a doacross pipeline}2 takes arrays "
               "of one or two dimensions; '%0' has %1"};
  case Diag::LoopDownExclusive:
    return {E, "a loop counting down must stop with 'i >= lower': write "
               "'i > lower' as 'i >= lower + 1'"};
  case Diag::LoopDownPipelined:
    return {E, "the loop inside a doacross pipeline must count up: its "
               "blocks follow the pipelined loop's dependences in that "
               "order; rewrite it with 'i < upper' and '++i'"};
  case Diag::LoopStridePipelined:
    return {E, "the loops of a doacross pipeline must step by one: its "
               "blocks are contiguous ranges of both indices; rewrite the "
               "loop with '++i'"};
  case Diag::LoopStrideCyclic:
    return {E, "a loop that steps by %0 is distributed in contiguous blocks "
               "of its index range; 'cyclic' would deal its iterations "
               "unevenly and is not supported"};
  case Diag::LoopStrideBitonic:
    return {E, "schedule(bitonic) pairs the first iteration with the last; "
               "a loop that steps by %0 is not supported"};
  case Diag::LoopBoundWritten:
    return {E, "the loop bound uses '%0', which the loop modifies, so the "
               "number of iterations is not known when the loop starts; "
               "compute the bound before the loop into a variable that the "
               "loop does not write (a loop that may stop early is not a "
               "doall loop)"};
  case Diag::LoopBoundSideEffects:
    return {E, "the loop bound must not have side effects"};
  case Diag::LoopIndexWritten:
    return {E, "the loop index '%0' is modified in the loop body"};
  case Diag::LoopNested:
    return {E, "a dlb loop cannot be nested inside another dlb loop"};
  case Diag::LoopInMethod:
    return {E, "dlb loops in member functions defined inside their class are "
               "not supported; define the function outside the class "
               "(void C::f() { ... })"};
  case Diag::LoopUsesMember:
    return {E, "the loop uses '%0', a member of its class, but its kernel "
               "runs outside the class; copy what the loop needs into local "
               "variables before it (for an array: auto &%0 = this->%0;)"};
  case Diag::LoopUsesThis:
    return {E, "the loop uses 'this', but its kernel runs outside the class; "
               "copy what the loop needs into local variables before it"};
  case Diag::LoopInTemplate:
    return {E, "dlb loops in templates are not supported"};
  case Diag::LoopInLambda:
    return {E, "dlb loops inside lambdas are not supported"};
  case Diag::LoopEarlyExit:
    return {E, "'%0' leaves the distributed loop early; its iterations "
               "cannot run independently"};
  case Diag::LoopUnsupportedStmt:
    return {E, "this statement is not supported in a distributed loop"};
  case Diag::LoopLocalType:
    return {E, "the loop uses '%0', a type declared inside the function; "
               "declare it at namespace scope"};
  case Diag::LoopMacroDefinedInFunction:
    return {E, "the loop uses macro '%0', defined inside the function; "
               "define it before the function"};
  case Diag::LoopStaticLocal:
    return {E, "static local variable '%0' in a distributed loop"};
  case Diag::LoopQualifiedName:
    return {E, "qualified name '%0' in a distributed loop; refer to the "
               "variable without its qualifier"};
  case Diag::ScalarWritten:
    return {E, "scalar '%0' is assigned in the loop but declared outside "
               "it, and an iteration may read the value an earlier one left; "
               "declare it inside the loop body, assign it before any use in "
               "every iteration, or name it in reduction()"};
  case Diag::ScalarLiveAfter:
    return {E, "'%0' is written by every iteration and read after the loop: "
               "its value there would come from the last iteration, which "
               "may run on another rank; declare '%0' inside the loop, or "
               "assign it after the loop before reading it"};
  case Diag::ScalarUnsupportedType:
    return {E, "'%0' has type %1, which cannot be sent to other ranks; "
               "supported are arithmetic and enumeration scalars, arrays of "
               "them, and std::vector of them"};
  case Diag::ScalarAddressTaken:
    return {E, "the address of '%0' escapes in the loop"};
  case Diag::ReductionNotScalar:
    return {E, "reduction variable '%0' must be an arithmetic scalar or a "
               "one-dimensional array of them with a constant size (a "
               "std::vector or a pointer is not supported yet)"};
  case Diag::ReductionBadUse:
    return {E, "reduction variable '%0' may only be updated as %1 in the "
               "loop"};
  case Diag::ReductionTruncates:
    return {E, "integer reduction variable '%0' is updated with a "
               "floating-point value: each update truncates, and in parallel "
               "the truncations would happen in another order; convert the "
               "value to an integer, or make '%0' floating-point"};
  case Diag::ArrayUnsupportedType:
    return {E, "array '%0' has type %1; supported are C arrays of arithmetic "
               "type with constant extents (any number of dimensions), "
               "variable-length arrays whose rows have constant extents, "
               "pointers with shape(), std::vector of arithmetic type (1-D), "
               "and std::vector of such vectors (2-D)"};
  case Diag::ArrayPointerNeedsShape:
    return {E, "'%0' is a pointer; give its extents with shape(%0[n]) or "
               "shape(%0[n][m])"};
  case Diag::ArrayShapeRank:
    return {E, "shape() gives %0 extent(s) for '%1', which is used with %2 "
               "subscript(s)"};
  case Diag::ArrayShapeNotPointer:
    return {E, "shape() is only for pointers; '%0' carries its extents in "
               "its type"};
  case Diag::ArrayShapeRowLength:
    return {E, "the second extent of '%0' in shape() must be %1, the row "
               "length of its type"};
  case Diag::ArrayShapeNotInteger:
    return {E, "the extent of '%0' in shape() must have an integer type, not "
               "%1"};
  case Diag::ClauseVarNotArray:
    return {E, "'%0' is not an array; %1() takes arrays only (scalars the "
               "loop reads are sent without a clause)"};
  case Diag::ArrayNotUsed:
    return {W, "'%0' is named in %1() but not used in the loop"};
  case Diag::ClauseVarNotUsed:
    return {W, "reduction variable '%0' is not used in the loop"};
  case Diag::ArrayAccessOutOfRange:
    return {E, "'%0' reaches index %1 in dimension %2 of '%3', whose extent "
               "is %4"};
  case Diag::ArrayPartialSubscript:
    return {E, "array '%0' must be used with all %1 subscript(s) in the "
               "loop"};
  case Diag::ArrayUnsupportedUse:
    return {E, "unsupported use of array '%0': dlbcc cannot tell which "
               "elements it reads or writes"};
  case Diag::ArrayScratch:
    return {E, "every iteration writes array '%0' at elements that do not "
               "depend on '%1', so the iterations would overwrite each "
               "other's values: if it is scratch space, declare it inside "
               "the loop body (each iteration then has its own); if the "
               "iterations add up into it, name it in reduction()"};
  case Diag::ArrayWrittenNotDistributed:
    return {E, "array '%0' is written in the loop but not distributed; add "
               "it to distribute()"};
  case Diag::ArrayWholeWritten:
    return {E, "array '%0' is declared whole() but written in the loop; "
               "whole arrays are read-only"};
  case Diag::ArrayDistNoIndex:
    return {E, "distributed array '%0' is not subscripted by the loop index "
               "'%1' in any dimension"};
  case Diag::ArrayDistSeveralDims:
    return {E, "distributed array '%0' is subscripted by the loop index "
               "'%1' in more than one dimension, and in none of them as "
               "'%1 + c' (the dimension to distribute)"};
  case Diag::ArrayDistInconsistentDim:
    return {E, "distributed array '%0' is subscripted by the loop index in "
               "dimension %1 here but in dimension %2 elsewhere"};
  case Diag::ArrayLinearRowLength:
    return {E, "'%0' is indexed as rows of '%1' elements here and of '%2' "
               "elsewhere: a linearized array has one row length"};
  case Diag::ArrayLinearUnchecked:
    return {E, "cannot check that '%0' stays within row '%1' of '%2' (rows "
               "of '%3' elements): each access of a linearized array must run "
               "in every iteration, with affine subscripts, for dlbcc to "
               "check it before the loop; declare the array with two "
               "dimensions"};
  case Diag::ArrayLinearSize:
    return {E, "'%0' is indexed as rows of '%1' elements ('%0[%2 * %1 + j]'); "
               "the loop may not call its size()"};
  case Diag::ArrayLinearForm:
    return {E, "the subscript of linearized array '%0' must be "
               "'(%1 + c) * %2 + column', the column affine"};
  case Diag::ArrayLinearSchedule:
    return {E, "linearized array '%0' (rows of '%1' elements) can be "
               "distributed by a doall loop without schedule(bitonic) only; "
               "declare it with two dimensions"};
  case Diag::ArrayDistSubscriptForm:
    return {E, "the distributed dimension of '%0' must be subscripted by "
               "'%1' or '%1 + constant'"};
  case Diag::ArrayDistWriteOffset:
    return {E, "writes to distributed array '%0' must use exactly '%1' in "
               "the distributed dimension"};
  case Diag::ArrayVectorMember:
    return {E, "only subscripts and size() may be used on vector '%0' in the "
               "loop"};
  case Diag::Dependence:
    return {E, "loop-carried dependence on '%0' (%1): iterations of this "
               "doall loop are not independent"};
  case Diag::CostNotArithmetic:
    return {E, "cost() must be an arithmetic expression"};
  case Diag::ClauseSideEffects:
    return {E, "%0() must not have side effects"};
  case Diag::CallUnknown:
    return {E, "call to '%0', whose body dlbcc cannot see; only functions "
               "defined in this file and pure <cmath> functions may be "
               "called in a distributed loop"};
  case Diag::CallSideEffects:
    return {E, "call to '%0', which may have side effects (%1)"};
  case Diag::CallHasDlbLoop:
    return {E, "call to '%0', which contains a dlb loop"};
  case Diag::PipelineBodyNotOnlyLoop:
    return {E, "the loop enclosing a doacross loop is pipelined and may "
               "contain nothing but the doacross loop"};
  case Diag::PipelineBoundUsesOuter:
    return {E, "the bounds of a doacross loop must not depend on '%0', the "
               "index of the pipelined loop"};
  case Diag::PipelineWrittenNot2D:
    return {E, "array '%0' is written in a doacross loop but is not "
               "two-dimensional; a pipeline carries the values of a written "
               "array along its other dimension, which '%1' must subscript"};
  case Diag::PipelineSubscriptForm:
    return {E, "the pipelined dimension of '%0' must be subscripted by '%1' "
               "or '%1 + constant'"};
  case Diag::PipelineWriteOffset:
    return {E, "writes to '%0' in a doacross loop must be at the current "
               "iteration, '%1' and '%2' without offsets"};
  case Diag::PipelineSkewArray:
    return {E, "'%0' reads a value that a later rank computes earlier in the "
               "sweep; the pipeline carries it forward only when each rank "
               "owns a range of '%4' (a skewed pipeline), which "
               "needs every distributed array two-dimensional and "
               "subscripted ['%1' + constant]['%3' + constant], and '%2' is "
               "not"};
  case Diag::PipelineNoReductions:
    return {E, "reductions are not supported in doacross loops"};
  case Diag::PipelineNotBlock:
    return {E, "a doacross loop is distributed in contiguous blocks; "
               "'cyclic' is not supported"};
  case Diag::NoteAccess:
    return {N, "%0 here"};
  case Diag::RemarkWork:
    return {R, "work per iteration W(%0) = %1 basic operations; data per "
               "iteration D = %2 bytes"};
  case Diag::RemarkWorkFromCost:
    return {R, "work per iteration W(%0) = %1, from cost() (counted: %2 "
               "basic operations); data per iteration D = %3 bytes"};
  case Diag::NoteUnknownTrips:
    return {N, "the trip count of this loop is unknown; its body is counted "
               "once (cost() overrides the estimate)"};
  case Diag::NoteRecursiveCall:
    return {N, "the work of this recursive call is unknown and not counted "
               "(cost() overrides the estimate)"};
  case Diag::RemarkBitonicSuggested:
    return {R, "work per iteration W(%0) = %1 is affine in '%0': "
               "schedule(bitonic) would pair iterations of equal total work "
               "and make the loop uniform"};
  case Diag::RemarkBitonic:
    return {R, "schedule(bitonic): pair p runs iterations %0 and %1 (once "
               "when they coincide); %select{the pairs have uniform work "
               "W(%0) + W(%1)|W(%2) is not affine in '%2': the work of a "
               "pair, W(%0) + W(%1), varies with p}3"};
  case Diag::RemarkPipeline:
    return {R, "pipelined: '%0' is strip-mined in blocks whose size the "
               "runtime chooses%1; %2 is distributed in contiguous blocks, "
               "boundary values flow to the next rank once per block"};
  case Diag::NotePipelineRead:
    return {N, "'%0' reads the value of iteration (%1, %2): %3"};
  case Diag::RemarkHookBody:
    return {R, "load balancing hook after every iteration of '%0': %1 "
               "operations run between two hooks, a hook of %2 costs %3%%"};
  case Diag::RemarkHookPairs:
    return {R, "load balancing hook after every pair of iterations of '%0' "
               "(schedule(bitonic)): %1 operations run between two hooks, a "
               "hook of %2 costs %3%%"};
  case Diag::RemarkHookExecution:
    return {R, "load balancing hook at the end of the body of the %0 at line "
               "%1 (%2 operations between two executions): the runtime "
               "balances between executions of this loop, where it "
               "communicates anyway"};
  case Diag::RemarkHookStrip:
    return {R, "no hook location is cheap enough (a hook of %0 operations "
               "may cost at most 1%% of the code between two of its "
               "executions): '%1' is strip-mined, with one hook per strip of "
               "at least %2 operations (%3 %select{iterations|pairs of "
               "iterations}4), sized at run time"};
  case Diag::RemarkHookRunTime:
    return {R, "the operations between hooks depend on run-time values: '%0' "
               "is strip-mined, and the runtime sizes each strip to at least "
               "%1 operations from the actual W(%0) (a strip of one "
               "%select{iteration|pair}2 puts the hook after every "
               "%select{iteration|pair}2); a constant cost() decides at "
               "compile time"};
  case Diag::RemarkHookBlock:
    return {R, "load balancing hook at the block boundaries of '%0', next to "
               "the pipeline's communication (%1); the block size stays the one chosen for the grain, and "
               "the runtime sets how many blocks pass between interactions"};
  case Diag::NoteHookCandidate:
    return {N, "hook location at the end of the body of the %0: %1 "
               "operations between two executions, %2"};
  case Diag::DoAcrossSequential:
    return {W, "this doacross loop is not directly inside a loop that could "
               "be pipelined; it runs sequentially on rank 0"};
  case Diag::NoMainWithLoops:
    return {W, "this file has dlb loops but no main(); the program's main "
               "must be translated by dlbcc too"};
  case Diag::MainUnsupportedSignature:
    return {E, "main must be 'int main()' or 'int main(int, char **)'"};
  case Diag::CVariablyModified:
    return {E, "'%0' has type %1, rows of a length known only at run time; "
               "C++, which dlbcc writes, has no such type: declare '%0' as "
               "'%2 *' and index it '%0[i * %3 + j]'"};
  }
  return {E, "internal error"};
}

} // namespace

DiagnosticBuilder report(DiagnosticsEngine &Engine, SourceLocation Loc,
                         Diag D) {
  DiagInfo I = info(D);
  unsigned ID = Engine.getDiagnosticIDs()->getCustomDiagID(
      static_cast<DiagnosticIDs::Level>(I.Level), I.Format);
  return Engine.Report(Loc, ID);
}

} // namespace dlbcc
