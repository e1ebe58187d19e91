//===- Context.h - Process-wide state of the runtime ----------------------===//
//
// Owns nothing but the declaration of the state that start-up fills in and
// that loop execution, the serve loop and shutdown share.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_CONTEXT_H
#define DLB_RUNTIME_CONTEXT_H

#include "residency/Residency.h"
#include "observe/Stats.h"
#include "dlb/Loop.h"
#include "model/Network.h"
#include "model/Control.h"
#include "core/Options.h"
#include "model/PipelineModel.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mpi.h>
#include <string>
#include <tuple>
#include <vector>

namespace dlb {

struct WaitFor;

/// The watchdog of --dlb-timeout. While a loop executes, its waits are the
/// load balancing protocol's, which answers within a poll period or one
/// hook's computing: a wait that outlasts the limit is a hang, and the job
/// ends with what this rank waited for instead of hanging.
struct Watchdog {
  bool Armed = false;
  const char *Loop = nullptr;
  long long Execution = 0;
  /// The protocol's state in words (strategy, synchronization, work left).
  std::function<std::string()> State;
  /// The longest this rank has computed between two hooks or pipeline
  /// blocks: other ranks may take as long to answer, so the limit is at
  /// least StretchMultiple times it.
  double LongestStretch = 0;
  static constexpr double StretchMultiple = 100;
};

/// Arms the watchdog for the waits of one execution of Loop on this rank
/// (Loop null: the start-up's collective steps, runMain).
class WatchScope {
public:
  WatchScope(const char *Loop, long long Execution);
  ~WatchScope();
  WatchScope(const WatchScope &) = delete;
  WatchScope &operator=(const WatchScope &) = delete;
  /// For a wait that lasts as long as other ranks compute (rank 0 waiting
  /// for the results of a static partition): not the protocol's.
  void disarm();
};

struct Context {
  /// The runtime's private duplicate of MPI_COMM_WORLD.
  MPI_Comm Comm = MPI_COMM_NULL;
  int Rank = 0;
  int Size = 1;
  /// From a successful start-up until shutdown.
  bool Running = false;
  /// While this rank executes a kernel: a loop run from inside a kernel is
  /// executed locally.
  bool InKernel = false;
  Options Opts;
  /// When the runtime started (steady clock seconds): the time base of the
  /// emulated load, so a random load persists across loop executions.
  double StartTime = 0;
  StatsTable Stats;
  /// The network profile of the cost model (NetChar.h), and where it came
  /// from; defaults when no loop can run under auto.
  NetProfile Net;
  std::string NetSource = "defaults";
  /// Rank 0, per loop run under a dynamic strategy: what its executions
  /// measured, and the weights the next one starts from.
  std::map<const LoopDesc *, LoopHistory> Histories;
  /// Per loop under auto: the strategy the cost model chose.
  std::map<const LoopDesc *, Strategy> AutoChoices;
  /// Rank 0: t_fixed and t_incr of the pipelines (measured by the first
  /// one), and per pipelined loop the time per element that its last
  /// execution measured (the next one's block size follows from it).
  ShiftCost Shift;
  std::map<const LoopDesc *, double> ElementSeconds;
  /// Per loop whose rows stay on the ranks: each rank's speed in work
  /// units per second over the distributed executions it ran iterations
  /// of, each measurement averaged with the earlier ones (0: never
  /// measured); KeptBalance.h.
  std::map<const LoopDesc *, std::vector<double>> WorkSpeeds;
  /// Per such loop: what the imbalance of its kept rows cost since they
  /// last moved (KeptBalance::Lost).
  std::map<const LoopDesc *, double> KeptLost;
  /// Per pipelined loop: the seconds per element of its distributed
  /// executions, summed with the older ones weighing less (Distributed;
  /// how many: DistributedRuns), and of its last one on rank 0 alone (0:
  /// none yet), and how many executions started from its kept columns
  /// since it handed them out (RootExecution::finish).
  struct PipelineCosts {
    double Distributed = 0;
    int DistributedRuns = 0;
    double Alone = 0;
    int KeptRuns = 0;
  };
  std::map<const LoopDesc *, PipelineCosts> Pipelines;
  /// Rank 0: the row tables of the program's 2-D arrays, by address, rows
  /// and bytes per row (Layout.h rowsOf keeps a table that is still right).
  std::map<std::tuple<std::uintptr_t, long long, long long>,
           std::vector<char *>>
      RowTables;
  /// Per doall loop: the iterations of the last execution that rank 0
  /// sampled (Profit.h), and whether it then ran alone (Decided: one was
  /// sampled, or its history sent it alone). Under kept arrays,
  /// Of its executions that started from kept arrays: how many (KeptRuns),
  /// their elapsed seconds and the CPU seconds of their computing, summed
  /// (but the first's) with the older ones' weighing less
  /// (RootExecution::judgeDistributed),
  /// the distributed arrays the last one started from (KeptIds) and its
  /// size (KeptIterations); once that switched the loop to alone
  /// (Switched, at most once), the next execution brings the kept arrays
  /// back (Return). Irregular: its samples found the cost of its
  /// iterations to vary along them (Probe::irregular); a dynamic strategy
  /// then starts from interleaved blocks. Predicted: the last sampled
  /// prediction (Model.h); one that sent the loop alone also covers larger
  /// executions while alone scaled to them stays far below it
  /// (RootExecution::probe). Rehearsed: a sampled execution that would
  /// have handed out arrays to keep ran alone so that the next one samples
  /// warm caches (RootExecution::probe).
  struct ProbeAnswer {
    long long Iterations = 0;
    bool Decided = false;
    bool Alone = false;
    DistributionPrediction Predicted;
    bool Irregular = false;
    int KeptRuns = 0;
    double KeptElapsed = 0;
    double KeptComputed = 0;
    std::vector<std::uint64_t> KeptIds;
    std::vector<double> KeptBytes; ///< each kept array's size
    long long KeptIterations = 0;
    bool Switched = false;
    bool Return = false;
    bool Rehearsed = false;
  };
  std::map<const LoopDesc *, ProbeAnswer> Probes;
  /// Rank 0: the least fixed cost of a distributed doall execution seen so
  /// far (its time beyond the longest computing rank's: commands, results,
  /// the workers waking up); 0 until one ran.
  double ExecutionSeconds = 0;
  /// Rank 0: the share of its core each rank may expect (coreShare of the
  /// other processes' load on it at start-up; 1: its own core).
  std::vector<double> CoreShares;
  /// Rank 0: the user's arrays whose pages it mapped before a distributed
  /// execution wrote them (RootExecution::mapWrittenPages).
  std::vector<const char *> Mapped;
  Watchdog Watch;
  /// The halo rows this rank sent before its share of the execution and
  /// has not seen completed: its runner's polls drive them (progress()).
  PendingSends *InFlight = nullptr;
  /// The buffers of the halo rows exchanged before an execution
  /// (exchangeKeptRows), kept for the next one: fresh ones cost their page
  /// faults at each execution (heat-3d 120^3 on 2 ranks: 0.65-1 ms a step
  /// on rank 1 to allocate two planes of 115 KB, 33 us a page fault here).
  std::deque<std::vector<char>> HaloBuffers;
  /// The arrays kept on the ranks between executions.
  ResidencyState Residency;
};

Context &context();

/// Seconds on the steady clock: the runtime's one clock.
double now();

/// The calling thread's CPU seconds: what a computation cost without the
/// time the rank was descheduled (a loaded machine's other processes) or
/// slept (waits, an emulated load).
double threadSeconds();

/// The calling thread's seconds runnable but not running, since it
/// started: the scheduler's run delay (/proc/thread-self/schedstat; 0
/// where that cannot be read).
double runDelaySeconds();

/// Initializes MPI and the context (communicator, rank, size, clock).
void initProcess(int &Argc, char **&Argv);

/// Every rank: waits (sleeping) until all ranks are here, then finalizes.
/// A message nobody received is a bug of the runtime's protocols: it is
/// reported (MPI would otherwise complain on stdout, which is the user's).
void finish();

/// Reports a broken invariant of the runtime and aborts all ranks.
[[noreturn]] void fatal(const std::string &Message);

/// Reports an error of the program (not of the runtime) and ends every rank
/// with status 1.
[[noreturn]] void userError(const std::string &Message);

/// Called by every wait with the time waited so far: past the limit, while
/// armed, reports what this rank waits for and aborts all ranks.
void watchdog(const WaitFor &For, double Waited);

/// A rank computed Seconds between two hooks (the watchdog's scale).
inline void computedStretch(double Seconds) {
  Watchdog &W = context().Watch;
  if (Seconds > W.LongestStretch)
    W.LongestStretch = Seconds;
}

} // namespace dlb

#endif // DLB_RUNTIME_CONTEXT_H
