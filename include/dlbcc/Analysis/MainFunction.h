//===- dlbcc/Analysis/MainFunction.h - The program's main -------*- C++ -*-===//
//
// The emitted file renames the program's main and adds a main of its own
// that starts the runtime on every rank, rank 0 calling the program's
// (MainRewrite.cpp). This header owns finding that main and checking that
// the runtime can call it, before anything is emitted.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_ANALYSIS_MAINFUNCTION_H
#define DLBCC_ANALYSIS_MAINFUNCTION_H

#include <optional>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace dlbcc {

struct MainFunction {
  /// The main that the main file defines, or null.
  const clang::FunctionDecl *Decl = nullptr;
  /// main(argc, argv); else main().
  bool TakesArguments = false;
};

/// The main file's main, checked: reports a file with dlb loops
/// (\p HasLoops) and no main (a warning: the program's main must be
/// translated too), and a main that takes neither no parameters nor argc
/// and argv (an error, then nothing).
std::optional<MainFunction> checkMain(clang::ASTContext &Ctx, bool HasLoops);

} // namespace dlbcc

#endif // DLBCC_ANALYSIS_MAINFUNCTION_H
