//===- LoopAnalyzer.h - The analysis of one annotated loop ------*- C++ -*-===//
//
// Private to lib/Analysis: the state of the analysis of one annotated loop
// (analyzeLoop, LoopModel.h) and the helpers its files share. As Polly keeps
// detection apart from the building of its model, the members are defined
// by what they decide:
//   LoopAnalyzer.cpp       run(): the phases, in order;
//   LoopLegality.cpp       what the loop may be and contain: its context and
//                          canonical form, the statements and calls of the
//                          body, private scalars, bounds, shapes and cost;
//   LoopUses.cpp           how the body uses each variable: scalar, array
//                          or reduction; read, written or escaping;
//   ArrayDistribution.cpp  each distributed array's dimension, halo, fixed
//                          rows, windows and delinearization, and the
//                          dependence test;
//   ModelBuilder.cpp       the LoopModel's arrays, scalars (constant
//                          parameters too) and using declarations, with the
//                          checks of the clauses that name them.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_LIB_ANALYSIS_LOOPANALYZER_H
#define DLBCC_LIB_ANALYSIS_LOOPANALYZER_H

#include "dlbcc/Analysis/CallChecker.h"
#include "dlbcc/Analysis/LoopModel.h"
#include "dlbcc/Analysis/Reductions.h"
#include "dlbcc/Support/Diagnostics.h"

#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <optional>
#include <string>
#include <vector>

namespace dlbcc {

/// The array shape a declared type gives, if the type is array-like.
struct ArrayTypeInfo {
  ArrayForm Form = ArrayForm::CArray;
  unsigned Dims = 1;
  clang::QualType Elem;
  bool Supported = true;
};

/// The array shape of declared type \p T (a C array, a pointer, a pointer to
/// rows or to pointers, a std::vector or a vector of vectors), if any.
std::optional<ArrayTypeInfo> arrayTypeInfo(clang::QualType T,
                                           clang::ASTContext &Ctx);

enum class Use { Read, Write, ReadWrite, Escape };

/// How the lvalue \p E is used by its consumer.
Use classifyUse(const clang::Expr *E, clang::ParentMap &PM);

/// A loop in canonical form: `for (T Index = Lower; Index < Upper; ++Index)`
/// (`<=` when Inclusive).
struct CanonicalLoop {
  const clang::VarDecl *Index = nullptr;
  const clang::Expr *Lower = nullptr;
  const clang::Expr *Upper = nullptr;
  bool Inclusive = false;
  /// `for (i = lower; ...)`: the index is declared before the loop.
  bool IndexOutside = false;
  /// `for (i = upper; i >= lower; --i)`: Lower and Upper (inclusive) are
  /// the iterations as a range upwards.
  bool Descending = false;
  /// `i += 2`, `i -= 3`: the magnitude of the step (a doall only); the
  /// iterations are the indices of the range that the start value plus a
  /// multiple of it reaches.
  long long Stride = 1;
};

/// The analysis of one annotated loop: run() builds its LoopModel, or
/// reports every reason the loop cannot be distributed.
class LoopAnalyzer : public clang::RecursiveASTVisitor<LoopAnalyzer> {
public:
  LoopAnalyzer(const Annotation &A, AnalysisContext &ACtx)
      : A(A), ACtx(ACtx), Ctx(ACtx.Ctx), DE(Ctx.getDiagnostics()),
        PM(const_cast<clang::ForStmt *>(A.Loop)), Rules(PM, Ctx),
        Calls(Ctx, {ACtx.AnnotatedLoops.begin(), ACtx.AnnotatedLoops.end()},
              ACtx.Program) {
    for (const clang::ForStmt *L : ACtx.AnnotatedLoops)
      Annotated.insert(L);
  }

  std::optional<LoopModel> run();

