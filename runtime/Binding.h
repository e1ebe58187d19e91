//===- Binding.h - One core per rank -----------------------------------------===//
//
// Load balancing measures each rank's speed and moves work to the fast
// ones; if the operating system moves ranks between cores meanwhile (it
// balances too, by migrating), the speeds it measured no longer hold and
// every migration refills the caches. With no more ranks on a host than
// the cores it may use, each rank is bound to its own core unless the
// launcher bound it already (--dlb-bind): the least loaded cores (by other
// processes, read in /proc/stat) to the lowest ranks, rank 0 first, which
// runs the program's sequential code.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_BINDING_H
#define DLB_RUNTIME_BINDING_H

#include "Options.h"

#include <string>

namespace dlb {

/// Collective: binds this rank as Mode says; returns what it did, for
/// --dlb-verbose ("cpu 3", or why not).
std::string bindRank(BindMode Mode);

} // namespace dlb

#endif // DLB_RUNTIME_BINDING_H
