//===- dlbcc/CodeGen/CostSpelling.h - W and D as C++ ------------*- C++ -*-===//
//
// The one place where the cost model's expressions (dlbcc/Analysis/
// CostExpr.h) become C++: spellCost gives the text that the call site
// passes to dlb::LoopRun's work() and data(), valid where the loop is, and
// that the model's dump and the remarks print.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_CODEGEN_COSTSPELLING_H
#define DLBCC_CODEGEN_COSTSPELLING_H

#include "dlbcc/Analysis/CostExpr.h"

#include <string>

namespace clang {
class ASTContext;
} // namespace clang

namespace dlbcc {

/// \p E as C++. A number is an integer if it is one, else it has at most
/// six decimals; a sum is its constant, then its terms by number of
/// factors and by text, each product with its factors sorted by text and
/// the products spelled alike merged.
std::string spellCost(const CostExpr &E, const clang::ASTContext &Ctx);

} // namespace dlbcc

#endif // DLBCC_CODEGEN_COSTSPELLING_H
