//===- Binding.h - One core per rank -----------------------------------------===//
//
// Load balancing measures each rank's speed and moves work to the fast
// ones; if the operating system moves ranks between cores meanwhile (it
// balances too, by migrating), the speeds it measured no longer hold and
// every migration refills the caches. With no more ranks on a host than
// the cores it may use, each rank is bound to its own core unless the
// launcher bound it already (--dlb-bind): the least loaded cores (by other
// processes' runnable tasks, read in /proc, weighted by their use of a
// CPU since they started) to the lowest ranks, rank 0
// first, which runs the program's sequential code. Each rank looks at the
// tasks before MPI_Init and binds itself then already where the launcher
// says which rank of the host it is: MPI_Init's shared-memory set-up
// spins, and unbound ranks next to a busy process spin on each other's
// core (an empty MPI program on 2 ranks next to a CPU hog: 0.11-0.13 s
// unbound, 0.06-0.09 s bound either way round). After MPI_Init the ranks
// of a host take the cores in the order their lowest rank saw, so that
// they agree.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_BINDING_H
#define DLB_RUNTIME_BINDING_H

#include "core/Options.h"

#include <cstdint>
#include <string>
#include <vector>

namespace dlb {

/// Before MPI_Init: looks at the tasks runnable on each CPU and, where the
/// launcher says this is the i-th of two or more ranks on a host with at
/// least as many CPUs, none of them restricted, binds it to the i-th least
/// loaded CPU; keeps the launcher's CPUs and the look for bindRank.
void bindEarly(BindMode Mode);

/// Collective: binds this rank as Mode says; returns what it did, for
/// --dlb-verbose ("cpu 3", or why not), and sets CoreShare to the share of
/// its CPU that the rank may expect there (coreShare of the load other
/// processes put on it; 1 where it is not bound).
std::string bindRank(BindMode Mode, double &CoreShare);

/// The share of a CPU that a rank bound to it may expect, next to other
/// processes' runnable tasks of load Load (taskLoad summed): 1 / (1 + the
/// CPU-bound processes they amount to), 1 below half of one (a command
/// that happened to run at the look is not a competitor for the run).
double coreShare(std::uint32_t Load);

/// What /proc/<pid>/task/<tid>/stat says of a task.
struct TaskStat {
  char State = 0; ///< 'R': running or runnable.
  int Parent = 0; ///< The parent process's id.
  int Cpu = -1;   ///< The CPU it last ran on.
  std::uint64_t CpuTicks = 0;   ///< User and system time, in clock ticks.
  std::uint64_t StartTicks = 0; ///< When it started, in ticks after boot.
};

/// Parses the text of a task's stat file; false if it is not one.
bool parseTaskStat(const std::string &Text, TaskStat &Task);

/// What a runnable task adds to its CPU's load: TaskLoadScale for a task
/// that has used a whole CPU since it started (a CPU-bound process), a
/// quarter of it for one that has used none (a command started a moment
/// ago, a daemon waking), in between by its share; NowTicks: clock ticks
/// since boot.
constexpr std::uint32_t TaskLoadScale = 1000;
std::uint32_t taskLoad(const TaskStat &Task, std::uint64_t NowTicks,
                       long TicksPerSecond);

/// Per CPU (0 to 63), the load (taskLoad) of the tasks (threads) runnable
/// now, except those of the job of process Self: its parent (the
/// launcher's helper, Hydra's proxy), grandparent (mpiexec) and the
/// parent's children (the ranks). A CPU-bound process is runnable at every
/// look, and weighs as much as four tasks that merely happen to run then.
std::vector<std::uint32_t> runnableTasks(int Self);

/// Cpus, the least loaded first (Load per CPU number; stable among equals).
std::vector<int> cpusByLoad(std::vector<int> Cpus,
                            const std::vector<std::uint32_t> &Load);

} // namespace dlb

#endif // DLB_RUNTIME_BINDING_H
