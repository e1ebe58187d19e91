//===- Options.cpp - Parsing of the --dlb-* run-time options --------------===//
//
// Owns the table of strategy names and the pure parser that removes the
// --dlb-* options from the program's arguments.
//
//===----------------------------------------------------------------------===//
#include "dlb/Options.h"

#include <cstring>
#include <exception>
#include <string>
#include <type_traits>

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

/// Parses a whole number or fraction; false if Text is not one entirely.
template <class T> bool parseNumber(const std::string &Text, T &Out) {
  std::size_t Used = 0;
  try {
    if constexpr (std::is_integral<T>::value)
      Out = static_cast<T>(std::stoll(Text, &Used));
    else
      Out = static_cast<T>(std::stod(Text, &Used));
  } catch (const std::exception &) {
    return false;
  }
  return Used == Text.size();
}

constexpr const char *ValidOptions =
    "--dlb-strategy=NAME, --dlb-stats=FILE, --dlb-verbose, --dlb-load=SPEC, "
    "--dlb-group=K, --dlb-profit=F, --dlb-netprofile=FILE, "
    "--dlb-reselect=F|off, --dlb-future-load=persistent|shifting, "
    "--dlb-blocksize=B, --dlb-period=S";

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
  static const char *const Valued[][2] = {{"--dlb-strategy", "NAME"},
                                          {"--dlb-stats", "FILE"},
                                          {"--dlb-load", "SPEC"},
                                          {"--dlb-group", "K"},
                                          {"--dlb-profit", "F"},
                                          {"--dlb-netprofile", "FILE"},
                                          {"--dlb-reselect", "F|off"},
                                          {"--dlb-future-load", "NAME"},
                                          {"--dlb-blocksize", "B"},
                                          {"--dlb-period", "S"}};
  const char *Meta = nullptr;
  for (const auto &V : Valued)
    if (Name == V[0])
      Meta = V[1];
  if (!Meta) {
    Error = "unknown option '" + Arg + "' (valid options: " + ValidOptions +
            ")";
    return false;
  }
  if (Value.empty()) {
    Error = "option '" + Name + "' needs a value: " + Name + "=" + Meta;
    return false;
  }
  if (Name == "--dlb-stats") {
    Opts.StatsFile = Value;
    return true;
  }
  if (Name == "--dlb-netprofile") {
    Opts.NetProfileFile = Value;
    return true;
  }
  if (Name == "--dlb-reselect") {
    Opts.Reselect = Value != "off";
    if (!Opts.Reselect || (parseNumber(Value, Opts.ReselectMargin) &&
                           Opts.ReselectMargin >= 0 &&
                           Opts.ReselectMargin < 1))
      return true;
    Error = "bad value '" + Value + "' for --dlb-reselect: expected 'off' "
            "or a fraction in [0, 1), e.g. 0.1 to switch for a predicted "
            "10% gain";
    return false;
  }
  if (Name == "--dlb-future-load") {
    for (FutureLoad F : {FutureLoad::Persistent, FutureLoad::Shifting})
      if (Value == futureLoadName(F)) {
        Opts.Future = F;
        return true;
      }
    Error = "bad value '" + Value + "' for --dlb-future-load: expected "
            "'persistent' or 'shifting'";
    return false;
  }
  if (Name == "--dlb-load") {
    if (parseLoadSchedule(Value, Opts.Load, Error))
      return true;
    Error = "bad value for --dlb-load: " + Error;
    return false;
  }
  if (Name == "--dlb-group") {
    if (parseNumber(Value, Opts.GroupSize) && Opts.GroupSize >= 1)
      return true;
    Error = "bad value '" + Value + "' for --dlb-group: expected a whole "
            "number of ranks >= 1";
    return false;
  }
  if (Name == "--dlb-blocksize") {
    if (parseNumber(Value, Opts.BlockSize) && Opts.BlockSize >= 1)
      return true;
    Error = "bad value '" + Value + "' for --dlb-blocksize: expected a whole "
            "number of iterations >= 1";
    return false;
  }
  if (Name == "--dlb-period") {
    if (parseNumber(Value, Opts.PipelinePeriod) && Opts.PipelinePeriod >= 0 &&
        Opts.PipelinePeriod <= 3600)
      return true;
    Error = "bad value '" + Value + "' for --dlb-period: expected seconds "
            "in [0, 3600]";
    return false;
  }
  if (Name == "--dlb-profit") {
    if (parseNumber(Value, Opts.ProfitFactor) && Opts.ProfitFactor > 0 &&
        Opts.ProfitFactor <= 1)
      return true;
    Error = "bad value '" + Value + "' for --dlb-profit: expected a number "
            "in (0, 1], e.g. 0.9 to move work only for a 10% gain";
    return false;
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

const char *futureLoadName(FutureLoad F) {
  return F == FutureLoad::Persistent ? "persistent" : "shifting";
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
