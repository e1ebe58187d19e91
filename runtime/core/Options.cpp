//===- Options.cpp - Parsing of the --dlb-* run-time options --------------===//
//
// Owns the table of strategy names and the pure parser that removes the
// --dlb-* options from the program's arguments.
//
//===----------------------------------------------------------------------===//
#include "core/Options.h"

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

/// "bad value 'V' for NAME: expected ...".
std::string badValue(const std::string &Value, const char *Name,
                     const char *Expected) {
  return "bad value '" + Value + "' for " + Name + ": expected " + Expected;
}

/// Sets Out from a number in the range In accepts; false otherwise.
template <class T, class Pred>
bool numberIn(const std::string &Value, T &Out, Pred In) {
  return parseNumber(Value, Out) && In(Out);
}

/// A --dlb-NAME=VALUE option: the value's shape for messages, and what a
/// value sets (false, with Error set, for a bad one).
struct ValuedOption {
  const char *Name;
  const char *Meta;
  bool (*Apply)(const std::string &Value, Options &Opts, std::string &Error);
};

const ValuedOption ValuedOptions[] = {
    {"--dlb-strategy", "NAME",
     [](const std::string &V, Options &O, std::string &E) {
       for (const StrategyName &S : Strategies)
         if (V == S.Name) {
           O.StrategyGiven = true;
           O.Strat = S.Strat;
           return true;
         }
       E = "unknown strategy '" + V + "' (valid strategies: " +
           validStrategies() + ")";
       return false;
     }},
    {"--dlb-stats", "FILE",
     [](const std::string &V, Options &O, std::string &) {
       O.StatsFile = V;
       return true;
     }},
    {"--dlb-load", "SPEC",
     [](const std::string &V, Options &O, std::string &E) {
       if (parseLoadSchedule(V, O.Load, E))
         return true;
       E = "bad value for --dlb-load: " + E;
       return false;
     }},
    {"--dlb-group", "K",
     [](const std::string &V, Options &O, std::string &E) {
       if (numberIn(V, O.GroupSize, [](int K) { return K >= 1; }))
         return true;
       E = badValue(V, "--dlb-group", "a whole number of ranks >= 1");
       return false;
     }},
    {"--dlb-netprofile", "FILE",
     [](const std::string &V, Options &O, std::string &) {
       O.NetProfileFile = V;
       return true;
     }},
    {"--dlb-reselect", "F|off",
     [](const std::string &V, Options &O, std::string &E) {
       O.Reselect = V != "off";
       if (!O.Reselect || numberIn(V, O.ReselectMargin, [](double F) {
             return F >= 0 && F < 1;
           }))
         return true;
       E = badValue(V, "--dlb-reselect",
                    "'off' or a fraction in [0, 1), e.g. 0.1 to switch for a "
                    "predicted 10% gain");
       return false;
     }},
    {"--dlb-future-load", "NAME",
     [](const std::string &V, Options &O, std::string &E) {
       for (FutureLoad F : {FutureLoad::Persistent, FutureLoad::Shifting})
         if (V == futureLoadName(F)) {
           O.Future = F;
           return true;
         }
       E = badValue(V, "--dlb-future-load", "'persistent' or 'shifting'");
       return false;
     }},
    {"--dlb-blocksize", "B",
     [](const std::string &V, Options &O, std::string &E) {
       if (numberIn(V, O.BlockSize, [](long long B) { return B >= 1; }))
         return true;
       E = badValue(V, "--dlb-blocksize",
                    "a whole number of iterations >= 1");
       return false;
     }},
    {"--dlb-period", "S|auto",
     [](const std::string &V, Options &O, std::string &E) {
       O.PeriodAuto = V == "auto";
       if (O.PeriodAuto || numberIn(V, O.Period, [](double S) {
             return S >= 0 && S <= 3600;
           }))
         return true;
       E = badValue(V, "--dlb-period", "'auto' or seconds in [0, 3600]");
       return false;
     }},
    {"--dlb-interact", "F",
     [](const std::string &V, Options &O, std::string &E) {
       if (numberIn(V, O.InteractFraction,
                    [](double F) { return F > 0 && F <= 1; }))
         return true;
       E = badValue(V, "--dlb-interact",
                    "a fraction in (0, 1], e.g. 0.05 for interactions taking "
                    "5% of the computing time");
       return false;
     }},
    {"--dlb-quantum", "S",
     [](const std::string &V, Options &O, std::string &E) {
       if (numberIn(V, O.Quantum, [](double S) { return S > 0 && S <= 10; }))
         return true;
       E = badValue(V, "--dlb-quantum", "seconds in (0, 10]");
       return false;
     }},
    {"--dlb-quantumscale", "K",
     [](const std::string &V, Options &O, std::string &E) {
       if (numberIn(V, O.QuantumScale,
                    [](double K) { return K >= 0 && K <= 1000; }))
         return true;
       E = badValue(V, "--dlb-quantumscale", "a number in [0, 1000]");
       return false;
     }},
    {"--dlb-filter", "table|off|H",
     [](const std::string &V, Options &O, std::string &E) {
       if (V == "table" || V == "off") {
         O.Filter = V == "table" ? FilterMode::Table : FilterMode::Off;
         return true;
       }
       O.Filter = FilterMode::Fixed;
       if (numberIn(V, O.FilterHistory,
                    [](double H) { return H >= 0 && H < 1; }))
         return true;
       E = badValue(V, "--dlb-filter",
                    "'table', 'off' or a history fraction in [0, 1)");
       return false;
     }},
    {"--dlb-threshold", "F|off",
     [](const std::string &V, Options &O, std::string &E) {
       if (V == "off") {
         O.Threshold = 0;
         return true;
       }
       if (numberIn(V, O.Threshold, [](double F) { return F >= 0 && F < 1; }))
         return true;
       E = badValue(V, "--dlb-threshold",
                    "'off' or a fraction in [0, 1), e.g. 0.1 to move work "
                    "only for a 10% gain");
       return false;
     }},
    {"--dlb-costbenefit", "on|off",
     [](const std::string &V, Options &O, std::string &E) {
       if (V == "on" || V == "off") {
         O.CostBenefit = V == "on";
         return true;
       }
       E = badValue(V, "--dlb-costbenefit", "'on' or 'off'");
       return false;
     }},
    {"--dlb-trace", "FILE",
     [](const std::string &V, Options &O, std::string &) {
       O.TraceFile = V;
       return true;
     }},
    {"--dlb-timeout", "S|off",
     [](const std::string &V, Options &O, std::string &E) {
       if (V == "off") {
         O.Timeout = 0;
         return true;
       }
       if (numberIn(V, O.Timeout, [](double S) { return S > 0 && S <= 1e6; }))
         return true;
       E = badValue(V, "--dlb-timeout", "'off' or seconds in (0, 1000000]");
       return false;
     }},
    {"--dlb-bind", "auto|core|none",
     [](const std::string &V, Options &O, std::string &E) {
       const std::pair<const char *, BindMode> Modes[] = {
           {"auto", BindMode::Auto},
           {"core", BindMode::Core},
           {"none", BindMode::None}};
       for (const auto &[Text, Mode] : Modes)
         if (V == Text) {
           O.Bind = Mode;
           return true;
         }
       E = badValue(V, "--dlb-bind", "'auto', 'core' or 'none'");
       return false;
     }},
    {"--dlb-distribute", "auto|always",
     [](const std::string &V, Options &O, std::string &E) {
       if (V == "auto" || V == "always") {
         O.DistributeAlways = V == "always";
         return true;
       }
       E = badValue(V, "--dlb-distribute", "'auto' or 'always'");
       return false;
     }}};

/// Applies one --dlb-NAME[=VALUE] argument to Opts.
bool parseOption(const std::string &Arg, Options &Opts, std::string &Error) {
  const std::size_t Eq = Arg.find('=');
  const std::string Name = Arg.substr(0, Eq);
  const bool HasValue = Eq != std::string::npos;
  const std::string Value = HasValue ? Arg.substr(Eq + 1) : std::string();
  if (Name == "--dlb-verbose") {
    if (HasValue) {
      Error = "option '--dlb-verbose' takes no value";
      return false;
    }
    Opts.Verbose = true;
    return true;
  }
  for (const ValuedOption &O : ValuedOptions) {
    if (Name != O.Name)
      continue;
    if (Value.empty()) {
      Error = "option '" + Name + "' needs a value: " + Name + "=" + O.Meta;
      return false;
    }
    return O.Apply(Value, Opts, Error);
  }
  Error = "unknown option '" + Arg + "' (valid options: " + ValidOptions + ")";
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
