//===- dlb-netchar.cpp - Network characterization for libdlb --------------===//
//
// The driver of dlb-netchar; everything is in libdlb (runtime/NetCharTool.cpp).
//
//===----------------------------------------------------------------------===//
#include "dlb/Runtime.h"

int main(int argc, char **argv) { return dlb::runNetChar(argc, argv); }
