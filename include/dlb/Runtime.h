//===- dlb/Runtime.h - Program start-up and shutdown -----------------------===//
//
// dlbcc renames the user's main and emits a main that calls runMain: it
// initializes MPI, parses the --dlb-* options, runs the user's program on the
// pseudo-master (rank 0) while the other ranks serve loop executions, and
// shuts everything down when the program returns or calls exit().
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_H
#define DLB_RUNTIME_H

namespace dlb {

using UserMainFn = int (*)(int Argc, char **Argv);

/// Runs the whole program; returns the exit status for main.
int runMain(int Argc, char **Argv, UserMainFn UserMain);

/// Rank of this process and number of ranks (valid after start-up).
int rank();
int size();

} // namespace dlb

#endif // DLB_RUNTIME_H
