//===- dlbcc/Wrapper/Wrapper.h - dlbcxx, dlbcc and mpicxx in one step ------===//
//
// dlbcxx takes a compiler's command line, as mpicxx does: it translates each
// C++ source with the dlbcc next to it, then compiles the emitted files with
// the MPI compiler wrapper libdlb was built with, and links them with libdlb.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_WRAPPER_WRAPPER_H
#define DLBCC_WRAPPER_WRAPPER_H

namespace dlbcc {

/// Runs dlbcxx with the given command line; returns the exit status.
int runWrapper(int Argc, const char **Argv);

} // namespace dlbcc

#endif // DLBCC_WRAPPER_WRAPPER_H
