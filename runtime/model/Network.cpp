//===- Network.cpp - Network profiles: fits, text form --------------------===//
//
// Owns the least-squares fits of the communication patterns (Zaki,
// Parthasarathy & Li, Figure 1.6) and the profile file format.
//
//===----------------------------------------------------------------------===//
#include "model/Network.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

namespace dlb {
namespace {

double basis(int Term, int N, double Bytes) {
  switch (Term) {
  case 0:
    return 1;
  case 1:
    return N;
  case 2:
    return static_cast<double>(N) * N;
  case 3:
    return Bytes;
  default:
    return Bytes * N;
  }
}

/// Solves A x = B (A square, row-major) by Gaussian elimination with partial
/// pivoting; false when A is singular.
bool solve(std::vector<std::vector<double>> A, std::vector<double> B,
           std::vector<double> &X) {
  const std::size_t N = B.size();
  for (std::size_t Col = 0; Col < N; ++Col) {
    std::size_t Pivot = Col;
    for (std::size_t R = Col + 1; R < N; ++R)
      if (std::fabs(A[R][Col]) > std::fabs(A[Pivot][Col]))
        Pivot = R;
    if (std::fabs(A[Pivot][Col]) < 1e-300)
      return false;
    std::swap(A[Col], A[Pivot]);
    std::swap(B[Col], B[Pivot]);
    for (std::size_t R = Col + 1; R < N; ++R) {
      const double F = A[R][Col] / A[Col][Col];
      for (std::size_t K = Col; K < N; ++K)
        A[R][K] -= F * A[Col][K];
      B[R] -= F * B[Col];
    }
  }
  X.assign(N, 0);
  for (std::size_t R = N; R-- > 0;) {
    double S = B[R];
    for (std::size_t K = R + 1; K < N; ++K)
      S -= A[R][K] * X[K];
    X[R] = S / A[R][R];
  }
  return true;
}

} // namespace

const char *patternName(Pattern P) {
  switch (P) {
  case Pattern::OneToAll:
    return "one-to-all";
  case Pattern::AllToOne:
    return "all-to-one";
  case Pattern::AllToAll:
    return "all-to-all";
  }
  return "";
}

double PatternFit::at(int N, double Bytes) const {
  double S = 0;
  for (int T = 0; T < Terms; ++T)
    S += Coeffs[T] * basis(T, N, Bytes);
  return S;
}

double NetProfile::cost(Pattern P, int N, double Bytes) const {
  if (N <= 1)
    return 0;
  // A fit may dip below zero away from its samples; no exchange is free.
  return std::max(Fits[static_cast<int>(P)].at(N, Bytes), Latency);
}

PatternFit fitPattern(const std::vector<PatternSample> &Samples, Pattern P) {
  std::set<int> RankCounts;
  std::set<double> Sizes;
  for (const PatternSample &S : Samples)
    if (S.Kind == P) {
      RankCounts.insert(S.Ranks);
      Sizes.insert(S.Bytes);
    }
  PatternFit Fit;
  if (RankCounts.empty())
    return Fit;
  // The terms the samples determine: a degree in N below the number of
  // distinct rank counts (at most 2), Bytes terms only with two sizes. One
  // rank count (a start-up measurement cut short by its time budget)
  // gives a cost proportional to N, which does not make larger groups as
  // cheap as the measured one.
  std::vector<int> Used;
  if (RankCounts.size() == 1) {
    Used.push_back(1);
    if (Sizes.size() >= 2)
      Used.push_back(4);
  } else {
    Used = {0, 1};
    if (RankCounts.size() >= 3)
      Used.push_back(2);
    if (Sizes.size() >= 2) {
      Used.push_back(3);
      Used.push_back(4);
    }
  }
  const std::size_t K = Used.size();
  std::vector<std::vector<double>> A(K, std::vector<double>(K, 0));
  std::vector<double> B(K, 0);
  for (const PatternSample &S : Samples) {
    if (S.Kind != P)
      continue;
    for (std::size_t I = 0; I < K; ++I) {
      const double Bi = basis(Used[I], S.Ranks, S.Bytes);
      B[I] += Bi * S.Seconds;
      for (std::size_t J = 0; J < K; ++J)
        A[I][J] += Bi * basis(Used[J], S.Ranks, S.Bytes);
    }
  }
  std::vector<double> X;
  if (!solve(A, B, X))
    return Fit;
  for (std::size_t I = 0; I < K; ++I)
    Fit.Coeffs[Used[I]] = X[I];
  return Fit;
}

std::string formatNetProfile(const NetProfile &Profile,
                             const std::string &Hosts) {
  std::ostringstream OS;
  OS.precision(9);
  OS << "# libdlb network profile (dlb-netchar); times in seconds, sizes in "
        "bytes\n";
  OS << "# pattern cost = c0 + c1*n + c2*n^2 + bytes*(c3 + c4*n), n ranks\n";
  OS << "hosts " << (Hosts.empty() ? "-" : Hosts) << "\n";
  OS << "ranks " << Profile.MeasuredRanks << "\n";
  OS << "latency " << Profile.Latency << "\n";
  OS << "bandwidth " << Profile.Bandwidth << "\n";
  if (Profile.FreshCopy > 0)
    OS << "fresh-copy " << Profile.FreshCopy << "\n";
  for (Pattern P : {Pattern::OneToAll, Pattern::AllToOne, Pattern::AllToAll}) {
    OS << patternName(P);
    for (double C : Profile.Fits[static_cast<int>(P)].Coeffs)
      OS << " " << C;
    OS << "\n";
  }
  return OS.str();
}

bool parseNetProfile(const std::string &Text, NetProfile &Profile,
                     std::string &Hosts, std::string &Error) {
  NetProfile Out;
  std::string OutHosts;
  std::istringstream In(Text);
  std::string Line;
  int LineNo = 0;
  std::set<std::string> Seen;
  while (std::getline(In, Line)) {
    ++LineNo;
    const std::size_t Hash = Line.find('#');
    if (Hash != std::string::npos)
      Line.erase(Hash);
    std::istringstream L(Line);
    std::string Key;
    if (!(L >> Key))
      continue;
    auto Bad = [&](const std::string &Why) {
      Error = "line " + std::to_string(LineNo) + ": " + Why;
      return false;
    };
    if (!Seen.insert(Key).second)
      return Bad("'" + Key + "' given twice");
    bool Ok = true;
    if (Key == "hosts") {
      Ok = static_cast<bool>(L >> OutHosts);
      if (OutHosts == "-")
        OutHosts.clear();
    } else if (Key == "ranks") {
      Ok = static_cast<bool>(L >> Out.MeasuredRanks) && Out.MeasuredRanks >= 0;
    } else if (Key == "latency") {
      Ok = static_cast<bool>(L >> Out.Latency) && Out.Latency > 0;
    } else if (Key == "bandwidth") {
      Ok = static_cast<bool>(L >> Out.Bandwidth) && Out.Bandwidth > 0;
    } else if (Key == "fresh-copy") {
      Ok = static_cast<bool>(L >> Out.FreshCopy) && Out.FreshCopy > 0;
    } else {
      int Kind = -1;
      for (Pattern P :
           {Pattern::OneToAll, Pattern::AllToOne, Pattern::AllToAll})
        if (Key == patternName(P))
          Kind = static_cast<int>(P);
      if (Kind < 0)
        return Bad("unknown key '" + Key + "'");
      for (double &C : Out.Fits[Kind].Coeffs)
        Ok = Ok && static_cast<bool>(L >> C) && std::isfinite(C);
    }
    std::string Extra;
    if (!Ok)
      return Bad("bad value for '" + Key + "'");
    if (L >> Extra)
      return Bad("unexpected '" + Extra + "' after '" + Key + "'");
  }
  for (const char *Key : {"latency", "bandwidth", "one-to-all", "all-to-one",
                          "all-to-all"})
    if (!Seen.count(Key)) {
      Error = std::string("missing '") + Key + "'";
      return false;
    }
  Profile = Out;
  Hosts = OutHosts;
  return true;
}

} // namespace dlb
