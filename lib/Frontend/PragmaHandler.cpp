//===- PragmaHandler.cpp - Parse `#pragma dlb` and inject its marker ------===//
//
// Owns the grammar of the annotation language (docs/annotations.md):
//
//   #pragma dlb (doall | doacross) clause*
//   clause := distribute '(' [(block|cyclic) ':'] names ')'
//           | whole '(' names ')'
//           | shape '(' name ('[' expr ']')+ (',' name ('[' expr ']')+)* ')'
//           | reduction '(' ('+' | '*' | min | max) ':' names ')'
//           | cost '(' expr ')' | schedule '(' bitonic ')'
//           | strategy '(' (auto|static|gcdlb|gddlb|lcdlb|lddlb) ')'
//
// Clauses may be separated by commas or blanks.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Frontend/PragmaHandler.h"
#include "dlbcc/Support/Diagnostics.h"
#include "dlbcc/Support/RawLines.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Scope.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace dlbcc {
namespace {

/// Recursive-descent parser over the tokens of one pragma line. Stops at the
/// first error, which it reports at the offending token.
class ClauseParser {
public:
  ClauseParser(Preprocessor &PP, ArrayRef<Token> Toks, Annotation &A,
               std::vector<MarkerSlot> &Slots,
               std::vector<std::vector<Token>> &Items)
      : PP(PP), Toks(Toks), A(A), Slots(Slots), Items(Items) {}

  bool parse();

private:
  const Token &peek() const { return Toks[Pos]; }
  bool atEnd() const { return peek().is(tok::eod); }
  const Token &next() { return Toks[Pos < Toks.size() - 1 ? Pos++ : Pos]; }
  bool fail(SourceLocation Loc, Diag D) {
    report(PP.getDiagnostics(), Loc, D);
    return false;
  }
  bool fail(SourceLocation Loc, Diag D, StringRef Arg) {
    report(PP.getDiagnostics(), Loc, D) << Arg;
    return false;
  }
  bool expect(tok::TokenKind K, Diag D) {
    if (!peek().is(K))
      return fail(peek().getLocation(), D);
    next();
    return true;
  }
  bool parseNames(SmallVectorImpl<NamedVar> &Out, MarkerSlot::KindTy Kind);
  bool parseName(NamedVar &Out);
  bool parseBalanced(tok::TokenKind Close, std::vector<Token> &Out);
  bool checkRepeated(const NamedVar &V);
  bool checkRepeatedShape(const ShapeSpec &S);
  bool parseDistribute();
  bool parseShape();
  bool parseReduction();
  bool parseCost();
  bool parseKeywordArg(StringRef Clause, bool &Seen, SourceLocation ClauseLoc);

