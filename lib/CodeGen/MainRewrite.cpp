//===- MainRewrite.cpp - The program's main under the runtime -------------===//
//
// main renamed to dlbcc_user_main (with a final return if it has none)
// and a new main that starts the runtime on every rank, rank 0 running
// the program's main (checked by the analysis, MainFunction.h); the new
// main follows the `extern "C"` that closes a C program's text
// (CLinkage.h).
//
//===----------------------------------------------------------------------===//
#include "dlbcc/CodeGen/Emitter.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;

namespace dlbcc {

namespace {

constexpr const char *UserMain = "dlbcc_user_main";

} // namespace

void Emitter::emitMain(const MainFunction &Main) {
  if (!Main.Decl)
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  R.ReplaceText(Main.Decl->getLocation(), 4, UserMain);
  const auto *Body = cast<CompoundStmt>(Main.Decl->getBody());
  if (Body->body_empty() || !isa<ReturnStmt>(Body->body_back()))
    R.InsertTextBefore(Body->getRBracLoc(), "return 0; ");
  std::string Tail = llvm::formatv(
      "\n// dlbcc: every rank starts here; rank 0 runs the program's main "
      "above,\n// the others serve its distributed loops.\n"
      "static int dlbcc_main_adapter(int argc, char **argv) {{\n"
      "  {0}\n}\n"
      "int main(int argc, char **argv) {{\n"
      "  return dlb::runMain(argc, argv, dlbcc_main_adapter);\n}\n",
      Main.TakesArguments
          ? std::string("return ") + UserMain + "(argc, argv);"
          : std::string("(void)argc;\n  (void)argv;\n  return ") + UserMain +
                "();");
  R.InsertTextAfter(SM.getLocForEndOfFile(SM.getMainFileID()), Tail);
}

} // namespace dlbcc
