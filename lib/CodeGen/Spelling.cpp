//===- Spelling.cpp - Names and spellings of emitted code -----------------===//
//
// Owns the spellings that the kernels and the call sites share
// (Spelling.h): types, reduction operators, the names of a loop's kernel
// and LoopDesc.
//
//===----------------------------------------------------------------------===//
#include "Spelling.h"

#include "clang/AST/ASTContext.h"

using namespace clang;

namespace dlbcc {

const char *runtimeOp(dlb::ReduceOp Op) {
  switch (Op) {
  case dlb::ReduceOp::Sum:
    return "dlb::ReduceOp::Sum";
  case dlb::ReduceOp::Prod:
    return "dlb::ReduceOp::Prod";
  case dlb::ReduceOp::Min:
    return "dlb::ReduceOp::Min";
  case dlb::ReduceOp::Max:
    return "dlb::ReduceOp::Max";
  }
  return "";
}

namespace {
PrintingPolicy spellingPolicy(const ASTContext &Ctx) {
  PrintingPolicy P = Ctx.getPrintingPolicy();
  P.SuppressTagKeyword = true;
  P.FullyQualifiedName = true;
  return P;
}
} // namespace

std::string spell(QualType T, const ASTContext &Ctx) {
  return T.getCanonicalType().getAsString(spellingPolicy(Ctx));
}

std::string spellDeclaration(QualType T, StringRef Name,
                             const ASTContext &Ctx) {
  std::string Out = Name.str();
  T.getCanonicalType().getAsStringInternal(Out, spellingPolicy(Ctx));
  return Out;
}

std::string kernelName(unsigned Id) { return "dlbcc_kernel_" + std::to_string(Id); }
std::string descName(unsigned Id) { return "dlbcc_loop_" + std::to_string(Id); }

} // namespace dlbcc
