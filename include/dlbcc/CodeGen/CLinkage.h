//===- dlbcc/CodeGen/CLinkage.h - A C program's names link as C -*- C++ -*-===//
//
// dlbcc emits C++ for a C source, but the rest of a C program is C: its
// other files compiled by a C compiler, its headers without `extern "C"`.
// The emitted file therefore wraps the user's text in `extern "C" { ... }`,
// so that the functions and globals it defines, and those it declares
// through its headers and calls in other C files, keep their C names:
//
//   #include "dlb/dlb.h"   // the runtime, C++: outside
//   extern "C" {
//   ... the user's text: its includes, declarations, functions, the
//       kernels and loop descriptors dlbcc puts before a function (static
//       functions and objects, which C linkage does not change) ...
//   }
//   int main(...)          // the runtime's main: outside
//
// Why here, in the emitted text only, and not in CSource's conversion of
// the C text (which dlbcc's analysis reads as C++): an `extern "C" {` line
// there would shift every line the analysis reports by one (a directive
// such as `#include "util.h"` on the first line leaves no room for it on
// that line), and would put the file's declarations under a linkage
// specification, where the walks over the translation unit's top-level
// declarations (main, array parameters) no longer find them. What the
// wrap adds is a linkage the analysis does not depend on; what dlbcc
// inserts inside it holds no template, which C linkage would forbid. The
// C and POSIX headers a C source includes take the wrap: glibc's declare
// C names already, libstdc++'s <math.h> and <stdlib.h> mark their C++
// overloads and templates `extern "C++"`.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_CODEGEN_CLINKAGE_H
#define DLBCC_CODEGEN_CLINKAGE_H

#include "clang/Rewrite/Core/Rewriter.h"

namespace clang {
class ASTContext;
} // namespace clang

namespace dlbcc {

/// If the main file is a C source, wraps its text in `extern "C"`: opened
/// after what is already inserted at its start (the runtime's include),
/// closed before what is inserted at its end afterwards (the new main).
void writeCLinkage(clang::ASTContext &Ctx, clang::Rewriter &R);

} // namespace dlbcc

#endif // DLBCC_CODEGEN_CLINKAGE_H
