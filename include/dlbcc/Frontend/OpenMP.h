//===- dlbcc/Frontend/OpenMP.h - OpenMP pragmas read as annotations -------===//
//
// dlbcc --openmp reads the loops a program already marks for OpenMP
// (docs/openmp.md). Clang, without -fopenmp, skips `#pragma omp` lines: a
// recorder notes where each one is, and after parsing each line is lexed
// again and read as an OpenMPDirective. Loop directives (`parallel for`,
// `for` in a `parallel` region) become doall Annotations of the same
// AnnotationSet as `#pragma dlb`, with their reductions, schedule and data
// sharing; constructs without a meaning across ranks inside those loops
// are reported, with the rewrite.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_FRONTEND_OPENMP_H
#define DLBCC_FRONTEND_OPENMP_H

#include "dlbcc/Frontend/PragmaHandler.h"

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Token.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class SourceManager;
} // namespace clang

namespace dlbcc {

/// What a directive asks for, as dlbcc runs it.
enum class OmpKind {
  Loop,          ///< parallel for, for, loop, taskloop (with simd): a doall
  Region,        ///< parallel: its code outside loops runs as sequential code
  Atomic,        ///< atomic
  Critical,      ///< critical
  Once,          ///< single, master, masked, sections, section
  Sync,          ///< barrier, taskwait, taskyield, flush, taskgroup
  Task,          ///< task
  ThreadPrivate, ///< threadprivate
  Vector,        ///< simd, declare simd: a hint for one rank's compiler
  Ignored        ///< anything else (target, teams, ...): reported, ignored
};

struct OmpClause {
  std::string Name;
  clang::SourceLocation Loc;
  /// The raw tokens between the parentheses (empty without them).
  std::vector<clang::Token> Args;
};

struct OmpDirective {
  OmpKind Kind = OmpKind::Ignored;
  /// The directive's words, as written: "parallel for", "critical".
  std::string Name;
  clang::SourceLocation HashLoc; ///< the `#`
  clang::SourceLocation NameLoc; ///< its first word
  clang::SourceLocation EndLoc;  ///< the end of its last line
  std::vector<OmpClause> Clauses;

  const OmpClause *clause(llvm::StringRef N) const;
};

/// Reads the `#pragma omp` line whose `#` is at \p Hash (raw-lexed).
OmpDirective readOmpDirective(const clang::SourceManager &SM,
                              const clang::LangOptions &LO,
                              clang::SourceLocation Hash);

/// What the preprocessor saw of OpenMP in the main file.
struct OpenMPSource {
  /// The `#` of every `#pragma omp` line.
  std::vector<clang::SourceLocation> Pragmas;
  /// The `<omp.h>` of every `#include <omp.h>`.
  std::vector<clang::CharSourceRange> Includes;
  /// Every `#pragma omp` line, set by bindOpenMP: the emitted program
  /// leaves them out.
  std::vector<clang::SourceRange> Lines;
};

/// Records OpenMPSource's pragmas and includes.
class OmpPragmaRecorder : public clang::PPCallbacks {
public:
  OmpPragmaRecorder(const clang::SourceManager &SM, OpenMPSource &Source)
      : SM(SM), Source(Source) {}
  void PragmaDirective(clang::SourceLocation Loc,
                       clang::PragmaIntroducerKind Introducer) override;
  void
  InclusionDirective(clang::SourceLocation HashLoc,
                     const clang::Token &IncludeTok, llvm::StringRef FileName,
                     bool IsAngled, clang::CharSourceRange FilenameRange,
                     clang::OptionalFileEntryRef File,
                     llvm::StringRef SearchPath, llvm::StringRef RelativePath,
                     const clang::Module *SuggestedModule, bool ModuleImported,
                     clang::SrcMgr::CharacteristicKind FileType) override;

private:
  const clang::SourceManager &SM;
  OpenMPSource &Source;
};

/// Reads the OpenMP pragmas of \p Source into \p Set: each loop directive
/// becomes an annotation of the `for` that follows it (unless a `#pragma
/// dlb` annotates that loop: it wins), with the clauses of the `parallel`
/// regions around it; the constructs inside annotated loops that have no
/// meaning across ranks are reported. Sets Source.Lines.
void bindOpenMP(OpenMPSource &Source, AnnotationSet &Set,
                clang::ASTContext &Ctx);

/// Gives \p A (an OpenMP loop's annotation) shape(x[extent]) for each
/// pointer x it subscripts whose one allocation (malloc, calloc, new[]:
/// in its function for a local, in every caller for a parameter, once in
/// the file for a global) says its extent (AllocatedShapes.cpp).
void inferAllocatedShapes(Annotation &A, clang::ASTContext &Ctx);

} // namespace dlbcc

#endif // DLBCC_FRONTEND_OPENMP_H
