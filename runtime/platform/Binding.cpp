//===- Binding.cpp - One core per rank ---------------------------------------===//
//
// Owns the binding of ranks to cores (see Binding.h).
//
//===----------------------------------------------------------------------===//
#include "platform/Binding.h"

#include "transport/Comm.h"
#include "core/Context.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <dirent.h>
#include <fcntl.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>

namespace dlb {
namespace {

/// What bindEarly saw before MPI_Init, for bindRank: the CPUs the launcher
/// gave this process (before bindEarly narrowed them) and the load of
/// other processes' runnable tasks on each CPU (runnableTasks).
struct EarlyLook {
  bool Kept = false;
  cpu_set_t Cpus;
  std::vector<std::uint32_t> Load;
};

EarlyLook &earlyLook() {
  static EarlyLook L;
  return L;
}

/// This rank's place among the ranks of its host as the launcher tells it
/// before MPI_Init (Hydra, Open MPI, MVAPICH); false if it does not.
bool launcherPlace(int &LocalRank, int &LocalSize) {
  static const char *const Names[][2] = {
      {"MPI_LOCALRANKID", "MPI_LOCALNRANKS"},
      {"OMPI_COMM_WORLD_LOCAL_RANK", "OMPI_COMM_WORLD_LOCAL_SIZE"},
      {"MV2_COMM_WORLD_LOCAL_RANK", "MV2_COMM_WORLD_LOCAL_SIZE"}};
  for (const auto &Pair : Names) {
    const char *Rank = std::getenv(Pair[0]);
    const char *Size = std::getenv(Pair[1]);
    if (!Rank || !Size)
      continue;
    char *End = nullptr;
    LocalRank = static_cast<int>(std::strtol(Rank, &End, 10));
    if (*End)
      return false;
    LocalSize = static_cast<int>(std::strtol(Size, &End, 10));
    return !*End && LocalRank >= 0 && LocalRank < LocalSize;
  }
  return false;
}

/// This rank's place among the ranks of its host (same processor name):
/// an allgather of the names' hashes, waited by waitAll's sleeping tests.
/// MPI_Comm_split_type would do it as a blocking collective, where a rank
/// that shares its core with a busy process spins away whole time slices:
/// 12-43 ms on 2 ranks next to a CPU hog (0.6 ms on an idle machine).
/// Leader: the lowest rank on this host.
struct HostPlace {
  int LocalRank = 0;
  int LocalSize = 1;
  int Leader = 0;
};

HostPlace hostPlace() {
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
  HostPlace P;
  P.LocalRank = static_cast<int>(
      std::count(All.begin(), All.begin() + C.Rank, Mine));
  P.LocalSize = static_cast<int>(std::count(All.begin(), All.end(), Mine));
  P.Leader = static_cast<int>(std::find(All.begin(), All.end(), Mine) -
                              All.begin());
  return P;
}

/// The CPUs ranked by load: at most this many.
constexpr int RankedCpus = 64;

/// Whether the directory entry names a process or thread (all digits).
bool isId(const char *Name) {
  if (!*Name)
    return false;
  for (; *Name; ++Name)
    if (*Name < '0' || *Name > '9')
      return false;
  return true;
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

/// The load of other processes' runnable tasks on each CPU of this host, as its
/// leader saw them before MPI_Init (so that the ranks of a host agree).
std::vector<std::uint32_t> foreignLoad(const HostPlace &P) {
  const Context &C = context();
  std::vector<std::uint32_t> Mine = earlyLook().Load;
  Mine.resize(RankedCpus, 0);
  std::vector<std::uint32_t> All(static_cast<std::size_t>(C.Size) *
                                 RankedCpus);
  Requests Reqs(1);
  MPI_Iallgather(Mine.data(), RankedCpus, MPI_UINT32_T, All.data(),
                 RankedCpus, MPI_UINT32_T, C.Comm, &Reqs[0]);
  waitAll(Reqs, {"the load of the ranks' CPUs"});
  return {All.begin() + static_cast<long>(P.Leader) * RankedCpus,
          All.begin() + static_cast<long>(P.Leader + 1) * RankedCpus};
}

/// Binds this process to Cpu.
bool bindTo(int Cpu) {
  cpu_set_t One;
  CPU_ZERO(&One);
  CPU_SET(Cpu, &One);
  return sched_setaffinity(0, sizeof(One), &One) == 0;
}

/// Why --dlb-bind=Mode (auto or core) leaves a rank unbound, with LocalSize
/// ranks on its host and Cpus of the Online CPUs allowed; empty: it binds.
std::string whyUnbound(BindMode Mode, int LocalSize, int Cpus, long Online) {
  if (Mode != BindMode::Auto)
    return {};
  if (LocalSize == 1)
    return "not bound: the only rank on this host";
  if (Cpus < Online)
    return "not bound: the launcher (or taskset) already restricted it to " +
           std::to_string(Cpus) + " CPU(s)";
  if (LocalSize > Cpus)
    return "not bound: " + std::to_string(LocalSize) + " ranks share " +
           std::to_string(Cpus) + " CPUs on this host";
  return {};
}

/// The allowed CPUs in number order.
std::vector<int> cpusOf(const cpu_set_t &Allowed) {
  std::vector<int> Cpus;
  for (int Cpu = 0; Cpu < CPU_SETSIZE; ++Cpu)
    if (CPU_ISSET(Cpu, &Allowed))
      Cpus.push_back(Cpu);
  return Cpus;
}

} // namespace

bool parseTaskStat(const std::string &Text, TaskStat &Task) {
  // "pid (comm) S ppid ...": comm may hold spaces and parentheses, so the
  // fields start after the last ')'; the state is field 3, the parent
  // field 4, the CPU time fields 14 and 15, the start field 22 and the CPU
  // the task last ran on field 39 (proc(5)).
  const std::size_t Close = Text.rfind(')');
  if (Close == std::string::npos || Close + 2 >= Text.size())
    return false;
  Task.State = Text[Close + 2];
  std::size_t At = Close + 2;
  const char *Begin = Text.c_str();
  for (int Field = 3; Field < 39; ++Field) {
    At = Text.find(' ', At);
    if (At == std::string::npos)
      return false;
    ++At;
    // At: the start of field Field + 1.
    if (Field == 3)
      Task.Parent = std::atoi(Begin + At);
    else if (Field == 13 || Field == 14)
      Task.CpuTicks += std::strtoull(Begin + At, nullptr, 10);
    else if (Field == 21)
      Task.StartTicks = std::strtoull(Begin + At, nullptr, 10);
  }
  char *End = nullptr;
  const long Cpu = std::strtol(Begin + At, &End, 10);
  if (End == Begin + At || Cpu < 0)
    return false;
  Task.Cpu = static_cast<int>(Cpu);
  return true;
}

std::uint32_t taskLoad(const TaskStat &Task, std::uint64_t NowTicks,
                       long TicksPerSecond) {
  // Its share of a CPU over its life (at least 0.1 s of it): 1 for a
  // CPU-bound process, about 0 for one that started a moment ago (a shell
  // pipeline's next command) or wakes now and then (a daemon).
  const double Age = std::max(
      static_cast<double>(NowTicks > Task.StartTicks
                              ? NowTicks - Task.StartTicks
                              : 0),
      0.1 * static_cast<double>(TicksPerSecond));
  const double Share =
      std::min(1.0, static_cast<double>(Task.CpuTicks) / Age);
  // Runnable now counts a quarter whatever its past: a long-lived process
  // that has just turned busy.
  return static_cast<std::uint32_t>(
      std::lround(TaskLoadScale * (0.25 + 0.75 * Share)));
}

std::vector<std::uint32_t> runnableTasks(int Self) {
  std::vector<std::uint32_t> Runnable(RankedCpus, 0);
  // read(2), not a stream: a task that exits between the listing and the
  // read fails it (ESRCH), and libstdc++'s filebuf throws on that.
  auto Read = [](const std::string &Path, TaskStat &Task) {
    const int Fd = open(Path.c_str(), O_RDONLY | O_CLOEXEC);
    if (Fd < 0)
      return false;
    char Text[4096];
    const ssize_t Got = read(Fd, Text, sizeof(Text));
    close(Fd);
    return Got > 0 &&
           parseTaskStat(std::string(Text, static_cast<std::size_t>(Got)),
                         Task);
  };
  const std::string Proc = "/proc/";
  const long TicksPerSecond = sysconf(_SC_CLK_TCK);
  timespec Boot;
  clock_gettime(CLOCK_BOOTTIME, &Boot);
  const std::uint64_t NowTicks = static_cast<std::uint64_t>(
      (static_cast<double>(Boot.tv_sec) + 1e-9 * static_cast<double>(Boot.tv_nsec)) *
      static_cast<double>(TicksPerSecond));
  TaskStat Me, Parent;
  if (!Read(Proc + std::to_string(Self) + "/stat", Me))
    return Runnable;
  Read(Proc + std::to_string(Me.Parent) + "/stat", Parent);
  DIR *Procs = opendir("/proc");
  if (!Procs)
    return Runnable;
  while (const dirent *Entry = readdir(Procs)) {
    if (!isId(Entry->d_name))
      continue;
    const int Pid = std::atoi(Entry->d_name);
    const std::string Tasks = Proc + Entry->d_name + "/task/";
    DIR *Threads = opendir(Tasks.c_str());
    if (!Threads)
      continue;
    while (const dirent *Thread = readdir(Threads)) {
      TaskStat Task;
      // The launcher, its helper and the ranks it started are the job.
      if (isId(Thread->d_name) && Read(Tasks + Thread->d_name + "/stat", Task) &&
          Task.State == 'R' && Task.Cpu < RankedCpus && Pid != Me.Parent &&
          Pid != Parent.Parent && Task.Parent != Me.Parent)
        Runnable[static_cast<std::size_t>(Task.Cpu)] +=
            taskLoad(Task, NowTicks, TicksPerSecond);
    }
    closedir(Threads);
  }
  closedir(Procs);
  return Runnable;
}

std::vector<int> cpusByLoad(std::vector<int> Cpus,
                            const std::vector<std::uint32_t> &Load) {
  std::stable_sort(Cpus.begin(), Cpus.end(), [&](int A, int B) {
    auto Of = [&](int Cpu) {
      return Cpu < static_cast<int>(Load.size())
                 ? Load[static_cast<std::size_t>(Cpu)]
                 : 0;
    };
    return Of(A) < Of(B);
  });
  return Cpus;
}

void bindEarly(BindMode Mode) {
  EarlyLook &L = earlyLook();
  if (Mode == BindMode::None ||
      sched_getaffinity(0, sizeof(L.Cpus), &L.Cpus) != 0)
    return;
  L.Kept = true;
  // The only rank of its host has no core to choose: no look (a 1-rank
  // run pays nothing for it).
  int LocalRank = 0, LocalSize = 1;
  const bool Placed = launcherPlace(LocalRank, LocalSize);
  if (Placed && LocalSize < 2)
    return;
  L.Load = runnableTasks(getpid());
  // Bind only where bindRank binds for sure (it settles the core).
  const std::vector<int> Cpus = cpusOf(L.Cpus);
  if (!Placed || !whyUnbound(BindMode::Auto, LocalSize,
                             static_cast<int>(Cpus.size()),
                             sysconf(_SC_NPROCESSORS_ONLN))
                      .empty())
    return;
  bindTo(cpusByLoad(Cpus, L.Load)[static_cast<std::size_t>(LocalRank)]);
}

double coreShare(std::uint32_t Load) {
  if (2 * Load < TaskLoadScale)
    return 1;
  return static_cast<double>(TaskLoadScale) / (TaskLoadScale + Load);
}

std::string bindRank(BindMode Mode, double &CoreShare) {
  CoreShare = 1;
  // Every rank has the same Mode: they all take part in hostPlace or none.
  if (Mode == BindMode::None)
    return "not bound (--dlb-bind=none)";
  const HostPlace P = hostPlace();
  const EarlyLook &L = earlyLook();
  cpu_set_t Allowed;
  CPU_ZERO(&Allowed);
  const bool Readable =
      L.Kept || sched_getaffinity(0, sizeof(Allowed), &Allowed) == 0;
  if (L.Kept)
    Allowed = L.Cpus;
  const std::string Why =
      Readable ? whyUnbound(Mode, P.LocalSize, CPU_COUNT(&Allowed),
                            sysconf(_SC_NPROCESSORS_ONLN))
               : "not bound (its CPUs cannot be read)";
  // The allowed CPUs, the least loaded by other processes first (in
  // number order among equals): rank 0 runs the program's sequential code
  // and answers the others, so a CPU that a busy process shares goes to
  // the last local rank. Next to a CPU hog on core 0, jacobi2d's loops,
  // which run on rank 0 alone once distributing does not pay, ran at half
  // speed there.
  std::vector<int> Order = Readable ? cpusOf(Allowed) : std::vector<int>();
  std::vector<std::uint32_t> Load;
  if (anyBinds(Why.empty())) {
    Load = foreignLoad(P);
    Order = cpusByLoad(std::move(Order), Load);
  }
  if (!Why.empty()) {
    // bindEarly's guess of the launcher's place did not hold: give the
    // rank its launcher's CPUs back.
    if (L.Kept)
      sched_setaffinity(0, sizeof(L.Cpus), &L.Cpus);
    return Why;
  }
  // The LocalRank-th of them (round robin when oversubscribed).
  const int Cpu =
      Order[static_cast<std::size_t>(P.LocalRank) % Order.size()];
  if (!bindTo(Cpu))
    return "not bound (sched_setaffinity failed)";
  if (static_cast<std::size_t>(Cpu) < Load.size())
    CoreShare = coreShare(Load[static_cast<std::size_t>(Cpu)]);
  return "bound to cpu " + std::to_string(Cpu);
}

} // namespace dlb
