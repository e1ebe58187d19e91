//===- AccessChecks.cpp - Subscript ranges against the arrays' extents ----===//
//
// Owns buildAccessChecks and buildWholeRows (AccessChecks.h): the ranges
// of subscripts over the iteration space, proved against the arrays'
// extents or left to the call site as run-time checks, and the rows of
// whole arrays the loop may read.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Analysis/AccessChecks.h"
#include "dlbcc/Analysis/Affine.h"
#include "dlbcc/Analysis/CallChecker.h"
#include "dlbcc/Analysis/ExprQueries.h"
#include "dlbcc/Analysis/LoopForm.h"
#include "dlbcc/Analysis/LoopModel.h"
#include "dlbcc/Support/Diagnostics.h"
#include "dlbcc/Support/Text.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace dlbcc {
namespace {

/// The range of one variable over the loop's iteration space: call-site
/// expressions, and their values when constant.
struct VarRange {
  std::string Lo, Hi;
  std::optional<long long> LoValue, HiValue;
};

/// A range of values as call-site expressions of type long long.
struct Interval {
  std::string Lo, Hi;
};

std::string asLongLong(const std::string &Text) {
  return "static_cast<long long>(" + Text + ")";
}

const VarDecl *varOf(const Expr *E) {
  const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
}

/// Finds the statements that may skip part of an iteration: the targets of
/// break and continue.
class Interruptions : public RecursiveASTVisitor<Interruptions> {
public:
  explicit Interruptions(ASTContext &Ctx) : Ctx(Ctx) {}
  bool VisitBreakStmt(BreakStmt *S) { return target(S); }
  bool VisitContinueStmt(ContinueStmt *S) { return target(S); }
  llvm::SmallPtrSet<const Stmt *, 4> Targets;

private:
  bool target(const Stmt *S) {
    for (DynTypedNodeList P = Ctx.getParents(*S); !P.empty();
         P = Ctx.getParents(P[0])) {
      const Stmt *Parent = P[0].get<Stmt>();
      if (!Parent)
        break;
      if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt>(
              Parent)) {
        Targets.insert(Parent);
        break;
      }
    }
    return true;
  }
  ASTContext &Ctx;
};

/// Whether V is modified anywhere in S but in Allowed.
class Modification : public RecursiveASTVisitor<Modification> {
public:
  Modification(const VarDecl *V, const Stmt *Allowed)
      : V(V), Allowed(Allowed) {}
  bool TraverseStmt(Stmt *S) {
    return S == Allowed || RecursiveASTVisitor::TraverseStmt(S);
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if ((U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) &&
        varOf(U->getSubExpr()) == V)
      Found = true;
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp() && varOf(B->getLHS()) == V)
      Found = true;
    return true;
  }
  // A reference to V may change it.
  bool VisitVarDecl(VarDecl *D) {
    if (D->getType()->isReferenceType() && D->getInit() &&
        varOf(D->getInit()) == V)
      Found = true;
    return true;
  }
  bool Found = false;

private:
  const VarDecl *V;
  const Stmt *Allowed;
};

class CheckBuilder {
public:
  CheckBuilder(const LoopModel &M, ASTContext &Ctx)
      : M(M), Ctx(Ctx), Interrupted(Ctx) {
    Interrupted.TraverseStmt(const_cast<Stmt *>(M.Loop->getBody()));
  }

