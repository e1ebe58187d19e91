//===- dlbcxx.cpp - The dlbcxx command --------------------------------------===//
//
// A thin driver: dlbcc and mpicxx in one step; the logic lives in
// lib/Wrapper.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Wrapper/Wrapper.h"

int main(int Argc, const char **Argv) { return dlbcc::runWrapper(Argc, Argv); }
