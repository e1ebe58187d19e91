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
#include <fstream>
#include <functional>
#include <sstream>
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
/// Leader: the lowest rank on this host.
void hostPlace(int &LocalRank, int &LocalSize, int &Leader) {
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
  Leader = static_cast<int>(std::find(All.begin(), All.end(), Mine) -
                            All.begin());
}

/// The CPUs ranked by load: at most this many.
constexpr int RankedCpus = 64;
/// The window over which their load is measured: /proc/stat counts in
/// ticks of about 10 ms (here 4 in 30 ms for a CPU a busy process holds, 0
/// for an idle one); 20 ms tell the two apart at the cost of 20 ms of
/// every start-up that binds.
constexpr double LoadWindowSeconds = 0.02;

/// The busy ticks (user, nice, system, irq, softirq, steal) of CPUs 0 to
/// RankedCpus - 1 in /proc/stat; all 0 if it cannot be read.
std::vector<std::uint32_t> busyTicks() {
  std::vector<std::uint32_t> Busy(RankedCpus, 0);
  std::ifstream Stat("/proc/stat");
  std::string Line;
  while (std::getline(Stat, Line)) {
    if (Line.compare(0, 3, "cpu") != 0 || Line.size() < 4 ||
        Line[3] < '0' || Line[3] > '9')
      continue;
    std::istringstream Fields(Line.substr(3));
    unsigned long long Cpu = 0, User = 0, Nice = 0, System = 0, Idle = 0,
                       Wait = 0, Irq = 0, SoftIrq = 0, Steal = 0;
    Fields >> Cpu >> User >> Nice >> System >> Idle >> Wait >> Irq >>
        SoftIrq >> Steal;
    if (Fields && Cpu < RankedCpus)
      Busy[Cpu] = static_cast<std::uint32_t>(User + Nice + System + Irq +
                                             SoftIrq + Steal);
  }
  return Busy;
}

/// Whether some rank binds (every rank asks: the measurement below is a
/// collective that all or none take part in).
bool anyBinds(bool Mine) {
  int In = Mine, Out = 0;
  Requests Reqs(1);
  MPI_Iallreduce(&In, &Out, 1, MPI_INT, MPI_MAX, context().Comm, &Reqs[0]);
  waitAll(Reqs, {"whether the ranks bind to cores"});
  return Out != 0;
}

/// The busy ticks of the host's CPUs over LoadWindowSeconds while every
/// rank sleeps, as the host's leader measured them (so that the ranks of a
/// host agree): what other processes use.
std::vector<std::uint32_t> foreignLoad(int Leader) {
  const std::vector<std::uint32_t> Before = busyTicks();
  sleepFor(LoadWindowSeconds);
  std::vector<std::uint32_t> Mine = busyTicks();
  for (int Cpu = 0; Cpu < RankedCpus; ++Cpu)
    Mine[Cpu] -= std::min(Mine[Cpu], Before[Cpu]);
  const Context &C = context();
  std::vector<std::uint32_t> All(static_cast<std::size_t>(C.Size) *
                                 RankedCpus);
  Requests Reqs(1);
  MPI_Iallgather(Mine.data(), RankedCpus, MPI_UINT32_T, All.data(),
                 RankedCpus, MPI_UINT32_T, C.Comm, &Reqs[0]);
  waitAll(Reqs, {"the load of the ranks' CPUs"});
  return {All.begin() + static_cast<long>(Leader) * RankedCpus,
          All.begin() + static_cast<long>(Leader + 1) * RankedCpus};
}

} // namespace

std::string bindRank(BindMode Mode) {
  // Every rank has the same Mode: they all take part in hostPlace or none.
  if (Mode == BindMode::None)
    return "not bound (--dlb-bind=none)";
  int LocalRank = 0, LocalSize = 1, Leader = 0;
  hostPlace(LocalRank, LocalSize, Leader);
  cpu_set_t Allowed;
  CPU_ZERO(&Allowed);
  const bool Readable = sched_getaffinity(0, sizeof(Allowed), &Allowed) == 0;
  const int Cpus = Readable ? CPU_COUNT(&Allowed) : 0;
  const long Online = sysconf(_SC_NPROCESSORS_ONLN);
  std::string Why;
  if (!Readable)
    Why = "not bound (its CPUs cannot be read)";
  else if (Mode == BindMode::Auto && LocalSize == 1)
    Why = "not bound: the only rank on this host";
  else if (Mode == BindMode::Auto && Cpus < Online)
    Why = "not bound: the launcher (or taskset) already restricted it to " +
          std::to_string(Cpus) + " CPU(s)";
  else if (Mode == BindMode::Auto && LocalSize > Cpus)
    Why = "not bound: " + std::to_string(LocalSize) + " ranks share " +
          std::to_string(Cpus) + " CPUs on this host";
  // The allowed CPUs, the least loaded by other processes first (in
  // number order among equals): rank 0 runs the program's sequential code
  // and answers the others, so a CPU that a busy process shares goes to
  // the last local rank. Next to a CPU hog on core 0, jacobi2d's loops,
  // which run on rank 0 alone once distributing does not pay, ran at half
  // speed there.
  std::vector<int> Order;
  for (int Cpu = 0; Cpu < CPU_SETSIZE; ++Cpu)
    if (Readable && CPU_ISSET(Cpu, &Allowed))
      Order.push_back(Cpu);
  if (anyBinds(Why.empty())) {
    const std::vector<std::uint32_t> Load = foreignLoad(Leader);
    std::stable_sort(Order.begin(), Order.end(), [&](int A, int B) {
      auto Of = [&](int Cpu) { return Cpu < RankedCpus ? Load[Cpu] : 0; };
      return Of(A) < Of(B);
    });
  }
  if (!Why.empty())
    return Why;
  // The LocalRank-th of them (round robin when oversubscribed).
  const int Cpu = Order[static_cast<std::size_t>(LocalRank) % Order.size()];
  cpu_set_t One;
  CPU_ZERO(&One);
  CPU_SET(Cpu, &One);
  if (sched_setaffinity(0, sizeof(One), &One) != 0)
    return "not bound (sched_setaffinity failed)";
  return "bound to cpu " + std::to_string(Cpu);
}

} // namespace dlb