  std::vector<AccessCheck> build(bool &Ok) {
    std::vector<AccessCheck> Checks;
    llvm::StringSet<> Seen;
    // An interrupted body may skip any access.
    const bool Interrupts = Interrupted.Targets.count(M.Loop);
    std::vector<Covered> Runs;
    std::vector<const ArrayAccess *> Conditional;
    auto Add = [&](std::optional<AccessCheck> C) {
      if (C && Seen.insert(C->Array + "/" + std::to_string(C->Dim) + "/" +
                           C->Guard + "/" + C->Min + "/" + C->Max)
                   .second)
        Checks.push_back(std::move(*C));
    };
    for (const ArrayModel &A : M.Arrays)
      for (const ArrayAccess &Acc : A.Accesses) {
        SmallVector<ForRange, 2> Loops;
        const bool Every = !Interrupts && everyIteration(Acc.Expr, Loops);
        if (!Acc.Spans.empty())
          spanChecks(A, Acc, Add, Ok);
        if (!Every) {
          Conditional.push_back(&Acc);
          continue;
        }
        for (unsigned D = 0; D < Acc.Subs.size(); ++D) {
          Verified = false;
          std::optional<AccessCheck> C = check(A, Acc, D, Loops, Ok);
          if (Verified && Acc.Subs[D])
            Runs.push_back({&A, D, &*Acc.Subs[D], forsAround(Acc.Expr)});
          else if (A.RowLength && D == 1)
            unchecked(A, Acc, Ok);
          Add(std::move(C));
        }
      }
    // A linearized array's column past its row would be another row's
    // element in the sequential program: it must be checked, or run only
    // where a checked access runs.
    for (const ArrayModel &A : M.Arrays)
      for (const ArrayAccess &Acc : A.Accesses)
        if (A.RowLength && Acc.Subs.size() > 1 &&
            llvm::is_contained(Conditional, &Acc) && !covered(Runs, A, Acc, 1))
          unchecked(A, Acc, Ok);
    return Checks;
  }

  /// The elements a callee reaches (Acc.Spans, along the dimension past
  /// Acc's subscripts), each end proved within the extent or checked at
  /// the call site (over every iteration of the loops around the call,
  /// whether or not a condition skips it).
  void spanChecks(const ArrayModel &A, const ArrayAccess &Acc,
                  llvm::function_ref<void(std::optional<AccessCheck>)> Add,
                  bool &Ok) {
    SmallVector<ForRange, 4> Loops;
    const unsigned D = Acc.SubscriptExprs.size();
    bool Checked = enclosingLoops(Acc.Expr, Loops), InRange = true;
    for (const AffineSpan &S : Acc.Spans)
      for (const AffineForm *End : {&S.Lo, &S.Hi}) {
        ArrayAccess At = Acc;
        At.Subs[D] = *End;
        Verified = false;
        // One report of an end out of range for the call.
        std::optional<AccessCheck> C =
            Checked && InRange ? check(A, At, D, Loops, InRange) : std::nullopt;
        Checked &= !InRange || Verified;
        Add(std::move(C));
      }
    Ok &= InRange;
    if (!Checked) {
      report(Ctx.getDiagnostics(), Acc.Expr->getBeginLoc(),
             Diag::ArrayCallRange)
          << A.Var->getName() << Acc.Callee->getName()
          << printed(Acc.Expr, Ctx);
      Ok = false;
    }
  }

  void unchecked(const ArrayModel &A, const ArrayAccess &Acc, bool &Ok) {
    report(Ctx.getDiagnostics(), Acc.Expr->getBeginLoc(),
           Diag::ArrayLinearUnchecked)
        << printed(Acc.Expr, Ctx) << printed(Acc.SubscriptExprs[0], Ctx)
        << A.Var->getName() << A.RowLength->getName();
    Ok = false;
  }

  /// The rows each whole array may be read at, for the arrays whose every
  /// read has a bound.
  std::vector<WholeRows> wholeRows() {
    std::vector<WholeRows> Result;
    for (const ArrayModel &A : M.Arrays) {
      if (A.Role != ArrayRole::Whole || A.RowLength || A.variableRows() ||
          A.Accesses.empty())
        continue;
      WholeRows W;
      W.Slot = static_cast<unsigned>(&A - M.Arrays.data());
      W.Array = A.Var->getName().str();
      W.Extent = storedExtent(A, 0).first;
      llvm::StringSet<> Seen;
      bool Bounded = !W.Extent.empty();
      for (const ArrayAccess &Acc : A.Accesses) {
        std::optional<RowSpan> S = Bounded ? spanOf(Acc) : std::nullopt;
        Bounded = S.has_value();
        if (S && Seen.insert(S->Guard + "/" + S->Min + "/" + S->Max).second)
          W.Spans.push_back(std::move(*S));
      }
      if (Bounded)
        Result.push_back(std::move(W));
    }
    return Result;
  }

private:
  /// The rows access Acc may read: its first subscript bounded over the
  /// ranges of the loops around it, when each of those loops runs.
  std::optional<RowSpan> spanOf(const ArrayAccess &Acc) {
    SmallVector<ForRange, 4> Loops;
    if (Acc.SubscriptExprs.empty() || !enclosingLoops(Acc.Expr, Loops))
      return std::nullopt; // the whole array passed to a function
    std::optional<Interval> Rows = boundsOf(Acc.SubscriptExprs[0], Loops);
    if (!Rows)
      return std::nullopt;
    RowSpan S{"", std::move(Rows->Lo), std::move(Rows->Hi)};
    // Each interval holds every value its index takes: an empty one means
    // that its loop, and the access, never runs.
    auto Runs = [&](const ValueDecl *V, ArrayRef<ForRange> Outer) {
      if (std::optional<Interval> R = intervalOf(V, Outer))
        S.Guard += (S.Guard.empty() ? "(" : " && (") + R->Lo + ") <= (" +
                   R->Hi + ")";
    };
    Runs(M.Index, {});
    if (M.Pipeline)
      Runs(M.Pipeline->Index, {});
    for (unsigned K = 0; K < Loops.size(); ++K)
      Runs(Loops[K].Index, ArrayRef<ForRange>(Loops).drop_front(K));
    return S;
  }

