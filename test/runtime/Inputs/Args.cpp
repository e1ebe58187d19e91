//===- Args.cpp - What the user's main sees of the command line -----------===//
//
// Prints the arguments the user's main receives: the --dlb-* options must be
// gone, the others kept in order, and argv[argc] must be null.
//
//===----------------------------------------------------------------------===//
#include "dlb/dlb.h"

#include <cstdio>

namespace {

int userMain(int Argc, char **Argv) {
  std::printf("argc %d\n", Argc);
  for (int I = 1; I < Argc; ++I)
    std::printf("argv[%d] %s\n", I, Argv[I]);
  std::printf("argv[argc] is %s\n", Argv[Argc] ? "set" : "null");
  return 0;
}

} // namespace

int main(int Argc, char **Argv) { return dlb::runMain(Argc, Argv, userMain); }
