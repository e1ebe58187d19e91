//===- Mentions.cpp - Does a statement name a variable --------------------===//
//
// mentions (dlbcc/Support/Mentions.h).
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Support/Mentions.h"

#include "clang/AST/Expr.h"

using namespace clang;

namespace dlbcc {

bool mentions(const Stmt *S, const ValueDecl *V) {
  if (!S)
    return false;
  if (const auto *R = dyn_cast<DeclRefExpr>(S); R && R->getDecl() == V)
    return true;
  for (const Stmt *Child : S->children())
    if (mentions(Child, V))
      return true;
  return false;
}

} // namespace dlbcc
