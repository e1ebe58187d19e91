//===- Emitter.cpp - Kernels, call sites and main for the runtime ---------===//
//
// The emit stage in order: the include, the array parameters, each
// loop's kernel (Kernel.cpp) and call site (CallSite.cpp), the regions
// whose arrays stay on the ranks, the doacross loops run sequentially,
// and main (MainRewrite.cpp).
//
//===----------------------------------------------------------------------===//
#include "dlbcc/CodeGen/Emitter.h"
#include "Spelling.h"

#include "dlbcc/Analysis/Residency.h"
#include "dlbcc/CodeGen/ArrayParameters.h"
#include "dlbcc/CodeGen/CLinkage.h"
#include "dlbcc/Support/Text.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/ErrorHandling.h"

using namespace clang;

namespace dlbcc {

SourceLocation Emitter::endOfStatement(const Stmt *S) const {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation End = SM.getExpansionRange(S->getEndLoc()).getEnd();
  SourceLocation AfterSemi =
      Lexer::findLocationAfterToken(End, tok::semi, SM, Ctx.getLangOpts(),
                                    /*SkipTrailingWhitespaceAndNewLine=*/false);
  if (AfterSemi.isValid())
    return AfterSemi;
  return Lexer::getLocForEndOfToken(End, 0, SM, Ctx.getLangOpts());
}

SourceLocation Emitter::startOfLine(SourceLocation Loc) const {
  const SourceManager &SM = Ctx.getSourceManager();
  Loc = SM.getExpansionLoc(Loc);
  std::pair<FileID, unsigned> D = SM.getDecomposedLoc(Loc);
  unsigned Col = SM.getColumnNumber(D.first, D.second);
  return Loc.getLocWithOffset(-static_cast<int>(Col - 1));
}

CharSourceRange Emitter::replacedRange(const LoopModel &M) const {
  // A pipelined loop replaces the loop that encloses the pragma.
  const Stmt *Replaced = M.Pipeline ? M.Pipeline->Loop : M.Loop;
  SourceLocation Begin = M.Pipeline ? M.Pipeline->Loop->getForLoc()
                                    : Ctx.getSourceManager().getExpansionLoc(
                                          M.Ann->HashLoc); // _Pragma in a macro
  return CharSourceRange::getCharRange(Begin, endOfStatement(Replaced));
}

void Emitter::replace(CharSourceRange Range, StringRef Text) {
  // The Rewriter refuses a range it cannot map to the main file; a loop
  // left as it was would run sequentially with its annotation ignored.
  if (R.ReplaceText(Range, Text))
    llvm::report_fatal_error(
        llvm::Twine("dlbcc: internal error: cannot rewrite the loop at ") +
        Range.getBegin().printToString(Ctx.getSourceManager()));
}

std::string Emitter::directivesAfterPragma(const Annotation &A) const {
  const SourceManager &SM = Ctx.getSourceManager();
  const SourceLocation From = A.EndLoc, To = A.Loop->getBeginLoc();
  if (From.isMacroID() || To.isMacroID() || !SM.isWrittenInSameFile(From, To) ||
      !SM.isBeforeInTranslationUnit(From, To))
    return "";
  // The raw lexer needs the buffer's terminating null: it lexes the file
  // from From and stops at To.
  const FileID File = SM.getFileID(From);
  const StringRef Buffer = SM.getBufferData(File);
  const unsigned Stop = SM.getFileOffset(To);
  Lexer Raw(SM.getLocForStartOfFile(File), Ctx.getLangOpts(), Buffer.begin(),
            SM.getCharacterData(From), Buffer.end());
  // Raw tokens: comments are skipped, a directive's continued lines are
  // one line, a directive starts with a `#` at the start of a line.
  std::string Kept;
  bool Keep = false;
  SourceLocation LineBegin, LastEnd;
  auto EndLine = [&] {
    if (Keep)
      Kept += Lexer::getSourceText(
                  CharSourceRange::getCharRange(LineBegin, LastEnd), SM,
                  Ctx.getLangOpts())
                  .str() +
              "\n";
    Keep = false;
  };
  Token T;
  auto Next = [&] {
    Raw.LexFromRawLexer(T);
    if (T.isNot(tok::eof) && SM.getFileOffset(T.getLocation()) >= Stop)
      T.setKind(tok::eof);
  };
  Next();
  while (T.isNot(tok::eof)) {
    if (T.isAtStartOfLine()) {
      EndLine();
      if (T.is(tok::hash)) {
        LineBegin = T.getLocation();
        LastEnd = T.getEndLoc();
        Next();
        if (T.is(tok::eof) || T.isAtStartOfLine())
          continue; // a null directive (`#` alone) does nothing
        Keep =
            !(T.is(tok::raw_identifier) && T.getRawIdentifier() == "pragma");
      }
    }
    LastEnd = T.getEndLoc();
    Next();
  }
  EndLine();
  return Kept;
}

void Emitter::emit(const std::vector<LoopModel> &Loops,
                   const std::vector<const Annotation *> &Sequential,
                   const MainFunction &Main) {
  const SourceManager &SM = Ctx.getSourceManager();
  R.InsertTextBefore(SM.getLocForStartOfFile(SM.getMainFileID()),
                     "#include \"dlb/dlb.h\" // dlbcc: the runtime\n");
  writeArrayParameters(Ctx, R);
  llvm::MapVector<const FunctionDecl *, std::string> Kernels;
  unsigned Id = 0;
  for (const LoopModel &M : Loops) {
    Kernels[M.Function] += kernel(M, Id);
    replace(replacedRange(M),
            (M.Pipeline ? "" : directivesAfterPragma(*M.Ann)) +
                callSite(M, Id));
    ++Id;
  }
  for (auto &[F, Text] : Kernels)
    R.InsertTextAfter(startOfLine(F->getOuterLocStart()), Text);
  // Arrays kept on the ranks during a region come back when it ends.
  llvm::SetVector<const Stmt *> Regions;
  for (const LoopModel &M : Loops)
    if (M.Region)
      Regions.insert(M.Region);
  // Rows of kept arrays that the region's own code uses come back first.
  for (const LoopModel &M : Loops)
    for (const RowFetch &F : M.Fetches) {
      SourceLocation Before = SM.getExpansionLoc(F.Before->getBeginLoc());
      std::string Indent(SM.getExpansionColumnNumber(Before) - 1, ' ');
      const std::string Row = F.Row ? expansionText(F.Row, Ctx) : "";
      const std::string Rows =
          F.Row ? Row + ", (" + Row + ") + 1"
                : std::to_string(F.Lo) + ", " + std::to_string(F.Hi);
      R.InsertTextBefore(Before, "dlb::fetchRows(" +
                                     F.Array->getName().str() + ", " + Rows +
                                     "); // dlbcc: the rows this code uses\n" +
                                     Indent);
    }
  for (const Stmt *T : Regions) {
    // Above the pragma lines of T, if any (they stay attached to T).
    SourceLocation Begin = scopeBegin(T, SM);
    bool AtLine = Begin != T->getBeginLoc();
    std::string Indent(SM.getExpansionColumnNumber(T->getBeginLoc()) - 1,
                       ' ');
    R.InsertTextBefore(Begin, (AtLine ? Indent : "") +
                                  "{ // dlbcc: arrays stay on the ranks "
                                  "during this loop\n" +
                                  Indent +
                                  "dlb::ResidentScope dlbcc_resident;\n" +
                                  (AtLine ? "" : Indent));
    R.InsertTextAfter(endOfStatement(T), " }");
  }
  for (const Annotation *A : Sequential) {
    SourceLocation EndOfLine = startOfLine(A->Loop->getForLoc());
    std::string Kept = directivesAfterPragma(*A);
    if (!Kept.empty())
      Kept = "\n" + Kept.substr(0, Kept.size() - 1);
    replace(CharSourceRange::getCharRange(SM.getExpansionLoc(A->HashLoc),
                                          EndOfLine.getLocWithOffset(-1)),
            "// dlbcc: doacross loop, run sequentially" + Kept);
  }
  // A C program's names link as C; closed before the new main, which is
  // C++ (the runtime's).
  writeCLinkage(Ctx, R);
  emitMain(Main);
  if (OpenMP)
    leaveOutOpenMP(Loops);
}

void Emitter::leaveOutOpenMP(const std::vector<LoopModel> &Loops) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Replaced = [&](SourceLocation L) {
    const unsigned At = SM.getFileOffset(L);
    return llvm::any_of(Loops, [&](const LoopModel &M) {
      const CharSourceRange R = replacedRange(M);
      return SM.getFileOffset(R.getBegin()) <= At &&
             At < SM.getFileOffset(R.getEnd());
    });
  };
  // A continued line stays in the comment; those inside a replaced loop
  // are commented in its kernel (body()).
  for (SourceRange Line : OpenMP->Lines)
    if (!Replaced(Line.getBegin()))
      R.InsertTextBefore(Line.getBegin(), OmpComment);
  for (CharSourceRange Include : OpenMP->Includes)
    replace(Include, "<dlb/openmp/omp.h>");
}

std::string Emitter::result() const {
  const RewriteBuffer *B =
      R.getRewriteBufferFor(Ctx.getSourceManager().getMainFileID());
  if (B)
    return std::string(B->begin(), B->end());
  return Ctx.getSourceManager()
      .getBufferData(Ctx.getSourceManager().getMainFileID())
      .str();
}

} // namespace dlbcc
