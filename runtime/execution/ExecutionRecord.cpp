//===- ExecutionRecord.cpp - What an execution did ------------------------===//
#include "execution/ExecutionRecord.h"

#include "core/Context.h"
#include "core/Registry.h"
#include "observe/Trace.h"
#include "transport/Transport.h"

#include <algorithm>
#include <cmath>

namespace dlb {

void addCounters(WorkCounters &Into, const WorkCounters &From) {
  Into.Iterations += From.Iterations;
  Into.IndexSum += From.IndexSum;
  Into.IndexSquares += From.IndexSquares;
  Into.ComputeSeconds += From.ComputeSeconds;
  Into.CpuSeconds += From.CpuSeconds;
  Into.RunDelaySeconds += From.RunDelaySeconds;
  Into.LoadSeconds += From.LoadSeconds;
}

RankResult runCounted(Runner &R, bool Shared) {
  // Under SMPI the host's clocks would count the simulation's threads.
  const bool Native = Shared && !transport::simulated();
  const double Cpu = Native ? threadSeconds() : 0;
  const double Delay = Native ? runDelaySeconds() : 0;
  R.run();
  RankResult W = R.result();
  W.Counters.CpuSeconds =
      Native ? threadSeconds() - Cpu : W.Counters.ComputeSeconds;
  W.Counters.RunDelaySeconds = Native ? runDelaySeconds() - Delay : 0;
  return W;
}

void verify(const char *Name, long long Lb, long long Ub, long long Rows,
            const std::vector<RankResult> &Work) {
  long long Count = 0;
  unsigned long long Sum = 0, Squares = 0;
  for (const RankResult &W : Work) {
    Count += W.Counters.Iterations;
    Sum += W.Counters.IndexSum;
    Squares += W.Counters.IndexSquares;
  }
  const auto Expected = indexChecksums(Lb, Ub);
  const auto R = static_cast<unsigned long long>(Rows);
  if (Count != (Ub - Lb) * Rows || Sum != R * Expected.first ||
      Squares != R * Expected.second)
    fatal(std::string("loop ") + Name + ": " + std::to_string(Count) +
          " iterations ran for " + std::to_string((Ub - Lb) * Rows) +
          ", or some ran twice: its results would be wrong");
}

void record(LoopStats &S, const ExecParams &Params, const RunReport &Run,
            const std::vector<RankResult> &Work, double Elapsed) {
  const std::optional<PipelineReport> &Pipe = Run.Pipeline;
  S.Strategy = Params.Between     ? strategyName(Params.Asked)
               : Params.Committed ? "auto"
                                  : strategyName(Params.Strat);
  S.BetweenExecutions += Params.Between;
  ++S.Executions;
  if (Pipe) {
    PipelineStats &P = S.Pipeline;
    P.Present = true;
    P.Stages = Params.Stages;
    P.BlockSize = Pipe->BlockSize;
    P.Blocks += Pipe->Blocks;
    P.Shift = Pipe->Shift;
    P.ElementSeconds = Pipe->ElementSeconds;
    P.ModelBlocks = Pipe->ModelBlocks;
    P.PredictedSeconds += Pipe->PredictedSeconds;
    P.EfficiencyBound = Pipe->EfficiencyBound;
    P.SeqSeconds += Pipe->ElementSeconds * static_cast<double>(Params.Columns) *
                    static_cast<double>(Params.OuterUb - Params.OuterLb);
    double Span = 0;
    for (const RankResult &W : Work) {
      Span = std::max(Span, W.Counters.SpanSeconds);
      P.CompetingSeconds += W.Counters.LoadSeconds;
    }
    P.Seconds += Span;
  }
  for (const Selection &Sel : Run.Selections) {
    if (S.Selections.size() >= LoopStats::MaxSelections)
      break;
    SelectionStats Out;
    Out.Execution = S.Executions;
    Out.Synchronization = Sel.Synchronization;
    Out.From = strategyName(Sel.From);
    Out.Chosen = strategyName(Sel.Chosen);
    std::copy(std::begin(Sel.Predicted), std::end(Sel.Predicted),
              Out.Predicted);
    S.Selections.push_back(Out);
  }
  S.ElapsedSeconds += Elapsed;
  for (std::size_t R = 0; R < Work.size(); ++R) {
    const WorkCounters &W = Work[R].Counters;
    S.Iterations += W.Iterations;
    S.RankIterations[R] += W.Iterations;
    S.RankComputeSeconds[R] += W.ComputeSeconds;
    S.RankLoadSeconds[R] += W.LoadSeconds;
    S.RankWaitSeconds[R] += W.WaitSeconds;
    S.RankBalanceSeconds[R] += W.BalanceSeconds;
    S.IterationsMoved += W.MovedIterations;
    S.BytesMoved += W.MovedBytes;
    // Each synchronization is counted once: by rank 0 under a centralized
    // strategy, by the group's first member under a distributed one.
    S.Synchronizations += W.Syncs;
    S.Redistributions += W.Redistributions;
  }
}

void afterExecution(const LoopDesc &Desc, const ExecParams &Params,
                    const std::vector<RankResult> &Work, double Seconds) {
  if (Params.Strat == Strategy::Static && !Params.Between)
    return;
  Context &C = context();
  // A rank's busy seconds: the CPU seconds of its share and the time it
  // waited for its core meanwhile, not just its time in the kernel. Next
  // to a CPU hog, sor's pipeline stage on the hog's core computed nearly
  // as fast as the other while it ran (0.95 s in the kernel against 1.0 s
  // for 47% of the rows), but waited 0.63 s for its core after its waits
  // for blocks, which the kernel's seconds do not see.
  std::vector<double> Iterations, Busy;
  for (const RankResult &W : Work) {
    Iterations.push_back(static_cast<double>(W.Counters.Iterations));
    Busy.push_back(W.Counters.CpuSeconds + W.Counters.RunDelaySeconds +
                   W.Counters.LoadSeconds);
  }
  LoopHistory &H = C.Histories[&Desc];
  LoopHistory::Settings S;
  S.Filter = Params.Filter;
  S.FilterHistory = Params.FilterHistory;
  S.Threshold = 1 - Params.Balance.ProfitFactor;
  const double Target = PeriodControl(Params.Control, Params.FixedPeriod).target();
  const bool Interacted = H.executed(Iterations, Busy, now(), Seconds, Target, S);
  if (C.Opts.TraceFile.empty())
    return;
  const long long Execution = C.Stats.loop(Desc.name(), C.Size).Executions;
  for (std::size_t R = 0; R < Work.size(); ++R) {
    TraceRow Row;
    Row.Time = now() - C.StartTime;
    Row.Execution = Execution;
    Row.Rank = static_cast<int>(R);
    Row.Iterations = Work[R].Counters.Iterations;
    Row.BusySeconds = Busy[R];
    Row.LoadSeconds = Work[R].Counters.LoadSeconds;
    Row.Interacted = Interacted;
    if (Interacted) {
      Row.Raw = H.raw()[R];
      Row.Filtered = H.filtered()[R];
    }
    if (R < H.weights().size())
      Row.Weight = H.weights()[R];
    C.Stats.trace(Desc.name(), Row);
  }
}

} // namespace dlb
