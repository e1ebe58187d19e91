//===- Registry.h - The loops of the program, by name ---------------------===//
//
// Every LoopDesc registers itself during static initialization. Start-up
// seals the registry, sorting it by name, so that a loop's index is the same
// on every rank and commands can name loops by index.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_REGISTRY_H
#define DLB_RUNTIME_REGISTRY_H

#include "dlb/Loop.h"

#include <string>

namespace dlb {

/// Sorts the registry by name. Fails (setting Error) if two loops share a
/// name.
bool sealRegistry(std::string &Error);

/// The index of a registered loop in the sealed registry.
unsigned loopId(const LoopDesc &Desc);

/// The loop with index Id in the sealed registry.
const LoopDesc &loopById(unsigned Id);

} // namespace dlb

#endif // DLB_RUNTIME_REGISTRY_H
