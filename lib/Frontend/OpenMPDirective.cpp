//===- OpenMPDirective.cpp - Read a `#pragma omp` line
//---------------------===//
//
// Owns the reading of one OpenMP pragma line into an OpenMPDirective
// (dlbcc/Frontend/OpenMP.h): its directive words, what dlbcc makes of
// them, and its clauses with their raw argument tokens;
// and the recorder of where the pragma lines are.
//
//   #pragma omp word+ ['(' args ')'] (clause [',']) *
//   clause := name ['(' args ')']
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Frontend/OpenMP.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace dlbcc {
namespace {

/// The words that make up directive names (OpenMP 5.2); the first word
/// that is not one starts the clauses.
bool isDirectiveWord(StringRef W) {
  // Not the words that are also clause names (reduction, allocate,
  // update, ...): a directive they start is ignored all the same.
  return llvm::is_contained(
      {"parallel",      "for",          "simd",      "loop",
       "taskloop",      "sections",     "section",   "single",
       "master",        "masked",       "critical",  "atomic",
       "barrier",       "taskwait",     "taskyield", "task",
       "taskgroup",     "flush",        "ordered",   "threadprivate",
       "declare",       "target",       "teams",     "distribute",
       "cancel",        "cancellation", "scope",     "requires",
       "depobj",        "scan",         "tile",      "unroll",
       "metadirective", "error",        "nothing",   "assume",
       "dispatch",      "interop"},
      W);
}

/// What dlbcc makes of the directive named by \p Words.
OmpKind kindOf(ArrayRef<StringRef> Words) {
  auto Has = [&](StringRef W) { return llvm::is_contained(Words, W); };
  const StringRef First = Words.front();
  if (First == "declare")
    return Words.size() > 1 && Words[1] == "simd" ? OmpKind::Vector
                                                  : OmpKind::Ignored;
  if (Has("target") || Has("teams") || Has("distribute") || Has("cancel") ||
      Has("cancellation"))
    return OmpKind::Ignored;
  if (Has("for") || Has("loop") || Has("taskloop"))
    return OmpKind::Loop;
  if (First == "parallel" && Words.size() == 1)
    return OmpKind::Region;
  if (First == "parallel" && Has("sections"))
    return OmpKind::Region; // each section runs once, in order
  return llvm::StringSwitch<OmpKind>(First)
      .Case("simd", OmpKind::Vector)
      .Case("atomic", OmpKind::Atomic)
      .Case("critical", OmpKind::Critical)
      .Cases("single", "master", "masked", "sections", "section", OmpKind::Once)
      .Cases("barrier", "taskwait", "taskyield", "flush", "taskgroup",
             OmpKind::Sync)
      .Case("ordered", OmpKind::Sync)
      .Case("task", OmpKind::Task)
      .Case("threadprivate", OmpKind::ThreadPrivate)
      .Default(OmpKind::Ignored);
}

/// Raw tokens of one directive line (its continued lines included).
class LineReader {
public:
  LineReader(const SourceManager &SM, const LangOptions &LO, SourceLocation L)
      : SM(SM) {
    std::pair<FileID, unsigned> Pos = SM.getDecomposedLoc(L);
    StringRef Buffer = SM.getBufferData(Pos.first);
    Raw = std::make_unique<Lexer>(SM.getLocForStartOfFile(Pos.first), LO,
                                  Buffer.begin(), Buffer.begin() + Pos.second,
                                  Buffer.end());
    Raw->LexFromRawLexer(Tok);
    Last = Tok;
  }
  const Token &peek() const { return Tok; }
  bool atEnd() const {
    return Tok.is(tok::eof) || (Tok.isAtStartOfLine() && Started);
  }
  Token next() {
    Token T = Tok;
    Last = Tok;
    Started = true;
    Raw->LexFromRawLexer(Tok);
    return T;
  }
  bool isWord(StringRef W) const {
    return !atEnd() && Tok.is(tok::raw_identifier) &&
           Tok.getRawIdentifier() == W;
  }
  /// The tokens up to the `)` that closes the `(` just read.
  std::vector<Token> balanced() {
    std::vector<Token> Out;
    unsigned Depth = 0;
    while (!atEnd()) {
      if (Tok.is(tok::r_paren) && Depth == 0) {
        next();
        break;
      }
      if (Tok.is(tok::l_paren))
        ++Depth;
      else if (Tok.is(tok::r_paren))
        --Depth;
      Out.push_back(next());
    }
    return Out;
  }
  SourceLocation lastEnd() const { return Last.getEndLoc(); }

private:
  const SourceManager &SM;
  std::unique_ptr<Lexer> Raw;
  Token Tok, Last;
  bool Started = false;
};

} // namespace

const OmpClause *OmpDirective::clause(StringRef N) const {
  for (const OmpClause &C : Clauses)
    if (C.Name == N)
      return &C;
  return nullptr;
}

OmpDirective readOmpDirective(const SourceManager &SM, const LangOptions &LO,
                              SourceLocation Hash) {
  OmpDirective D;
  D.HashLoc = Hash;
  LineReader R(SM, LO, Hash);
  R.next(); // #
  R.next(); // pragma
  R.next(); // omp
  D.NameLoc = R.peek().getLocation();
  SmallVector<StringRef, 4> Words;
  while (!R.atEnd() && R.peek().is(tok::raw_identifier) &&
         isDirectiveWord(R.peek().getRawIdentifier()))
    Words.push_back(R.next().getRawIdentifier());
  if (Words.empty()) {
    D.Name = R.atEnd() || !R.peek().is(tok::raw_identifier)
                 ? ""
                 : R.peek().getRawIdentifier().str();
    D.Kind = OmpKind::Ignored;
    while (!R.atEnd())
      R.next();
    D.EndLoc = R.lastEnd();
    return D;
  }
  D.Name = llvm::join(Words, " ");
  D.Kind = kindOf(Words);
  // critical(name), flush(list), threadprivate(list): the directive's own
  // argument, kept as a clause named after it.
  if (!R.atEnd() && R.peek().is(tok::l_paren)) {
    OmpClause Arg{Words.back().str(), R.peek().getLocation(), {}};
    R.next();
    Arg.Args = R.balanced();
    D.Clauses.push_back(std::move(Arg));
  }
  while (!R.atEnd()) {
    if (R.peek().is(tok::comma) || !R.peek().is(tok::raw_identifier)) {
      R.next();
      continue;
    }
    OmpClause C{R.peek().getRawIdentifier().str(), R.peek().getLocation(), {}};
    R.next();
    if (!R.atEnd() && R.peek().is(tok::l_paren)) {
      R.next();
      C.Args = R.balanced();
    }
    D.Clauses.push_back(std::move(C));
  }
  D.EndLoc = R.lastEnd();
  return D;
}

void OmpPragmaRecorder::PragmaDirective(SourceLocation Loc,
                                        PragmaIntroducerKind Introducer) {
  if (Introducer != PIK_HashPragma || !SM.isInMainFile(Loc))
    return;
  // `#pragma omp`: the word after `pragma`.
  std::pair<FileID, unsigned> Pos = SM.getDecomposedLoc(Loc);
  StringRef Text = SM.getBufferData(Pos.first).substr(Pos.second);
  Text = Text.drop_front().ltrim(" \t");
  if (!Text.consume_front("pragma"))
    return;
  Text = Text.ltrim(" \t");
  if (Text.consume_front("omp") &&
      (Text.empty() || !isalnum(static_cast<unsigned char>(Text[0]))))
    Source.Pragmas.push_back(Loc);
}

void OmpPragmaRecorder::InclusionDirective(
    SourceLocation HashLoc, const Token &, StringRef FileName, bool IsAngled,
    CharSourceRange FilenameRange, OptionalFileEntryRef, StringRef, StringRef,
    const Module *, bool, SrcMgr::CharacteristicKind) {
  if (IsAngled && FileName == "omp.h" && SM.isInMainFile(HashLoc))
    Source.Includes.push_back(FilenameRange);
}

} // namespace dlbcc
