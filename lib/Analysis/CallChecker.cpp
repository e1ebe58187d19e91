//===- CallChecker.cpp - Which functions a distributed loop may call ------===//
//
// Owns the verdicts of CallChecker.h: which library functions are pure,
// and which functions of the program a distributed loop may call (their
// bodies checked transitively, cached per function; those of the other
// sources through ProgramFunctions).
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/CallChecker.h"
#include "dlbcc/Analysis/ProgramFunctions.h"
#include "dlbcc/Support/Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSet.h"

#include <optional>

using namespace clang;

namespace dlbcc {

bool isPureLibraryFunction(const FunctionDecl *F) {
  static const llvm::StringSet<> Pure = {
      "sqrt",  "cbrt",   "exp",       "exp2",     "expm1",    "log",
      "log2",  "log10",  "log1p",     "pow",      "sin",      "cos",
      "tan",   "asin",   "acos",      "atan",     "atan2",    "sinh",
      "cosh",  "tanh",   "asinh",     "acosh",    "atanh",    "fabs",
      "abs",   "labs",   "llabs",     "floor",    "ceil",     "round",
      "trunc", "lround", "llround",   "fmod",     "remainder", "fmin",
      "fmax",  "fma",    "hypot",     "erf",      "erfc",     "tgamma",
      "lgamma", "copysign", "isnan",  "isinf",    "isfinite", "signbit",
      "min",   "max",    "ldexp",     "nearbyint", "rint",    "fdim",
      "sqrtf", "expf",   "logf",      "powf",     "sinf",     "cosf",
      "fabsf", "floorf", "ceilf",     "fminf",    "fmaxf",    "__builtin_huge_val"};
  const IdentifierInfo *Id = F->getIdentifier();
  if (!Id || !Pure.contains(Id->getName()))
    return false;
  const SourceManager &SM = F->getASTContext().getSourceManager();
  if (!SM.isInSystemHeader(F->getLocation()) && !F->getBuiltinID())
    return false;
  const DeclContext *DC = F->getDeclContext()->getRedeclContext();
  while (DC->isInlineNamespace())
    DC = DC->getParent()->getRedeclContext();
  return DC->isTranslationUnit() || DC->isStdNamespace() ||
         DC->isExternCContext();
}

bool isValueClassOfStd(const CXXRecordDecl *R) {
  static const llvm::StringSet<> Classes = {"vector", "array", "complex",
                                            "pair"};
  return R && R->isInStdNamespace() && R->getIdentifier() &&
         Classes.contains(R->getName());
}

bool repeatable(const Expr *E, const ASTContext &Ctx) {
  if (E->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
    return false;
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *F = Call->getDirectCallee();
    const auto *M = dyn_cast_or_null<CXXMethodDecl>(F);
    const bool Reads =
        M && isValueClassOfStd(M->getParent()) &&
        (M->isConst() || M->getOverloadedOperator() == OO_Subscript);
    if (!F || !(isPureLibraryFunction(F) || Reads))
      return false;
  }
  return llvm::all_of(E->children(), [&](const Stmt *Child) {
    return !Child || !isa<Expr>(Child) || repeatable(cast<Expr>(Child), Ctx);
  });
}

namespace {

/// Does a parameter of type \p T let the callee write into the caller's
/// storage (a pointer to non-const, a non-const reference)?
bool writesThrough(QualType T) {
  return (T->isPointerType() && !T->getPointeeType().isConstQualified()) ||
         (T->isReferenceType() && !T.getNonReferenceType().isConstQualified());
}

/// Can an object of type \p T hold a pointer (itself, an element, a
/// field)? A callee given such storage could write through what it holds.
bool holdsPointers(QualType T) {
  T = T.getCanonicalType();
  while (const ArrayType *A = T->getAsArrayTypeUnsafe())
    T = A->getElementType().getCanonicalType();
  if (T->isPointerType() || T->isReferenceType() || T->isMemberPointerType())
    return true;
  const RecordDecl *R = T->getAsRecordDecl();
  const RecordDecl *Def = R ? R->getDefinition() : nullptr;
  if (R && !Def)
    return true;
  if (const auto *C = dyn_cast_or_null<CXXRecordDecl>(Def))
    for (const CXXBaseSpecifier &B : C->bases())
      if (holdsPointers(B.getType()))
        return true;
  return Def && llvm::any_of(Def->fields(), [](const FieldDecl *F) {
           return holdsPointers(F->getType());
         });
}

const VarDecl *storageRoot(const Expr *E);

/// The variable whose storage the object \p E lies in (`v`, `a[i][j]`,
/// `s.f`), or through which pointer variable it is reached (`*p`, `p[i]`);
/// null for anything else.
const VarDecl *objectRoot(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<VarDecl>(D->getDecl());
  if (const auto *S = dyn_cast<ArraySubscriptExpr>(E))
    return storageRoot(S->getBase());
  if (const auto *M = dyn_cast<MemberExpr>(E); M && !M->isArrow())
    return objectRoot(M->getBase());
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_Deref)
    return storageRoot(U->getSubExpr());
  // An element of a std::vector or std::array lies in its storage: `v[i]`.
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
      Op && Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2) {
    const CXXRecordDecl *R =
        Op->getArg(0)->getType().getNonReferenceType()->getAsCXXRecordDecl();
    if (isValueClassOfStd(R))
      return objectRoot(Op->getArg(0));
  }
  return nullptr;
}

