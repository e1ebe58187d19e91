//===- Options.cpp - Parsing of the --dlb-* run-time options --------------===//
//
// Owns the table of strategy names and the pure parser that removes the
// --dlb-* options from the program's arguments.
//
//===----------------------------------------------------------------------===//
#include "dlb/Options.h"

#include <cctype>
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
#define DLB_STRATEGY(Id, Name, Local, Centralized, Modeled, Chunks, Description)      \
  {Name, Strategy::Id},
#include "dlb/Strategies.def"
};

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
    "--dlb-group=K, --dlb-netprofile=FILE, --dlb-reselect=F|off, "
    "--dlb-future-load=persistent|shifting, --dlb-blocksize=B, "
    "--dlb-period=S|auto, --dlb-interact=F, --dlb-quantum=S, "
    "--dlb-quantumscale=K, --dlb-filter=table|off|H, --dlb-threshold=F|off, "
    "--dlb-costbenefit=on|off, --dlb-trace=FILE, --dlb-timeout=S|off, "
    "--dlb-bind=auto|core|none, --dlb-distribute=auto|always";

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
                                          {"--dlb-netprofile", "FILE"},
                                          {"--dlb-reselect", "F|off"},
                                          {"--dlb-future-load", "NAME"},
                                          {"--dlb-blocksize", "B"},
                                          {"--dlb-period", "S|auto"},
                                          {"--dlb-interact", "F"},
                                          {"--dlb-quantum", "S"},
                                          {"--dlb-quantumscale", "K"},
                                          {"--dlb-filter", "table|off|H"},
                                          {"--dlb-threshold", "F|off"},
                                          {"--dlb-costbenefit", "on|off"},
                                          {"--dlb-trace", "FILE"},
                                          {"--dlb-timeout", "S|off"},
                                          {"--dlb-bind", "auto|core|none"},
                                          {"--dlb-distribute", "auto|always"}};
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
    Opts.PeriodAuto = Value == "auto";
    if (Opts.PeriodAuto || (parseNumber(Value, Opts.Period) &&
                            Opts.Period >= 0 && Opts.Period <= 3600))
      return true;
    Error = "bad value '" + Value + "' for --dlb-period: expected 'auto' or "
            "seconds in [0, 3600]";
    return false;
  }
  if (Name == "--dlb-interact") {
    if (parseNumber(Value, Opts.InteractFraction) &&
        Opts.InteractFraction > 0 && Opts.InteractFraction <= 1)
      return true;
    Error = "bad value '" + Value + "' for --dlb-interact: expected a "
            "fraction in (0, 1], e.g. 0.05 for interactions taking 5% of the "
            "computing time";
    return false;
  }
  if (Name == "--dlb-quantum") {
    if (parseNumber(Value, Opts.Quantum) && Opts.Quantum > 0 &&
        Opts.Quantum <= 10)
      return true;
    Error = "bad value '" + Value + "' for --dlb-quantum: expected seconds "
            "in (0, 10]";
    return false;
  }
  if (Name == "--dlb-quantumscale") {
    if (parseNumber(Value, Opts.QuantumScale) && Opts.QuantumScale >= 0 &&
        Opts.QuantumScale <= 1000)
      return true;
    Error = "bad value '" + Value + "' for --dlb-quantumscale: expected a "
            "number in [0, 1000]";
    return false;
  }
  if (Name == "--dlb-filter") {
    if (Value == "table" || Value == "off") {
      Opts.Filter = Value == "table" ? FilterMode::Table : FilterMode::Off;
      return true;
    }
    Opts.Filter = FilterMode::Fixed;
    if (parseNumber(Value, Opts.FilterHistory) && Opts.FilterHistory >= 0 &&
        Opts.FilterHistory < 1)
      return true;
    Error = "bad value '" + Value + "' for --dlb-filter: expected 'table', "
            "'off' or a history fraction in [0, 1)";
    return false;
  }
  if (Name == "--dlb-threshold") {
    if (Value == "off") {
      Opts.Threshold = 0;
      return true;
    }
    if (parseNumber(Value, Opts.Threshold) && Opts.Threshold >= 0 &&
        Opts.Threshold < 1)
      return true;
    Error = "bad value '" + Value + "' for --dlb-threshold: expected 'off' "
            "or a fraction in [0, 1), e.g. 0.1 to move work only for a 10% "
            "gain";
    return false;
  }
  if (Name == "--dlb-costbenefit") {
    if (Value == "on" || Value == "off") {
      Opts.CostBenefit = Value == "on";
      return true;
    }
    Error = "bad value '" + Value + "' for --dlb-costbenefit: expected 'on' "
            "or 'off'";
    return false;
  }
  if (Name == "--dlb-bind") {
    const std::pair<const char *, BindMode> Modes[] = {
        {"auto", BindMode::Auto}, {"core", BindMode::Core},
        {"none", BindMode::None}};
    for (const auto &[Text, Mode] : Modes)
      if (Value == Text) {
        Opts.Bind = Mode;
        return true;
      }
    Error = "bad value '" + Value + "' for --dlb-bind: expected 'auto', "
            "'core' or 'none'";
    return false;
  }
  if (Name == "--dlb-distribute") {
    if (Value == "auto" || Value == "always") {
      Opts.DistributeAlways = Value == "always";
      return true;
    }
    Error = "bad value '" + Value + "' for --dlb-distribute: expected 'auto' "
            "or 'always'";
    return false;
  }
  if (Name == "--dlb-timeout") {
    if (Value == "off") {
      Opts.Timeout = 0;
      return true;
    }
    if (parseNumber(Value, Opts.Timeout) && Opts.Timeout > 0 &&
        Opts.Timeout <= 1e6)
      return true;
    Error = "bad value '" + Value + "' for --dlb-timeout: expected 'off' or "
            "seconds in (0, 1000000]";
    return false;
  }
  if (Name == "--dlb-trace") {
    Opts.TraceFile = Value;
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

bool parseEnvironmentOptions(const char *Text, Options &Opts,
                             std::string &Error) {
  std::vector<std::string> Args{"DLB_OPTIONS"};
  std::string Word;
  for (const char *C = Text ? Text : ""; ; ++C) {
    if (*C && !std::isspace(static_cast<unsigned char>(*C))) {
      Word += *C;
      continue;
    }
    if (!Word.empty())
      Args.push_back(std::move(Word));
    Word.clear();
    if (!*C)
      break;
  }
  for (std::size_t I = 1; I < Args.size(); ++I)
    if (Args[I].compare(0, std::strlen(Prefix), Prefix) != 0) {
      Error = "in DLB_OPTIONS: '" + Args[I] +
              "' is not a --dlb-* option";
      return false;
    }
  if (parseOptions(Args, Opts, Error))
    return true;
  Error = "in DLB_OPTIONS: " + Error;
  return false;
}

} // namespace dlb
