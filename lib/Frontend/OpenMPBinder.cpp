//===- OpenMPBinder.cpp - OpenMP loop directives as annotations -----------===//
//
// Owns bindOpenMP (dlbcc/Frontend/OpenMP.h): finds the statement each
// OpenMP directive governs, turns loop directives into doall annotations
// (their clauses and those of the `parallel` regions around them: reduction,
// schedule, private, shared; the region's own arrays used only in the loop
// are private to each rank; an `ordered(2)` nest with `depend` points is
// a doacross annotation of its inner loop), and reports the constructs
// inside annotated loops that have no meaning across ranks.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Frontend/OpenMP.h"
#include "dlbcc/Support/Diagnostics.h"
#include "dlbcc/Support/RawLines.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace dlbcc {
namespace {

/// The statements of the main file by the offset where they begin (the
/// outermost one of those that begin there).
class StmtIndex : public RecursiveASTVisitor<StmtIndex> {
public:
  explicit StmtIndex(const SourceManager &SM) : SM(SM) {}
  bool VisitStmt(Stmt *S) {
    SourceLocation L = S->getBeginLoc();
    if (L.isFileID() && SM.isInMainFile(L))
      Begins.try_emplace(SM.getFileOffset(L), S);
    return true;
  }
  const Stmt *at(SourceLocation L) const {
    if (L.isInvalid() || !L.isFileID())
      return nullptr;
    auto It = Begins.find(SM.getFileOffset(L));
    return It == Begins.end() ? nullptr : It->second;
  }

private:
  const SourceManager &SM;
  llvm::DenseMap<unsigned, const Stmt *> Begins;
};

/// The variables named in a statement, with where.
struct Refs : RecursiveASTVisitor<Refs> {
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
      Uses.push_back({V, E});
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    Calls.push_back(E);
    return true;
  }
  std::vector<std::pair<const VarDecl *, const DeclRefExpr *>> Uses;
  std::vector<const CallExpr *> Calls;
};

class Binder {
public:
  Binder(AnnotationSet &Set, ASTContext &Ctx)
      : Set(Set), Ctx(Ctx), SM(Ctx.getSourceManager()),
        DE(Ctx.getDiagnostics()), Index(SM) {
    Index.TraverseDecl(Ctx.getTranslationUnitDecl());
  }
  void run(OpenMPSource &Source);

private:
  const Stmt *governed(const OmpDirective &D) const {
    return Index.at(afterDirectiveLines(SM, Ctx.getLangOpts(), D.EndLoc));
  }
  bool contains(const Stmt *S, SourceLocation L) const {
    unsigned Begin = SM.getFileOffset(SM.getExpansionLoc(S->getBeginLoc()));
    unsigned End = SM.getFileOffset(SM.getExpansionLoc(S->getEndLoc()));
    unsigned At = SM.getFileOffset(L);
    return Begin <= At && At <= End;
  }
  /// The annotated loop around \p L, if any.
  const Annotation *loopAround(SourceLocation L) const {
    for (const Annotation &A : Set.Annotations)
      if (A.Valid && A.Loop && contains(A.Loop, L))
        return &A;
    return nullptr;
  }
  void bindLoop(const OmpDirective &D);
  /// A loop with `ordered`: `ordered(2)` with `ordered depend(...)` points
  /// is the pipeline of two loops that `#pragma dlb doacross` on the inner
  /// loop asks for; any other `ordered` is an error.
  void bindOrdered(const OmpDirective &D, const clang::ForStmt *Loop);
  void annotate(const OmpDirective &D, const clang::ForStmt *Loop,
                LoopKind Kind);
  void applyClauses(Annotation &A, const OmpDirective &D);
  void applyReduction(Annotation &A, const OmpClause &C);
  void applyNames(Annotation &A, const OmpClause &C);
  void applySchedule(Annotation &A, const OmpClause &C);
  const VarDecl *resolve(const ForStmt *Loop, StringRef Name) const;
  void checkInside(const OmpDirective &D);
  void checkThreadCalls(const Annotation &A);
  void privatizeRegionArrays(const Stmt *Region);

  AnnotationSet &Set;
  ASTContext &Ctx;
  const SourceManager &SM;
  DiagnosticsEngine &DE;
  StmtIndex Index;
  /// The `parallel` regions, with the statement each governs.
  std::vector<std::pair<const OmpDirective *, const Stmt *>> Regions;
  /// The annotations made here (Set's deque keeps their addresses).
  std::vector<Annotation *> Made;
  /// Every directive of the file, in source order.
  const std::vector<OmpDirective> *Dirs = nullptr;
  /// The `#` of each `ordered depend` point of a pipelined nest.
  std::vector<SourceLocation> Pipelined;
};

