//===- Load.h - Emulated external load ------------------------------------===//
//
// The competing loads of the experiments, as pure functions of time so that
// they are reproducible and testable without MPI:
//   * random: the discrete random load of Zaki, Parthasarathy & Li, section
//     1.3.1 ("Maximum Load", "Duration of Persistence"), each rank's level
//     drawn from {0..max} and redrawn every `persist` seconds;
//   * oscillate: the artificial competing load of Siegell & Steenkiste,
//     section 3, a process that computes for duty*period seconds and then
//     sleeps for the rest of the period (level 1 while it computes);
//   * constant: a fixed level;
// and schedules of them in time (phases: one spec until a time, then the
// next), for workloads whose load changes pattern.
// A rank under load l runs at 1/(l+1) of its speed (section 1.3.2, "Effect
// of Discrete Load"); the runtime emulates this by sleeping after it
// computes (emulatedDelay).
//
//===----------------------------------------------------------------------===//
#ifndef DLB_LOAD_H
#define DLB_LOAD_H

#include <limits>
#include <string>
#include <vector>

namespace dlb {

struct LoadSpec {
  enum KindTy { None, Random, Oscillate, Constant } Kind = None;
  int Max = 0;            ///< random: the maximum level
  double Persist = 1;     ///< random: seconds between redraws
  unsigned Seed = 1;      ///< random: seed of the draws
  double Period = 1;      ///< oscillate: seconds of one compute+sleep cycle
  double Duty = 0.5;      ///< oscillate: fraction of the period under load
  std::vector<int> Ranks; ///< the loaded ranks, ascending; empty = all ranks
  double Level = 0;       ///< constant: the level
  /// The spec applies until this time (seconds since start); the next phase
  /// of a schedule takes over there.
  double Until = std::numeric_limits<double>::infinity();
};

/// Parses a load specification:
///   none[:until=SECONDS]
///   random:max=M[,persist=SECONDS][,seed=S][,ranks=LIST]
///   oscillate:period=SECONDS,duty=F[,ranks=LIST]
///   constant:load=L[,ranks=LIST]
/// and every kind takes until=SECONDS (> 0).
/// Fields may come in any order. M and S are integers >= 0; SECONDS > 0;
/// F in [0, 1]; L >= 0 (may be fractional). Defaults: persist=1, seed=1,
/// ranks=all. LIST names ranks separated by '+', each a number or an
/// inclusive range A-B: "ranks=0+3", "ranks=1-3", "ranks=0+2-4"; ranks are
/// at most 1048575. On failure returns false, leaves Spec alone and sets
/// Error to a message naming the bad kind, field or value.
bool parseLoadSpec(const std::string &Text, LoadSpec &Spec, std::string &Error);

/// Parses a schedule: specs separated by ';', each but the last with an
/// until= later than the one before: spec K applies from the previous
/// spec's until (or 0) to its own. Error names the phase at fault.
bool parseLoadSchedule(const std::string &Text, std::vector<LoadSpec> &Phases,
                       std::string &Error);

/// Whether the schedule ever raises the load of Rank above 0.
bool loadsRank(const std::vector<LoadSpec> &Phases, int Rank);

/// The load one rank sees over time, a piecewise-constant function.
class LoadModel {
public:
  LoadModel(const std::vector<LoadSpec> &Phases, int Rank);
  LoadModel(const LoadSpec &Spec, int Rank)
      : LoadModel(std::vector<LoadSpec>{Spec}, Rank) {}

  /// The load level of the rank at time T seconds after start (a time
  /// before 0 counts as 0).
  double levelAt(double Time) const;
  /// The end of the constant piece of the level that contains T.
  double pieceEnd(double Time) const;

  /// Whether the level is ever above 0.
  bool active() const;

private:
  /// Within one spec, the constant pieces of the level, numbered in time
  /// order: piece N covers [pieceBegin(N), pieceBegin(N + 1)).
  long long pieceAt(const LoadSpec &Spec, double Time) const;
  double pieceBegin(const LoadSpec &Spec, long long Piece) const;
  double pieceLevel(const LoadSpec &Spec, long long Piece) const;
  /// The phase that contains T.
  const LoadSpec &phaseAt(double Time) const;

  /// Kind is None in the phases whose Ranks do not list the rank.
  std::vector<LoadSpec> Phases;
  int Rank;
};

/// The seconds to sleep after computing for ComputeSeconds from time Start
/// so that the work takes the wall time it would at 1/(l(t)+1) of the speed:
/// the end E solves integral from Start to E of dt/(l(t)+1) = ComputeSeconds
/// exactly over the pieces of l, and the delay is E - Start - ComputeSeconds
/// (l * ComputeSeconds under a constant level l). Its cost grows with the
/// number of pieces the work spans.
double emulatedDelay(const LoadModel &Model, double Start,
                     double ComputeSeconds);

} // namespace dlb

#endif // DLB_LOAD_H
