//===- Binding.cpp - One core per rank ---------------------------------------===//
//
// Owns the binding of ranks to cores (see Binding.h).
//
//===----------------------------------------------------------------------===//
#include "Binding.h"

#include "Context.h"

#include <sched.h>
#include <unistd.h>

namespace dlb {

std::string bindRank(BindMode Mode) {
  // The ranks of this host: shared memory is the host.
  const Context &C = context();
  MPI_Comm Host;
  MPI_Comm_split_type(C.Comm, MPI_COMM_TYPE_SHARED, C.Rank, MPI_INFO_NULL,
                      &Host);
  int LocalRank = 0, LocalSize = 1;
  MPI_Comm_rank(Host, &LocalRank);
  MPI_Comm_size(Host, &LocalSize);
  MPI_Comm_free(&Host);
  if (Mode == BindMode::None)
    return "not bound (--dlb-bind=none)";
  cpu_set_t Allowed;
  CPU_ZERO(&Allowed);
  if (sched_getaffinity(0, sizeof(Allowed), &Allowed) != 0)
    return "not bound (its CPUs cannot be read)";
  const int Cpus = CPU_COUNT(&Allowed);
  const long Online = sysconf(_SC_NPROCESSORS_ONLN);
  if (Mode == BindMode::Auto) {
    if (LocalSize == 1)
      return "not bound: the only rank on this host";
    if (Cpus < Online)
      return "not bound: the launcher (or taskset) already restricted it to " +
             std::to_string(Cpus) + " CPU(s)";
    if (LocalSize > Cpus)
      return "not bound: " + std::to_string(LocalSize) + " ranks share " +
             std::to_string(Cpus) + " CPUs on this host";
  }
  // The LocalRank-th allowed CPU (round robin when oversubscribed).
  int Target = LocalRank % Cpus;
  for (int Cpu = 0; Cpu < CPU_SETSIZE; ++Cpu) {
    if (!CPU_ISSET(Cpu, &Allowed) || Target-- > 0)
      continue;
    cpu_set_t One;
    CPU_ZERO(&One);
    CPU_SET(Cpu, &One);
    if (sched_setaffinity(0, sizeof(One), &One) != 0)
      return "not bound (sched_setaffinity failed)";
    return "bound to cpu " + std::to_string(Cpu);
  }
  return "not bound";
}

} // namespace dlb
