//===- Spelling.h - Names and spellings of emitted code ---------*- C++ -*-===//
//
// Private to lib/CodeGen: what the kernels and the call sites both spell
// the same way: the names dlbcc declares (the block, the LoopRun, each
// loop's kernel and LoopDesc), types as the kernel spells them, and the
// runtime's reduction operators.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_LIB_CODEGEN_SPELLING_H
#define DLBCC_LIB_CODEGEN_SPELLING_H

#include "dlbcc/Frontend/Annotation.h"

#include "clang/AST/Type.h"

#include <string>

namespace clang {
class ASTContext;
} // namespace clang

namespace dlbcc {

constexpr const char *BlockVar = "dlbcc_block";
constexpr const char *RunVar = "dlbcc_run";
/// What comes before an OpenMP line that the emitted program leaves out.
constexpr const char *OmpComment = "// dlbcc --openmp: ";

/// The runtime's enumerator of reduction operator \p Op (dlb::ReduceOp).
const char *runtimeOp(dlb::ReduceOp Op);

/// The type as the kernel spells it: canonical, so it never names a typedef
/// that is not visible there.
std::string spell(clang::QualType T, const clang::ASTContext &Ctx);

/// The declaration of \p Name of type \p T, spelled so (`double t[8]`).
std::string spellDeclaration(clang::QualType T, llvm::StringRef Name,
                             const clang::ASTContext &Ctx);

/// The names of loop \p Id's kernel and of its dlb::LoopDesc.
std::string kernelName(unsigned Id);
std::string descName(unsigned Id);

} // namespace dlbcc

#endif // DLBCC_LIB_CODEGEN_SPELLING_H
