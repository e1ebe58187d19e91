//===- ExecutionPlan.h - How an execution will run --------------*- C++ -*-===//
//
// Owns the policy of one execution, decided before it runs: the strategy
// and group size, a pipeline's parameters, where the kernel calls its hook,
// whether a pipeline or an execution is balanced at all, the protocol that
// runs a rank's share, and the first partition of the iterations.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_EXECUTIONPLAN_H
#define DLB_RUNTIME_EXECUTIONPLAN_H

#include "execution/ExecParams.h"
#include "core/Options.h"
#include "protocols/Runner.h"
#include "model/PipelineModel.h"
#include "protocols/SelfScheduling.h"
#include "model/Work.h"

#include <memory>
#include <vector>

namespace dlb {

/// judgeDistributed: each execution from kept arrays weighs this much less
/// than the next one in a loop's sums (about the last four count; so do a
/// pipeline's distributed executions in pipelineAlone's)...
constexpr double KeptDecay = 0.75;
/// ...and this many of them at least, of the loops that share the arrays
/// (each loop's first KeptWarmup from kept rows not counted, two of each
/// at least), judge.
constexpr int KeptJudged = 4;
/// judgeDistributed: a loop's first executions from kept arrays are not
/// judged: the first pays for the workers' new memory (fdtd-2d 1500 x 1500:
/// 13 ms against 2-3 ms for the next ones), the second for the rows its
/// first measured weights moved and wrote in new memory (jacobi2d 1600 x
/// 1600: the worker's 1072 rows of 1598 took 4.5 ms, 1.3 ms from the next
/// execution on, and the loops went alone at a cost of 0.3 s for bringing
/// 40 MB back; kept on the ranks, its sweeps take 1.2 ms against 2.9 alone).
constexpr int KeptWarmup = 2;

/// The strategy and group size of this execution: --dlb-strategy overrides
/// the loop's clause; under auto the cost model chooses as the execution
/// runs. DataBytes is D from dlbcc, or negative to compute it here.
/// Sides: the iterations per unit (a bitonic loop's pairs move two).
ExecParams execParams(Strategy Clause, int Ranks,
                      const std::vector<ArrayArg> &Arrays, double DataBytes,
                      unsigned Sides);

/// A pipelined loop's parameters: the cost model of auto covers doall
/// loops, so a pipeline under auto balances with GCDLB; the groups of the
/// local strategies split the ranks of the pipeline.
void pipelineParams(ExecParams &P, const LoopDesc &Desc,
                    const SkewedSpace &Space, long long MaxBlock,
                    long long Skew, int Ranks);

/// Where the kernel calls the hook: after every iteration, every strip of
/// iterations that cost at least HookOps / HookFraction operations (W per
/// iteration: \p Work), or once at the end (no balancing in the loop).
void hookParams(ExecParams &P, HookLevel Hooks, double Work);

/// The hooks of an execution with nothing to balance (one rank, or rank 0
/// alone): a strip-mined loop runs as one strip; a kernel with its hook in
/// the body calls it after every iteration anyway, and its polls are spaced
/// in time like any others (as one strip of the whole execution, each hook
/// would count as that strip and poll).
HookLevel unbalancedHooks(HookLevel Emitted);

/// Whether a pipelined loop runs this execution on rank 0 alone: its
/// recent distributed executions, two at least, took longer per element
/// than running alone does (measured, or rank 0's dedicated time per
/// element), by the threshold (Profit.h does the same for doall loops
/// before they start; a pipeline is judged from its history: the first
/// execution is distributed). Two and their decayed sum, not the last one:
/// next to a CPU hog the pipeline's sweeps take 13 to 20 ms as the hog
/// takes the core of one of its ranks or not, and an alone trial moves the
/// grid twice.
bool pipelineAlone(const LoopDesc &Desc, const Options &O);

/// Whether this execution is balanced between executions only. An
/// execution shorter than the balancing period (eq. 14 of Siegell &
/// Steenkiste) would end at its first synchronization, which it would pay
/// for nothing (and under auto, before the model has chosen). Their eq. 15
/// then puts the interactions at the ends of executions (LoopHistory): the
/// execution runs without protocol, from the partition the rates measured
/// in earlier executions give. A block loop that ran before, on more than
/// one rank, under a dynamic strategy.
bool betweenExecutions(const LoopDesc &Desc, const ExecParams &P,
                       Schedule Sched, int Ranks);

/// The protocol that runs a rank's share of an execution: a stage of a
/// pipeline, self-scheduling (Rule: rank 0's chunk rule), the balancing
/// strategies, or none while it runs.
std::unique_ptr<Runner> makeRunner(const LoopSpec &Spec, KernelFn Kernel,
                                   const ExecParams &Params,
                                   const WorkCurve &Curve,
                                   std::vector<ArrayView> &Views,
                                   std::unique_ptr<ChunkRule> Rule);

/// Whether the ranks end an execution together: then no rank computes
/// while the results travel, and their wait is the protocol's (watched).
/// Under a static or local strategy, or along a pipeline, a rank may still
/// compute while another waits to exchange its result.
bool endTogether(Strategy S, bool Pipelined);

/// Whether an execution's first distribution follows measured speeds (those
/// of the last execution, or alike work on interleaved blocks): a block
/// loop balanced while it runs or between executions.
bool balancedStart(const ExecParams &Params, Schedule Sched);

/// The speeds (iterations per second) a balanced block loop's earlier
/// executions measured on Ranks ranks (LoopHistory::weights), or null.
const std::vector<double> *rememberedWeights(const LoopDesc &Desc,
                                             const ExecParams &Params,
                                             Schedule Sched, int Ranks);

/// The first distribution: under a dynamic strategy a block loop that ran
/// before starts where its last execution's speeds say (the balancing then
/// corrects what changed); one that Interleaves (an irregular loop:
/// RootExecution::partition) from interleaved blocks in those proportions;
/// otherwise block or cyclic.
/// A pipeline gives each of its ranks one contiguous range, in rank order,
/// at least one iteration each.
Partition startPartition(const LoopDesc &Desc, const ExecParams &Params,
                         Schedule Sched, bool Interleave, long long Lb,
                         long long Ub, int Ranks);

} // namespace dlb

#endif // DLB_RUNTIME_EXECUTIONPLAN_H
