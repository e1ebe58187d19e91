//===- dlbcc.cpp - The dlbcc command ----------------------------------------===//
//
// A thin driver: all logic lives in the libraries under lib/.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Driver/Driver.h"

int main(int Argc, const char **Argv) { return dlbcc::runDriver(Argc, Argv); }
