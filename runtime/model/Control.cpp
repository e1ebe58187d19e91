//===- Control.cpp - Balancing period, nexthook and the rate filter -------===//
//
// Owns the formulas of runtime/model/Control.h. Equation, section and table numbers
// refer to Siegell & Steenkiste, "Automatic selection of load balancing
// parameters using compile-time and run-time information" (1997).
//
//===----------------------------------------------------------------------===//
#include "model/Control.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace dlb {

Period targetPeriod(const PeriodInputs &In) {
  Period P;
  // Eq. 11: interactions take at most f_interact of the computing time.
  P.Interact = In.InteractFraction > 0 ? In.Interact / In.InteractFraction : 0;
  // Eq. 12: a work movement may cost several periods' worth.
  P.Movement = In.WorkScale > 0 ? In.Movement / In.WorkScale : 0;
  // Eq. 13: a measurement spans several scheduling periods.
  P.Scheduling = In.Quantum * In.QuantumScale;
  // Eq. 14: respond as fast as the three limits allow.
  P.Target = std::max({P.Interact, P.Movement, P.Scheduling});
  return P;
}

long long nextHook(double Target, double ComputePerHook, long long Cap) {
  if (!(ComputePerHook > 0))
    return Cap;
  // Eq. 15.
  const double Hooks = std::ceil(Target / ComputePerHook);
  return static_cast<long long>(
      std::clamp(Hooks, 1.0, static_cast<double>(std::max(1LL, Cap))));
}

double workScale(double MovesGap, double PeriodTarget) {
  if (!(MovesGap > 0) || !(PeriodTarget > 0))
    return 1;
  return std::max(1.0, MovesGap / PeriodTarget);
}

namespace {
/// The running average of the recent values: each new one weighs half.
double recent(double Average, double Value) {
  return Average > 0 ? (Average + Value) / 2 : Value;
}
} // namespace

void PeriodControl::interacted(double Seconds) {
  In.Interact = recent(In.Interact, Seconds);
}

void PeriodControl::moved(double Seconds, double Now) {
  In.Movement = recent(In.Movement, Seconds);
  if (LastMove >= 0)
    MovesGap = recent(MovesGap, Now - LastMove);
  LastMove = Now;
}

Period PeriodControl::period() const {
  PeriodInputs Now = In;
  // workscale from the movements so far, against the period they imply
  // without the movement limit.
  Now.WorkScale = 1;
  Now.Movement = 0;
  Now.WorkScale = workScale(MovesGap, targetPeriod(Now).Target);
  Now.Movement = In.Movement;
  return targetPeriod(Now);
}

TrendStep trendStep(Trend Current, bool Increase) {
  // Table 1, row by row (states Down3 .. Up3).
  static const TrendStep Up[] = {
      {Trend::Down1, 1.0}, {Trend::Constant, 1.0}, {Trend::Up1, 1.0},
      {Trend::Up1, 0.8},   {Trend::Up2, 0.6},      {Trend::Up3, 0.4},
      {Trend::Up3, 0.2}};
  static const TrendStep Down[] = {
      {Trend::Down3, 0.1}, {Trend::Down3, 0.1}, {Trend::Down2, 0.2},
      {Trend::Down1, 0.3}, {Trend::Down1, 0.4}, {Trend::Down1, 0.5},
      {Trend::Constant, 0.6}};
  const int Row = static_cast<int>(Current);
  return Increase ? Up[Row] : Down[Row];
}

RateFilter::Result RateFilter::step(double Raw) const {
  // The first measurement has no history to weigh against.
  if (Mode == FilterMode::Off || !Primed)
    return {Raw, State};
  double H = FixedHistory;
  Trend Next = State;
  if (Mode == FilterMode::Table) {
    // "Increase" covers a raw rate equal to the previous adjusted one.
    const TrendStep S = trendStep(State, Raw >= Adjusted);
    H = S.History;
    Next = S.Next;
  }
  // Eq. 16.
  return {(1 - H) * Raw + H * Adjusted, Next};
}

void RateFilter::update(double Raw) {
  const Result R = step(Raw);
  Adjusted = R.Adjusted;
  State = R.Next;
  Primed = true;
}

double shareTime(const std::vector<double> &Weights,
                 const std::vector<double> &Rates) {
  double Sum = 0;
  for (double W : Weights)
    Sum += W;
  double Worst = 0;
  for (std::size_t I = 0; I < Weights.size() && Sum > 0; ++I) {
    if (Weights[I] <= 0)
      continue;
    if (!(Rates[I] > 0))
      return std::numeric_limits<double>::infinity();
    Worst = std::max(Worst, Weights[I] / Sum / Rates[I]);
  }
  return Worst;
}

bool LoopHistory::executed(const std::vector<double> &Iterations,
                           const std::vector<double> &Busy, double End,
                           double Seconds, double Target, const Settings &S) {
  const std::size_t Ranks = Iterations.size();
  if (Filters.size() != Ranks) {
    *this = LoopHistory();
    Filters.assign(Ranks, RateFilter(S.Filter, S.FilterHistory));
    Iters.assign(Ranks, 0);
    BusySum.assign(Ranks, 0);
  }
  for (std::size_t R = 0; R < Ranks; ++R) {
    Iters[R] += Iterations[R];
    BusySum[R] += Busy[R];
  }
  // Eq. 15, one hook per execution: the next interaction comes after
  // period / (the time between two executions) executions, that time
  // averaged over the executions since the last interaction.
  if (PhaseStart < 0)
    PhaseStart = End - Seconds;
  LastEnd = End;
  LastSeconds = Seconds;
  if (++Executions < NextHook)
    return false;
  NextHook = dlb::nextHook(
      Target, (End - PhaseStart) / static_cast<double>(Executions), 1LL << 30);
  PhaseStart = End;
  Raw.assign(Ranks, 0);
  Filtered.assign(Ranks, 0);
  bool Measured = true;
  for (std::size_t R = 0; R < Ranks; ++R) {
    // A rank without work has no rate: it keeps its filtered one.
    if (Iters[R] > 0 && BusySum[R] > 0) {
      Raw[R] = Iters[R] / BusySum[R];
      Filters[R].update(Raw[R]);
    }
    Filtered[R] = Filters[R].adjusted();
    Measured &= Filtered[R] > 0;
  }
  Executions = 0;
  Iters.assign(Ranks, 0);
  BusySum.assign(Ranks, 0);
  if (!Measured)
    return true;
  // Section 6.2: keep the current weights unless the filtered rates
  // predict a gain of at least the threshold.
  if (Weights.empty() || shareTime(Filtered, Filtered) <=
                             (1 - S.Threshold) * shareTime(Weights, Filtered)) {
    Weights = Filtered;
    NewWeights = true;
  }
  return true;
}

} // namespace dlb
