//===- MainRewrite.cpp - The program's main under the runtime -------------===//
//
// main renamed to dlbcc_user_main (with a final return if it has none)
// and a new main that starts the runtime on every rank, rank 0 running
// the program's main; the checks of main's signature that this needs.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/CodeGen/Emitter.h"

#include "dlbcc/Support/Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;

namespace dlbcc {

namespace {

constexpr const char *UserMain = "dlbcc_user_main";

} // namespace

bool Emitter::emitMain(bool HasLoops) {
  const SourceManager &SM = Ctx.getSourceManager();
  const FunctionDecl *Main = nullptr;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *F = dyn_cast<FunctionDecl>(D))
      if (F->isMain() && F->hasBody() &&
          SM.isInMainFile(SM.getExpansionLoc(F->getLocation())))
        Main = F;
  if (!Main) {
    if (HasLoops)
      report(Ctx.getDiagnostics(),
             SM.getLocForStartOfFile(SM.getMainFileID()),
             Diag::NoMainWithLoops);
    return true;
  }
  unsigned Params = Main->getNumParams();
  if (Params != 0 && Params != 2) {
    report(Ctx.getDiagnostics(), Main->getLocation(),
           Diag::MainUnsupportedSignature);
    return false;
  }
  R.ReplaceText(Main->getLocation(), 4, UserMain);
  const auto *Body = cast<CompoundStmt>(Main->getBody());
  if (Body->body_empty() || !isa<ReturnStmt>(Body->body_back()))
    R.InsertTextBefore(Body->getRBracLoc(), "return 0; ");
  std::string Tail = llvm::formatv(
      "\n// dlbcc: every rank starts here; rank 0 runs the program's main "
      "above,\n// the others serve its distributed loops.\n"
      "static int dlbcc_main_adapter(int argc, char **argv) {{\n"
      "  {0}\n}\n"
      "int main(int argc, char **argv) {{\n"
      "  return dlb::runMain(argc, argv, dlbcc_main_adapter);\n}\n",
      Params == 2 ? std::string("return ") + UserMain + "(argc, argv);"
                  : std::string("(void)argc;\n  (void)argv;\n  return ") +
                        UserMain + "();");
  R.InsertTextAfter(SM.getLocForEndOfFile(SM.getMainFileID()), Tail);
  return true;
}

} // namespace dlbcc
