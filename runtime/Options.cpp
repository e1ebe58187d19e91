//===- Options.cpp - Parsing of the --dlb-* run-time options --------------===//
//
// Owns the table of strategy names and the pure parser that removes the
// --dlb-* options from the program's arguments.
//
//===----------------------------------------------------------------------===//
#include "dlb/Options.h"

#include <cstring>

namespace dlb {
namespace {

struct StrategyName {
  const char *Name;
  Strategy Strat;
};

constexpr StrategyName Strategies[] = {
    {"auto", Strategy::Auto},   {"static", Strategy::Static},
    {"gcdlb", Strategy::GCDLB}, {"gddlb", Strategy::GDDLB},
    {"lcdlb", Strategy::LCDLB}, {"lddlb", Strategy::LDDLB}};

constexpr char Prefix[] = "--dlb-";

std::string validStrategies() {
  std::string List;
  for (const StrategyName &S : Strategies)
    List += (List.empty() ? "" : ", ") + std::string(S.Name);
  return List;
}

/// Applies one --dlb-NAME[=VALUE] argument to Opts.
bool parseOption(const std::string &Arg, Options &Opts, std::string &Error) {
  std::size_t Eq = Arg.find('=');
  std::string Name = Arg.substr(0, Eq);
  bool HasValue = Eq != std::string::npos;
  std::string Value = HasValue ? Arg.substr(Eq + 1) : std::string();

  if (Name == "--dlb-verbose") {
    if (HasValue) {
      Error = "option '--dlb-verbose' takes no value";
      return false;
    }
    Opts.Verbose = true;
    return true;
  }
  if (Name != "--dlb-strategy" && Name != "--dlb-stats") {
    Error = "unknown option '" + Arg +
            "' (valid options: --dlb-strategy=NAME, --dlb-stats=FILE, "
            "--dlb-verbose)";
    return false;
  }
  if (Value.empty()) {
    Error = "option '" + Name + "' needs a value: " + Name +
            (Name == "--dlb-stats" ? "=FILE" : "=NAME");
    return false;
  }
  if (Name == "--dlb-stats") {
    Opts.StatsFile = Value;
    return true;
  }
  for (const StrategyName &S : Strategies) {
    if (Value == S.Name) {
      Opts.StrategyGiven = true;
      Opts.Strat = S.Strat;
      return true;
    }
  }
  Error = "unknown strategy '" + Value +
          "' (valid strategies: " + validStrategies() + ")";
  return false;
}

} // namespace

const char *strategyName(Strategy S) {
  for (const StrategyName &Entry : Strategies)
    if (Entry.Strat == S)
      return Entry.Name;
  return "unknown";
}

bool parseOptions(std::vector<std::string> &Args, Options &Opts,
                  std::string &Error) {
  std::vector<std::string> Kept;
  for (std::size_t I = 0; I < Args.size(); ++I) {
    const std::string &Arg = Args[I];
    if (I == 0 || Arg.compare(0, std::strlen(Prefix), Prefix) != 0) {
      Kept.push_back(Arg);
      continue;
    }
    if (!parseOption(Arg, Opts, Error))
      return false;
  }
  Args = std::move(Kept);
  return true;
}

} // namespace dlb
