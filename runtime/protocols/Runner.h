//===- Runner.h - The one interface of every protocol's runner --*- C++ -*-===//
//
// Owns the interface through which an execution runs a rank's share,
// whatever its protocol: a stage of a pipeline (PipelineRunner.h), the
// balancing strategies (BalancingRunner.h), self-scheduling (SelfScheduling.h),
// or no balancing while it runs (StaticRunner, PieceRunner.h). Rank 0's
// driver (RootExecution) and the worker's side (WorkerExecution.cpp) build
// one with makeRunner (ExecutionPlan.h) and know nothing else of it.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_RUNNER_H
#define DLB_RUNTIME_RUNNER_H

#include "execution/ExecParams.h"
#include "model/PipelineModel.h"
#include "residency/Pieces.h"

#include <optional>
#include <vector>

namespace dlb {

/// What rank 0's runner reports of an execution, for the statistics and
/// the executions that follow.
struct RunReport {
  /// The strategy the execution ended with (auto: the last one chosen);
  /// Auto where the protocol chooses none (a pipeline).
  Strategy Ended = Strategy::Auto;
  /// Under auto, the evaluations of the cost model.
  std::vector<Selection> Selections;
  /// A pipelined execution: its block size, shift cost and model.
  std::optional<PipelineReport> Pipeline;
};

class Runner {
public:
  virtual ~Runner() = default;
  /// Before run(): one of the rank's first pieces (a pipeline's stage
  /// takes one, its range of the distributed loop with its slabs).
  virtual void add(Piece P) = 0;
  /// Runs this rank's share of the execution under the protocol.
  virtual void run() = 0;
  virtual const RankResult &result() const = 0;
  /// What this rank executed (and holds at the end), for the final gather.
  virtual const std::vector<Piece> &executed() const = 0;
  /// The strategy the rank ends the execution under.
  virtual Strategy strategy() const = 0;
  /// Rank 0, once worker From's result W has arrived: what the protocol
  /// still has to receive from it.
  virtual void resultArrived(int /*From*/, const RankResult & /*W*/) {}
  /// Rank 0, at the end of the execution.
  virtual RunReport report() const = 0;
};

} // namespace dlb

#endif // DLB_RUNTIME_RUNNER_H