  /// Dimension Dim of an access of Array, checked, that runs in every
  /// iteration of the loops Fors around it (innermost first).
  struct Covered {
    const ArrayModel *Array;
    unsigned Dim;
    const AffineForm *Sub;
    SmallVector<const ForStmt *, 2> Fors;
  };

  /// Whether dimension D of Acc, an access that may not run in every
  /// iteration, takes only values that a checked access of Runs takes: the
  /// same subscript inside the same loops (SRAD's `if (c[k] < 0) c[k] = 0`
  /// after `c[k] = ...`).
  bool covered(ArrayRef<Covered> Runs, const ArrayModel &A,
               const ArrayAccess &Acc, unsigned D) {
    if (D >= Acc.Subs.size() || !Acc.Subs[D])
      return false;
    SmallVector<const ForStmt *, 2> Fors = forsAround(Acc.Expr);
    return llvm::any_of(Runs, [&](const Covered &R) {
      return R.Array == &A && R.Dim == D && R.Fors == Fors &&
             sameForm(*R.Sub, *Acc.Subs[D]);
    });
  }

  /// The for loops whose bodies hold E inside the distributed loop,
  /// innermost first.
  SmallVector<const ForStmt *, 2> forsAround(const Expr *E) {
    SmallVector<const ForStmt *, 2> Fors;
    eachEnclosing(E, [&](const Stmt *S, const Stmt *Child) {
      if (const auto *F = dyn_cast<ForStmt>(S); F && Child == F->getBody())
        Fors.push_back(F);
      return true;
    });
    return Fors;
  }

  /// The for loops whose bodies hold E inside the distributed loop that
  /// have the ForRange form, innermost first; false if E may run
  /// elsewhere (in a lambda).
  bool enclosingLoops(const Expr *E, SmallVectorImpl<ForRange> &Loops) {
    return eachEnclosing(E, [&](const Stmt *S, const Stmt *Child) {
      if (isa<LambdaExpr>(S))
        return false;
      if (const auto *F = dyn_cast<ForStmt>(S); F && Child == F->getBody())
        if (std::optional<ForRange> L = parseFor(F))
          Loops.push_back(*L);
      return true;
    });
  }

  /// The values V takes where the loops Loops (innermost first) enclose
  /// the code: the distributed (or pipelined) loop's index, an index of
  /// Loops bounded through the loops outside its own, or a loop-invariant
  /// scalar.
  std::optional<Interval> intervalOf(const ValueDecl *V,
                                     ArrayRef<ForRange> Loops) {
    auto Closed = [&](const Expr *Lo, const Expr *Hi, bool Inclusive) {
      return Interval{asLongLong(sourceText(Lo, Ctx)),
                      asLongLong(sourceText(Hi, Ctx)) +
                          (Inclusive ? "" : " - 1")};
    };
    if (V == M.Index)
      return Closed(M.Lower, M.Upper, M.Inclusive);
    if (M.Pipeline && V == M.Pipeline->Index)
      return Closed(M.Pipeline->Lower, M.Pipeline->Upper,
                    M.Pipeline->Inclusive);
    for (unsigned K = 0; K < Loops.size(); ++K) {
      const ForRange &L = Loops[K];
      if (L.Index != V)
        continue;
      std::optional<Interval> Lo = boundsOf(L.Lower, Loops.drop_front(K + 1));
      std::optional<Interval> Hi = boundsOf(L.Upper, Loops.drop_front(K + 1));
      if (!Lo || !Hi)
        return std::nullopt;
      return Interval{Lo->Lo + (L.LowerOpen ? " + 1" : ""),
                      Hi->Hi + (L.Inclusive ? "" : " - 1")};
    }
    const auto *Var = dyn_cast<VarDecl>(V);
    if (!Var || !outside(Var) || !Var->getType()->isIntegralOrEnumerationType())
      return std::nullopt;
    return Interval{asLongLong(Var->getName().str()),
                    asLongLong(Var->getName().str())};
  }

