//===- dlbcc/Analysis/ProgramFunctions.h - The other sources' functions ---===//
//
// What dlbcc knows of the functions defined in the program's other source
// files (dlbcc's inputs after the first): for each, whether a distributed
// loop may call it (CallChecker's rules, applied where its body is), once
// its calls into further files are followed.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_ANALYSIS_PROGRAMFUNCTIONS_H
#define DLBCC_ANALYSIS_PROGRAMFUNCTIONS_H

#include "dlbcc/Analysis/PointeeUses.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class ForStmt;
class FunctionDecl;
} // namespace clang

namespace dlbcc {

/// One function as read where it is defined.
struct FunctionSummary {
  bool Ok = true;
  std::string Reason; ///< why a loop may not call it (CallChecker's words)
  std::string Where;  ///< `file:line:col` of the reason
  bool HasDlbLoop = false;
  /// The keys of the functions it calls, directly or not, whose bodies its
  /// own file does not hold.
  std::vector<std::string> Calls;
  /// What it does with each parameter's pointees (PointeeUses.h); a
  /// pointer passed into another file is judged by that parameter's type.
  std::vector<PointeeUse> Pointees;
};

/// A function's name across files: its qualified name and the canonical
/// types of its parameters, `randlc(double *, double)`.
std::string functionKey(const clang::FunctionDecl *F);

class ProgramFunctions {
public:
  /// Adds the definition of \p Key read in one file. A function that
  /// several files define (the programs of one compilation database) may
  /// be any of them in the program: all must pass.
  void define(const std::string &Key, FunctionSummary S);
  /// Key's summary with its calls into the other files followed; null if
  /// no file defines it.
  const FunctionSummary *find(llvm::StringRef Key);

private:
  llvm::StringMap<FunctionSummary> Defined;
  llvm::StringMap<FunctionSummary> Resolved;
};

/// Adds to \p Out every function with external linkage that the main file
/// of \p Ctx defines, as CallChecker judges it (\p AnnotatedLoops: the
/// file's dlb loops).
void summarizeFunctions(clang::ASTContext &Ctx,
                        llvm::ArrayRef<const clang::ForStmt *> AnnotatedLoops,
                        ProgramFunctions &Out);

} // namespace dlbcc

#endif // DLBCC_ANALYSIS_PROGRAMFUNCTIONS_H