  Preprocessor &PP;
  ArrayRef<Token> Toks;
  size_t Pos = 0;
  Annotation &A;
  std::vector<MarkerSlot> &Slots;
  std::vector<std::vector<Token>> &Items;
  bool SeenCost = false, SeenSchedule = false, SeenStrategy = false;
  SourceLocation ScheduleLoc;
};

bool ClauseParser::parseName(NamedVar &Out) {
  if (!peek().is(tok::identifier))
    return fail(peek().getLocation(), Diag::PragmaExpectedIdentifier);
  Out.Name = peek().getIdentifierInfo()->getName().str();
  Out.Loc = peek().getLocation();
  Items.push_back({peek()});
  next();
  return true;
}

bool ClauseParser::checkRepeated(const NamedVar &V) {
  auto Same = [&](const NamedVar &O) { return O.Name == V.Name; };
  bool Seen = llvm::any_of(A.Distributed, Same) || llvm::any_of(A.Whole, Same);
  for (const ReductionSpec &R : A.Reductions)
    Seen |= Same(R.Var);
  if (Seen)
    return fail(V.Loc, Diag::PragmaRepeatedArray, V.Name);
  return true;
}

bool ClauseParser::checkRepeatedShape(const ShapeSpec &S) {
  for (const ShapeSpec &O : A.Shapes)
    if (O.Array.Name == S.Array.Name)
      return fail(S.Array.Loc, Diag::PragmaRepeatedArray, S.Array.Name);
  return true;
}

bool ClauseParser::parseNames(SmallVectorImpl<NamedVar> &Out,
                              MarkerSlot::KindTy Kind) {
  do {
    NamedVar V;
    if (!parseName(V) || !checkRepeated(V))
      return false;
    Slots.push_back({Kind, static_cast<unsigned>(Out.size()), 0});
    Out.push_back(V);
  } while (peek().is(tok::comma) && (next(), true));
  return expect(tok::r_paren, Diag::PragmaExpectedRParen);
}

bool ClauseParser::parseBalanced(tok::TokenKind Close, std::vector<Token> &Out) {
  unsigned Depth = 0;
  while (!atEnd()) {
    const Token &T = peek();
    if (Depth == 0 && (T.is(Close) || (Close == tok::r_paren && T.is(tok::comma))))
      break;
    if (T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      ++Depth;
    else if (T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace)) {
      if (Depth == 0)
        break;
      --Depth;
    }
    Out.push_back(T);
    next();
  }
  if (Out.empty())
    return fail(peek().getLocation(), Diag::PragmaExpectedExpression);
  return true;
}

bool ClauseParser::parseDistribute() {
  // Optional "block:" / "cyclic:" prefix.
  if (peek().is(tok::identifier) && Pos + 1 < Toks.size() &&
      Toks[Pos + 1].is(tok::colon)) {
    StringRef Word = peek().getIdentifierInfo()->getName();
    SourceLocation Loc = peek().getLocation();
    std::optional<DistKind> K = llvm::StringSwitch<std::optional<DistKind>>(Word)
                                    .Case("block", DistKind::Block)
                                    .Case("cyclic", DistKind::Cyclic)
                                    .Default(std::nullopt);
    if (!K)
      return fail(Loc, Diag::PragmaUnknownDistKind, Word);
    if (A.DistGiven && A.Dist != *K)
      return fail(Loc, Diag::PragmaConflictingDistKind);
    A.Dist = *K;
    A.DistGiven = true;
    next();
    next();
  }
  return parseNames(A.Distributed, MarkerSlot::Distributed);
}

bool ClauseParser::parseShape() {
  do {
    ShapeSpec S;
    if (!parseName(S.Array) || !checkRepeatedShape(S))
      return false;
    unsigned ShapeIndex = A.Shapes.size();
    Slots.push_back({MarkerSlot::ShapeArray, ShapeIndex, 0});
    if (!peek().is(tok::l_square))
      return fail(peek().getLocation(), Diag::PragmaShapeExpectedExtent,
                  S.Array.Name);
    while (peek().is(tok::l_square)) {
      next();
      S.ExtentLocs.push_back(peek().getLocation());
      std::vector<Token> Extent;
      if (!parseBalanced(tok::r_square, Extent) ||
          !expect(tok::r_square, Diag::PragmaExpectedExpression))
        return false;
      Slots.push_back({MarkerSlot::ShapeExtent, ShapeIndex,
                       static_cast<unsigned>(S.Extents.size())});
      S.Extents.push_back(nullptr);
      Items.push_back(std::move(Extent));
    }
    A.Shapes.push_back(std::move(S));
  } while (peek().is(tok::comma) && (next(), true));
  return expect(tok::r_paren, Diag::PragmaExpectedRParen);
}

bool ClauseParser::parseReduction() {
  std::optional<dlb::ReduceOp> Op;
  const Token &T = peek();
  if (T.is(tok::plus))
    Op = dlb::ReduceOp::Sum;
  else if (T.is(tok::star))
    Op = dlb::ReduceOp::Prod;
  else if (T.is(tok::identifier))
    Op = llvm::StringSwitch<std::optional<dlb::ReduceOp>>(
             T.getIdentifierInfo()->getName())
             .Case("min", dlb::ReduceOp::Min)
             .Case("max", dlb::ReduceOp::Max)
             .Default(std::nullopt);
  if (!Op)
    return fail(T.getLocation(), Diag::PragmaUnknownReductionOp);
  next();
  if (!expect(tok::colon, Diag::PragmaUnknownReductionOp))
    return false;
  SmallVector<NamedVar, 4> Vars;
  do {
    NamedVar V;
    if (!parseName(V) || !checkRepeated(V))
      return false;
    for (const NamedVar &O : Vars)
      if (O.Name == V.Name)
        return fail(V.Loc, Diag::PragmaRepeatedArray, V.Name);
    Slots.push_back({MarkerSlot::Reduction,
                     static_cast<unsigned>(A.Reductions.size() + Vars.size()),
                     0});
    Vars.push_back(V);
  } while (peek().is(tok::comma) && (next(), true));
  for (NamedVar &V : Vars)
    A.Reductions.push_back({*Op, std::move(V)});
  return expect(tok::r_paren, Diag::PragmaExpectedRParen);
}

bool ClauseParser::parseCost() {
  A.CostLoc = peek().getLocation();
  std::vector<Token> Expr;
  if (!parseBalanced(tok::r_paren, Expr))
    return false;
  if (!peek().is(tok::r_paren))
    return fail(peek().getLocation(), Diag::PragmaExpectedRParen);
  next();
  Slots.push_back({MarkerSlot::Cost, 0, 0});
  Items.push_back(std::move(Expr));
  return true;
}

/// schedule(bitonic) and strategy(name): one keyword argument.
bool ClauseParser::parseKeywordArg(StringRef Clause, bool &Seen,
                                   SourceLocation ClauseLoc) {
  if (Seen)
    return fail(ClauseLoc, Diag::PragmaRepeatedClause, Clause);
  Seen = true;
  if (!peek().is(tok::identifier) && !peek().is(tok::kw_static) &&
      !peek().is(tok::kw_auto))
    return fail(peek().getLocation(), Diag::PragmaExpectedIdentifier);
  StringRef Word = peek().is(tok::identifier)
                       ? peek().getIdentifierInfo()->getName()
                       : tok::getKeywordSpelling(peek().getKind());
  SourceLocation Loc = peek().getLocation();
  next();
  if (Clause == "schedule") {
    if (Word != "bitonic")
      return fail(Loc, Diag::PragmaUnknownSchedule, Word);
    A.Schedule = ScheduleKind::Bitonic;
    ScheduleLoc = ClauseLoc;
  } else {
    std::optional<StrategyKind> K =
        llvm::StringSwitch<std::optional<StrategyKind>>(Word)
#define DLB_STRATEGY(Id, Name, Local, Centralized, Modeled, Chunks, Description)      \
  .Case(Name, StrategyKind::Id)
#include "dlb/Strategies.def"
            .Default(std::nullopt);
    if (!K)
      return fail(Loc, Diag::PragmaUnknownStrategy, Word);
    A.Strategy = *K;
  }
  return expect(tok::r_paren, Diag::PragmaExpectedRParen);
}

bool ClauseParser::parse() {
  if (atEnd())
    return fail(peek().getLocation(), Diag::PragmaExpectedDirective);
  const Token &Dir = next();
  StringRef DirName =
      Dir.is(tok::identifier) ? Dir.getIdentifierInfo()->getName() : "";
  A.DirectiveLoc = Dir.getLocation();
  if (DirName == "doall")
    A.Kind = LoopKind::DoAll;
  else if (DirName == "doacross")
    A.Kind = LoopKind::DoAcross;
  else
    return fail(Dir.getLocation(), Diag::PragmaUnknownDirective,
                PP.getSpelling(Dir));

  while (!atEnd()) {
    if (peek().is(tok::comma)) {
      next();
      continue;
    }
    if (!peek().is(tok::identifier))
      return fail(peek().getLocation(), Diag::PragmaUnknownClause,
                  PP.getSpelling(peek()));
    StringRef Clause = peek().getIdentifierInfo()->getName();
    SourceLocation ClauseLoc = peek().getLocation();
    bool Known = llvm::is_contained(
        {"distribute", "whole", "shape", "reduction", "cost", "schedule",
         "strategy"},
        Clause);
    if (!Known)
      return fail(ClauseLoc, Diag::PragmaUnknownClause, Clause);
    next();
    if (!expect(tok::l_paren, Diag::PragmaExpectedLParen))
      return false;
    bool Ok;
    if (Clause == "distribute")
      Ok = parseDistribute();
    else if (Clause == "whole")
      Ok = parseNames(A.Whole, MarkerSlot::Whole);
    else if (Clause == "shape")
      Ok = parseShape();
    else if (Clause == "reduction")
      Ok = parseReduction();
    else if (Clause == "cost")
      Ok = SeenCost ? fail(ClauseLoc, Diag::PragmaRepeatedClause, Clause)
                    : (SeenCost = true, parseCost());
    else if (Clause == "schedule")
      Ok = parseKeywordArg(Clause, SeenSchedule, ClauseLoc);
    else
      Ok = parseKeywordArg(Clause, SeenStrategy, ClauseLoc);
    if (!Ok)
      return false;
  }
  // A pipeline's stages are contiguous blocks of the distributed loop.
  if (A.Kind == LoopKind::DoAcross && A.Schedule == ScheduleKind::Bitonic)
    return fail(ScheduleLoc, Diag::PragmaBitonicDoAcross);
  return true;
}

/// The name of the index of the `for` loop that follows the pragma, found by
/// raw-lexing the text after it (`for ( type... name =`); empty if the text
/// does not look like a loop that declares its index.
std::string followingLoopIndex(Preprocessor &PP, SourceLocation After) {
  const SourceManager &SM = PP.getSourceManager();
  // Directive lines between the pragma and its loop (`#endif` of a pragma
  // under `#ifdef`, another pragma) are skipped.
  SourceLocation Start = afterDirectiveLines(SM, PP.getLangOpts(), After);
  if (Start.isInvalid())
    return "";
  std::pair<FileID, unsigned> Pos = SM.getDecomposedLoc(Start);
  StringRef Buffer = SM.getBufferData(Pos.first);
  Lexer Raw(SM.getLocForStartOfFile(Pos.first), PP.getLangOpts(),
            Buffer.begin(), Buffer.begin() + Pos.second, Buffer.end());
  Token T, Prev;
  Raw.LexFromRawLexer(T);
  if (!T.is(tok::raw_identifier) || T.getRawIdentifier() != "for")
    return "";
  Raw.LexFromRawLexer(T);
  if (!T.is(tok::l_paren))
    return "";
  for (unsigned I = 0; I < 16; ++I) {
    Prev = T;
    Raw.LexFromRawLexer(T);
    if (T.isOneOf(tok::semi, tok::eof, tok::r_paren))
      return "";
    if (T.is(tok::equal) || T.is(tok::l_brace))
      return Prev.is(tok::raw_identifier) ? Prev.getRawIdentifier().str() : "";
  }
  return "";
}

Token makeToken(Preprocessor &PP, tok::TokenKind K, SourceLocation Loc,
                StringRef Identifier = "") {
  Token T;
  T.startToken();
  T.setKind(K);
  T.setLocation(Loc);
  T.setLength(0);
  if (!Identifier.empty())
    T.setIdentifierInfo(PP.getIdentifierInfo(Identifier));
  return T;
}

/// The tokens of the marker statement that stands for a pragma whose
/// clause items are \p Items, their kinds \p Slots, every token at \p L
/// (the directive); the cost lambda takes the loop index \p Index.
std::vector<Token> markerTokens(Preprocessor &PP, SourceLocation L,
                                const std::vector<MarkerSlot> &Slots,
                                const std::vector<std::vector<Token>> &Items,
                                StringRef Index) {
  std::vector<Token> Marker;
  auto Add = [&](tok::TokenKind K, StringRef Id = "") {
    Marker.push_back(makeToken(PP, K, L, Id));
  };
  auto VoidCast = [&] {
    Add(tok::l_paren);
    Add(tok::kw_void, "void");
    Add(tok::r_paren);
  };
  if (Items.empty()) {
    VoidCast();
    Add(tok::numeric_constant);
    Marker.back().setLiteralData("0");
    Marker.back().setLength(1);
  }
  for (size_t I = 0; I < Items.size(); ++I) {
    if (I)
      Add(tok::comma);
    VoidCast();
    bool IsCost = Slots[I].Kind == MarkerSlot::Cost;
    if (IsCost) {
      Add(tok::l_square);
      Add(tok::amp);
      Add(tok::r_square);
      Add(tok::l_paren);
      if (!Index.empty()) {
        Add(tok::kw_long, "long");
        Add(tok::kw_long, "long");
        Add(tok::identifier, Index);
      }
      Add(tok::r_paren);
      Add(tok::l_brace);
      Add(tok::kw_return, "return");
    }
    Add(tok::l_paren);
    Marker.insert(Marker.end(), Items[I].begin(), Items[I].end());
    Add(tok::r_paren);
    if (IsCost) {
      Add(tok::semi);
      Add(tok::r_brace);
    }
  }
  Add(tok::semi);
  return Marker;
}

} // namespace

