//===- dlbcc/Support/CommandLine.h - Flags dlbcc shares with compilers -----===//
//
// The compiler flags that dlbcc and dlbcxx read as a compiler does: the
// preprocessor's -D, -U, -I (joined or separate) and -std=, which must reach
// dlbcc and the compiler alike.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_SUPPORT_COMMANDLINE_H
#define DLBCC_SUPPORT_COMMANDLINE_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace dlbcc {

/// If Argv[I] is Flag with a value, joined (-DX) or separate (-D X, the
/// value before End), stores the value, moves I onto it and returns true.
bool takeValue(llvm::StringRef Flag, const char *const *Argv, int &I, int End,
               std::string &Value);

/// If Argv[I] is -D, -U or -I with a value (joined or separate, see
/// takeValue) or -std=..., stores the flag in joined form, moves I onto its
/// last word and returns true.
bool takePreprocessorFlag(const char *const *Argv, int &I, int End,
                          std::string &Flag);

} // namespace dlbcc

#endif // DLBCC_SUPPORT_COMMANDLINE_H