  // Visitor callbacks over the loop body.
  bool TraverseStmt(clang::Stmt *S);
  bool TraverseForStmt(clang::ForStmt *S);
  /// Finds the scalars declared before the loop that are private to each
  /// iteration (Privatization.h) and treats them as locals of the body.
  void findPrivates();
  /// Adds to Reductions the integer arrays that the body only increments
  /// (`h[e] += x`, `++h[e]`, `h[e]++`): histograms, reductions over +.
  void inferArrayReductions();
  /// Finds the scratch arrays declared before the loop that are private to
  /// each iteration (elementsWrittenBeforeRead) into ScratchArrays.
  void findScratchArrays();
  /// CallChecker::pointeeUse, to pass as a CalleeUse.
  auto calleeUse() {
    return [this](const clang::FunctionDecl *F, unsigned I) {
      return Calls.pointeeUse(F, I);
    };
  }
  /// Whether a clause of the annotation (or an inferred reduction) names V.
  bool namedInClauses(const clang::VarDecl *V) const;
  /// Reports the private scalars whose value after the loop is read.
  void checkPrivatesDead();
  /// Whether a bound that the loop evaluates again as it runs (Recomputed)
  /// names V: a write of V in the body is the bound's error, not a private.
  bool inBounds(const clang::VarDecl *V) const;
  bool VisitDeclRefExpr(clang::DeclRefExpr *E);
  bool VisitVarDecl(clang::VarDecl *V);
  bool VisitTypeLoc(clang::TypeLoc TL) {
    checkLocalType(TL.getType(), TL.getBeginLoc());
    return true;
  }
  bool VisitMemberExpr(clang::MemberExpr *E);
  bool VisitCXXThisExpr(clang::CXXThisExpr *E);
  bool VisitCallExpr(clang::CallExpr *E);
  bool VisitCXXConstructExpr(clang::CXXConstructExpr *E);
  bool VisitBreakStmt(clang::BreakStmt *S);
  bool VisitReturnStmt(clang::ReturnStmt *S) { return exits(S, "return"); }
  bool VisitGotoStmt(clang::GotoStmt *S);
  bool VisitIndirectGotoStmt(clang::IndirectGotoStmt *S) {
    return exits(S, "goto");
  }
  bool VisitCXXThrowExpr(clang::CXXThrowExpr *S) { return exits(S, "throw"); }
  bool VisitCXXTryStmt(clang::CXXTryStmt *S) { return unsupported(S); }
  bool VisitAsmStmt(clang::AsmStmt *S) { return unsupported(S); }
  bool TraverseLambdaExpr(clang::LambdaExpr *S) { return unsupported(S); }
  bool VisitCoreturnStmt(clang::CoreturnStmt *S) { return unsupported(S); }
  bool VisitCoroutineSuspendExpr(clang::CoroutineSuspendExpr *S) {
    return unsupported(S);
  }

private:
  bool error(clang::SourceLocation Loc, Diag D) {
    report(DE, Loc, D);
    Failed = true;
    return true;
  }
  bool exits(const clang::Stmt *S, llvm::StringRef What) {
    report(DE, S->getBeginLoc(), Diag::LoopEarlyExit) << What;
    Failed = true;
    return true;
  }
  bool unsupported(const clang::Stmt *S) {
    return error(S->getBeginLoc(), Diag::LoopUnsupportedStmt);
  }
  bool isLocal(const clang::VarDecl *V) const { return Locals.count(V); }
  /// Whether a call may write through a pointer into \p V: storage of the
  /// iteration's own (declared in the body). Otherwise the call reports V
  /// (CallWritesShared), and V's use as the argument is not reported again.
  bool iterationOwns(const clang::VarDecl *V);
  /// Whether V is an array of the loop, whose uses as call arguments are
  /// judged as its accesses (passedToCall), not by the CallChecker.
  bool accountsArguments(const clang::VarDecl *V) const;
  /// In a member function: whether \p D (a variable, an enumerator, a
  /// function, a type) is a member of its class (or of a base or an
  /// enclosing class), which the body names without qualification and the
  /// kernel, at namespace scope, could not name.
  bool classMember(const clang::Decl *D) const;
  /// Reports the member \p D of the function's class, once.
  void reportMember(clang::SourceLocation Loc, const clang::NamedDecl *D);
  /// Marks the loop rejected; true the first time \p D is to be reported
  /// for \p V: each cause is reported once, at its first use.
  bool rejectOnce(Diag D, const clang::VarDecl *V) {
    Failed = true;
    return Reported.insert({static_cast<unsigned>(D), V}).second;
  }

