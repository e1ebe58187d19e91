//===- dlbcc/Analysis/CallChecker.h - May a loop body call this function?
//--===//
//
// A function called from a distributed loop runs on every rank, on that
// rank's data. It is safe when it is a pure <cmath>-style function from the
// standard library, a function declared __attribute__((const)), or a
// function defined in this file, a header of the program or another source
// of the program (ProgramFunctions.h) that, transitively, reads no mutable
// global, is no member function, and contains no dlb loop. Such a function
// may write through its pointer and non-const reference parameters when
// every call passes them storage of its own: at a call in the loop, a
// variable or array declared inside the loop body (each iteration's own);
// within a callee, its own variables or the pointers its caller gave it; or
// an array of the loop, whose elements the callee reaches (pointeeUse,
// PointeeUses.h) the loop counts among its accesses of that array. Such
// functions, like the loop body, may use the constructors and members of the
// standard value classes (std::vector, std::array, std::complex, std::pair).
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_ANALYSIS_CALLCHECKER_H
#define DLBCC_ANALYSIS_CALLCHECKER_H

#include "dlbcc/Analysis/PointeeUses.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CXXRecordDecl;
class Expr;
class FunctionDecl;
class ForStmt;
class VarDecl;
} // namespace clang

namespace dlbcc {

class ProgramFunctions;
struct FunctionSummary;

class CallChecker {
public:
  /// \p Program: the functions of the program's other sources, or null.
  CallChecker(clang::ASTContext &Ctx,
              llvm::SmallPtrSet<const clang::ForStmt *, 8> AnnotatedLoops,
              ProgramFunctions *Program = nullptr);

  /// Checks a call to \p F at \p CallLoc with \p Args; reports and returns
  /// false if the call is not allowed in a distributed loop. An argument
  /// that F may write through must point into a variable for which
  /// \p Private holds (none where no storage is private), or into an array
  /// for which \p Accounted holds: the caller judges that argument as an
  /// access of the array (pointeeUse).
  bool checkCall(
      const clang::FunctionDecl *F, clang::SourceLocation CallLoc,
      llvm::ArrayRef<const clang::Expr *> Args = {},
      llvm::function_ref<bool(const clang::VarDecl *)> Private = nullptr,
      llvm::function_ref<bool(const clang::VarDecl *)> Accounted = nullptr);

  /// Whether a loop may call \p F at all (checkCall reports why not).
  bool callable(const clang::FunctionDecl *F) { return verdict(F).Ok; }

  /// What \p F does with the pointees of its parameter \p I: from its body
  /// in this file or its summary from another source, else from the
  /// parameter's type (PointeeUses.h).
  PointeeUse pointeeUse(const clang::FunctionDecl *F, unsigned I);

  /// \p F, defined in this file, as the other files of the program see
  /// it: the functions it calls that this file does not define are left
  /// to them (FunctionSummary::Calls).
  FunctionSummary summary(const clang::FunctionDecl *F);

private:
  struct Verdict {
    bool Ok = true;
    std::string Reason;      ///< why not, for the diagnostic
    clang::SourceLocation At; ///< where in the callee
    std::string Where;        ///< or where in another file
    bool HasDlbLoop = false;
    bool Unknown = false;     ///< no body to look at
    /// Summarizing: the functions without a body here that it calls.
    std::vector<std::string> Unseen;
  };
  const Verdict &verdict(const clang::FunctionDecl *F);
  /// The verdict on F, whose body this file does not hold.
  Verdict unseen(const clang::FunctionDecl *F) const;

  clang::ASTContext &Ctx;
  llvm::SmallPtrSet<const clang::ForStmt *, 8> AnnotatedLoops;
  ProgramFunctions *Program;
  bool Summarizing = false;
  llvm::DenseMap<const clang::FunctionDecl *, Verdict> Cache;
  llvm::DenseMap<std::pair<const clang::FunctionDecl *, unsigned>, PointeeUse>
      Pointees;
};

/// Is \p F a side-effect-free function of the standard library (sqrt, min,
/// fabs, ...)?
bool isPureLibraryFunction(const clang::FunctionDecl *F);

/// Is \p R std::vector, std::array, std::complex or std::pair, whose
/// constructors and members a loop body or a function it calls may use on
/// its own objects?
bool isValueClassOfStd(const clang::CXXRecordDecl *R);

/// Does \p E give the same value each time it is evaluated in a row: no
/// side effects, and calls only of pure library functions and of the const
/// members of std's value classes (a std::vector's size(), operator[])?
bool repeatable(const clang::Expr *E, const clang::ASTContext &Ctx);

} // namespace dlbcc

#endif // DLBCC_ANALYSIS_CALLCHECKER_H
