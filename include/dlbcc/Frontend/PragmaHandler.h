//===- dlbcc/Frontend/PragmaHandler.h - Front end of `#pragma dlb` ---------===//
//
// DlbPragmaHandler parses each `#pragma dlb` line into an Annotation. Names
// and expressions of its clauses are then handed to Clang's own parser: the
// handler injects, in place of the pragma, one marker statement
//
//   (void)(A), (void)(n), (void)[&](long long i) { return (cost); };
//
// whose tokens keep their locations on the pragma line. Sema resolves every
// name in the scope of the loop and type-checks every expression (with
// Clang's own errors and carets), and bindAnnotations() finds the marker in
// the AST, reads the resolved declarations and expressions back into the
// Annotation, and binds it to the `for` statement that must follow.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_FRONTEND_PRAGMAHANDLER_H
#define DLBCC_FRONTEND_PRAGMAHANDLER_H

#include "dlbcc/Frontend/Annotation.h"

#include "clang/Lex/Pragma.h"

#include <deque>
#include <vector>

namespace clang {
class ASTContext;
class Sema;
} // namespace clang

namespace dlbcc {

/// Where the I-th item of a marker statement goes in its Annotation.
struct MarkerSlot {
  enum KindTy { Distributed, Whole, ShapeArray, ShapeExtent, Reduction, Cost };
  KindTy Kind;
  unsigned Index = 0;
  unsigned Dim = 0;
};

/// All annotations of a translation unit, in source order.
struct AnnotationSet {
  std::deque<Annotation> Annotations;
  /// Parallel to Annotations: the marker items, in injection order.
  std::deque<std::vector<MarkerSlot>> Slots;
  /// Errors the pragma handler reported (the rest came from Clang).
  unsigned PragmaErrors = 0;
};

class DlbPragmaHandler : public clang::PragmaHandler {
public:
  explicit DlbPragmaHandler(AnnotationSet &Set);
  void setSema(clang::Sema *S) { Sema = S; }
  void HandlePragma(clang::Preprocessor &PP, clang::PragmaIntroducer Introducer,
                    clang::Token &FirstToken) override;

private:
  AnnotationSet &Set;
  clang::Sema *Sema = nullptr;
};

/// Reads the resolved clause items back from the marker statements and binds
/// every valid annotation to the `for` that follows its marker. Reports
/// pragmas that are not followed by a loop.
void bindAnnotations(AnnotationSet &Set, clang::ASTContext &Ctx);

} // namespace dlbcc

#endif // DLBCC_FRONTEND_PRAGMAHANDLER_H