DlbPragmaHandler::DlbPragmaHandler(AnnotationSet &Set)
    : PragmaHandler("dlb"), Set(Set) {}

void DlbPragmaHandler::HandlePragma(Preprocessor &PP,
                                    PragmaIntroducer Introducer,
                                    Token &FirstToken) {
  std::vector<Token> Toks;
  Token T;
  do {
    PP.Lex(T);
    Toks.push_back(T);
  } while (!T.is(tok::eod) && !T.is(tok::eof));
  SourceLocation EndOfLine = T.getLocation();

  Annotation A;
  A.HashLoc = Introducer.Loc;
  A.DirectiveLoc = FirstToken.getLocation();
  A.EndLoc = EndOfLine;
  std::vector<MarkerSlot> Slots;
  std::vector<std::vector<Token>> Items;
  ClauseParser Parser(PP, Toks, A, Slots, Items);
  if (!Parser.parse()) {
    ++Set.PragmaErrors;
    return;
  }

  // Bodies of member functions defined in their class are lexed with the
  // class and parsed later: the scope then is the class.
  const Scope *S = Sema ? Sema->getCurScope() : nullptr;
  bool InFunction = S && S->getFnParent();
  bool InClass = !InFunction && S && S->isClassScope();
  if (InClass || !InFunction ||
      !PP.getSourceManager().isInMainFile(
          PP.getSourceManager().getExpansionLoc(A.HashLoc))) {
    report(PP.getDiagnostics(), A.DirectiveLoc,
           InClass ? Diag::LoopInMethod : Diag::PragmaNotInFunction);
    ++Set.PragmaErrors;
    return;
  }

  // The marker: (void)(item), ... ; with cost as the body of a lambda that
  // takes the loop index. Its first token carries the directive's location.
  std::string Index = followingLoopIndex(PP, EndOfLine);
  std::vector<Token> Marker =
      markerTokens(PP, A.DirectiveLoc, Slots, Items, Index);
  // Keep the lambda parameter's location on the pragma too.
  auto Tokens = std::make_unique<Token[]>(Marker.size());
  std::copy(Marker.begin(), Marker.end(), Tokens.get());
  PP.EnterTokenStream(std::move(Tokens), Marker.size(),
                      /*DisableMacroExpansion=*/true, /*IsReinject=*/false);
  Set.Annotations.push_back(std::move(A));
  Set.Slots.push_back(std::move(Slots));
}

} // namespace dlbcc
