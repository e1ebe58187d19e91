//===- Diagnostics.cpp - Severity and wording of every dlbcc diagnostic ---===//
//
// report(): each Diag's severity and message, from the table of
// Diagnostics.def, as a custom diagnostic of Clang's engine.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Support/Diagnostics.h"

#include <string>
#include <vector>

using namespace clang;

namespace dlbcc {
namespace {

struct DiagInfo {
  DiagnosticsEngine::Level Level;
  const char *Format;
};

/// PragmaUnknownStrategy's message, which lists the strategies of
/// dlb/Strategies.def.
const char *unknownStrategyFormat() {
  static const std::string Format = [] {
    std::vector<std::string> Names = {
#define DLB_STRATEGY(Id, Name, Local, Centralized, Modeled, Chunks, Description) Name,
#include "dlb/Strategies.def"
    };
    std::string F = "unknown strategy '%0'; expected ";
    for (std::size_t K = 0; K < Names.size(); ++K)
      F += (K == 0 ? "" : K + 1 == Names.size() ? " or " : ", ") + Names[K];
    return F;
  }();
  return Format.c_str();
}

DiagInfo info(Diag D) {
  static const DiagInfo Table[] = {
#define DLBCC_DIAG(Id, Severity, Format) {DiagnosticsEngine::Severity, Format},
#include "dlbcc/Support/Diagnostics.def"
  };
  return Table[static_cast<unsigned>(D)];
}

} // namespace

DiagnosticBuilder report(DiagnosticsEngine &Engine, SourceLocation Loc,
                         Diag D) {
  DiagInfo I = info(D);
  unsigned ID = Engine.getDiagnosticIDs()->getCustomDiagID(
      static_cast<DiagnosticIDs::Level>(I.Level), I.Format);
  return Engine.Report(Loc, ID);
}

} // namespace dlbcc