  /// The values integer expression E takes inside the loops Loops: itself
  /// if loop-invariant, else the corners of its affine form's box.
  std::optional<Interval> boundsOf(const Expr *E, ArrayRef<ForRange> Loops) {
    if (invariant(E)) {
      std::string Text = asLongLong(sourceText(E, Ctx));
      return Interval{Text, Text};
    }
    std::optional<AffineForm> F = affineForm(E, Ctx);
    if (!F)
      return std::nullopt;
    Interval R;
    for (const auto &[V, C] : F->Coeffs) {
      std::optional<Interval> Var = intervalOf(V, Loops);
      if (!Var)
        return std::nullopt;
      R.Lo += term(C, C > 0 ? Var->Lo : Var->Hi, R.Lo.empty(), true);
      R.Hi += term(C, C > 0 ? Var->Hi : Var->Lo, R.Hi.empty(), true);
    }
    R.Lo += term(F->Constant, "", R.Lo.empty());
    R.Hi += term(F->Constant, "", R.Hi.empty());
    return R;
  }

  /// Calls Visit(S, Child) for each statement S around E, inside out, up to
  /// the distributed loop (Child: the one of S that holds E): whether E is
  /// inside the loop and Visit returned true for each.
  template <class VisitFn> bool eachEnclosing(const Expr *E, VisitFn Visit) {
    const Stmt *Child = E;
    for (DynTypedNodeList P = Ctx.getParents(*E); !P.empty();
         P = Ctx.getParents(P[0])) {
      const Stmt *S = P[0].get<Stmt>();
      // An initializer (`double d = fabs(v[k])`): on to its declaration's
      // statement.
      if (!S && P[0].get<VarDecl>())
        continue;
      if (!S)
        return false;
      if (S == M.Loop)
        return true;
      if (!Visit(S, Child))
        return false;
      Child = S;
    }
    return false;
  }

  /// Whether E runs in every iteration of the loops around it (Loops, which
  /// it fills, innermost first) whenever they run.
  bool everyIteration(const Expr *E, SmallVectorImpl<ForRange> &Loops) {
    return eachEnclosing(E, [&](const Stmt *S, const Stmt *Child) {
      if (const auto *If = dyn_cast<IfStmt>(S); If && Child != If->getCond())
        return false;
      if (const auto *C = dyn_cast<AbstractConditionalOperator>(S);
          C && Child != C->getCond())
        return false;
      if (const auto *B = dyn_cast<BinaryOperator>(S);
          B && B->isLogicalOp() && Child == B->getRHS())
        return false;
      if (isa<SwitchStmt, WhileStmt, CXXForRangeStmt, LambdaExpr>(S))
        return false;
      if (const auto *F = dyn_cast<ForStmt>(S)) {
        std::optional<ForRange> L = inner(F);
        if (!L || Child == F->getInc() || Interrupted.Targets.count(F))
          return false;
        if (Child == F->getBody())
          Loops.push_back(*L);
      }
      const auto *Do = dyn_cast<DoStmt>(S);
      return !Do || !Interrupted.Targets.count(Do);
    });
  }

  /// F as `for (j = L; j < U; ++j)` with L and U the same in every
  /// iteration of the distributed loop, and j changed only by ++j.
  std::optional<ForRange> inner(const ForStmt *F) {
    std::optional<ForRange> L = parseFor(F);
    if (!L || L->Down || L->Step != 1 || !invariant(L->Lower) ||
        !invariant(L->Upper))
      return std::nullopt;
    return L;
  }

  /// F as a ForRange (an inner loop around an access), its index changed
  /// only by its increment.
  std::optional<ForRange> parseFor(const ForStmt *F) const {
    std::optional<ForRange> L = forRange(F, Ctx);
    if (!L)
      return std::nullopt;
    Modification Mod(L->Index, F->getInc());
    Mod.TraverseStmt(const_cast<Stmt *>(F->getBody()));
    if (Mod.Found)
      return std::nullopt;
    return L;
  }

