//===- dlbcc/CodeGen/ArrayParameters.h - C99 array parameters in C++ -----===//
//
// C99 lets a parameter's outer array bound name an earlier parameter
// (`void f(int n, double x[n], double z[n][4])`); Clang reads that as C++
// too, but GNU C++ (mpicxx) rejects it. The parameter is a pointer either
// way (`double *x`, `double (*z)[4]`), and dlbcc has read the bound as the
// array's rows already, so the emitted program drops it: `double x[]`.
// (A parameter whose rows have a variable length has no C++ type at all;
// CSource rejects it.)
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_CODEGEN_ARRAYPARAMETERS_H
#define DLBCC_CODEGEN_ARRAYPARAMETERS_H

#include "clang/Rewrite/Core/Rewriter.h"

namespace clang {
class ASTContext;
} // namespace clang

namespace dlbcc {

/// Drops the variable outer bounds of the array parameters of every
/// function declared in the main file.
void writeArrayParameters(clang::ASTContext &Ctx, clang::Rewriter &R);

} // namespace dlbcc

#endif // DLBCC_CODEGEN_ARRAYPARAMETERS_H