  /// Reports that array \p AM, of rows of run-time extents, cannot be
  /// used as \p What says.
  void rejectVariableRows(const ArrayModel &AM, llvm::StringRef What);
  /// Checks that \p L is `for (T x = lo; x < hi; ++x)` (or an equivalent
  /// form) and fills \p C.
  /// AllowOther: the loop may count down, and step by a constant other
  /// than one (a doall).
  bool checkCanonical(const clang::ForStmt *L, CanonicalLoop &C,
                      bool AllowOther);
  /// Reduction variable V's use D (an element of Array, for an array
  /// reduction); false if V is not a reduction variable.
  bool handleReductionUse(const clang::DeclRefExpr *D, const clang::VarDecl *V,
                          const clang::ConstantArrayType *Array);
  /// V's type if it is a one-dimensional array of arithmetic elements with
  /// a constant size (for a parameter, as declared: `double y[N]`).
  const clang::ConstantArrayType *reductionArray(const clang::VarDecl *V) const;
  /// Doacross: the enclosing loop's body holds nothing but the annotated
  /// loop (and its pragma), and its form is canonical.
  bool checkPipelinedLoop(const clang::ForStmt *L);
  bool checkContext();
  std::vector<const clang::DeclStmt *> usingDecls(const LoopModel &M) const;
  void checkLocalType(clang::QualType T, clang::SourceLocation Loc);
  void checkMacros();
  void handleArrayUse(const clang::DeclRefExpr *D, const clang::VarDecl *V,
                      const ArrayTypeInfo &TI);
  /// The call statement that \p Occurrence of a sum reduction's variable
  /// updates it by: its address passed to a function that only adds to
  /// what it is given (PointeeUse::Accumulates, `acc(&sum, x)`); or null.
  const clang::Expr *accumulatingCall(const clang::Expr *Occurrence);
  /// Array V (of type TI), climbed to \p Cur, passed to a function: whole
  /// (`f(a)`), a row (`f(a[i])`, `f(&a[i][0])`) or an element bound to a
  /// reference; its access into \p Acc as the callee's PointeeUse says,
  /// or an error. False if \p Cur is no such argument.
  bool passedToCall(const clang::VarDecl *V, const ArrayTypeInfo &TI,
                    const clang::Expr *Cur, ArrayAccess &Acc);
  /// Records access \p Acc of array V of \p Dims dimensions.
  void addAccess(const clang::VarDecl *V, ArrayAccess Acc, unsigned Dims);
  /// The model of array V (of type TI) that its first use D starts.
  ArrayModel &arrayModel(const clang::DeclRefExpr *D, const clang::VarDecl *V,
                         const ArrayTypeInfo &TI);
  /// Climbs from the use \p D of an array of \p Dims dimensions through the
  /// subscripts applied to it, into \p Acc; the outermost expression reached.
  const clang::Expr *climbSubscripts(const clang::DeclRefExpr *D, unsigned Dims,
                                     ArrayAccess &Acc);
  /// What the subscript \p Idx stands for: the definition of a local
  /// integer `k` in `k = i * cols + j; ... a[k]` (LoopUses.cpp), else Idx.
  const clang::Expr *definitionOf(const clang::Expr *Idx);
  void handleScalarUse(const clang::DeclRefExpr *D, const clang::VarDecl *V);
  void buildArrays(LoopModel &M);
  /// The role, shape and declared rows of array V, and, distributed, how.
  void buildArray(const clang::VarDecl *V, ArrayModel &AM);
  /// Each array named by distribute(), whole() and shape() is one, and used.
  void checkClauseArrays();
  /// The shape(...) clause of a pointer array: its rank, and the row
  /// length a pointer to rows fixes.
  void checkShape(const clang::VarDecl *V, const ArrayModel &AM,
                  bool IsPointer);
  bool distributeArray(ArrayModel &AM);
  /// An array that no access subscripts with the loop's index: written, it
  /// is scratch space every iteration overwrites (or a missed reduction).
  bool scratch(const ArrayModel &AM) const;
  /// The row pointers by whose segments the loop touches written array AM
  /// (Segments.h), which the loop reads and does not write; null if none.
  const clang::VarDecl *segments(const ArrayModel &AM) const;
  bool readByRows(const ArrayModel &AM) const;
  /// Where the distributed dimension of one access is (Dim, the first
  /// access's choice) and the halo it reads (First: the first to count);
  /// or a fixed row (Acc.Pinned), or a diagnostic (false).
  bool distributedAccess(ArrayModel &AM, ArrayAccess &Acc, bool ByRows,
                         std::optional<unsigned> &Dim, bool &First);
  /// The fixed rows of AM's pinned reads (at most MaxPinnedRows of an
  /// array distributed by rows); false after a diagnostic.
  bool pinRows(ArrayModel &AM, std::optional<unsigned> Dim);
  /// The windows of AM's windowed reads (ArrayModel::Windows): each proved
  /// outside the rows the loop writes; false after a diagnostic.
  bool windowReads(ArrayModel &AM, std::optional<unsigned> Dim);
  /// The values V takes at access At: itself for a loop-invariant scalar,
  /// the span of an inner loop's index around At (bounded in turn).
  std::optional<AffineSpan> valuesAt(const clang::ValueDecl *V,
                                     const clang::Expr *At,
                                     unsigned Depth = 0) const;
  /// A subscript `(i + c) * n + column` of a 1-D array (LinearSubscript).
  struct LinearSubscript {
    const clang::Expr *Row = nullptr;
    AffineForm RowForm;
    const clang::VarDecl *Length = nullptr;
    AffineForm Column;
  };
  std::optional<LinearSubscript> linearSubscript(const clang::Expr *E) const;
  bool delinearize(ArrayModel &AM);
  bool pinnable(const ArrayModel &AM, const ArrayAccess &Acc) const;
  bool invariantSymbol(const clang::ValueDecl *V) const;
  void checkDependences(const ArrayModel &AM);
  void buildScalars(LoopModel &M);
  bool
  checkPureExpr(const clang::Expr *E,
                llvm::function_ref<void(clang::SourceLocation)> SideEffect);
  bool
  checkPureCalls(const clang::Stmt *S,
                 llvm::function_ref<void(clang::SourceLocation)> SideEffect);
  void checkBounds();
  void checkClauseExpr(const clang::Expr *E, llvm::StringRef Clause);
  void checkShapes();
  void checkCost();
  std::string accessText(const ArrayAccess &Acc) const;

