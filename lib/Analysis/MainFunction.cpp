//===- MainFunction.cpp - The program's main ------------------------------===//
//
// Owns checkMain (dlbcc/Analysis/MainFunction.h): the main of the main
// file, and the checks that the runtime can call it.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/MainFunction.h"

#include "dlbcc/Support/Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace dlbcc {

std::optional<MainFunction> checkMain(ASTContext &Ctx, bool HasLoops) {
  const SourceManager &SM = Ctx.getSourceManager();
  MainFunction Main;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *F = dyn_cast<FunctionDecl>(D))
      if (F->isMain() && F->hasBody() &&
          SM.isInMainFile(SM.getExpansionLoc(F->getLocation())))
        Main.Decl = F;
  if (!Main.Decl) {
    if (HasLoops)
      report(Ctx.getDiagnostics(),
             SM.getLocForStartOfFile(SM.getMainFileID()),
             Diag::NoMainWithLoops);
    return Main;
  }
  unsigned Params = Main.Decl->getNumParams();
  if (Params != 0 && Params != 2) {
    report(Ctx.getDiagnostics(), Main.Decl->getLocation(),
           Diag::MainUnsupportedSignature);
    return std::nullopt;
  }
  Main.TakesArguments = Params == 2;
  return Main;
}

} // namespace dlbcc
