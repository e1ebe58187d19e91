//===- dlbcc/Analysis/PointeeUses.h - What a callee does with its pointees ===//
//
// The access summary of one parameter of a function: whether the function
// reads or writes the elements that a pointer parameter points to (or the
// object a reference parameter binds), at which offsets from the pointer
// it is given, in terms of its parameters (`p[k]` for k in [0, n) reaches
// [0, n - 1]); or that the pointer escapes, which leaves the elements it
// reaches unknown. A loop that passes an array of its own, a row of it or
// an element to such a parameter accesses those elements as the summary
// says (LoopUses.cpp), checked against the array's extents (AccessChecks).
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_ANALYSIS_POINTEEUSES_H
#define DLBCC_ANALYSIS_POINTEEUSES_H

#include "dlbcc/Analysis/Affine.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <utility>

namespace clang {
class CallExpr;
class FunctionDecl;
class ParmVarDecl;
class QualType;
} // namespace clang

namespace dlbcc {

/// c + sum(ck * pk) over a function's parameters pk, by position: an
/// offset in the function's own terms, which any caller (in any file) can
/// instantiate with its arguments.
struct ParamForm {
  long long Constant = 0;
  llvm::SmallVector<std::pair<unsigned, long long>, 2> Coeffs;
};

/// The offsets [Lo, Hi] from the pointer given that a function reaches.
struct OffsetSpan {
  ParamForm Lo, Hi;

  /// Whether the span is offset 0 alone: `*p`.
  bool atPointer() const {
    return Lo.Coeffs.empty() && Hi.Coeffs.empty() && Lo.Constant == 0 &&
           Hi.Constant == 0;
  }

  bool operator==(const OffsetSpan &O) const {
    auto Same = [](const ParamForm &A, const ParamForm &B) {
      return A.Constant == B.Constant && A.Coeffs == B.Coeffs;
    };
    return Same(Lo, O.Lo) && Same(Hi, O.Hi);
  }
};

struct PointeeUse {
  bool Read = false;
  bool Write = false;
  /// The pointer is stored, returned, cast or moved, or passed where its
  /// use is unknown: what it reaches, and how, is unknown.
  bool Escapes = false;
  /// The first escape, in the file that scanned the body (else invalid).
  clang::SourceLocation At;
  /// Some reads or writes are at offsets that the function's loops and
  /// parameters do not bound (`p[idx[k]]`): any element of the array.
  bool Unbounded = false;
  /// The offsets of the other reads and writes.
  llvm::SmallVector<OffsetSpan, 2> Spans;
  /// The function only adds to the one object given (`*p += e`, `*p -=
  /// e`, e not reaching it, computed in its type): a call passing a sum
  /// reduction's variable updates it as `x += e` does.
  bool Accumulates = false;
  /// Spans and Covers count bytes, not elements (memcpy's `void *`): the
  /// caller divides them by the size of what its argument points to.
  bool InBytes = false;
  /// Offsets that every call writes, all of them, when the function reads
  /// no pointee: afterwards they hold what the call computed, whatever they
  /// held before (a scratch array that the caller fills this way is its
  /// own, PrivateArrays.cpp).
  llvm::SmallVector<OffsetSpan, 1> Covers;

  PointeeUse &operator|=(const PointeeUse &O) {
    Read |= O.Read;
    Write |= O.Write;
    Unbounded |= O.Unbounded;
    if (O.Escapes && !Escapes)
      At = O.At;
    Escapes |= O.Escapes;
    Spans.append(O.Spans.begin(), O.Spans.end());
    if (Covers != O.Covers) // two definitions: what both write for sure
      Covers.clear();
    Accumulates &= O.Accumulates;
    return *this;
  }
};

/// What a function does with the pointees of one of its parameters (by
/// position), as CallChecker::pointeeUse tells.
using CalleeUse =
    llvm::function_ref<PointeeUse(const clang::FunctionDecl *, unsigned)>;

/// The use a parameter of type \p T allows where its function's body is
/// not seen: a pointer to const or a const reference is read, unbounded;
/// anything else escapes.
PointeeUse pointeeUseOfType(clang::QualType T);

/// What the body of \p Def does with the pointees of its parameter \p P (a
/// pointer to elements that are not arrays, or a reference): element reads
/// and writes through subscripts, `*`, offsets and the elements'
/// addresses; a pointer passed on to parameter J of a function G counts as
/// \p Callee(G, J) says, instantiated with that call's arguments. Covers
/// holds the `for` loops of the body's top level that assign `p[k + c]`
/// for each of their indices k, and the calls there that cover offsets of
/// p, up to the first statement that may return.
PointeeUse scanPointeeUse(const clang::FunctionDecl *Def,
                          const clang::ParmVarDecl *P, CalleeUse Callee);

/// Span \p S of \p U, the use of parameter \p J of the function that
/// \p Call calls, in the caller's terms: each parameter replaced by its
/// argument's affine form, in elements of what argument J points to, plus
/// \p Base; nothing when an argument it names has no affine form (or a
/// span in bytes is not a whole number of elements).
std::optional<AffineSpan> instantiate(const PointeeUse &U, const OffsetSpan &S,
                                      const clang::CallExpr *Call, unsigned J,
                                      const AffineForm &Base,
                                      const clang::ASTContext &Ctx);

/// What the C library's memcpy, memmove and memset do with the pointees
/// of their parameter \p I, in bytes (nothing for another function).
std::optional<PointeeUse> libraryPointeeUse(const clang::FunctionDecl *F,
                                            unsigned I);

} // namespace dlbcc

#endif // DLBCC_ANALYSIS_POINTEEUSES_H