/// The variable whose storage the pointer \p E points into (`&v`, an array
/// `a`, `&a[i]`, `a + k`), or the pointer variable it is derived from; no
/// explicit cast is looked through.
const VarDecl *storageRoot(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_AddrOf)
    return objectRoot(U->getSubExpr());
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && B->isAdditiveOp() && B->getType()->isPointerType())
    return storageRoot(B->getLHS()->getType()->isPointerType() ? B->getLHS()
                                                               : B->getRHS());
  return objectRoot(E);
}

/// The first of a call's arguments \p Args to \p F that lets F write into
/// storage for which \p Own is false, and the index of its parameter;
/// arguments past a prototype's parameters count when they are such
/// pointers.
std::optional<std::pair<const Expr *, unsigned>>
foreignStorageArgument(const FunctionDecl *F, llvm::ArrayRef<const Expr *> Args,
                       llvm::function_ref<bool(const VarDecl *)> Own) {
  for (unsigned I = 0; I < Args.size(); ++I) {
    QualType T = I < F->getNumParams() ? F->getParamDecl(I)->getType()
                                       : Args[I]->getType();
    if (!writesThrough(T))
      continue;
    const VarDecl *Root =
        T->isReferenceType() ? objectRoot(Args[I]) : storageRoot(Args[I]);
    if (!Root || !Own(Root))
      return std::make_pair(Args[I], I);
  }
  return std::nullopt;
}

/// The name of F's parameter I, for diagnostics.
std::string parameterName(const FunctionDecl *F, unsigned I) {
  if (I < F->getNumParams() && !F->getParamDecl(I)->getName().empty())
    return "'" + F->getParamDecl(I)->getName().str() + "'";
  return "its argument " + std::to_string(I + 1);
}

/// Looks through a function body for what makes it unsafe to call.
class BodyScanner : public RecursiveASTVisitor<BodyScanner> {
public:
  BodyScanner(const llvm::SmallPtrSet<const ForStmt *, 8> &Loops)
      : Loops(Loops) {}

  /// A function may pass on pointers into its own variables and the
  /// pointers and references its caller gave it to write through.
  static bool ownStorage(const VarDecl *V) {
    QualType T = V->getType();
    return V->hasLocalStorage() &&
           ((isa<ParmVarDecl>(V) && writesThrough(T)) || !holdsPointers(T));
  }
  void checkArguments(const FunctionDecl *F,
                      llvm::ArrayRef<const Expr *> Args) {
    if (isa<CXXMethodDecl>(F))
      return; // rejected as a member function
    if (auto Bad = foreignStorageArgument(F, Args, ownStorage))
      fail("it passes to '" + F->getNameAsString() + "' as " +
               parameterName(F, Bad->second) +
               " a pointer that may lead outside its own storage and what "
               "its caller gave it",
           Bad->first->getBeginLoc());
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *V = dyn_cast<VarDecl>(E->getDecl());
    if (V && V->hasGlobalStorage() && !V->getType().isConstQualified())
      fail("it uses the mutable " +
               std::string(V->isStaticLocal() ? "static variable '"
                                              : "global variable '") +
               V->getName().str() + "'",
           E->getLocation());
    return true;
  }
  bool VisitForStmt(ForStmt *S) {
    if (Loops.count(S))
      HasDlbLoop = true;
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *F = E->getDirectCallee();
    if (!F)
      fail("it calls through a pointer", E->getBeginLoc());
    else if (const auto *M = dyn_cast<CXXMethodDecl>(F);
             !M || !isValueClassOfStd(M->getParent())) {
      Callees.push_back({F, E->getBeginLoc()});
      checkArguments(F, {E->getArgs(), E->getNumArgs()});
    }
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    const CXXConstructorDecl *C = E->getConstructor();
    if (!C->isTrivial() && !isValueClassOfStd(C->getParent())) {
      Callees.push_back({C, E->getBeginLoc()});
      checkArguments(C, {E->getArgs(), E->getNumArgs()});
    }
    return true;
  }
  bool VisitCXXThisExpr(CXXThisExpr *E) {
    fail("it uses 'this'", E->getLocation());
    return true;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *S) {
    fail("it contains inline assembly", S->getBeginLoc());
    return true;
  }