  /// Whether E has the same value in every iteration and can be evaluated
  /// at the call site: it names only variables declared before the loop that
  /// the loop does not write.
  bool invariant(const Expr *E) {
    // Pure calls too: `j < v.size()`, `j < std::min(n, m)`.
    if (!repeatable(E, Ctx))
      return false;
    struct Names : RecursiveASTVisitor<Names> {
      bool VisitDeclRefExpr(DeclRefExpr *D) {
        if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
          Vars.push_back(V);
        return true;
      }
      SmallVector<const VarDecl *, 4> Vars;
    } N;
    N.TraverseStmt(const_cast<Expr *>(E));
    return llvm::all_of(N.Vars, [&](const VarDecl *V) { return outside(V); });
  }

  /// A variable of the call site that the loop does not change.
  bool outside(const VarDecl *V) const {
    const SourceManager &SM = Ctx.getSourceManager();
    SourceRange Loop = M.Loop->getSourceRange();
    bool Inside =
        !SM.isBeforeInTranslationUnit(V->getLocation(), Loop.getBegin()) &&
        !SM.isBeforeInTranslationUnit(Loop.getEnd(), V->getLocation());
    // Privates declared before the loop (indices at the top of the
    // function) are in scope at the call site but hold no iteration's value.
    if (Inside || V == M.Index || (M.Pipeline && V == M.Pipeline->Index) ||
        llvm::is_contained(M.Privates, V))
      return false;
    return llvm::none_of(M.Reductions,
                         [&](const ReductionModel &R) { return R.Var == V; });
  }

  std::optional<VarRange> rangeOf(const ValueDecl *V,
                                  ArrayRef<ForRange> Loops) const {
    auto Range = [&](const Expr *Lo, const Expr *Hi, bool Inclusive) {
      VarRange R;
      R.Lo = sourceText(Lo, Ctx);
      R.Hi = sourceText(Hi, Ctx) + (Inclusive ? "" : " - 1");
      R.LoValue = integerConstant(Lo, Ctx);
      if (std::optional<long long> H = integerConstant(Hi, Ctx))
        R.HiValue = *H - (Inclusive ? 0 : 1);
      return R;
    };
    if (V == M.Index)
      return Range(M.Lower, M.Upper, M.Inclusive);
    if (M.Pipeline && V == M.Pipeline->Index)
      return Range(M.Pipeline->Lower, M.Pipeline->Upper, M.Pipeline->Inclusive);
    for (const ForRange &L : Loops)
      if (L.Index == V)
        return Range(L.Lower, L.Upper, L.Inclusive);
    const auto *Var = dyn_cast<VarDecl>(V);
    if (!Var || !outside(Var) || !Var->getType()->isIntegralOrEnumerationType())
      return std::nullopt;
    VarRange R;
    R.Lo = R.Hi = Var->getName().str();
    if (Var->getType().isConstQualified() && Var->getInit())
      R.LoValue = R.HiValue = integerConstant(Var->getInit(), Ctx);
    return R;
  }

  /// The extent of dimension D of A: a call-site expression and, if
  /// constant, its value. A linearized array has the rows its elements
  /// make, of RowLength each.
  std::pair<std::string, std::optional<long long>> extentOf(const ArrayModel &A,
                                                            unsigned D) const {
    if (!A.RowLength)
      return storedExtent(A, D);
    const std::string Length =
        "static_cast<long long>(" + A.RowLength->getName().str() + ")";
    if (D == 1)
      return {Length, std::nullopt};
    const std::string Size = storedExtent(A, 0).first;
    if (Size.empty())
      return {"", std::nullopt};
    return {"(" + Length + " > 0 ? (" + Size + ") / " + Length + " : 0LL)",
            std::nullopt};
  }

