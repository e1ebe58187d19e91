//===- dlbcc/Support/CallSites.h - Every call of a function of the file ---===//
//
// Facts about a parameter that hold at every call (the same constant, an
// array of one extent) are facts about the parameter when the function can
// be called from this file only: internal, and never used but called.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_SUPPORT_CALLSITES_H
#define DLBCC_SUPPORT_CALLSITES_H

#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class FunctionDecl;
} // namespace clang

namespace dlbcc {

struct CallSites {
  std::vector<const clang::CallExpr *> Calls;
  /// The function is used other than as a callee (its address taken):
  /// it may be called from anywhere.
  bool Escapes = false;
};

/// The calls of \p F in the translation unit of \p Ctx; none (and Escapes)
/// when F is visible outside the file, is main, or has no body.
CallSites callSitesOf(const clang::FunctionDecl *F, clang::ASTContext &Ctx);

} // namespace dlbcc

#endif // DLBCC_SUPPORT_CALLSITES_H
