//===- CSource.cpp - A C source as the C++ it becomes ---------------------===//
//
// Reads a C source with Clang as C and writes out, in its text, what C
// converts implicitly and C++ does not, and rewrites what C allows and C++
// does not: old-style definitions, `register`, names C++ reserves
// (dlbcc/Frontend/CSource.h).
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Frontend/CSource.h"

#include "dlbcc/Support/Diagnostics.h"
#include "dlbcc/Support/Text.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

#include <memory>

namespace dlbcc {
namespace {
using namespace clang;

/// Whether C's implicit conversion E is not C++'s: from void * to another
/// object pointer (malloc's result), to an enumeration from an integer or
/// from another enumeration (errors in C++), or from a string literal to
/// char * (const char * in C++, a warning).
bool convertsOnlyInC(ASTContext &Ctx, const ImplicitCastExpr *E) {
  const QualType To = E->getType();
  const Expr *Sub = E->getSubExpr()->IgnoreParens();
  const QualType From = Sub->getType();
  if (E->getCastKind() == CK_ArrayToPointerDecay) {
    if (!isa<StringLiteral>(Sub))
      return false;
    // Decayed to char * in C, then made const char * where that is wanted
    // (a printf format): C++ reads the literal so at once.
    for (const DynTypedNode &Parent : Ctx.getParents(*E))
      if (const auto *Then = Parent.get<ImplicitCastExpr>())
        if (Then->getType()->isPointerType() &&
            Then->getType()->getPointeeType().isConstQualified())
          return false;
    return true;
  }
  if (E->getCastKind() == CK_BitCast)
    return From->isVoidPointerType() && To->isPointerType() &&
           !To->isVoidPointerType() && !To->isFunctionPointerType();
  if (E->getCastKind() != CK_IntegralCast || !To->isEnumeralType())
    return false;
  // An enumerator has type int in C, its enumeration's type in C++: one of
  // the same enumeration converts in both.
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Sub))
    if (const auto *Constant = dyn_cast<EnumConstantDecl>(Ref->getDecl()))
      return Constant->getDeclContext() != To->castAs<EnumType>()->getDecl();
  return true;
}

/// Writes the casts of the main file's conversions that only C makes.
class CastWriter : public RecursiveASTVisitor<CastWriter> {
public:
  CastWriter(ASTContext &Ctx, Rewriter &R) : Ctx(Ctx), R(R) {}

  bool VisitImplicitCastExpr(ImplicitCastExpr *E) {
    if (!convertsOnlyInC(Ctx, E))
      return true;
    const SourceManager &SM = Ctx.getSourceManager();
    // Where the converted expression is a whole in the file (a macro's
    // argument or use, not a piece of its body): elsewhere the C++ reading
    // reports the conversion at its line.
    const CharSourceRange Range = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(E->getSubExpr()->getSourceRange()), SM,
        Ctx.getLangOpts());
    if (Range.isInvalid() || !SM.isInMainFile(Range.getBegin()))
      return true;
    PrintingPolicy Policy(Ctx.getLangOpts());
    Policy.Bool = true;
    // An outer conversion's parentheses around an inner one's: opening
    // ones after those already at the place, closing ones before.
    R.InsertTextAfter(Range.getBegin(),
                      "(" + E->getType().getAsString(Policy) + ")(");
    R.InsertTextBefore(Range.getEnd(), ")");
    return true;
  }

private:
  ASTContext &Ctx;
  Rewriter &R;
};

/// Whether \p V is a variable of the main file whose variably modified
/// type C++ cannot spell: a pointer to rows of a length known only at run
/// time (`double (*a)[n]`, a parameter `double a[n][m]`). A variable-length
/// array itself (`double a[n]`, `double b[n][m]`) is C++ to GNU compilers.
bool variablyModified(ASTContext &Ctx, const VarDecl *V) {
  const QualType T = V->getType().getCanonicalType();
  const SourceManager &SM = Ctx.getSourceManager();
  return T->isVariablyModifiedType() && !isa<VariableArrayType>(T) &&
         SM.isInMainFile(SM.getExpansionLoc(V->getLocation()));
}

/// Whether such a variable is declared alone with an initializer, which
/// `auto` declares in GNU C++ (Clang's C++ rejects `double (*u)[n] = e`).
bool declaredByAuto(ASTContext &Ctx, const VarDecl *V) {
  if (isa<ParmVarDecl>(V) || !V->hasLocalStorage() || !V->getInit() ||
      !V->getType()->isPointerType() || V->getLocation().isMacroID() ||
      V->getBeginLoc().isMacroID() || V->getInit()->getBeginLoc().isMacroID())
    return false;
  for (const DynTypedNode &Parent : Ctx.getParents(*V))
    if (const auto *S = Parent.get<DeclStmt>())
      return S->isSingleDecl();
  return false;
}