  /// The extent of dimension D of A as stored.
  std::pair<std::string, std::optional<long long>>
  storedExtent(const ArrayModel &A, unsigned D) const {
    std::string Name = A.Var->getName().str();
    QualType T = A.Type;
    auto Constant = [&](QualType AT, const std::string &Text)
        -> std::pair<std::string, std::optional<long long>> {
      const ConstantArrayType *C = Ctx.getAsConstantArrayType(AT);
      if (!C)
        return {"", std::nullopt};
      return {Text, static_cast<long long>(C->getSize().getZExtValue())};
    };
    auto Shape =
        [&](unsigned K) -> std::pair<std::string, std::optional<long long>> {
      const Expr *E = A.Shape && K < A.Shape->Extents.size()
                          ? A.Shape->Extents[K]
                      : K == 0 ? A.DeclaredRows
                               : nullptr;
      if (!E)
        return {"", std::nullopt};
      return {sourceText(E, Ctx), integerConstant(E, Ctx)};
    };
    switch (A.Form) {
    case ArrayForm::CArray: {
      QualType AT = T;
      for (unsigned K = 0; K < D && !AT.isNull(); ++K)
        AT = Ctx.getAsArrayType(AT) ? Ctx.getAsArrayType(AT)->getElementType()
                                    : QualType();
      if (AT.isNull())
        return {"", std::nullopt};
      return Constant(AT, "std::extent<std::remove_reference_t<decltype(" +
                              Name + ")>, " + std::to_string(D) + ">::value");
    }
    case ArrayForm::Vector:
      return {"static_cast<long long>(" + Name + ".size())", std::nullopt};
    case ArrayForm::VectorOfVectors:
      // Every row as long as the first (the runtime checks that).
      return {D == 0 ? "static_cast<long long>(" + Name + ".size())"
                     : "(" + Name + ".empty() ? 0LL : static_cast<long long>(" +
                           Name + "[0].size()))",
              std::nullopt};
    case ArrayForm::PointerToArray: {
      if (D == 0)
        return Shape(0);
      // Dimension D is dimension D - 1 of the pointee.
      QualType AT = T->getPointeeType();
      for (unsigned K = 1; K < D && !AT.isNull(); ++K)
        AT = Ctx.getAsArrayType(AT) ? Ctx.getAsArrayType(AT)->getElementType()
                                    : QualType();
      if (AT.isNull())
        return {"", std::nullopt};
      // An extent known at run time: as sizeof measures it.
      if (isa<VariableArrayType>(Ctx.getAsArrayType(AT)))
        return {variableExtent(A, D), std::nullopt};
      // A row's type, not the pointer's: a variable-length array's type
      // may not be a template argument.
      return Constant(AT, "std::extent<std::remove_reference_t<decltype(" +
                              Name + "[0])>, " + std::to_string(D - 1) +
                              ">::value");
    }
    case ArrayForm::Pointer:
    case ArrayForm::PointerToPointer:
      return Shape(D);
    }
    return {"", std::nullopt};
  }

  /// C * Text (or C when Text is empty) as a long long term of a sum; Text
  /// is converted unless IsLongLong.
  static std::string term(long long C, const std::string &Text, bool First,
                          bool IsLongLong = false) {
    if (C == 0 && !First)
      return "";
    std::string Sign = C < 0 ? (First ? "-" : " - ") : (First ? "" : " + ");
    unsigned long long Magnitude =
        C < 0 ? 0ULL - static_cast<unsigned long long>(C)
              : static_cast<unsigned long long>(C);
    if (Text.empty())
      return Sign + std::to_string(Magnitude) + "LL";
    std::string Value = IsLongLong ? "(" + Text + ")" : asLongLong(Text);
    return Sign +
           (Magnitude == 1 ? Value : std::to_string(Magnitude) + " * " + Value);
  }