  const Annotation &A;
  const AnalysisContext &ACtx;
  clang::ASTContext &Ctx;
  clang::DiagnosticsEngine &DE;
  clang::ParentMap PM;
  ReductionRules Rules;
  CallChecker Calls;
  llvm::SmallPtrSet<const clang::ForStmt *, 8> Annotated;
  bool Failed = false;

  const clang::VarDecl *Index = nullptr;
  const clang::Expr *Lower = nullptr, *Upper = nullptr;
  /// The bounds that the sequential loop evaluates again as it runs: its
  /// condition's, and a pipelined loop's start (once per iteration of the
  /// enclosing loop). A start of a doall is evaluated once.
  llvm::SmallVector<const clang::Expr *, 3> Recomputed;
  bool Inclusive = false;
  long long Stride = 1;
  const clang::FunctionDecl *Function = nullptr;
  /// Doacross: the pipelined enclosing loop.
  const clang::ForStmt *Outer = nullptr;
  CanonicalLoop OuterForm;

  llvm::SmallPtrSet<const clang::VarDecl *, 16> Locals;
  llvm::SmallPtrSet<const clang::VarDecl *, 16> WrittenVars;
  /// Inner loop indices and the loop that steps them, for Banerjee bounds.
  llvm::DenseMap<const clang::VarDecl *, const clang::ForStmt *> InnerIndices;
  llvm::SmallPtrSet<const clang::VarDecl *, 8> ModifiedInnerIndices;
  llvm::MapVector<const clang::VarDecl *, ArrayModel> Arrays;
  llvm::SetVector<const clang::VarDecl *> ScalarReads;
  llvm::SmallPtrSet<const clang::VarDecl *, 8> UsedReductions;
  llvm::DenseSet<std::pair<unsigned, const clang::VarDecl *>> Reported;
  /// The private scalars, with where the loop first writes them.
  llvm::MapVector<const clang::VarDecl *, clang::SourceLocation> Privates;
  /// The reduction() clause's variables and the inferred histograms.
  llvm::SmallVector<ReductionSpec, 2> Reductions;
  /// Arrays only incremented that are not inferred reductions (floating
  /// point, narrow or incremented by a wider type): ArrayHistogram.
  llvm::SmallPtrSet<const clang::VarDecl *, 2> Histograms;
  /// The scratch arrays among Privates (findScratchArrays).
  llvm::SmallVector<const clang::VarDecl *, 2> ScratchArrays;
  llvm::SmallPtrSet<const clang::Expr *, 4> TruncatingReductions;
  llvm::SmallPtrSet<const clang::NamedDecl *, 4> ReportedLocalTypes;
  llvm::SmallPtrSet<const clang::NamedDecl *, 4> ReportedMembers;
  bool ReportedThis = false;
};

} // namespace dlbcc

#endif // DLBCC_LIB_ANALYSIS_LOOPANALYZER_H
