//===- dlbcc/Support/Text.h - Source code as text --------------------------===//
//
// How dlbcc turns a statement or an expression into text: as the user wrote
// it (for emitted code and remarks that quote the source) or pretty-printed
// by Clang (for code that has no single source range, e.g. from a macro).
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_SUPPORT_TEXT_H
#define DLBCC_SUPPORT_TEXT_H

#include <string>

namespace clang {
class ASTContext;
class Stmt;
} // namespace clang

namespace dlbcc {

/// S pretty-printed with the context's printing policy.
std::string printed(const clang::Stmt *S, const clang::ASTContext &Ctx);

/// S's source text as written, or printed(S) when it has no file range.
std::string sourceText(const clang::Stmt *S, const clang::ASTContext &Ctx);

/// The text of the file that S's expansion covers (a macro's whole
/// invocation where S comes from one); empty when it spans no one range of
/// a file.
std::string expansionText(const clang::Stmt *S, const clang::ASTContext &Ctx);

} // namespace dlbcc

#endif // DLBCC_SUPPORT_TEXT_H
