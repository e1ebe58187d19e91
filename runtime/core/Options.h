//===- Options.h - Run-time options of libdlb ------------------------------===//
//
// The --dlb-* command-line options. Parsing is a pure function so it can be
// tested without MPI; the runtime removes the options from argv before the
// user's main sees it.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_OPTIONS_H
#define DLB_OPTIONS_H

#include "model/Control.h"
#include "model/Load.h"
#include "dlb/Strategy.h"

#include <string>
#include <vector>

namespace dlb {

/// What the model assumes about the load after the synchronization where it
/// is evaluated.
enum class FutureLoad {
  /// The chapter's assumption: every rank keeps the average effective speed
  /// it showed so far (sigma_i(j) = sigma_i(1) for all j).
  Persistent,
  /// The load moves between ranks: after half a persistence period (the
  /// length of the period just measured) and then every period, each rank
  /// takes on the speed the next rank showed. The spread of the speeds,
  /// which decides how much balancing is needed, stays what was measured,
  /// but no rank is slow for good (the chapter's discrete random load).
  Shifting
};

/// "persistent", "shifting".
const char *futureLoadName(FutureLoad Future);

/// --dlb-bind: whether each rank is bound to one core (runtime/platform/Binding.h).
enum class BindMode { Auto, Core, None };

struct Options {
  /// Set when --dlb-strategy was given; it overrides each loop's clause.
  bool StrategyGiven = false;
  Strategy Strat = Strategy::Auto;
  std::string StatsFile; ///< --dlb-stats=FILE, empty for none
  bool Verbose = false;  ///< --dlb-verbose
  /// --dlb-load=SCHEDULE, emulated external load: its phases in time order.
  std::vector<LoadSpec> Load;
  /// --dlb-group=K: members per group of the local strategies; 0 means two
  /// groups, K = ceil(P/2), as in the chapter's experiments.
  int GroupSize = 0;
  /// --dlb-threshold=F|off: the imbalance threshold (Siegell & Steenkiste,
  /// section 6.2; the chapter's 10%): move work only if the new distribution
  /// is predicted to cut the finish time by at least F; off: 0.
  double Threshold = 0.1;
  /// --dlb-costbenefit=on|off: cancel a movement whose predicted cost, from
  /// the past movements, far exceeds its projected benefit (section 6.3).
  bool CostBenefit = true;
  /// --dlb-filter=table|off|H: the filter of the measured rates (eq. 16):
  /// Table 1's state machine, none, or a fixed history fraction H.
  FilterMode Filter = FilterMode::Table;
  double FilterHistory = 0;
  /// --dlb-netprofile=FILE: the network profile for the cost model (from
  /// dlb-netchar); empty: the cached one or a quick measurement.
  std::string NetProfileFile;
  /// --dlb-reselect=F|off: at later global synchronizations, switch to the
  /// strategy the model now predicts if it saves more than F of the
  /// current strategy's predicted remaining time.
  bool Reselect = true;
  double ReselectMargin = 0.1;
  /// --dlb-future-load=persistent|shifting: the model's assumption.
  FutureLoad Future = FutureLoad::Shifting;
  /// --dlb-blocksize=B: the block size of every pipelined (doacross) loop,
  /// instead of the one eq. (10) of Siegell & Steenkiste chooses; 0: the
  /// model's.
  long long BlockSize = 0;
  /// --dlb-period=S|auto: the target time between two interactions with
  /// the balancer (for a pipeline, two balancing synchronizations, each of
  /// which drains the pipeline); auto: eq. 14 of Siegell & Steenkiste from
  /// the three options below and what the run measures.
  bool PeriodAuto = true;
  double Period = 0;
  /// --dlb-interact=F: f_interact of eq. 11, the fraction of the computing
  /// time that interactions may take.
  double InteractFraction = 0.05;
  /// --dlb-quantum=S: t_quantum of eq. 13, the operating system's time
  /// slice (docs/runtime-options.md on the default).
  double Quantum = 0.01;
  /// --dlb-quantumscale=K: quantumscale of eq. 13.
  double QuantumScale = 10;
  /// --dlb-trace=FILE: each rank writes its measured and filtered rates and
  /// its allocation at every interaction to FILE.RANK (for plots).
  std::string TraceFile;
  /// --dlb-timeout=S|off: a rank that waits longer than S seconds in the
  /// load balancing protocol of a loop execution reports what it waits for
  /// and ends the job (docs/runtime-options.md); 0: off.
  double Timeout = 300;
  /// --dlb-bind=auto|core|none: auto binds each rank to a core of its own
  /// unless the launcher bound it or the host has fewer cores than ranks.
  BindMode Bind = BindMode::Auto;
  /// --dlb-distribute=auto|always: auto runs an execution on rank 0 alone
  /// when moving its data is predicted to cost more than the other ranks
  /// would save (runtime/execution/Profit.h); always distributes every execution.
  bool DistributeAlways = false;
};

/// Parses and removes every --dlb-* argument from Args (Args[0] is the program
/// name and is kept). Returns false and sets Error to a message naming the
/// bad argument on failure (unknown option, unknown strategy, missing value).
bool parseOptions(std::vector<std::string> &Args, Options &Opts,
                  std::string &Error);

/// Applies the --dlb-* options of the environment variable's value Text
/// (DLB_OPTIONS: options separated by blanks), before the command line's,
/// which override them. Returns false and sets Error on a bad one.
bool parseEnvironmentOptions(const char *Text, Options &Opts,
                             std::string &Error);

} // namespace dlb

#endif // DLB_OPTIONS_H