/// Declares the main file's pointers to rows of run-time length that are
/// initialized where declared with `auto`: `double (*u)[n2][n1] =
/// (double (*)[n2][n1])p` becomes `auto u = (double (*)[n2][n1])p`.
class AutoPointerWriter : public RecursiveASTVisitor<AutoPointerWriter> {
public:
  AutoPointerWriter(ASTContext &Ctx, Rewriter &R) : Ctx(Ctx), R(R) {}

  bool VisitVarDecl(VarDecl *V) {
    if (!variablyModified(Ctx, V) || !declaredByAuto(Ctx, V))
      return true;
    const SourceManager &SM = Ctx.getSourceManager();
    const SourceLocation NameEnd =
        Lexer::getLocForEndOfToken(V->getLocation(), 0, SM, Ctx.getLangOpts());
    // The text before the name, and between it and the initializer.
    auto Replace = [&](SourceLocation From, SourceLocation To, StringRef Text) {
      R.ReplaceText(From, SM.getFileOffset(To) - SM.getFileOffset(From), Text);
    };
    Replace(V->getBeginLoc(), V->getLocation(), "auto ");
    Replace(NameEnd, V->getInit()->getBeginLoc(), " = ");
    return true;
  }

private:
  ASTContext &Ctx;
  Rewriter &R;
};

/// Reports the other variables of variablyModified() type.
class VariablyModifiedFinder
    : public RecursiveASTVisitor<VariablyModifiedFinder> {
public:
  explicit VariablyModifiedFinder(ASTContext &Ctx) : Ctx(Ctx) {}

  bool VisitVarDecl(VarDecl *V) {
    if (!variablyModified(Ctx, V) || declaredByAuto(Ctx, V))
      return true;
    const QualType T = V->getType().getCanonicalType();
    QualType Elem = T->isPointerType() ? T->getPointeeType() : T;
    const Expr *Columns = nullptr;
    while (const ArrayType *A = Ctx.getAsArrayType(Elem)) {
      if (const auto *VLA = dyn_cast<VariableArrayType>(A); VLA && !Columns)
        Columns = VLA->getSizeExpr()->IgnoreParenImpCasts();
      Elem = A->getElementType();
    }
    std::string Length = "m";
    if (Columns)
      Length = isa<DeclRefExpr, IntegerLiteral>(Columns)
                   ? printed(Columns, Ctx)
                   : "(" + printed(Columns, Ctx) + ")";
    report(Ctx.getDiagnostics(), V->getLocation(), Diag::CVariablyModified)
        << V->getName() << V->getType() << Elem.getAsString() << Length;
    return true;
  }

private:
  ASTContext &Ctx;
};

/// C99's `restrict` is `__restrict` to C++ compilers; a directive's line
/// (a `#define restrict ...` of the user's) is left as it is.
void writeRestrict(const SourceManager &SM, const LangOptions &Lang,
                   Rewriter &R) {
  if (!Lang.C99)
    return;
  const FileID Main = SM.getMainFileID();
  Lexer Raw(Main, SM.getBufferOrFake(Main), SM, Lang);
  bool InDirective = false;
  Token T;
  for (;;) {
    Raw.LexFromRawLexer(T);
    if (T.is(tok::eof))
      break;
    if (T.isAtStartOfLine())
      InDirective = T.is(tok::hash);
    if (!InDirective && T.is(tok::raw_identifier) &&
        T.getRawIdentifier() == "restrict")
      R.ReplaceText(T.getLocation(), T.getLength(), "__restrict");
  }
}

/// Whether the raw token T starts an `#include` line (its file name lexes
/// as identifiers: `<new>`).
bool startsInclude(Lexer &Raw, const Token &Hash) {
  if (!Hash.is(tok::hash))
    return false;
  Token Next;
  Raw.LexFromRawLexer(Next);
  return Next.is(tok::raw_identifier) &&
         Next.getRawIdentifier().starts_with("include");
}

