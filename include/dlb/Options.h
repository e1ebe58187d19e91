//===- dlb/Options.h - Run-time options of libdlb --------------------------===//
//
// The --dlb-* command-line options. Parsing is a pure function so it can be
// tested without MPI; the runtime removes the options from argv before the
// user's main sees it.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_OPTIONS_H
#define DLB_OPTIONS_H

#include "dlb/Load.h"

#include <string>
#include <vector>

namespace dlb {

enum class Strategy { Auto, Static, GCDLB, GDDLB, LCDLB, LDDLB };

/// "auto", "static", "gcdlb", ...
const char *strategyName(Strategy S);

struct Options {
  /// Set when --dlb-strategy was given; it overrides each loop's clause.
  bool StrategyGiven = false;
  Strategy Strat = Strategy::Auto;
  std::string StatsFile; ///< --dlb-stats=FILE, empty for none
  bool Verbose = false;  ///< --dlb-verbose
  LoadSpec Load;         ///< --dlb-load=SPEC, emulated external load
  /// --dlb-group=K: members per group of the local strategies; 0 means two
  /// groups, K = ceil(P/2), as in the chapter's experiments.
  int GroupSize = 0;
  /// --dlb-profit=F: move work only if the predicted finish time becomes at
  /// most F times the current one (the chapter's 10%: 0.9).
  double ProfitFactor = 0.9;
};

/// Parses and removes every --dlb-* argument from Args (Args[0] is the program
/// name and is kept). Returns false and sets Error to a message naming the
/// bad argument on failure (unknown option, unknown strategy, missing value).
bool parseOptions(std::vector<std::string> &Args, Options &Opts,
                  std::string &Error);

} // namespace dlb

#endif // DLB_OPTIONS_H
