//===- dlbcc/Driver/Driver.h - The dlbcc command line ----------------------===//
//
// The dlbcc command line: runDriver parses it, runs the stages
// (Pipeline.h) on the input and writes the result.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_DRIVER_DRIVER_H
#define DLBCC_DRIVER_DRIVER_H

namespace dlbcc {

/// Runs dlbcc with the given command line; returns the exit status.
int runDriver(int Argc, const char **Argv);

} // namespace dlbcc

#endif // DLBCC_DRIVER_DRIVER_H