/// The list items of a clause's arguments: the first name of each
/// comma-separated item (`a` of the array section `a[0:n]`).
std::vector<const Token *> listNames(ArrayRef<Token> Args) {
  std::vector<const Token *> Names;
  unsigned Depth = 0;
  bool Want = true;
  for (const Token &T : Args) {
    if (T.isOneOf(tok::l_paren, tok::l_square))
      ++Depth;
    else if (T.isOneOf(tok::r_paren, tok::r_square))
      --Depth;
    else if (T.is(tok::comma) && Depth == 0)
      Want = true;
    else if (Want && Depth == 0 && T.is(tok::raw_identifier)) {
      Names.push_back(&T);
      Want = false;
    }
  }
  return Names;
}

const VarDecl *Binder::resolve(const ForStmt *Loop, StringRef Name) const {
  Refs R;
  R.TraverseStmt(const_cast<ForStmt *>(Loop));
  for (const auto &[V, E] : R.Uses)
    if (V->getName() == Name &&
        !contains(Loop, SM.getExpansionLoc(V->getLocation())))
      return V;
  return nullptr;
}

void Binder::applyReduction(Annotation &A, const OmpClause &C) {
  ArrayRef<Token> Args = C.Args;
  // reduction([modifier,] op: list)
  if (Args.size() > 1 && Args[0].is(tok::raw_identifier) &&
      Args[1].is(tok::comma)) {
    if (Args[0].getRawIdentifier() == "inscan") {
      report(DE, C.Loc, Diag::OmpIgnoredClause) << "reduction(inscan, ...)";
      return;
    }
    Args = Args.drop_front(2);
  }
  auto Colon =
      llvm::find_if(Args, [](const Token &T) { return T.is(tok::colon); });
  if (Args.empty() || Colon == Args.end())
    return;
  const Token &OpTok = Args.front();
  std::optional<dlb::ReduceOp> Op;
  if (Colon == Args.begin() + 1) {
    if (OpTok.isOneOf(tok::plus, tok::minus))
      Op = dlb::ReduceOp::Sum;
    else if (OpTok.is(tok::star))
      Op = dlb::ReduceOp::Prod;
    else if (OpTok.is(tok::raw_identifier))
      Op = llvm::StringSwitch<std::optional<dlb::ReduceOp>>(
               OpTok.getRawIdentifier())
               .Case("min", dlb::ReduceOp::Min)
               .Case("max", dlb::ReduceOp::Max)
               .Default(std::nullopt);
  }
  if (!Op) {
    report(DE, OpTok.getLocation(), Diag::OmpReductionOp)
        << Lexer::getSourceText(CharSourceRange::getCharRange(
                                    OpTok.getLocation(), Colon->getLocation()),
                                SM, Ctx.getLangOpts())
               .trim();
    A.Valid = false;
    return;
  }
  for (const Token *T : listNames(ArrayRef<Token>(Colon + 1, Args.end()))) {
    const VarDecl *V = resolve(A.Loop, T->getRawIdentifier());
    if (!V || llvm::any_of(A.Reductions, [&](const ReductionSpec &R) {
          return R.Var.Decl == V;
        }))
      continue;
    A.Reductions.push_back({*Op, {V->getName().str(), T->getLocation(), V}});
  }
}

void Binder::applyNames(Annotation &A, const OmpClause &C) {
  for (const Token *T : listNames(C.Args)) {
    const VarDecl *V = resolve(A.Loop, T->getRawIdentifier());
    if (!V)
      continue;
    NamedVar N{V->getName().str(), T->getLocation(), V};
    const bool Array = V->getType()->isArrayType();
    if (C.Name == "shared") {
      A.OpenMP->Shared.push_back(N);
    } else if (C.Name == "firstprivate" && Array) {
      report(DE, T->getLocation(), Diag::OmpFirstPrivateArray) << V->getName();
      A.Valid = false;
    } else if (C.Name == "private" && Array) {
      if (Ctx.getAsConstantArrayType(V->getType()) &&
          !llvm::is_contained(A.PrivateArrays, V))
        A.PrivateArrays.push_back(V);
    } else if (C.Name == "private") {
      A.OpenMP->Private.push_back(N);
    }
  }
}

