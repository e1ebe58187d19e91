//===- dlb-netchar.cpp - Network characterization for libdlb --------------===//
//
// The dlb-netchar tool: its command line, the report of what it measured
// and the profile file it writes (see docs/cost-model.md); the measurement
// is libdlb's (runtime/platform/NetChar.h).
//
//===----------------------------------------------------------------------===//
#include "dlb/Runtime.h"

#include "core/Context.h"
#include "platform/NetChar.h"

#include <cstdio>
#include <string>

namespace dlb {
namespace {

constexpr const char *Usage =
    "usage: mpiexec -n P dlb-netchar [-o FILE] [--reps N] [--samples]\n"
    "\n"
    "Measures the network profile of libdlb's cost model on P ranks: latency\n"
    "and bandwidth (ping-pong between ranks 0 and 1) and the cost of the\n"
    "one-to-all, all-to-one and all-to-all exchanges among 2..P ranks with\n"
    "messages of 64 B to 128 KiB, fitted by least squares as\n"
    "c0 + c1 n + c2 n^2 + bytes (c3 + c4 n). Writes the profile to FILE\n"
    "(default: the cache that programs read when run without\n"
    "--dlb-netprofile, $XDG_CACHE_HOME/dlb/netprofile or\n"
    "$HOME/.cache/dlb/netprofile).\n"
    "\n"
    "  -o FILE      write the profile to FILE\n"
    "  --reps N     repetitions per measurement, the median is kept (20)\n"
    "  --samples    also print every measurement\n"
    "  --help       print this help\n";

struct ToolOptions {
  std::string Output;
  int Repetitions = 20;
  bool Samples = false;
  bool Help = false;
};

bool parseTool(int Argc, char **Argv, ToolOptions &O, std::string &Error) {
  for (int I = 1; I < Argc; ++I) {
    const std::string Arg = Argv[I];
    if (Arg == "--help" || Arg == "-h") {
      O.Help = true;
    } else if (Arg == "--samples") {
      O.Samples = true;
    } else if (Arg == "-o" || Arg == "--reps") {
      if (I + 1 == Argc) {
        Error = "option '" + Arg + "' needs a value";
        return false;
      }
      const std::string Value = Argv[++I];
      if (Arg == "-o") {
        O.Output = Value;
        continue;
      }
      char *End = nullptr;
      const long N = std::strtol(Value.c_str(), &End, 10);
      if (End == Value.c_str() || *End || N < 1 || N > 10000) {
        Error = "bad value '" + Value + "' for --reps: expected 1 to 10000";
        return false;
      }
      O.Repetitions = static_cast<int>(N);
    } else {
      Error = "unknown argument '" + Arg + "' (see --help)";
      return false;
    }
  }
  return true;
}

} // namespace

int runNetChar(int Argc, char **Argv) {
  initProcess(Argc, Argv);
  const Context &C = context();
  ToolOptions O;
  std::string Error;
  const bool Parsed = parseTool(Argc, Argv, O, Error);
  if (!Parsed || O.Help || C.Size < 2) {
    if (C.Rank == 0) {
      if (!Parsed)
        std::fprintf(stderr, "dlb-netchar: error: %s\n", Error.c_str());
      else if (O.Help)
        std::fputs(Usage, stdout);
      else
        std::fprintf(stderr, "dlb-netchar: error: run it on at least 2 ranks "
                             "(mpiexec -n P dlb-netchar)\n");
    }
    finish();
    return Parsed && O.Help ? 0 : 2;
  }
  if (O.Output.empty())
    O.Output = cachedProfilePath();
  std::vector<PatternSample> Samples;
  const NetProfile Profile =
      characterize(fullPlan(C.Size, O.Repetitions), &Samples);
  const std::string Hosts = hostList();
  int Status = 0;
  if (C.Rank == 0) {
    std::printf("dlb-netchar: %d ranks on %s, %d repetitions per point\n",
                C.Size, Hosts.c_str(), O.Repetitions);
    std::printf("latency %.3g s, bandwidth %.3g B/s\n", Profile.Latency,
                Profile.Bandwidth);
    if (O.Samples) {
      std::printf("%-10s %5s %9s %12s %12s\n", "pattern", "ranks", "bytes",
                  "measured s", "fitted s");
      for (const PatternSample &S : Samples)
        std::printf("%-10s %5d %9.0f %12.3e %12.3e\n", patternName(S.Kind),
                    S.Ranks, S.Bytes, S.Seconds,
                    Profile.cost(S.Kind, S.Ranks, S.Bytes));
    }
    for (Pattern P : {Pattern::OneToAll, Pattern::AllToOne, Pattern::AllToAll})
      std::printf("%-10s at %d ranks: %.3e s (64 B), %.3e s (128 KiB)\n",
                  patternName(P), C.Size, Profile.cost(P, C.Size, 64),
                  Profile.cost(P, C.Size, 131072));
    if (O.Output.empty()) {
      std::fprintf(stderr, "dlb-netchar: error: no file to write: give -o "
                           "FILE (neither XDG_CACHE_HOME nor HOME is set)\n");
      Status = 1;
    } else if (!saveProfile(O.Output, Profile, Hosts, Error)) {
      std::fprintf(stderr, "dlb-netchar: error: %s\n", Error.c_str());
      Status = 1;
    } else {
      std::printf("profile written to %s\n", O.Output.c_str());
    }
  }
  finish();
  return Status;
}

} // namespace dlb

int main(int argc, char **argv) { return dlb::runNetChar(argc, argv); }
