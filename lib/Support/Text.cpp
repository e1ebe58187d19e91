//===- Text.cpp - Source code as text --------------------------------------===//
//
// Owns printed(), sourceText() and expansionText() (dlbcc/Support/Text.h).
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Support/Text.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/raw_ostream.h"

namespace dlbcc {

std::string printed(const clang::Stmt *S, const clang::ASTContext &Ctx) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  S->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
  return Out;
}

std::string sourceText(const clang::Stmt *S, const clang::ASTContext &Ctx) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  const clang::CharSourceRange Range = clang::Lexer::makeFileCharRange(
      clang::CharSourceRange::getTokenRange(S->getSourceRange()), SM,
      Ctx.getLangOpts());
  if (Range.isInvalid())
    return printed(S, Ctx);
  return clang::Lexer::getSourceText(Range, SM, Ctx.getLangOpts()).str();
}

std::string expansionText(const clang::Stmt *S, const clang::ASTContext &Ctx) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  return clang::Lexer::getSourceText(SM.getExpansionRange(S->getSourceRange()),
                                     SM, Ctx.getLangOpts())
      .str();
}

} // namespace dlbcc