void Binder::applySchedule(Annotation &A, const OmpClause &C) {
  // schedule([modifier[, modifier]:] kind[, chunk])
  for (const Token &T : C.Args) {
    if (!T.is(tok::raw_identifier))
      continue;
    std::optional<StrategyKind> K =
        llvm::StringSwitch<std::optional<StrategyKind>>(T.getRawIdentifier())
            .Case("static", StrategyKind::Static)
            .Case("dynamic", StrategyKind::AWF)
            .Case("guided", StrategyKind::GSS)
            .Cases("auto", "runtime", StrategyKind::Auto)
            .Default(std::nullopt);
    if (K) {
      A.Strategy = *K;
      return;
    }
  }
}

void Binder::applyClauses(Annotation &A, const OmpDirective &D) {
  for (const OmpClause &C : D.Clauses) {
    if (C.Name == "reduction")
      applyReduction(A, C);
    else if (llvm::is_contained(
                 {"private", "firstprivate", "lastprivate", "shared"}, C.Name))
      applyNames(A, C);
    else if (C.Name == "schedule")
      applySchedule(A, C);
    else if (!llvm::is_contained(
                 {"collapse", "default",     "nowait",        "num_threads",
                  "if",       "proc_bind",   "copyin",        "linear",
                  "aligned",  "safelen",     "simdlen",       "order",
                  "allocate", "nontemporal", "untied",        "mergeable",
                  "final",    "priority",    "grainsize",     "num_tasks",
                  "nogroup",  "bind",        "dist_schedule", "ordered"},
                 C.Name))
      report(DE, C.Loc, Diag::OmpIgnoredClause) << C.Name;
  }
}

void Binder::bindLoop(const OmpDirective &D) {
  const auto *Loop = dyn_cast_or_null<ForStmt>(governed(D));
  if (!Loop) {
    report(DE, D.NameLoc, Diag::OmpNotFollowedByFor) << D.Name;
    return;
  }
  // A `#pragma dlb` on the loop wins; a loop inside an annotated loop runs
  // in its iteration.
  if (loopAround(SM.getExpansionLoc(Loop->getForLoc())))
    return;
  if (StringRef(D.Name).contains("ordered") || D.clause("ordered"))
    bindOrdered(D, Loop);
  else
    annotate(D, Loop, LoopKind::DoAll);
}

void Binder::annotate(const OmpDirective &D, const ForStmt *Loop,
                      LoopKind Kind) {
  Annotation A;
  A.Kind = Kind;
  A.HashLoc = D.HashLoc;
  A.DirectiveLoc = D.NameLoc;
  A.EndLoc = D.EndLoc;
  A.Loop = Loop;
  A.OpenMP.emplace();
  for (const auto &[R, Body] : Regions)
    if (contains(Body, D.HashLoc))
      applyClauses(A, *R);
  applyClauses(A, D);
  inferAllocatedShapes(A, Ctx);
  Set.Annotations.push_back(std::move(A));
  Set.Slots.emplace_back();
  Made.push_back(&Set.Annotations.back());
}

/// The one `for` loop among the statements of \p Body (or \p Body itself),
/// null if there is none or more than one.
const ForStmt *onlyLoopIn(const Stmt *Body) {
  if (const auto *F = dyn_cast<ForStmt>(Body))
    return F;
  const ForStmt *Found = nullptr;
  if (const auto *C = dyn_cast<CompoundStmt>(Body))
    for (const Stmt *S : C->body())
      if (const auto *F = dyn_cast<ForStmt>(S)) {
        if (Found)
          return nullptr;
        Found = F;
      }
  return Found;
}

void Binder::bindOrdered(const OmpDirective &D, const ForStmt *Loop) {
  // The `ordered` points of the nest: doacross ones name their iterations.
  std::vector<const OmpDirective *> Points;
  for (const OmpDirective &P : *Dirs)
    if (StringRef(P.Name).starts_with("ordered") && contains(Loop, P.HashLoc))
      Points.push_back(&P);
  if (Points.empty() || llvm::any_of(Points, [](const OmpDirective *P) {
        return !P->clause("depend") && !P->clause("doacross");
      })) {
    report(DE, D.NameLoc, Diag::OmpOrdered);
    return;
  }
  unsigned Depth = 1;
  if (const OmpClause *C = D.clause("ordered"))
    if (C->Args.size() == 1 && C->Args[0].is(tok::numeric_constant))
      StringRef(C->Args[0].getLiteralData(), C->Args[0].getLength())
          .getAsInteger(10, Depth);
  const ForStmt *Inner = onlyLoopIn(Loop->getBody());
  if (Depth != 2 || !Inner) {
    report(DE, D.NameLoc, Diag::OmpOrderedNest) << Depth;
    return;
  }
  // `#pragma dlb doacross` on the inner loop: the analysis proves from the
  // subscripts that the pipeline keeps every dependence (the depend
  // clauses are not trusted); the points are left out of its kernel.
  if (loopAround(SM.getExpansionLoc(Inner->getForLoc())))
    return;
  annotate(D, Inner, LoopKind::DoAcross);
  for (const OmpDirective *P : Points)
    Pipelined.push_back(P->HashLoc);
}