  void fail(std::string Why, SourceLocation Loc) {
    if (Reason.empty()) {
      Reason = std::move(Why);
      At = Loc;
    }
  }

  const llvm::SmallPtrSet<const ForStmt *, 8> &Loops;
  std::string Reason;
  SourceLocation At;
  bool HasDlbLoop = false;
  SmallVector<std::pair<const FunctionDecl *, SourceLocation>, 8> Callees;
};

/// Whether a declaration of F has attribute AttrT.
template <class AttrT> bool declaredWith(const FunctionDecl *F) {
  return llvm::any_of(
      F->redecls(), [](const FunctionDecl *D) { return D->hasAttr<AttrT>(); });
}

} // namespace

CallChecker::CallChecker(ASTContext &Ctx,
                         llvm::SmallPtrSet<const ForStmt *, 8> AnnotatedLoops,
                         ProgramFunctions *Program)
    : Ctx(Ctx), AnnotatedLoops(std::move(AnnotatedLoops)), Program(Program) {}

CallChecker::Verdict CallChecker::unseen(const FunctionDecl *F) const {
  Verdict V;
  const SourceManager &SM = Ctx.getSourceManager();
  const bool Users = !SM.isInSystemHeader(SM.getExpansionLoc(F->getLocation()));
  // The user's promise that it reads nothing but its arguments (GCC's).
  if (Users && declaredWith<ConstAttr>(F))
    return V;
  if (Summarizing) {
    V.Unseen.push_back(functionKey(F));
    return V;
  }
  if (const FunctionSummary *S =
          Program ? Program->find(functionKey(F)) : nullptr) {
    V.Ok = S->Ok;
    V.Reason = S->Reason;
    V.Where = S->Where;
    V.HasDlbLoop = S->HasDlbLoop;
    return V;
  }
  V.Ok = false;
  if (Users && declaredWith<PureAttr>(F)) {
    V.Reason = "it is declared 'pure', which lets it read global variables, "
               "and those hold rank 0's values on rank 0 only; declare it "
               "'const' if it reads nothing but its arguments";
    return V;
  }
  V.Unknown = true;
  return V;
}

const CallChecker::Verdict &CallChecker::verdict(const FunctionDecl *F) {
  F = F->getCanonicalDecl();
  auto It = Cache.find(F);
  if (It != Cache.end())
    return It->second;
  // Optimistic entry for recursion: a cycle adds nothing new.
  Cache[F] = Verdict();
  Verdict V;
  const FunctionDecl *Def = F->getDefinition();
  const SourceManager &SM = Ctx.getSourceManager();
  // memcpy and its kind touch only what their arguments point to.
  if (isPureLibraryFunction(F) || libraryPointeeUse(F, 0)) {
    Cache[F] = V;
    return Cache[F];
  }
  // A body in a system header is the library's, not the program's.
  if (!Def || !Def->hasBody() ||
      SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation()))) {
    Cache[F] = unseen(F);
    return Cache[F];
  }
  if (isa<CXXMethodDecl>(Def) && V.Reason.empty()) {
    V.Ok = false;
    V.Reason = "it is a member function";
    V.At = Def->getLocation();
  }
  BodyScanner Scanner(AnnotatedLoops);
  Scanner.TraverseStmt(Def->getBody());
  if (V.Reason.empty() && !Scanner.Reason.empty()) {
    V.Ok = false;
    V.Reason = Scanner.Reason;
    V.At = Scanner.At;
  }
  V.HasDlbLoop = Scanner.HasDlbLoop;
  V.Ok &= !V.HasDlbLoop;
  for (auto &[Callee, Loc] : Scanner.Callees) {
    if (!V.Ok)
      break;
    const Verdict &C = verdict(Callee);
    if (C.Ok) {
      V.Unseen.insert(V.Unseen.end(), C.Unseen.begin(), C.Unseen.end());
      continue;
    }
    V.Ok = false;
    V.HasDlbLoop = C.HasDlbLoop;
    V.Reason = "it calls '" + Callee->getNameAsString() + "'";
    V.At = Loc;
  }
  llvm::sort(V.Unseen);
  V.Unseen.erase(std::unique(V.Unseen.begin(), V.Unseen.end()), V.Unseen.end());
  Cache[F] = V;
  return Cache[F];
}

