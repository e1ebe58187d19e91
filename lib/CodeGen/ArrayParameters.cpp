//===- ArrayParameters.cpp - C99 array parameters in C++ ------------------===//
//
// Drops the variable outer bounds of the main file's array parameters,
// which GNU C++ rejects (dlbcc/CodeGen/ArrayParameters.h).
//
//===----------------------------------------------------------------------===//
#include "dlbcc/CodeGen/ArrayParameters.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"

namespace dlbcc {
using namespace clang;

void writeArrayParameters(ASTContext &Ctx, Rewriter &R) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *F = dyn_cast<FunctionDecl>(D);
    if (!F)
      continue;
    for (const ParmVarDecl *P : F->parameters()) {
      const TypeSourceInfo *TSI = P->getTypeSourceInfo();
      if (!TSI || P->getLocation().isMacroID() ||
          !SM.isInMainFile(P->getLocation()))
        continue;
      auto Array = TSI->getTypeLoc().getAsAdjusted<ArrayTypeLoc>();
      if (Array && isa<VariableArrayType>(Array.getTypePtr()) &&
          Array.getSizeExpr())
        R.RemoveText(CharSourceRange::getCharRange(
            Array.getLBracketLoc().getLocWithOffset(1),
            Array.getRBracketLoc()));
    }
  }
}

} // namespace dlbcc