/// Renames the main file's identifiers that C++ reserves (a variable
/// `new`, a member `class`, `typedef int bool;`: each becomes `new_`, ...,
/// consistently, where the main file declares it) and drops `register`,
/// which C++17 removed (in C it only forbids taking the address).
class KeywordWriter : public RecursiveASTVisitor<KeywordWriter> {
public:
  KeywordWriter(ASTContext &Ctx, Rewriter &R)
      : Ctx(Ctx), R(R), CxxOpts(cxx17()), CxxWords(CxxOpts) {}

  bool VisitNamedDecl(NamedDecl *D) {
    const IdentifierInfo *II = D->getIdentifier();
    const SourceManager &SM = Ctx.getSourceManager();
    if (II && SM.isInMainFile(SM.getExpansionLoc(D->getLocation())) &&
        CxxWords.get(II->getName()).isKeyword(CxxOpts))
      Reserved.insert(II->getName());
    return true;
  }

  /// After the traversal: the new name of each reserved one.
  void chooseNames() {
    const SourceManager &SM = Ctx.getSourceManager();
    llvm::StringSet<> Spellings;
    forEachIdentifier(SM, SM.getMainFileID(), [&](const Token &T) {
      Spellings.insert(T.getRawIdentifier());
    });
    for (const auto &E : Reserved) {
      std::string N = E.getKey().str() + "_";
      while (Spellings.count(N))
        N += "_";
      NewName[E.getKey()] = N;
    }
  }
  /// \p Text (a name, a printed type) with the new names.
  std::string spelled(StringRef Text) const {
    std::string Out;
    while (!Text.empty()) {
      const size_t Begin =
          Text.find_if([](char C) { return isAsciiIdentifierStart(C); });
      Out += Text.take_front(Begin);
      Text = Text.drop_front(Begin);
      const StringRef Word =
          Text.take_while([](char C) { return isAsciiIdentifierContinue(C); });
      auto It = NewName.find(Word);
      Out += It == NewName.end() ? Word.str() : It->second;
      Text = Text.drop_front(Word.size());
    }
    return Out;
  }
  /// Renames, but inside \p Rewritten (ranges already replaced).
  void write(ArrayRef<CharSourceRange> Rewritten) {
    const SourceManager &SM = Ctx.getSourceManager();
    auto Inside = [&](SourceLocation L) {
      return llvm::any_of(Rewritten, [&](const CharSourceRange &C) {
        return !SM.isBeforeInTranslationUnit(L, C.getBegin()) &&
               SM.isBeforeInTranslationUnit(L, C.getEnd());
      });
    };
    forEachIdentifier(SM, SM.getMainFileID(), [&](const Token &T) {
      const StringRef W = T.getRawIdentifier();
      if (Inside(T.getLocation()))
        return;
      if (W == "register") {
        // With the blanks after it: `register int j;` -> `int j;`.
        const char *End = SM.getCharacterData(T.getEndLoc());
        unsigned Blanks = 0;
        while (End[Blanks] == ' ' || End[Blanks] == '\t')
          ++Blanks;
        R.RemoveText(T.getLocation(), T.getLength() + Blanks);
      } else if (auto It = NewName.find(W); It != NewName.end()) {
        R.ReplaceText(T.getLocation(), T.getLength(), It->second);
      }
    });
  }

private:
  /// Calls F on each identifier of the file, but those of `#include`s.
  template <typename Fn>
  void forEachIdentifier(const SourceManager &SM, FileID File, Fn F) {
    Lexer Raw(File, SM.getBufferOrFake(File), SM, Ctx.getLangOpts());
    Token T;
    bool InInclude = false;
    for (;;) {
      Raw.LexFromRawLexer(T);
      if (T.is(tok::eof))
        break;
      if (T.isAtStartOfLine()) {
        InInclude = startsInclude(Raw, T);
        if (T.is(tok::hash))
          continue; // the word after `#` was lexed by startsInclude
      }
      if (!InInclude && T.is(tok::raw_identifier))
        F(T);
    }
  }

  ASTContext &Ctx;
  Rewriter &R;
  static LangOptions cxx17() {
    LangOptions O;
    O.CPlusPlus = O.CPlusPlus11 = O.CPlusPlus14 = O.CPlusPlus17 = true;
    O.Bool = O.WChar = true;
    return O;
  }

  LangOptions CxxOpts;
  /// C++'s keywords.
  IdentifierTable CxxWords;
  llvm::StringSet<> Reserved;
  llvm::StringMap<std::string> NewName;
};

