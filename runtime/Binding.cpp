//===- Binding.cpp - One core per rank ---------------------------------------===//
//
// Owns the binding of ranks to cores (see Binding.h).
//
//===----------------------------------------------------------------------===//
#include "Binding.h"

#include "Comm.h"
#include "Context.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <sched.h>
#include <unistd.h>

namespace dlb {
namespace {

/// This rank's place among the ranks of its host (same processor name):
/// an allgather of the names' hashes, waited by waitAll's sleeping tests.
/// MPI_Comm_split_type would do it as a blocking collective, where a rank
/// that shares its core with a busy process spins away whole time slices:
/// 12-43 ms on 2 ranks next to a CPU hog (0.6 ms on an idle machine).
void hostPlace(int &LocalRank, int &LocalSize) {
  const Context &C = context();
  char Name[MPI_MAX_PROCESSOR_NAME] = {};
  int Length = 0;
  MPI_Get_processor_name(Name, &Length);
  const std::uint64_t Mine = std::hash<std::string>()(
      std::string(Name, static_cast<std::size_t>(Length)));
  std::vector<std::uint64_t> All(static_cast<std::size_t>(C.Size));
  Requests Reqs(1);
  MPI_Iallgather(&Mine, 1, MPI_UINT64_T, All.data(), 1, MPI_UINT64_T, C.Comm,
                 &Reqs[0]);
  waitAll(Reqs, {"the host names of the ranks"});
  LocalRank = static_cast<int>(
      std::count(All.begin(), All.begin() + C.Rank, Mine));
  LocalSize = static_cast<int>(std::count(All.begin(), All.end(), Mine));
}

} // namespace

std::string bindRank(BindMode Mode) {
  // Every rank has the same Mode: they all take part in hostPlace or none.
  if (Mode == BindMode::None)
    return "not bound (--dlb-bind=none)";
  int LocalRank = 0, LocalSize = 1;
  hostPlace(LocalRank, LocalSize);
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
