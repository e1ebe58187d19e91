//===- Profit.h - Whether an execution is worth distributing --------------===//
//
// Rank 0 runs samples of an execution alone, in the user's memory,
// measures its speed, and asks the cost model
// (predictDistribution, runtime/model/Model.h) whether distributing the rest pays
// for moving its data; if not, it runs the rest alone too.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_PROFIT_H
#define DLB_RUNTIME_PROFIT_H

#include "protocols/BalancingRunner.h"
#include "model/Model.h"

#include <optional>

namespace dlb {

/// Seconds to move one byte of an array to another rank: a byte is copied
/// three times (packed into a message, through MPI's buffers, into the
/// receiver's slab), each at the cost of a copy into fresh memory of the
/// kind received rows arrive in (huge pages where the host gives them,
/// platform/SlabMemory.h; FreshCopy, the network profile's, or measured
/// once here when it has none), and between hosts the link adds its own
/// time.
double transferByteSeconds(double Bandwidth, double FreshCopy);

/// What distributing an execution would face besides its work.
struct Prospect {
  int Ranks = 1;
  double Latency = 0;
  double Bandwidth = 0;
  double FreshCopy = 0; ///< NetProfile::FreshCopy
  double ProfitFactor = 0.9;
  /// Context::ExecutionSeconds.
  double ExecutionSeconds = 0;
  /// The network profile's one-to-all and all-to-one exchanges of small
  /// messages among the ranks (DistributionInput::PatternSeconds).
  double PatternSeconds = 0;
  /// The arrays stay on the ranks after this execution: moving them is paid
  /// once for many executions, so only the fixed cost counts, and the
  /// samples come from one stratum, the first iterations, so that rank 0's
  /// rows stay one block (the ranks keep them for later executions).
  bool Keeps = false;
  /// Each rank's share of its core (Context::CoreShares; null or empty:
  /// whole cores), and the operating system's time slice (--dlb-quantum); they
  /// count where the arrays stay (Keeps).
  const std::vector<double> *Shares = nullptr;
  double Quantum = 0;
};

class Probe {
public:
  /// Alone: the parameters of a one-rank execution; Views point at the
  /// user's memory.
  Probe(const LoopSpec &Spec, KernelFn Kernel, const ExecParams &Alone,
        const WorkCurve &Curve, std::vector<ArrayView> &Views);

  /// Runs samples of Space (the first iterations of each of 8 strata, in
  /// growing chunks, at most a sixteenth of each) until the model's answer
  /// is clear; true: distribute rest() over the prospect's ranks.
  bool worthDistributing(const Range &Space, const Prospect &To);
  /// The iterations the probe has not run, in order.
  std::vector<Range> rest() const;
  /// Runs rest() alone.
  void runRest();
  /// Runs all of Space alone, without sampling.
  void runAll(const Range &Space);
  /// Whether the samples' CPU seconds per work unit are more than 4 times
  /// the cheapest stratum's in two strata or more (among chunks of 20 us
  /// or more; CPU time, so that a sample during which the rank was
  /// descheduled does not look costly; two strata, so that one disturbed
  /// sample does not): the loop's W (dlbcc's estimate, uniform where the
  /// cost depends on the data) misses how the cost of its iterations
  /// varies along them.
  bool irregular() const;
  /// Whether worthDistributing predicted anything.
  bool predicted() const { return Last.AloneSeconds > 0; }
  const RankResult &result() const { return Exec.result(); }
  const DistributionPrediction &prediction() const { return Last; }

private:
  struct Stratum {
    Range Whole;
    long long Next = 0; ///< [Whole.Begin, Next) has run
    long long Cap = 0;  ///< the samples end here at the latest
    /// The fastest chunk's seconds per work unit (per iteration when the
    /// stratum's W is 0): a chunk during which the rank was descheduled,
    /// or one so short that the call costs more than its iterations, is
    /// slower.
    double BestRate = -1;
    /// The fastest chunk's CPU seconds per work unit among chunks long
    /// enough for the call not to matter (irregular()): -1 before one.
    double LongRate = -1;
    /// The last chunk's seconds per work unit, and whether it measured the
    /// iterations' speed: within SteadyFactor (Profit.cpp) of the one
    /// before, or long (SureChunkSeconds).
    double LastRate = -1;
    bool Steady = false;
    bool PerIteration = false;
  };

  /// Runs R alone; returns the kernel's seconds, and in Cpu (if given)
  /// the CPU seconds of the thread over the run.
  double runAlone(const Range &R, double *Cpu = nullptr);
  DistributionInput costs(const Prospect &To) const;

  const LoopSpec &Spec;
  const WorkCurve &Curve;
  BalancingRunner Exec;
  std::vector<Stratum> Strata;
  DistributionPrediction Last;
};

/// Whether Probe applies to an execution: a doall loop of contiguous
/// iterations on more than one rank, none of whose arrays is kept on the
/// ranks already (its rows are there, not on rank 0; such a loop is judged
/// by its history, RootExecution::judgeDistributed).
bool mayProbe(const LoopSpec &Spec, bool Pipelined, bool Bitonic,
              bool Always);

} // namespace dlb

#endif // DLB_RUNTIME_PROFIT_H