/// The parameters of \p F as a prototype spells them: `float *l1, int n`.
std::string prototypeParams(const FunctionDecl *F, const PrintingPolicy &P,
                            const KeywordWriter &Names) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  for (const ParmVarDecl *Parm : F->parameters()) {
    if (!Out.empty())
      OS << ", ";
    std::string Param;
    llvm::raw_string_ostream PS(Param);
    Parm->getType().print(PS, P, Parm->getName());
    OS << Names.spelled(Param);
  }
  return Out.empty() ? "void" : Out;
}

/// Writes old-style (K&R) definitions of the main file as prototypes, and
/// its declarations without parameters (`double f();`, which declares no
/// parameter in C++) with those of the function's definition. Lines keep
/// their numbers: a definition's parameter declarations become blank lines.
class PrototypeWriter : public RecursiveASTVisitor<PrototypeWriter> {
public:
  PrototypeWriter(ASTContext &Ctx, Rewriter &R, const KeywordWriter &Names)
      : Ctx(Ctx), R(R), Names(Names) {}

  bool VisitFunctionDecl(FunctionDecl *F) {
    const SourceManager &SM = Ctx.getSourceManager();
    const FunctionDecl *Def = F->getDefinition();
    const FunctionTypeLoc TL = F->getFunctionTypeLoc();
    if (F->hasWrittenPrototype() || !Def || Def->getNumParams() == 0 || !TL ||
        !SM.isInMainFile(TL.getLParenLoc()) ||
        !SM.isInMainFile(TL.getRParenLoc()) || TL.getLParenLoc().isMacroID())
      return true;
    PrintingPolicy Policy(Ctx.getLangOpts());
    Policy.Bool = true;
    const std::string Params = "(" + prototypeParams(Def, Policy, Names) + ")";
    const CharSourceRange Old =
        F != Def ? CharSourceRange::getCharRange(
                       TL.getLParenLoc(), TL.getRParenLoc().getLocWithOffset(1))
                 : CharSourceRange::getCharRange(TL.getLParenLoc(),
                                                 F->getBody()->getBeginLoc());
    Rewritten.push_back(Old);
    if (F != Def) {
      R.ReplaceText(Old, Params);
      return true;
    }
    const StringRef Text = Lexer::getSourceText(Old, SM, Ctx.getLangOpts());
    R.ReplaceText(Old,
                  Params + std::string(std::max<size_t>(Text.count('\n'), 1),
                                       Text.count('\n') ? '\n' : ' '));
    return true;
  }

  /// The ranges replaced, whose names are written already.
  std::vector<CharSourceRange> Rewritten;

private:
  ASTContext &Ctx;
  Rewriter &R;
  const KeywordWriter &Names;
};

/// Writes `int` where C89's implicit int leaves the type out (`f(x) {`,
/// `static n;`, `register i;`), which C++ does not allow.
class ImplicitIntWriter : public RecursiveASTVisitor<ImplicitIntWriter> {
public:
  ImplicitIntWriter(ASTContext &Ctx, Rewriter &R) : Ctx(Ctx), R(R) {}

  bool VisitDeclaratorDecl(DeclaratorDecl *D) {
    const SourceManager &SM = Ctx.getSourceManager();
    const TypeSourceInfo *TSI = D->getTypeSourceInfo();
    if (!TSI || isa<ParmVarDecl>(D) || D->getBeginLoc().isMacroID() ||
        !SM.isInMainFile(D->getBeginLoc()))
      return true;
    TypeLoc TL = TSI->getTypeLoc();
    if (auto F = TL.getAsAdjusted<FunctionTypeLoc>())
      TL = F.getReturnLoc();
    const auto B = TL.getAs<BuiltinTypeLoc>();
    // The type is `int` itself (no pointer): its name follows the
    // specifiers; the first of several declarators gets it.
    if (B && B.getBuiltinLoc().isInvalid() &&
        Written.insert(D->getBeginLoc()).second)
      R.InsertTextBefore(D->getLocation(), "int ");
    return true;
  }

private:
  ASTContext &Ctx;
  Rewriter &R;
  /// A declaration of several variables gets one `int`.
  llvm::DenseSet<SourceLocation> Written;
};

/// The header of a C library function that Clang does not know as a
/// builtin and old programs call undeclared.
const char *posixHeader(StringRef Name) {
  return llvm::StringSwitch<const char *>(Name)
      .Cases("open", "creat", "fcntl.h")
      .Cases("read", "write", "close", "lseek", "unistd.h")
      .Cases("sleep", "usleep", "getpid", "unistd.h")
      .Cases("atoi", "atol", "atof", "rand", "srand", "stdlib.h")
      .Case("gettimeofday", "sys/time.h")
      .Default(nullptr);
}