void Binder::checkInside(const OmpDirective &D) {
  if (D.Kind == OmpKind::ThreadPrivate) {
    report(DE, D.NameLoc, Diag::OmpThreadPrivate);
    return;
  }
  if (D.Kind == OmpKind::Ignored) {
    report(DE, D.NameLoc, Diag::OmpIgnoredDirective) << D.Name;
    return;
  }
  if (!loopAround(D.HashLoc) || llvm::is_contained(Pipelined, D.HashLoc))
    return;
  switch (D.Kind) {
  case OmpKind::Atomic:
    report(DE, D.NameLoc, Diag::OmpAtomicInLoop);
    break;
  case OmpKind::Critical:
    report(DE, D.NameLoc, Diag::OmpCriticalInLoop);
    break;
  case OmpKind::Once:
    report(DE, D.NameLoc, Diag::OmpOnceInLoop) << D.Name;
    break;
  case OmpKind::Sync:
    report(DE, D.NameLoc, Diag::OmpSyncInLoop) << D.Name;
    break;
  case OmpKind::Task:
    report(DE, D.NameLoc, Diag::OmpTaskInLoop) << D.Name;
    break;
  default:
    break;
  }
}

void Binder::checkThreadCalls(const Annotation &A) {
  Refs R;
  R.TraverseStmt(const_cast<Stmt *>(A.Loop->getBody()));
  for (const CallExpr *C : R.Calls)
    if (const FunctionDecl *F = C->getDirectCallee())
      if (llvm::is_contained({"omp_get_thread_num", "omp_get_num_threads",
                              "omp_get_max_threads", "omp_get_team_num"},
                             F->getName()))
        report(DE, C->getBeginLoc(), Diag::OmpThreadNumInLoop)
            << (F->getName() + "()").str();
}

void Binder::privatizeRegionArrays(const Stmt *Region) {
  const auto *Body = dyn_cast<CompoundStmt>(Region);
  if (!Body)
    return;
  Refs R;
  R.TraverseStmt(const_cast<CompoundStmt *>(Body));
  for (const Stmt *S : Body->body()) {
    const auto *DS = dyn_cast<DeclStmt>(S);
    if (!DS)
      continue;
    for (const Decl *X : DS->decls()) {
      const auto *V = dyn_cast<VarDecl>(X);
      if (!V || !Ctx.getAsConstantArrayType(V->getType()))
        continue;
      // Used in one loop made here and nowhere else: private to each rank.
      Annotation *Owner = nullptr;
      bool Only = true;
      for (const auto &Use : R.Uses) {
        const DeclRefExpr *E = Use.second;
        if (Use.first != V)
          continue;
        auto In = llvm::find_if(Made, [&](Annotation *A) {
          return contains(A->Loop, SM.getExpansionLoc(E->getLocation()));
        });
        Annotation *A = In == Made.end() ? nullptr : *In;
        Only &= A && (!Owner || Owner == A);
        Owner = A;
      }
      if (Only && Owner && !llvm::is_contained(Owner->PrivateArrays, V))
        Owner->PrivateArrays.push_back(V);
    }
  }
}

void Binder::run(OpenMPSource &Source) {
  std::vector<OmpDirective> Dirs;
  for (SourceLocation H : Source.Pragmas) {
    Dirs.push_back(readOmpDirective(SM, Ctx.getLangOpts(), H));
    Source.Lines.push_back({H, Dirs.back().EndLoc});
  }
  this->Dirs = &Dirs;
  for (const OmpDirective &D : Dirs)
    if (D.Kind == OmpKind::Region)
      if (const Stmt *S = governed(D))
        Regions.push_back({&D, S});
  // In source order (so are the diagnostics): an outer loop is annotated
  // before the directives inside it are checked.
  for (const OmpDirective &D : Dirs) {
    if (D.Kind != OmpKind::Loop) {
      checkInside(D);
      continue;
    }
    const size_t Before = Made.size();
    bindLoop(D);
    if (Made.size() > Before)
      checkThreadCalls(*Made.back());
  }
  for (const auto &[R, Body] : Regions)
    privatizeRegionArrays(Body);
}

} // namespace

void bindOpenMP(OpenMPSource &Source, AnnotationSet &Set, ASTContext &Ctx) {
  Binder(Set, Ctx).run(Source);
}

} // namespace dlbcc
