//===- Control.h - How often to balance, which rates to trust -------------===//
//
// The run-time control of Siegell & Steenkiste, "Automatic selection of load
// balancing parameters", sections 5.2 and 6.1, as pure functions: the target
// load balancing period (eqs. 11-14), the number of hook executions between
// two interactions with the balancer (eq. 15), and the low-pass filter of
// the measured computation rates (eq. 16) whose history fraction comes from
// the state machine of Table 1. No MPI: the executor and the pipelines feed
// them what they measured.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_CONTROL_H
#define DLB_CONTROL_H

#include <utility>
#include <vector>

namespace dlb {

/// What the target period is made of (section 5.2).
struct PeriodInputs {
  /// t_interact: the measured time of one interaction with the balancer
  /// (exchanging profiles and instructions), and f_interact, the fraction of
  /// the computing time it may take (eq. 11).
  double Interact = 0;
  double InteractFraction = 0.05;
  /// t_movement: the average cost of the recent work movements (0 before
  /// the first), and workscale, over how many periods it is spread (eq. 12).
  double Movement = 0;
  double WorkScale = 1;
  /// t_quantum: the operating system's scheduling period, and quantumscale,
  /// how many of them a measurement must span to be stable (eq. 13).
  double Quantum = 0.012;
  double QuantumScale = 10;
};

/// The three lower limits of the period and their maximum (eq. 14).
struct Period {
  double Interact = 0;   ///< eq. 11: t_interact / f_interact
  double Movement = 0;   ///< eq. 12: t_movement / workscale
  double Scheduling = 0; ///< eq. 13: t_quantum x quantumscale
  double Target = 0;     ///< eq. 14: the maximum of the three
};

Period targetPeriod(const PeriodInputs &In);

/// Eq. 15: the hook executions until the next interaction, nexthook =
/// period_target / period_compute, where period_compute is the measured
/// time between two executions of the hook; at least 1, and at most \p Cap
/// (a hook that ran faster than the clock can tell).
long long nextHook(double Target, double ComputePerHook, long long Cap);

/// workscale (eq. 12): the average number of balancing periods between the
/// recent work movements (\p MovesGap seconds between them on average, 0 if
/// fewer than two), at least 1.
double workScale(double MovesGap, double PeriodTarget);

/// The period of one loop execution, kept up to date with what it measures:
/// t_interact and t_movement are averages of the recent interactions and
/// movements (each new one weighs half), workscale comes from the recent
/// times between movements.
class PeriodControl {
public:
  PeriodControl() = default;
  /// \p Base holds the fractions, the quantum and the initial t_interact;
  /// \p Fixed >= 0 is a period set by --dlb-period, which then overrides
  /// eq. 14.
  PeriodControl(const PeriodInputs &Base, double Fixed)
      : In(Base), Fixed(Fixed) {}

  void interacted(double Seconds);
  /// A work movement that took \p Seconds ended at time \p Now.
  void moved(double Seconds, double Now);
  Period period() const;
  double target() const { return Fixed >= 0 ? Fixed : period().Target; }

private:
  PeriodInputs In;
  double Fixed = -1;
  double LastMove = -1;
  double MovesGap = 0;
};

/// The trend states of Table 1: how long the raw rate has been going down
/// or up.
enum class Trend : signed char { Down3, Down2, Down1, Constant, Up1, Up2, Up3 };

/// One row of Table 1: the next state and the history fraction h for a raw
/// rate that did not decrease (Increase) or did, relative to the previous
/// adjusted rate. Downward trends are trusted sooner (smaller h).
struct TrendStep {
  Trend Next = Trend::Constant;
  double History = 0;
};
TrendStep trendStep(Trend Current, bool Increase);

/// --dlb-filter: Table 1, a fixed history fraction, or the raw rates.
enum class FilterMode { Table, Fixed, Off };

/// Eq. 16, r'_i = (1 - h) r_i + h r'_{i-1}, applied to one rank's
/// computation rate at each interaction.
class RateFilter {
public:
  RateFilter() = default;
  RateFilter(FilterMode Mode, double FixedHistory)
      : Mode(Mode), FixedHistory(FixedHistory) {}

  /// The adjusted rate for the raw rate \p Raw, without changing the state
  /// (the rank reports it before the interaction completes).
  double preview(double Raw) const { return step(Raw).Adjusted; }
  /// Takes \p Raw in: the state and the adjusted rate advance.
  void update(double Raw);
  /// The last adjusted rate, 0 before the first.
  double adjusted() const { return Adjusted; }
  Trend state() const { return State; }

private:
  struct Result {
    double Adjusted;
    Trend Next;
  };
  Result step(double Raw) const;

  FilterMode Mode = FilterMode::Off;
  double FixedHistory = 0;
  Trend State = Trend::Constant;
  double Adjusted = 0;
  bool Primed = false;
};

/// Rank 0's memory of a loop between its executions: the hook after the
/// distributed loop (section 5.1). Each execution's per-rank measurements
/// accumulate; every nexthook executions (eq. 15, the period divided by the
/// time of an execution) the rates are filtered (eq. 16) and become the
/// weights the next executions' block partitions start from, unless the
/// imbalance threshold (section 6.2) says the current weights are close
/// enough.
class LoopHistory {
public:
  struct Settings {
    FilterMode Filter = FilterMode::Table;
    double FilterHistory = 0;
    double Threshold = 0.1;
  };
  /// One execution: per rank the iterations it ran and its busy seconds,
  /// when it ended (\p End, seconds on any steady clock), how long it took,
  /// and the target period. A computation phase of eq. 15 is the time from
  /// the end of the loop's previous execution to the end of this one (other
  /// code, other loops included); the execution's own time for the first.
  /// Returns whether it interacted (the weights may be unchanged).
  bool executed(const std::vector<double> &Iterations,
                const std::vector<double> &Busy, double End, double Seconds,
                double Target, const Settings &Opts);
  /// The start weights (iterations per second), empty before the first
  /// interaction.
  const std::vector<double> &weights() const { return Weights; }
  /// Whether the weights changed since the last call.
  bool takeNewWeights() { return std::exchange(NewWeights, false); }
  /// The last interaction's raw and filtered rates.
  const std::vector<double> &raw() const { return Raw; }
  const std::vector<double> &filtered() const { return Filtered; }
  long long nextHook() const { return NextHook; }
  /// How long the last execution took (0 before the first).
  double lastSeconds() const { return LastSeconds; }

private:
  std::vector<RateFilter> Filters;
  std::vector<double> Weights, Raw, Filtered, Iters, BusySum;
  long long Executions = 0;
  long long NextHook = 1;
  double LastEnd = -1;
  double LastSeconds = 0;
  double PhaseStart = -1;
  bool NewWeights = false;
};

/// The predicted time of a unit of work shared out in proportion to
/// \p Weights among ranks of speeds \p Rates: the slowest share's time.
double shareTime(const std::vector<double> &Weights,
                 const std::vector<double> &Rates);

} // namespace dlb

#endif // DLB_CONTROL_H
