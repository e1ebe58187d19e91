//===- KeptBalance.cpp - Moving kept rows to balance an execution ---------===//
//
// Owns workPartition, slowestSeconds, movedUnits and keptPartition
// (KeptBalance.h).
//
//===----------------------------------------------------------------------===//
#include "model/KeptBalance.h"

#include <algorithm>
#include <numeric>

namespace dlb {

Partition workPartition(const Range &Space, const WorkCurve &Curve,
                        const std::vector<double> &Speeds) {
  const int Ranks = static_cast<int>(Speeds.size());
  Partition Parts(Ranks);
  const double Sum = std::accumulate(Speeds.begin(), Speeds.end(), 0.0);
  const double Total = Curve.of(Space);
  long long Begin = Space.Begin;
  double Share = 0;
  for (int R = 0; R < Ranks; ++R) {
    Share += Speeds[R];
    // The first End whose work from Space.Begin reaches the share; the
    // last rank takes the rest.
    long long End = Space.End;
    if (R + 1 < Ranks && Sum > 0) {
      const double Target = Total * Share / Sum;
      long long Lo = Begin, Hi = Space.End;
      while (Lo < Hi) {
        const long long Mid = Lo + (Hi - Lo) / 2;
        if (Curve.of({Space.Begin, Mid}) < Target)
          Lo = Mid + 1;
        else
          Hi = Mid;
      }
      End = Lo;
    }
    if (End > Begin)
      Parts[R].push_back({Begin, End});
    Begin = End;
  }
  return Parts;
}

double slowestSeconds(const Partition &Parts, const WorkCurve &Curve,
                      const std::vector<double> &Speeds) {
  double Slowest = 0;
  for (std::size_t R = 0; R < Parts.size() && R < Speeds.size(); ++R) {
    double Work = 0;
    for (const Range &U : Parts[R])
      Work += Curve.of(U);
    if (Work > 0)
      Slowest = std::max(Slowest, Speeds[R] > 0 ? Work / Speeds[R] : 1e300);
  }
  return Slowest;
}

long long movedUnits(const Partition &From, const Partition &To) {
  long long Moved = 0;
  for (std::size_t R = 0; R < To.size(); ++R)
    for (const Range &T : To[R]) {
      long long Held = 0;
      if (R < From.size())
        for (const Range &F : From[R])
          Held += std::max(0LL,
                           std::min(T.End, F.End) - std::max(T.Begin, F.Begin));
      Moved += T.size() - Held;
    }
  return Moved;
}

KeptBalance keptPartition(const KeptBalanceInput &In, const WorkCurve &Curve) {
  const std::vector<double> &S = In.Speeds;
  if (S.size() != In.Owned.size() || S.size() < 2 ||
      std::any_of(S.begin(), S.end(), [](double V) { return !(V > 0); }))
    return {In.Owned, 0};
  const double Balanced =
      Curve.of(In.Space) / std::accumulate(S.begin(), S.end(), 0.0);
  const double Saved = slowestSeconds(In.Owned, Curve, S) - Balanced;
  if (!(Saved > In.Threshold * Balanced))
    return {In.Owned, 0};
  Partition ByWork = workPartition(In.Space, Curve, S);
  const double Move = static_cast<double>(movedUnits(In.Owned, ByWork)) *
                      In.UnitBytes * In.ByteSeconds;
  const double Lost = In.Lost + Saved;
  if (Lost >= Move)
    return {std::move(ByWork), 0};
  return {In.Owned, Lost};
}

} // namespace dlb
