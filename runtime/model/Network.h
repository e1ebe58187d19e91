//===- Network.h - Network parameters of the cost model -------------------===//
//
// The network parameters of Zaki, Parthasarathy & Li's cost model (section
// 1.3.1: latency L, bandwidth B) and the costs of the three communication
// patterns of its synchronizations, one-to-all, all-to-one and all-to-all,
// as least-squares polynomials in the number of ranks and the message size
// (their Figure 1.6). Pure: the profile is measured by dlb-netchar or at
// start-up (runtime/platform/NetChar.cpp), written and read here.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_NETWORK_H
#define DLB_NETWORK_H

#include <string>
#include <vector>

namespace dlb {

enum class Pattern { OneToAll, AllToOne, AllToAll };

/// "one-to-all", "all-to-one", "all-to-all".
const char *patternName(Pattern Kind);

/// The fitted cost, in seconds, of one exchange of pattern P among N ranks
/// with Bytes per message: C[0] + C[1] N + C[2] N^2 + Bytes (C[3] + C[4] N).
struct PatternFit {
  static constexpr int Terms = 5;
  double Coeffs[Terms] = {0, 0, 0, 0, 0};
  double at(int Ranks, double Bytes) const;
};

/// One measured exchange, the data the fits are made from.
struct PatternSample {
  Pattern Kind = Pattern::OneToAll;
  int Ranks = 2;
  double Bytes = 0;
  double Seconds = 0;
};

struct NetProfile {
  /// L: one-way time of a small message between two ranks, in seconds.
  double Latency = 50e-6;
  /// B: bytes per second of a large message between two ranks.
  double Bandwidth = 1e9;
  PatternFit Fits[3];
  /// The largest number of ranks the fits were measured with (they
  /// extrapolate beyond it).
  int MeasuredRanks = 0;
  /// Seconds per byte of a copy into memory not touched before, of the
  /// kind received rows arrive in (platform/SlabMemory.h,
  /// freshCopyByteSeconds), measured by rank 0; 0 when not measured.
  double FreshCopy = 0;

  double cost(Pattern Kind, int Ranks, double Bytes) const;
};

/// Least-squares fit of the samples of pattern P (normal equations solved by
/// Gaussian elimination with partial pivoting). Terms that the samples cannot
/// determine (one rank count: no N terms; one size: no Bytes terms) stay 0.
PatternFit fitPattern(const std::vector<PatternSample> &Samples, Pattern Kind);

/// The text form: `key value...` lines, `#` comments (see
/// docs/cost-model.md). Hosts: the sorted, comma-separated names of the
/// hosts that measured it.
std::string formatNetProfile(const NetProfile &Profile,
                             const std::string &Hosts);
/// Parses the text form; false with Error naming the line on failure.
bool parseNetProfile(const std::string &Text, NetProfile &Profile,
                     std::string &Hosts, std::string &Error);

} // namespace dlb

#endif // DLB_NETWORK_H
