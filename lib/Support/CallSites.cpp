//===- CallSites.cpp - Every call of a function of the file ---------------===//
//
// callSitesOf (dlbcc/Support/CallSites.h).
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Support/CallSites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace dlbcc {
namespace {

class CallsOf : public RecursiveASTVisitor<CallsOf> {
public:
  CallsOf(const FunctionDecl *F, ASTContext &Ctx, CallSites &Out)
      : F(F), Ctx(Ctx), Out(Out) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl()->getCanonicalDecl() != F->getCanonicalDecl())
      return true;
    // Only as the callee of a call: any other use may call it elsewhere.
    const CallExpr *Call = nullptr;
    DynTypedNodeList P = Ctx.getParents(*E);
    if (!P.empty())
      if (const auto *Cast = P[0].get<ImplicitCastExpr>()) {
        DynTypedNodeList Q = Ctx.getParents(*Cast);
        Call = Q.empty() ? nullptr : Q[0].get<CallExpr>();
      }
    if (Call && Call->getCallee()->IgnoreImpCasts() == E)
      Out.Calls.push_back(Call);
    else
      Out.Escapes = true;
    return true;
  }

private:
  const FunctionDecl *F;
  ASTContext &Ctx;
  CallSites &Out;
};

} // namespace

CallSites callSitesOf(const FunctionDecl *F, ASTContext &Ctx) {
  CallSites Out;
  if (F->isExternallyVisible() || F->isMain() || !F->hasBody()) {
    Out.Escapes = true;
    return Out;
  }
  CallsOf(F, Ctx, Out).TraverseDecl(Ctx.getTranslationUnitDecl());
  return Out;
}

} // namespace dlbcc
