//===- CSource.cpp - A C source as the C++ it becomes ---------------------===//
//
// Reads a C source with Clang as C and writes out, in its text, what C
// converts implicitly and C++ does not (dlbcc/Frontend/CSource.h).
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Frontend/CSource.h"

#include "dlbcc/Support/Diagnostics.h"
#include "dlbcc/Support/Text.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringRef.h"

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

/// Reports the main file's declarations of variably modified type that
/// C++ cannot hold: a pointer to rows of a length known only at run time
/// (`double (*a)[n]`, a parameter `double a[n][m]`). A variable-length
/// array itself (`double a[n]`, `double b[n][m]`) is C++ to GNU compilers.
class VariablyModifiedFinder
    : public RecursiveASTVisitor<VariablyModifiedFinder> {
public:
  explicit VariablyModifiedFinder(ASTContext &Ctx) : Ctx(Ctx) {}

  bool VisitVarDecl(VarDecl *V) {
    const QualType T = V->getType().getCanonicalType();
    const SourceManager &SM = Ctx.getSourceManager();
    if (!T->isVariablyModifiedType() || isa<VariableArrayType>(T) ||
        !SM.isInMainFile(SM.getExpansionLoc(V->getLocation())))
      return true;
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

class Converter : public ASTConsumer {
public:
  explicit Converter(std::string &Out) : Out(Out) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    VariablyModifiedFinder(Ctx).TraverseDecl(Ctx.getTranslationUnitDecl());
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    SourceManager &SM = Ctx.getSourceManager();
    Rewriter R(SM, Ctx.getLangOpts());
    CastWriter(Ctx, R).TraverseDecl(Ctx.getTranslationUnitDecl());
    writeRestrict(SM, Ctx.getLangOpts(), R);
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
  // Errors only: the C++ reading that follows warns. No stricter than gcc:
  // a call of an undeclared function is an error to Clang from C99 on, a
  // warning to gcc (posix_memalign under -std=c99, which declares it only
  // with a feature macro; the C++ reading declares it, as g++ does).
  std::vector<std::string> Flags = {"-x", "c", "-w",
                                    "-Wno-error=implicit-function-declaration"};
  Flags.insert(Flags.end(), ClangArgs.begin(), ClangArgs.end());
  Flags.push_back("-resource-dir=" + ResourceDir);
  tooling::FixedCompilationDatabase DB(".", Flags);
  tooling::ClangTool Tool(DB, {Path});
  Tool.setPrintErrorMessage(false);
  ConvertFactory Factory(Cxx);
  return Tool.run(&Factory) == 0;
}

} // namespace dlbcc
