//===- RootExecution.h - Rank 0's side of an execution ----------*- C++ -*-===//
//
// Owns rank 0's driver of one execution of a loop (RootExecution.cpp) and
// its judgement of whether the loop pays to distribute
// (DistributionJudgement.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_ROOTEXECUTION_H
#define DLB_RUNTIME_ROOTEXECUTION_H

#include "core/Context.h"
#include "execution/ExecutionPlan.h"
#include "execution/Profit.h"
#include "observe/Stats.h"
#include "protocols/BalancingRunner.h"
#include "protocols/PipelineRunner.h"
#include "transport/Comm.h"

#include <memory>
#include <optional>
#include <vector>

namespace dlb {

/// Rank 0's side of one execution of a loop, phase by phase: the checks,
/// where the arrays are (Residency.h), the parameters (strategy, auto's
/// commitments, pipelines, balancing between executions only), W, the
/// probe (Profit.h), the first partition, the start of the workers, rank
/// 0's own share, the results, and what the execution leaves for the next.
class RootExecution {
public:
  explicit RootExecution(detail::LoopRunState &L);
  void run();

private:
  /// Stops with a message if the loop's description cannot run.
  void validate();
  /// The parameters of an execution on rank 0 alone: nothing to balance,
  /// so no hooks in the loop.
  ExecParams aloneParams() const;
  void prepareResidency();
  void planParams();
  void planWork();
  void pointUserViews();
  /// Maps the pages of the user's arrays that the execution writes.
  void mapWrittenPages();
  void probe();
  /// Whether the last probe's answer (or the loop's history) has this
  /// execution run alone, and nothing asks for blocks: one block, no probe.
  bool knownAloneInOneBlock() const;
  /// Whether this execution, which the probe would distribute and whose
  /// arrays would stay on the ranks (To.Keeps), runs alone once instead so
  /// that the next one samples warm caches.
  bool rehearses(const Prospect &To);
  void partition();
  /// The first distribution of [0, Space.size()) (startPartition; by work
  /// for rows handed out to be kept).
  Partition firstPartition() const;
  /// The partition of an execution that starts from kept rows: where they
  /// are, or balanced by work where that pays (KeptBalance.h).
  Partition keptPartition();
  /// Records each rank's speed in work units per second (WorkSpeeds).
  void recordWorkSpeeds(const std::vector<std::vector<Range>> &Executed);
  bool takesPart(int W) const;
  void startWorkers();
  void runShare();
  void collect();
  void finish();
  /// After a distributed doall execution of Elapsed seconds: its fixed
  /// cost, and whether the loop is faster alone.
  void judgeDistributed(double Elapsed);

  detail::LoopRunState &L;
  Context &C;
  /// A loop reached from inside a kernel, or before start-up, runs here
  /// alone.
  const bool Distribute;
  const int Size;
  const double Start;
  /// The loop's statistics (when Distribute).
  LoopStats *const Stats;
  const long long Execution;
  std::optional<WatchScope> Watch;
  /// Arrays the ranks keep between executions (Residency.h); a loop kept
  /// spread starts from the ranks that own its rows.
  std::vector<Ownership> Owners;
  const bool Resident;
  const bool PipelineAlone;
  const int Ranks;
  /// Nothing to poll for while the kernel runs alone: no emulated load on
  /// this rank, no trace, no simulation.
  const bool Quiet;
  /// The kernel runs over the whole space as one block, no runner built
  /// (runOneBlock): one rank, or rank 0 known to run the loop alone.
  bool OneBlock;
  /// What the runtime distributes: the iterations, or a bitonic loop's
  /// pairs; a skewed pipeline distributes j + Skew * i (runtime/model/PipelineModel.h).
  const Pairing Pairs;
  const SkewedSpace Skewed;
  const Range Space;
  const Ownership *Owned = nullptr;
  const LoopSpec Spec;
  /// What earlier executions found (Context::ProbeAnswer).
  Context::ProbeAnswer &History;
  ExecParams Params;
  bool Probing = false;
  WorkCurve Curve;
  std::vector<ArrayView> Views;
  std::optional<Probe> Probed;
  bool Alone = false;
  std::vector<Range> Left;
  std::unique_ptr<ChunkRule> Rule;
  /// The partition starts from interleaved blocks (partition()).
  bool Interleaved = false;
  Partition Parts;
  bool FromKept = false;
  bool Keeps = false;
  /// Bytes of whole arrays sent to the workers.
  long long WholeSent = 0;
  /// Halo rows of kept arrays sent to the workers, completed in collect().
  PendingSends KeptSends;
  std::vector<RankResult> Work;
  /// Rank 0's runner, unless it runs the loop alone.
  std::unique_ptr<Runner> Run;
};

} // namespace dlb

#endif // DLB_RUNTIME_ROOTEXECUTION_H
