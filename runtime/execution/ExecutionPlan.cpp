//===- ExecutionPlan.cpp - How an execution will run ----------------------===//
#include "execution/ExecutionPlan.h"

#include "core/Context.h"
#include "execution/Profit.h"
#include "protocols/BalancingRunner.h"
#include "protocols/PipelineRunner.h"
#include "residency/Layout.h"
#include "transport/Protocol.h"
#include "core/Registry.h"

#include <algorithm>

namespace dlb {

ExecParams execParams(Strategy Clause, int Ranks,
                      const std::vector<ArrayArg> &Arrays, double DataBytes,
                      unsigned Sides) {
  const Context &C = context();
  const Options &O = C.Opts;
  ExecParams P;
  P.Strat = O.StrategyGiven ? O.Strat : Clause;
  if (Ranks == 1)
    P.Strat = Strategy::Static;
  P.Auto = P.Strat == Strategy::Auto;
  P.LocalGroupSize = O.GroupSize ? O.GroupSize : (Ranks + 1) / 2;
  P.GroupSize = isLocal(P.Strat) ? P.LocalGroupSize : Ranks;
  P.Balance.ProfitFactor = 1 - O.Threshold;
  P.Balance.CostBenefit = O.CostBenefit;
  P.Reselect = O.Reselect;
  P.ReselectMargin = O.ReselectMargin;
  P.Future = O.Future;
  P.Net = C.Net;
  if (DataBytes < 0) {
    DataBytes = 0;
    for (const ArrayArg &A : Arrays)
      if (A.Role == ArrayArg::Distributed && distExtent(A) > 0)
        DataBytes += static_cast<double>(slabBytes(A, {0, 1}));
  }
  P.DataBytes = DataBytes * Sides;
  // Work moves with its rows into the receiver's new memory, as a hand-out
  // does (a balancer that priced 8.7 MB of Jacobi rows at the bandwidth,
  // 1.6 ms, moved them for a gain of 0.8 ms; they took 117 ms). One rank
  // moves nothing and does not measure the copy (1-2 ms, once).
  P.Balance.MoveSecondsPerIteration =
      Ranks > 1
          ? P.DataBytes * transferByteSeconds(P.Net.Bandwidth, P.Net.FreshCopy)
          : 0;
  P.FixedPeriod = O.PeriodAuto ? -1 : O.Period;
  P.Control.InteractFraction = O.InteractFraction;
  P.Control.Quantum = O.Quantum;
  P.Control.QuantumScale = O.QuantumScale;
  // t_interact until the first interaction is measured: the profiles to
  // the balancer and its instructions back (or all-to-all), from the
  // network profile.
  const double Profile = 64;
  P.Control.Interact = std::max(
      2 * P.Net.Latency,
      isCentralized(P.Strat) || P.Strat == Strategy::Auto
          ? P.Net.cost(Pattern::AllToOne, P.GroupSize, Profile) +
                P.Net.cost(Pattern::OneToAll, P.GroupSize, Profile)
          : P.Net.cost(Pattern::AllToAll, P.GroupSize, Profile));
  P.Filter = O.Filter;
  P.FilterHistory = O.FilterHistory;
  return P;
}

void pipelineParams(ExecParams &P, const LoopDesc &Desc,
                    const SkewedSpace &Space, long long MaxBlock,
                    long long Skew, int Ranks) {
  const Context &C = context();
  P.Pipelined = true;
  P.OuterLb = Space.Outer.Begin;
  P.OuterUb = Space.Outer.End;
  P.MaxBlock = MaxBlock;
  P.Columns = Space.Inner.size();
  P.Skew = Skew;
  P.InnerLb = Space.Inner.Begin;
  P.InnerUb = Space.Inner.End;
  P.Stages = static_cast<int>(std::min<long long>(Ranks, P.Columns));
  // A pipeline's stages hold contiguous ranges in order: no chunks.
  if ((P.Strat == Strategy::Auto || isSelfScheduled(P.Strat)) && P.Stages > 1)
    P.Strat = Strategy::GCDLB;
  P.Auto = false;
  P.LocalGroupSize = C.Opts.GroupSize ? C.Opts.GroupSize : (P.Stages + 1) / 2;
  P.GroupSize = isLocal(P.Strat) ? P.LocalGroupSize : P.Stages;
  P.ForcedBlock = C.Opts.BlockSize;
  P.Shift = C.Shift;
  auto It = C.ElementSeconds.find(&Desc);
  P.ElementSeconds = It == C.ElementSeconds.end() ? 0 : It->second;
}

void hookParams(ExecParams &P, HookLevel Hooks, double Work) {
  P.Hooks = Hooks;
  if (Hooks == HookLevel::Strip)
    P.Strip = static_cast<long long>(std::clamp(
        std::ceil(HookOps / (HookFraction * Work)), 1.0, 1e15));
  if (Hooks == HookLevel::Execution)
    P.Strip = std::numeric_limits<long long>::max();
}

HookLevel unbalancedHooks(HookLevel Emitted) {
  return Emitted == HookLevel::Body ? HookLevel::Body : HookLevel::Execution;
}

bool pipelineAlone(const LoopDesc &Desc, const Options &O) {
  const Context &C = context();
  auto It = C.Pipelines.find(&Desc);
  if (O.DistributeAlways || It == C.Pipelines.end())
    return false;
  auto Element = C.ElementSeconds.find(&Desc);
  const double Alone = It->second.Alone > 0 ? It->second.Alone
                       : Element != C.ElementSeconds.end() ? Element->second
                                                           : 0;
  // The decayed sum's weights: 1 + KeptDecay + KeptDecay^2 + ...
  const Context::PipelineCosts &Costs = It->second;
  const double Weight = (1 - std::pow(KeptDecay, Costs.DistributedRuns)) /
                        (1 - KeptDecay);
  return Alone > 0 && Costs.DistributedRuns >= 2 &&
         Alone <= (1 - O.Threshold) * Costs.Distributed / Weight;
}

bool betweenExecutions(const LoopDesc &Desc, const ExecParams &P,
                       Schedule Sched, int Ranks) {
  if (P.Strat == Strategy::Static || isSelfScheduled(P.Strat) ||
      P.Pipelined || Sched != Schedule::Block || Ranks < 2)
    return false;
  const auto &Histories = context().Histories;
  auto It = Histories.find(&Desc);
  return It != Histories.end() && It->second.lastSeconds() > 0 &&
         It->second.lastSeconds() <
             PeriodControl(P.Control, P.FixedPeriod).target();
}

std::unique_ptr<Runner> makeRunner(const LoopSpec &Spec, KernelFn Kernel,
                                   const ExecParams &Params,
                                   const WorkCurve &Curve,
                                   std::vector<ArrayView> &Views,
                                   std::unique_ptr<ChunkRule> Rule) {
  if (Params.Pipelined)
    return std::make_unique<PipelineRunner>(Spec, Kernel, Params, Curve, Views);
  if (isSelfScheduled(Params.Strat))
    return std::make_unique<SelfSchedulingRunner>(Spec, Kernel, Params, Curve,
                                                  Views, std::move(Rule));
  if (!balancesWhileRunning(Params))
    return std::make_unique<StaticRunner>(Spec, Kernel, Params, Curve, Views);
  return std::make_unique<BalancingRunner>(Spec, Kernel, Params, Curve, Views);
}

bool endTogether(Strategy S, bool Pipelined) {
  return S != Strategy::Static && !isLocal(S) && !Pipelined;
}

bool balancedStart(const ExecParams &Params, Schedule Sched) {
  return (Params.Strat != Strategy::Static || Params.Between) &&
         Sched == Schedule::Block;
}

const std::vector<double> *rememberedWeights(const LoopDesc &Desc,
                                             const ExecParams &Params,
                                             Schedule Sched, int Ranks) {
  const auto &Histories = context().Histories;
  auto It = Histories.find(&Desc);
  return balancedStart(Params, Sched) && It != Histories.end() &&
                 static_cast<int>(It->second.weights().size()) == Ranks
             ? &It->second.weights()
             : nullptr;
}

Partition startPartition(const LoopDesc &Desc, const ExecParams &Params,
                         Schedule Sched, bool Interleave, long long Lb,
                         long long Ub, int Ranks) {
  const std::vector<double> *Remembered =
      rememberedWeights(Desc, Params, Sched, Ranks);
  if (Params.Pipelined) {
    std::vector<double> Speeds(Params.Stages, 1.0);
    if (Remembered)
      Speeds.assign(Remembered->begin(), Remembered->begin() + Params.Stages);
    Partition Parts(Ranks);
    // A skewed pipeline's ranges hold equal elements, not columns; counted
    // from Lb as the others are (spreadPartition places them).
    std::vector<Range> Ranges = Params.Skew
                                    ? skewedRanges(Params.skewed(), Speeds)
                                    : pipelineRanges({Lb, Ub}, Speeds);
    const long long Shift =
        Params.Skew ? Lb - Params.skewed().space().Begin : 0;
    for (Range &R : Ranges)
      R = {R.Begin + Shift, R.End + Shift};
    for (int W = 0; W < Params.Stages; ++W)
      Parts[W].push_back(Ranges[W]);
    return Parts;
  }
  const std::vector<double> Weights =
      Remembered ? *Remembered : std::vector<double>(Ranks, 1.0);
  // 64 blocks a rank: the speeds of Mandelbrot's rows measured on such
  // blocks predict a balanced loop within 2% (blocks of 1/128 of the rows
  // on 2 ranks); a rank's 64 pieces cost little more than one.
  if (Interleave)
    return interleavedPartition(Lb, Ub, Weights, 64);
  if (!Remembered)
    return initialPartition(Sched, Lb, Ub, Ranks);
  return weightedPartition(Lb, Ub, Weights);
}

} // namespace dlb
