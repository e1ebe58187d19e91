//===- BakedValues.cpp - Macros behind values fixed at translation time ---===//
//
// Owns bakedMacros (BakedValues.h): the integral macros behind the values
// that the analysis of a loop evaluated at translation time.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/BakedValues.h"
#include "dlbcc/Analysis/LoopModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace dlbcc {
namespace {

class MacroFinder : public RecursiveASTVisitor<MacroFinder> {
public:
  explicit MacroFinder(const ASTContext &Ctx)
      : Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  /// Looks for macros in S and in the initializers of the constants it
  /// names.
  void scan(const Stmt *S) {
    if (S)
      TraverseStmt(const_cast<Stmt *>(S));
  }
  void scanType(const VarDecl *V) {
    if (const TypeSourceInfo *TSI = V->getTypeSourceInfo())
      TraverseTypeLoc(TSI->getTypeLoc());
  }

  bool VisitExpr(Expr *E) {
    record(E);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    // A constant's value was folded into what dlbcc computed.
    const auto *V = dyn_cast<VarDecl>(E->getDecl());
    if (V && V->getType().isConstQualified() &&
        V->getType()->isIntegralOrEnumerationType() && V->getInit() &&
        Seen.insert(V).second)
      scan(V->getInit());
    return true;
  }
  /// The array extents of declared types.
  bool shouldWalkTypesOfTypeLocs() const { return true; }

  std::vector<MacroValue> result() const {
    std::vector<MacroValue> Out;
    for (const MacroValue &M : Found)
      if (!Conflicting.count(M.Name))
        Out.push_back(M);
    return Out;
  }

private:
  /// Records E if it is exactly the expansion of an integral object-like
  /// macro.
  void record(const Expr *E) {
    const LangOptions &LO = Ctx.getLangOpts();
    SourceLocation Begin = E->getBeginLoc(), End = E->getEndLoc();
    if (!Begin.isMacroID() || !End.isMacroID() ||
        !E->getType()->isIntegralOrEnumerationType() ||
        E->isValueDependent())
      return;
    // The outermost macro whose whole expansion E is.
    SourceLocation ExpBegin, ExpEnd;
    if (!Lexer::isAtStartOfMacroExpansion(Begin, SM, LO, &ExpBegin) ||
        !Lexer::isAtEndOfMacroExpansion(End, SM, LO, &ExpEnd) ||
        SM.getExpansionLoc(Begin) != SM.getExpansionLoc(End))
      return;
    StringRef Name = Lexer::getImmediateMacroName(Begin, SM, LO);
    if (Name.empty() || SM.isInSystemMacro(Begin))
      return;
    Expr::EvalResult R;
    if (!E->EvaluateAsInt(R, Ctx))
      return;
    llvm::SmallString<24> Text;
    R.Val.getInt().toString(Text, 10);
    std::string Value = Text.str().str();
    auto [It, New] = Values.try_emplace(Name, Value);
    if (New)
      Found.push_back({Name.str(), Value});
    else if (It->second != Value)
      Conflicting.insert(Name);
  }

  const ASTContext &Ctx;
  const SourceManager &SM;
  llvm::SmallPtrSet<const VarDecl *, 8> Seen;
  llvm::StringMap<std::string> Values;
  llvm::StringSet<> Conflicting;
  std::vector<MacroValue> Found;
};

/// The bounds of the loops nested in a loop body.
class NestedBounds : public RecursiveASTVisitor<NestedBounds> {
public:
  explicit NestedBounds(MacroFinder &Finder) : Finder(Finder) {}
  bool VisitForStmt(ForStmt *F) {
    Finder.scan(F->getInit());
    Finder.scan(F->getCond());
    Finder.scan(F->getInc());
    return true;
  }

private:
  MacroFinder &Finder;
};

} // namespace

std::vector<MacroValue> bakedMacros(const LoopModel &M,
                                    const ASTContext &Ctx) {
  MacroFinder Finder(Ctx);
  Finder.scan(M.Lower);
  Finder.scan(M.Upper);
  if (M.Pipeline) {
    Finder.scan(M.Pipeline->Lower);
    Finder.scan(M.Pipeline->Upper);
  }
  NestedBounds(Finder).TraverseStmt(const_cast<Stmt *>(M.Loop->getBody()));
  for (const ArrayModel &A : M.Arrays) {
    Finder.scanType(A.Var);
    if (A.Shape)
      for (const Expr *E : A.Shape->Extents)
        Finder.scan(E);
    for (const ArrayAccess &Acc : A.Accesses)
      for (const Expr *E : Acc.SubscriptExprs)
        Finder.scan(E);
  }
  for (const ScalarModel &S : M.Scalars) {
    if (S.ConstantValue)
      Finder.scan(S.Var->getInit());
    for (const Expr *E : S.ConstantArgs)
      Finder.scan(E);
  }
  return Finder.result();
}

} // namespace dlbcc
