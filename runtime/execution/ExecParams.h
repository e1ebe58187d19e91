//===- ExecParams.h - How one loop execution runs and balances -------------===//
//
// What rank 0 decides for an execution and sends to every worker with it:
// the strategy and its groups, the balancing period's inputs, the hooks,
// and the shape of a pipelined, skewed or strided loop.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_EXECPARAMS_H
#define DLB_RUNTIME_EXECPARAMS_H

#include "model/Balance.h"
#include "model/Control.h"
#include "dlb/Loop.h"
#include "model/Model.h"
#include "core/Options.h"
#include "model/PipelineModel.h"

namespace dlb {

/// How an execution balances; rank 0 decides it and sends it to the workers.
struct ExecParams {
  /// Auto until the cost model has chosen: the execution then runs as a
  /// global centralized one (rank 0 is the pseudo-master that decides).
  Strategy Strat = Strategy::Static;
  /// Members per group: all ranks for the global strategies.
  int GroupSize = 1;
  BalanceParams Balance;
  /// The loop runs under auto: the model chooses at the first
  /// synchronization and, with Reselect, may switch at later global ones.
  bool Auto = false;
  /// Under auto, a later execution of a loop starts with the strategy the
  /// model chose in an earlier one (Strat), reported as auto.
  bool Committed = false;
  bool Reselect = true;
  double ReselectMargin = 0.1;
  FutureLoad Future = FutureLoad::Shifting;
  /// K of the local strategies, for the model and for a switch to them.
  int LocalGroupSize = 1;
  NetProfile Net;
  /// D: bytes of distributed arrays that move with one iteration.
  double DataBytes = 0;
  /// A pipelined doacross loop (PipelineRunner.h): the strip-mined loop
  /// [OuterLb, OuterUb), its largest legal block (0: any), the ranks of the
  /// pipeline, the block size forced by --dlb-blocksize (0: the model's),
  /// t_fixed and t_incr (unmeasured: the stages measure them first), and
  /// the time per element of the loop's last execution (0: rank 0 probes).
  bool Pipelined = false;
  long long OuterLb = 0;
  long long OuterUb = 0;
  long long MaxBlock = 0;
  int Stages = 1;
  long long Columns = 0; ///< iterations of the distributed loop
  /// A skewed pipeline (LoopRun::pipeline): the skew and the distributed
  /// loop's bounds; the ranks own ranges of j + Skew * i.
  long long Skew = 0;
  long long InnerLb = 0;
  long long InnerUb = 0;
  /// A loop stepping by Stride (LoopRun::stride) from Anchor.
  long long Stride = 1;
  long long Anchor = 0;
  SkewedSpace skewed() const {
    return {{InnerLb, InnerUb}, {OuterLb, OuterUb}, Skew};
  }
  long long ForcedBlock = 0;
  ShiftCost Shift;
  double ElementSeconds = 0;
  /// Where the kernel calls the hook, and the iterations per strip of a
  /// strip-mined one (Hook.h).
  HookLevel Hooks = HookLevel::Body;
  long long Strip = 1;
  /// The balancing period (Siegell & Steenkiste, section 5.2): eqs. 11-14
  /// from Control, or FixedPeriod when >= 0 (--dlb-period=S); and the
  /// filter of the measured rates (section 6.1).
  PeriodInputs Control;
  double FixedPeriod = -1;
  FilterMode Filter = FilterMode::Table;
  double FilterHistory = 0;
  /// Balanced between executions only (ExecutionPlan.cpp, betweenExecutions):
  /// the execution runs static from the partition of the measured rates;
  /// Asked is the strategy it would have run under.
  bool Between = false;
  Strategy Asked = Strategy::Static;
};

/// Whether an execution balances while it runs, at its hooks: not under
/// static, not with one member per group, not with hooks only between
/// executions.
inline bool balancesWhileRunning(const ExecParams &P) {
  return P.Strat != Strategy::Static && P.GroupSize > 1 &&
         P.Hooks != HookLevel::Execution;
}

/// One evaluation of the cost model during an execution (rank 0 keeps them).
struct Selection {
  long long Synchronization = 0; ///< the execution's synchronization count
  Strategy From = Strategy::Auto;
  Strategy Chosen = Strategy::Auto;
  double Predicted[NumModelStrategies] = {}; ///< in ModelStrategies order
};

} // namespace dlb

#endif // DLB_RUNTIME_EXECPARAMS_H
