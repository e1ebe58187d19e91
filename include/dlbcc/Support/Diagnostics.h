//===- dlbcc/Support/Diagnostics.h - Every diagnostic dlbcc can issue ------===//
//
// One enumerator per diagnostic, generated with its severity and message
// from the table in Diagnostics.def. The enumerators double as the typed
// reasons why a pragma or a loop is rejected: tests and remarks refer to
// them, users read the text.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_SUPPORT_DIAGNOSTICS_H
#define DLBCC_SUPPORT_DIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"

namespace dlbcc {

enum class Diag {
#define DLBCC_DIAG(Id, Severity, Format) Id,
#include "dlbcc/Support/Diagnostics.def"
};

/// Reports \p D at \p Loc through Clang's diagnostics engine, so it prints as
/// `file:line:col: error: message` with the source line and a caret.
clang::DiagnosticBuilder report(clang::DiagnosticsEngine &Engine,
                                clang::SourceLocation Loc, Diag D);

} // namespace dlbcc

#endif // DLBCC_SUPPORT_DIAGNOSTICS_H
