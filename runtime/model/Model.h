//===- Model.h - The cost model that selects a strategy -------------------===//
//
// Zaki, Parthasarathy & Li, section 1.3.2: the total cost of each strategy
// from the speeds measured up to a synchronization, the work left, the
// network profile and the loop's parameters (W and D from dlbcc), and the
// choice of the cheapest (section 1.3.3). Pure: no MPI, unit-tested on
// hand-computed cases. docs/cost-model.md explains every term.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_MODEL_H
#define DLB_MODEL_H

#include "model/Balance.h"
#include "model/Network.h"
#include "core/Options.h"

#include <vector>

namespace dlb {

struct ModelInput {
  /// Per rank: sigma_i, the average effective speed in work units (W) per
  /// second since the last synchronization, and the work it has left.
  std::vector<double> Speeds;
  std::vector<double> Remaining;
  /// Mean W of the remaining iterations: converts moved work to iterations.
  double WorkPerIteration = 1;
  /// D: bytes of distributed arrays that move with one iteration.
  double DataBytes = 0;
  /// K: members per group of the local strategies.
  int GroupSize = 1;
  /// delta: seconds to compute a redistribution.
  double Delta = 0;
  /// A computing rank takes part in a synchronization at its next hook: on
  /// average half this period later.
  double PollSeconds = 0;
  /// The balancing period (eq. 14 of Siegell & Steenkiste): besides when a
  /// member runs out of work (the chapter's only trigger), a group
  /// synchronizes this long after its last synchronization ended, as the
  /// runtime does, at the cost xi (work moves only when a member runs
  /// out); 0: only when a member runs out. A strategy whose
  /// synchronization costs more pays for it at every period (GDDLB's
  /// all-to-all against GCDLB's one-to-all and all-to-one: 23 ms against
  /// 7 ms on 16 ranks of the simulated NOW, where a loop of 17 s
  /// synchronizes ~100 times).
  double SyncPeriod = 0;
  /// f_interact of eq. 11: the period is at least t_interact / f_interact.
  /// At the first synchronization the runtime has measured no interaction
  /// yet (its period then comes from the quantum alone: 0.1 ms in the
  /// cluster1024 runs, 100 synchronizations charged to a loop of 10 ms that
  /// made 3); the model takes the cheapest strategy's xi for t_interact.
  double InteractFraction = 0.05;
  /// Sizes of a profile and of an instruction message.
  double ProfileBytes = 64;
  double InstructionBytes = 64;
  NetProfile Net;
  /// The threshold and profitability rules of decide().
  BalanceParams Balance;
  FutureLoad Future = FutureLoad::Shifting;
  /// Under FutureLoad::Shifting: how long a load lasts before it moves to
  /// the next rank (the runtime takes the period just measured).
  double LoadPersistence = 1;
};

/// The predicted course of one strategy from the evaluation on.
struct Prediction {
  Strategy Strat = Strategy::GCDLB;
  /// Until the last group finishes: computing, waiting and the overheads
  /// below, along that group (C = MAX_g C_g for the local strategies).
  double Seconds = 0;
  /// eta: synchronizations of that group (eq. 1.3.4).
  int Syncs = 0;
  /// Its parts: eta (xi + delta), sum kappa(j) (eq. 1.3.5), sum psi(j), and
  /// sum Delta_g(j) (the LCDLB delay factor).
  double SyncSeconds = 0;
  double MoveSeconds = 0;
  double InstructionSeconds = 0;
  double DelaySeconds = 0;
};

/// xi for strategy S on N members (section 1.3.2, "Cost of
/// Synchronization"), plus the time computing members take to reach a hook.
double syncCost(const ModelInput &In, Strategy Strat, int Members);

/// The strategies the model predicts, in the order of predict()'s result.
inline constexpr Strategy ModelStrategies[] = {
#define DLB_STRATEGY(Id, Name, Local, Centralized, Modeled, Chunks, Description)      \
  DLB_IF_MODELED_##Modeled(Strategy::Id)
#define DLB_IF_MODELED_true(X) X,
#define DLB_IF_MODELED_false(X)
#include "dlb/Strategies.def"
#undef DLB_IF_MODELED_true
#undef DLB_IF_MODELED_false
};
inline constexpr int NumModelStrategies =
    static_cast<int>(sizeof(ModelStrategies) / sizeof(ModelStrategies[0]));

/// The predictions for ModelStrategies, in that order.
std::vector<Prediction> predict(const ModelInput &In);

/// The strategy of the cheapest prediction (the first of equal ones).
Strategy cheapest(const std::vector<Prediction> &Predictions);

/// The strategy to continue with (section 1.3.3 and, beyond the chapter,
/// adaptive re-selection). A local strategy never synchronizes all ranks
/// again, so a choice of one cannot be revised; hence: at the first
/// synchronization of an auto loop (Current == Strategy::Auto) the cheapest
/// global strategy, or the cheapest local one if its predicted time is
/// below (1 - Margin) times that; later (Current is global) the cheapest
/// global strategy if its predicted time is below (1 - Margin) times
/// Current's, else Current.
Strategy select(const std::vector<Prediction> &Predictions, Strategy Current,
                double Margin);

/// Whether an execution should be distributed at all. Both papers weigh
/// the cost of moving work against its benefit only during a loop (Siegell
/// & Steenkiste, section 6.3; Zaki et al., section 1.2); the first
/// distribution moves data too, and for a loop that touches each element
/// about once (a matrix-vector product) sending it costs more than
/// computing it. The same test, applied to the start: the execution's
/// remaining work run on rank 0 alone, in the user's memory, against the
/// same work split evenly over the ranks after rank 0 has sent each of them
/// its rows and the whole arrays, and has taken the written rows back.
struct DistributionInput {
  /// The work left, at rank 0's measured speed.
  double AloneSeconds = 0;
  int Ranks = 1;
  /// Bytes of distributed rows of the work left: all of them, and those of
  /// written arrays (sent back). (P - 1) / P of each moves.
  double RowBytes = 0;
  double WrittenRowBytes = 0;
  /// Bytes of the whole arrays, which every other rank gets (down the
  /// relay tree of Relay.h).
  double WholeBytes = 0;
  /// One byte moved: packing, transfer and unpacking.
  double ByteSeconds = 0;
  /// One message.
  double Latency = 0;
  /// The fixed cost of a distributed execution as measured on this run
  /// (Context::ExecutionSeconds; 0 until one ran): the commands, the
  /// results, the workers waking up. Messages alone underestimate it.
  double ExecutionSeconds = 0;
  /// Before one ran: the start and the results of an execution as the
  /// network profile measured them, its one-to-all and all-to-one
  /// exchanges of small messages among the ranks (with the runtime's
  /// sleeping waits, which three latencies of a ping-pong leave out).
  double PatternSeconds = 0;
  /// Distribute only for a predicted time at most this fraction of the
  /// time alone (BalanceParams::ProfitFactor, the threshold of section 6.2).
  double ProfitFactor = 0.9;
  /// The shares of their cores the ranks may expect (Context::CoreShares):
  /// rank 0's, in which AloneSeconds was measured, and their sum (0: one
  /// each, Ranks).
  double Rank0Share = 1;
  double ShareSum = 0;
  /// What a distributed execution waits, beyond its share of the work, for
  /// a rank whose core a busy process holds: a time slice times the share
  /// the process takes (0 when no rank shares its core).
  double Waiting = 0;
};

struct DistributionPrediction {
  double AloneSeconds = 0;
  double DistributedSeconds = 0;
  bool Pays = false;
};

DistributionPrediction predictDistribution(const DistributionInput &In);

} // namespace dlb

#endif // DLB_MODEL_H