/// Reports the first call of each function that the main file calls
/// without a declaration (C89 declares `int read()` at the call; C++ has
/// no such rule), with its header where Clang knows it.
class ImplicitCallFinder : public RecursiveASTVisitor<ImplicitCallFinder> {
public:
  explicit ImplicitCallFinder(ASTContext &Ctx) : Ctx(Ctx) {}

  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *F = C->getDirectCallee();
    const SourceManager &SM = Ctx.getSourceManager();
    const SourceLocation At = SM.getExpansionLoc(C->getBeginLoc());
    if (!F || !F->isImplicit() || !SM.isInMainFile(At) ||
        !Reported.insert(F).second)
      return true;
    const char *Header = F->getBuiltinID()
                             ? Ctx.BuiltinInfo.getHeaderName(F->getBuiltinID())
                             : posixHeader(F->getName());
    report(Ctx.getDiagnostics(), At, Diag::CImplicitDeclaration)
        << F->getName()
        << (Header ? "<" + std::string(Header) + ">"
                   : std::string("the header that declares it"));
    return true;
  }

private:
  ASTContext &Ctx;
  llvm::DenseSet<const FunctionDecl *> Reported;
};

class Converter : public ASTConsumer {
public:
  explicit Converter(std::string &Out) : Out(Out) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    VariablyModifiedFinder(Ctx).TraverseDecl(Ctx.getTranslationUnitDecl());
    ImplicitCallFinder(Ctx).TraverseDecl(Ctx.getTranslationUnitDecl());
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    SourceManager &SM = Ctx.getSourceManager();
    Rewriter R(SM, Ctx.getLangOpts());
    CastWriter(Ctx, R).TraverseDecl(Ctx.getTranslationUnitDecl());
    AutoPointerWriter(Ctx, R).TraverseDecl(Ctx.getTranslationUnitDecl());
    writeRestrict(SM, Ctx.getLangOpts(), R);
    KeywordWriter Keywords(Ctx, R);
    Keywords.TraverseDecl(Ctx.getTranslationUnitDecl());
    Keywords.chooseNames();
    ImplicitIntWriter(Ctx, R).TraverseDecl(Ctx.getTranslationUnitDecl());
    PrototypeWriter Prototypes(Ctx, R, Keywords);
    Prototypes.TraverseDecl(Ctx.getTranslationUnitDecl());
    Keywords.write(Prototypes.Rewritten);
    const FileID Main = SM.getMainFileID();
    if (const RewriteBuffer *Buf = R.getRewriteBufferFor(Main))
      Out.assign(Buf->begin(), Buf->end());
    else
      Out = SM.getBufferData(Main).str();
  }

private:
  std::string &Out;
};

class ConvertAction : public ASTFrontendAction {
public:
  explicit ConvertAction(std::string &Out) : Out(Out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef) override {
    return std::make_unique<Converter>(Out);
  }

private:
  std::string &Out;
};

class ConvertFactory : public tooling::FrontendActionFactory {
public:
  explicit ConvertFactory(std::string &Out) : Out(Out) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<ConvertAction>(Out);
  }

private:
  std::string &Out;
};

} // namespace

bool isCSource(const std::string &Path) {
  return llvm::StringRef(Path).ends_with(".c");
}

bool cSourceAsCxx(const std::string &Path,
                  const std::vector<std::string> &ClangArgs,
                  const std::string &ResourceDir, std::string &Cxx) {
  // Errors only: the C++ reading that follows warns. The C library's
  // headers declare what they declare to g++ (which defines _GNU_SOURCE:
  // posix_memalign under -std=c99), so that a call without a declaration
  // is one for C++ too (ImplicitCallFinder); implicit int is C89's.
  std::vector<std::string> Flags = {"-x",
                                    "c",
                                    "-w",
                                    "-D_GNU_SOURCE",
                                    "-Wno-error=implicit-function-declaration",
                                    "-Wno-error=implicit-int"};
  Flags.insert(Flags.end(), ClangArgs.begin(), ClangArgs.end());
  Flags.push_back("-resource-dir=" + ResourceDir);
  tooling::FixedCompilationDatabase DB(".", Flags);
  tooling::ClangTool Tool(DB, {Path});
  Tool.setPrintErrorMessage(false);
  ConvertFactory Factory(Cxx);
  return Tool.run(&Factory) == 0;
}

} // namespace dlbcc
