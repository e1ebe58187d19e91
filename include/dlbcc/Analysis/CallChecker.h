//===- dlbcc/Analysis/CallChecker.h - May a loop body call this function? --===//
//
// A function called from a distributed loop runs on every rank, on that
// rank's data. It is safe when it is a pure <cmath>-style function from the
// standard library, or a function defined in this file that, transitively,
// reads no mutable global, takes no pointer or non-const reference, and
// contains no dlb loop. Such functions, like the loop body, may use the
// constructors and members of the standard value classes (std::vector,
// std::array, std::complex, std::pair).
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_ANALYSIS_CALLCHECKER_H
#define DLBCC_ANALYSIS_CALLCHECKER_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <string>

namespace clang {
class ASTContext;
class CXXRecordDecl;
class Expr;
class FunctionDecl;
class ForStmt;
} // namespace clang

namespace dlbcc {

class CallChecker {
public:
  CallChecker(clang::ASTContext &Ctx,
              llvm::SmallPtrSet<const clang::ForStmt *, 8> AnnotatedLoops);

  /// Checks a call to \p F at \p CallLoc; reports and returns false if the
  /// call is not allowed in a distributed loop.
  bool checkCall(const clang::FunctionDecl *F, clang::SourceLocation CallLoc);

private:
  struct Verdict {
    bool Ok = true;
    std::string Reason;      ///< why not, for the diagnostic
    clang::SourceLocation At; ///< where in the callee
    bool HasDlbLoop = false;
    bool Unknown = false;     ///< no body to look at
  };
  const Verdict &verdict(const clang::FunctionDecl *F);

  clang::ASTContext &Ctx;
  llvm::SmallPtrSet<const clang::ForStmt *, 8> AnnotatedLoops;
  llvm::DenseMap<const clang::FunctionDecl *, Verdict> Cache;
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