  std::optional<AccessCheck> check(const ArrayModel &A, const ArrayAccess &Acc,
                                   unsigned D, ArrayRef<ForRange> Loops,
                                   bool &Ok) {
    const std::optional<AffineForm> &F = Acc.Subs[D];
    if (!F)
      return std::nullopt;
    auto [Extent, ExtentValue] = extentOf(A, D);
    if (Extent.empty())
      return std::nullopt;
    std::string Min, Max;
    std::optional<long long> MinValue = F->Constant, MaxValue = F->Constant;
    auto Add = [](std::optional<long long> &Sum, std::optional<long long> X,
                  long long C) {
      if (Sum && X)
        *Sum += C * *X;
      else
        Sum.reset();
    };
    auto Invariant = [&](const ForRange &L) {
      return invariant(L.Lower) && invariant(L.Upper);
    };
    for (const auto &[V, C] : F->Coeffs) {
      // An index whose bounds move with the loops outside it (a call's
      // span in `for (j = 1; j <= i; j++)`) has no call-site range here.
      auto L =
          llvm::find_if(Loops, [&](const ForRange &L) { return L.Index == V; });
      std::optional<VarRange> R =
          L == Loops.end() || Invariant(*L) ? rangeOf(V, Loops) : std::nullopt;
      if (!R)
        return std::nullopt;
      const bool Up = C > 0;
      Min += term(C, Up ? R->Lo : R->Hi, Min.empty());
      Max += term(C, Up ? R->Hi : R->Lo, Max.empty());
      Add(MinValue, Up ? R->LoValue : R->HiValue, C);
      Add(MaxValue, Up ? R->HiValue : R->LoValue, C);
    }
    Min += term(F->Constant, "", Min.empty());
    Max += term(F->Constant, "", Max.empty());
    // The access runs when the distributed loop and every inner loop around
    // it run.
    std::string Guard;
    bool GuardKnown = true, GuardHolds = true;
    llvm::StringSet<> Conditions;
    auto Runs = [&](const Expr *Lo, const Expr *Hi, bool Inclusive) {
      std::string Condition = "(" + sourceText(Lo, Ctx) +
                              (Inclusive ? ") <= (" : ") < (") +
                              sourceText(Hi, Ctx) + ")";
      if (Conditions.insert(Condition).second)
        Guard += (Guard.empty() ? "" : " && ") + Condition;
      std::optional<long long> L = integerConstant(Lo, Ctx),
                               H = integerConstant(Hi, Ctx);
      if (!L || !H)
        GuardKnown = false;
      else if (Inclusive ? *L > *H : *L >= *H)
        GuardHolds = false;
    };
    Runs(M.Lower, M.Upper, M.Inclusive);
    if (M.Pipeline)
      Runs(M.Pipeline->Lower, M.Pipeline->Upper, M.Pipeline->Inclusive);
    for (unsigned K = 0; K < Loops.size(); ++K) {
      if (Invariant(Loops[K])) {
        Runs(Loops[K].Lower, Loops[K].Upper, Loops[K].Inclusive);
        continue;
      }
      // Bounds that move with the loops outside: whether it runs for some
      // of their values (its bounds over theirs), as spanOf has it.
      GuardKnown = false;
      if (std::optional<Interval> R =
              intervalOf(Loops[K].Index, Loops.drop_front(K)))
        if (Conditions.insert(R->Lo + "<=" + R->Hi).second)
          Guard +=
              (Guard.empty() ? "(" : " && (") + R->Lo + ") <= (" + R->Hi + ")";
    }
    if (GuardKnown && !GuardHolds) {
      Verified = true; // never runs
      return std::nullopt;
    }
    Verified = true; // checked here, or at the call site
    if (GuardKnown && MinValue && MaxValue && ExtentValue) {
      if (*MinValue >= 0 && *MaxValue < *ExtentValue)
        return std::nullopt;
      report(Ctx.getDiagnostics(), Acc.Expr->getBeginLoc(),
             Diag::ArrayAccessOutOfRange)
          << printed(Acc.Expr, Ctx)
          << std::to_string(*MinValue < 0 ? *MinValue : *MaxValue)
          << std::to_string(D + 1) << A.Var->getName()
          << std::to_string(*ExtentValue);
      Ok = false;
      return std::nullopt;
    }
    AccessCheck C;
    C.Access = Acc.Expr;
    C.Array = A.Var->getName().str();
    C.Dim = D;
    C.Guard = std::move(Guard);
    C.Min = std::move(Min);
    C.Max = std::move(Max);
    C.Extent = std::move(Extent);
    return C;
  }

  const LoopModel &M;
  ASTContext &Ctx;
  Interruptions Interrupted;
  /// Set by check(): the access is in range, or checked at the call site.
  bool Verified = false;
};

} // namespace

std::vector<AccessCheck> buildAccessChecks(const LoopModel &M, ASTContext &Ctx,
                                           bool &Ok) {
  return CheckBuilder(M, Ctx).build(Ok);
}

std::vector<WholeRows> buildWholeRows(const LoopModel &M, ASTContext &Ctx) {
  return CheckBuilder(M, Ctx).wholeRows();
}

} // namespace dlbcc