FunctionSummary CallChecker::summary(const FunctionDecl *F) {
  if (!Summarizing) {
    Cache.clear();
    Pointees.clear();
    Summarizing = true;
  }
  const Verdict &V = verdict(F);
  FunctionSummary S;
  S.Ok = V.Ok;
  S.Reason = V.Reason;
  S.Where = V.Where;
  S.HasDlbLoop = V.HasDlbLoop;
  S.Calls = V.Unseen;
  for (unsigned I = 0; I < F->getNumParams(); ++I) {
    S.Pointees.push_back(pointeeUse(F, I));
    S.Pointees.back().At = SourceLocation(); // of no use in another file
  }
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(V.At));
  if (S.Where.empty() && P.isValid())
    S.Where = std::string(P.getFilename()) + ":" + std::to_string(P.getLine()) +
              ":" + std::to_string(P.getColumn());
  return S;
}

PointeeUse CallChecker::pointeeUse(const FunctionDecl *F, unsigned I) {
  F = F->getCanonicalDecl();
  if (I >= F->getNumParams() || isa<CXXMethodDecl>(F)) {
    PointeeUse U;
    U.Escapes = true;
    return U;
  }
  QualType T = F->getParamDecl(I)->getType();
  if (!T->isPointerType() && !T->isReferenceType())
    return pointeeUseOfType(T);
  // In a cycle of calls, the pointer's offsets grow with each call
  // (`f(p + 1, n - 1)`): anything, read and written, until known.
  PointeeUse Cycle;
  Cycle.Read = Cycle.Write = Cycle.Unbounded = true;
  auto [It, New] = Pointees.try_emplace({F, I}, Cycle);
  if (!New)
    return It->second;
  PointeeUse U;
  const FunctionDecl *Def = F->getDefinition();
  if (std::optional<PointeeUse> L = libraryPointeeUse(F, I))
    return Pointees[{F, I}] = *L;
  const SourceManager &SM = Ctx.getSourceManager();
  if (Def && Def->hasBody() &&
      !SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())))
    U = scanPointeeUse(
        Def, Def->getParamDecl(I),
        [&](const FunctionDecl *G, unsigned J) { return pointeeUse(G, J); });
  else if (const FunctionSummary *S = Program && !Summarizing
                                          ? Program->find(functionKey(F))
                                          : nullptr;
           S && I < S->Pointees.size())
    U = S->Pointees[I];
  else
    U = pointeeUseOfType(T);
  Pointees[{F, I}] = U;
  return U;
}

bool CallChecker::checkCall(
    const FunctionDecl *F, SourceLocation CallLoc,
    llvm::ArrayRef<const Expr *> Args,
    llvm::function_ref<bool(const VarDecl *)> Private,
    llvm::function_ref<bool(const VarDecl *)> Accounted) {
  const Verdict &V = verdict(F);
  DiagnosticsEngine &DE = Ctx.getDiagnostics();
  std::string Name = F->getQualifiedNameAsString();
  if (V.Ok && !isa<CXXMethodDecl>(F)) {
    auto Bad = foreignStorageArgument(F, Args, [&](const VarDecl *Root) {
      return (Accounted && Accounted(Root)) ||
             (Private && !holdsPointers(Root->getType()) && Private(Root));
    });
    if (!Bad)
      return true;
    report(DE, Bad->first->getBeginLoc(), Diag::CallWritesShared)
        << Name << parameterName(F, Bad->second);
    if (Bad->second < F->getNumParams())
      report(DE, F->getParamDecl(Bad->second)->getLocation(), Diag::NoteAccess)
          << "it takes " + parameterName(F, Bad->second) +
                 " by pointer or non-const reference";
    return false;
  }
  if (V.Ok)
    return true;
  if (V.Unknown)
    report(DE, CallLoc, Diag::CallUnknown) << Name;
  else if (V.HasDlbLoop)
    report(DE, CallLoc, Diag::CallHasDlbLoop) << Name;
  else {
    report(DE, CallLoc, Diag::CallSideEffects)
        << Name << (V.Where.empty() ? V.Reason : V.Reason + ", " + V.Where);
    if (V.At.isValid())
      report(DE, V.At, Diag::NoteAccess) << V.Reason;
  }
  return false;
}

} // namespace dlbcc
