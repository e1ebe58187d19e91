//===- dlbcc/Driver/Driver.h - The dlbcc command line ----------------------===//
#ifndef DLBCC_DRIVER_DRIVER_H
#define DLBCC_DRIVER_DRIVER_H

namespace dlbcc {

/// Runs dlbcc with the given command line; returns the exit status.
int runDriver(int Argc, const char **Argv);

} // namespace dlbcc

#endif // DLBCC_DRIVER_DRIVER_H
