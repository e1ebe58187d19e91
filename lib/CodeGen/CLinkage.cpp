//===- CLinkage.cpp - A C program's names link as C -----------------------===//
//
// Wraps a C source's emitted text in `extern "C"` (dlbcc/CodeGen/CLinkage.h
// says why there and not in the converted C text).
//
//===----------------------------------------------------------------------===//
#include "dlbcc/CodeGen/CLinkage.h"

#include "dlbcc/Frontend/CSource.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

namespace dlbcc {
using namespace clang;

void writeCLinkage(ASTContext &Ctx, Rewriter &R) {
  const SourceManager &SM = Ctx.getSourceManager();
  const FileID Main = SM.getMainFileID();
  const OptionalFileEntryRef File = SM.getFileEntryRefForID(Main);
  if (!File || !isCSource(File->getName().str()))
    return;
  R.InsertTextAfter(SM.getLocForStartOfFile(Main),
                    "extern \"C\" { // dlbcc: the C program's functions and "
                    "globals link with its C files\n");
  // On a line of its own: the file may end in a comment or a directive.
  R.InsertTextAfter(SM.getLocForEndOfFile(Main), "\n} // extern \"C\"\n");
}

} // namespace dlbcc
