//===- ProgramFunctions.cpp - The other sources' functions ---------------===//
//
// Owns ProgramFunctions.h: the key that names a function in every file, the
// summaries of one file's functions, and their calls followed across files.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/ProgramFunctions.h"
#include "dlbcc/Analysis/CallChecker.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace dlbcc {

std::string functionKey(const FunctionDecl *F) {
  std::string Key = F->getQualifiedNameAsString() + "(";
  const auto *Proto = F->getType()->getAs<FunctionProtoType>();
  const PrintingPolicy &Policy = F->getASTContext().getPrintingPolicy();
  for (unsigned I = 0; Proto && I < Proto->getNumParams(); ++I)
    Key += (I ? ", " : "") +
           Proto->getParamType(I).getCanonicalType().getAsString(Policy);
  if (Proto && Proto->isVariadic())
    Key += Proto->getNumParams() ? ", ..." : "...";
  return Key + ")";
}

void ProgramFunctions::define(const std::string &Key, FunctionSummary S) {
  auto [It, New] = Defined.try_emplace(Key, S);
  FunctionSummary &Known = It->second;
  if (New || !Known.Ok)
    return;
  if (!S.Ok) {
    Known = std::move(S);
    return;
  }
  Known.HasDlbLoop |= S.HasDlbLoop;
  Known.Calls.insert(Known.Calls.end(), S.Calls.begin(), S.Calls.end());
  for (size_t I = 0; I < Known.Pointees.size() && I < S.Pointees.size(); ++I)
    Known.Pointees[I] |= S.Pointees[I];
}

const FunctionSummary *ProgramFunctions::find(llvm::StringRef Key) {
  if (auto It = Resolved.find(Key); It != Resolved.end())
    return &It->second;
  auto Def = Defined.find(Key);
  if (Def == Defined.end())
    return nullptr;
  // Optimistic for a cycle of calls: it adds nothing new.
  FunctionSummary &S = Resolved[Key];
  S = Def->second;
  S.Calls.clear();
  for (const std::string &Callee : Def->second.Calls) {
    if (!S.Ok)
      break;
    const FunctionSummary *C = find(Callee);
    if (C && C->Ok)
      continue;
    const std::string Name = Callee.substr(0, Callee.find('('));
    S.Ok = false;
    S.HasDlbLoop = C && C->HasDlbLoop;
    S.Reason = "it calls '" + Name + "'";
    if (!C)
      S.Reason += ", whose body dlbcc cannot see";
    else
      S.Reason +=
          " (" + C->Reason + (C->Where.empty() ? "" : ", " + C->Where) + ")";
  }
  return &S;
}

namespace {

/// The definitions of functions with external linkage in the main file.
class Definitions : public RecursiveASTVisitor<Definitions> {
public:
  explicit Definitions(const SourceManager &SM) : SM(SM) {}
  bool VisitFunctionDecl(FunctionDecl *F) {
    if (F->isThisDeclarationADefinition() && F->hasBody() &&
        F->isExternallyVisible() && !isa<CXXMethodDecl>(F) &&
        !F->isTemplated() &&
        SM.isInMainFile(SM.getExpansionLoc(F->getLocation())))
      Found.push_back(F);
    return true;
  }
  std::vector<const FunctionDecl *> Found;

private:
  const SourceManager &SM;
};

} // namespace

void summarizeFunctions(ASTContext &Ctx,
                        llvm::ArrayRef<const ForStmt *> AnnotatedLoops,
                        ProgramFunctions &Out) {
  Definitions D(Ctx.getSourceManager());
  D.TraverseDecl(Ctx.getTranslationUnitDecl());
  CallChecker Checker(Ctx, {AnnotatedLoops.begin(), AnnotatedLoops.end()});
  for (const FunctionDecl *F : D.Found)
    Out.define(functionKey(F), Checker.summary(F));
}

} // namespace dlbcc
