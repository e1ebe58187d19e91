//===- dlbcc/Support/RawLines.h - Lines of a file read by the raw lexer ---===//
//
// What comes after a pragma, read from the file's text: the pragma
// handlers and the OpenMP reader look past the preprocessor directive
// lines (`#endif`, other pragmas) that may stand between a pragma and its
// loop.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_SUPPORT_RAWLINES_H
#define DLBCC_SUPPORT_RAWLINES_H

#include "clang/Basic/SourceLocation.h"

namespace clang {
class LangOptions;
class SourceManager;
} // namespace clang

namespace dlbcc {

/// The location of the first token after \p Loc (a location in a file)
/// that is not on a preprocessor directive line; invalid at the end of
/// the file.
clang::SourceLocation afterDirectiveLines(const clang::SourceManager &SM,
                                          const clang::LangOptions &LO,
                                          clang::SourceLocation Loc);

} // namespace dlbcc

#endif // DLBCC_SUPPORT_RAWLINES_H
