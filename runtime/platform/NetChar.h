//===- NetChar.h - Measuring the network profile --------------------------===//
//
// Owns the measurements behind runtime/model/Network.h: latency and bandwidth by
// ping-pong between ranks 0 and 1, and the one-to-all, all-to-one and
// all-to-all patterns among the first n ranks, timed with the runtime's own
// sleeping transfers so the profile prices what the strategies really do.
// Every function here is collective over the runtime's communicator.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_NETCHAR_H
#define DLB_RUNTIME_NETCHAR_H

#include "model/Network.h"

#include <string>
#include <vector>

namespace dlb {

struct NetCharPlan {
  std::vector<int> RankCounts;  ///< each in [2, ranks]
  std::vector<double> Sizes;    ///< message sizes in bytes
  int Repetitions = 5;          ///< per point; the median is kept
  double BandwidthBytes = 1 << 20;
  /// Seconds after which no larger rank count is measured (0: none); the
  /// smallest count of every pattern always is.
  double Budget = 0;
};

/// The plan of dlb-netchar: every rank count, sizes 64 B to 128 KiB.
NetCharPlan fullPlan(int Ranks, int Repetitions);
/// The most ranks the start-up plan measures patterns among.
constexpr int QuickRanks = 64;
/// The start-up plan: rank counts 2, K and P (each at most QuickRanks),
/// small messages only (those of the synchronizations), 3 repetitions,
/// larger counts only within StartupBudget.
NetCharPlan quickPlan(int Ranks, int GroupSize);
/// Seconds a start-up measurement may take (beyond its smallest count).
constexpr double StartupBudget = 0.05;

/// Measures and fits the profile; the same on every rank. Samples, when
/// given, receives the raw measurements (rank 0).
NetProfile characterize(const NetCharPlan &Plan,
                        std::vector<PatternSample> *Samples = nullptr);

/// The sorted, comma-separated host names of all ranks (every rank).
std::string hostList();

/// The cached profile's path: $XDG_CACHE_HOME/dlb/netprofile, else
/// $HOME/.cache/dlb/netprofile (dlb-netchar's, and the last one measured at
/// start-up); with Ranks, that of one configuration: netprofile.pRANKS.HASH
/// of the host list. Empty without either variable.
std::string cachedProfilePath(int Ranks = 0, const std::string &Hosts = "");

/// Writes Profile to File (creating its directory), atomically.
bool saveProfile(const std::string &File, const NetProfile &Profile,
                 const std::string &Hosts, std::string &Error);

/// The profile loop selection uses (collective): the file given by
/// --dlb-netprofile, else the cache of this configuration (hosts and rank
/// count), else the last cached one when it was measured on the same hosts
/// with at least as many ranks (and as many ranks per core), else a quick
/// measurement, which is then cached for this configuration (so that runs
/// of other rank counts in between do not evict it). False with Error (the
/// same on every rank) when the given file cannot be used.
bool acquireNetProfile(NetProfile &Profile, std::string &Source,
                       std::string &Error);

} // namespace dlb

#endif // DLB_RUNTIME_NETCHAR_H
