//===- CommandLine.cpp - Flags dlbcc shares with compilers ----------------===//
//
// Owns the recognition of the compiler flags (-D, -U, -I, -std=) that
// dlbcc and dlbcxx share (CommandLine.h).
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Support/CommandLine.h"

namespace dlbcc {

bool takeValue(llvm::StringRef Flag, const char *const *Argv, int &I, int End,
               std::string &Value) {
  llvm::StringRef Arg(Argv[I]);
  if (!Arg.starts_with(Flag))
    return false;
  if (Arg.size() > Flag.size()) {
    Value = Arg.drop_front(Flag.size()).str();
    return true;
  }
  if (I + 1 >= End)
    return false;
  Value = Argv[++I];
  return true;
}

bool takePreprocessorFlag(const char *const *Argv, int &I, int End,
                          std::string &Flag) {
  if (llvm::StringRef(Argv[I]).starts_with("-std=")) {
    Flag = Argv[I];
    return true;
  }
  for (llvm::StringRef Name : {"-D", "-U", "-I"}) {
    std::string Value;
    if (takeValue(Name, Argv, I, End, Value)) {
      Flag = Name.str() + Value;
      return true;
    }
  }
  return false;
}

} // namespace dlbcc
