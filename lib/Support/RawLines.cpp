//===- RawLines.cpp - Lines of a file read by the raw lexer ---------------===//
//
// afterDirectiveLines (dlbcc/Support/RawLines.h).
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Support/RawLines.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace dlbcc {

SourceLocation afterDirectiveLines(const SourceManager &SM,
                                   const LangOptions &LO, SourceLocation Loc) {
  Loc = SM.getExpansionLoc(Loc);
  std::pair<FileID, unsigned> Pos = SM.getDecomposedLoc(Loc);
  StringRef Buffer = SM.getBufferData(Pos.first);
  Lexer Raw(SM.getLocForStartOfFile(Pos.first), LO, Buffer.begin(),
            Buffer.begin() + Pos.second, Buffer.end());
  Token T;
  Raw.LexFromRawLexer(T);
  // A directive's continued lines are one line for the raw lexer.
  while (T.is(tok::hash) && T.isAtStartOfLine())
    do
      Raw.LexFromRawLexer(T);
    while (!T.isAtStartOfLine() && !T.is(tok::eof));
  return T.is(tok::eof) ? SourceLocation() : T.getLocation();
}

} // namespace dlbcc
