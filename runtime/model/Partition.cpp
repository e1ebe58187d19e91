//===- Partition.cpp - Initial assignment of iterations to ranks ----------===//
//
// Owns the pure decisions of the static strategy: which iterations each rank
// runs, which slab of a distributed array a block needs or writes back, and
// which iterations the pairs of a bitonic loop stand for.
//
//===----------------------------------------------------------------------===//
#include "model/Partition.h"
#include "model/Balance.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace dlb {
namespace {

/// [Begin, End) clipped to [0, Extent), never reversed.
Range clip(long long Begin, long long End, long long Extent) {
  Range R;
  R.Begin = std::clamp(Begin, 0LL, Extent);
  R.End = std::clamp(End, R.Begin, Extent);
  return R;
}

/// Weights a partition can follow: none negative or infinite, some positive.
bool usableWeights(const std::vector<double> &Weights) {
  return std::any_of(Weights.begin(), Weights.end(),
                     [](double W) { return W > 0; }) &&
         std::all_of(Weights.begin(), Weights.end(),
                     [](double W) { return W >= 0 && std::isfinite(W); });
}

} // namespace

std::vector<std::vector<Range>> initialPartition(Schedule S, long long Lb,
                                                 long long Ub, int Ranks) {
  assert(Ranks > 0 && "partition over no ranks");
  std::vector<std::vector<Range>> Parts(Ranks);
  if (Ub <= Lb)
    return Parts;
  const long long Iters = Ub - Lb;
  if (S == Schedule::Cyclic) {
    for (long long I = 0; I < Iters; ++I)
      Parts[I % Ranks].push_back({Lb + I, Lb + I + 1});
    return Parts;
  }
  const long long Base = Iters / Ranks;
  const long long Bigger = Iters % Ranks;
  long long Begin = Lb;
  for (int R = 0; R < Ranks; ++R) {
    long long End = Begin + Base + (R < Bigger ? 1 : 0);
    if (End > Begin)
      Parts[R].push_back({Begin, End});
    Begin = End;
  }
  return Parts;
}

std::vector<std::vector<Range>>
weightedPartition(long long Lb, long long Ub,
                  const std::vector<double> &Weights) {
  const int Ranks = static_cast<int>(Weights.size());
  if (!usableWeights(Weights) || Ub <= Lb)
    return initialPartition(Schedule::Block, Lb, Ub, Ranks);
  std::vector<std::vector<Range>> Parts(Ranks);
  const std::vector<long long> Sizes = apportion(Ub - Lb, Weights);
  long long Begin = Lb;
  for (int R = 0; R < Ranks; ++R) {
    if (Sizes[R] > 0)
      Parts[R].push_back({Begin, Begin + Sizes[R]});
    Begin += Sizes[R];
  }
  return Parts;
}

std::vector<std::vector<Range>>
interleavedPartition(long long Lb, long long Ub,
                     const std::vector<double> &Weights,
                     long long BlocksPerRank) {
  const int Ranks = static_cast<int>(Weights.size());
  assert(Ranks > 0 && BlocksPerRank > 0 && "partition over no ranks");
  std::vector<std::vector<Range>> Parts(Ranks);
  if (Ub <= Lb)
    return Parts;
  const std::vector<double> Shares =
      usableWeights(Weights) ? Weights : std::vector<double>(Ranks, 1.0);
  const long long Size =
      std::max(1LL, (Ub - Lb) / (Ranks * BlocksPerRank));
  std::vector<long long> Given(Ranks, 0);
  for (long long Begin = Lb; Begin < Ub; Begin += Size) {
    const long long End = std::min(Ub, Begin + Size);
    int To = -1;
    double Least = 0;
    for (int R = 0; R < Ranks; ++R) {
      if (!(Shares[R] > 0))
        continue;
      const double Ahead =
          static_cast<double>(Given[R] + End - Begin) / Shares[R];
      if (To < 0 || Ahead < Least) {
        To = R;
        Least = Ahead;
      }
    }
    Given[To] += End - Begin;
    if (!Parts[To].empty() && Parts[To].back().End == Begin)
      Parts[To].back().End = End;
    else
      Parts[To].push_back({Begin, End});
  }
  return Parts;
}

Range Pairing::space() const {
  if (!Bitonic)
    return {Lb, Ub};
  return {0, Ub > Lb ? (Ub - Lb + 1) / 2 : 0};
}

Range Pairing::side(const Range &R, unsigned Side) const {
  if (!Bitonic)
    return R;
  if (Side == 0)
    return {Lb + R.Begin, Lb + R.End};
  const long long End = Ub - R.Begin;
  return {std::min(End, std::max(Ub - R.End, Lb + space().End)), End};
}

Range neededRange(const Range &Iters, const Access &Acc, long long Extent) {
  if (Iters.size() <= 0)
    return clip(Iters.Begin, Iters.Begin, Extent);
  // The block's own elements are always included, so that a written array's
  // owned slab lies inside the needed one even for a one-sided halo; a
  // window is included with the elements between (one slab).
  long long Begin = Iters.Begin + std::min(Acc.HaloLo, 0LL);
  long long End = Iters.End + std::max(Acc.HaloHi, 0LL);
  if (Acc.WindowLo < Acc.WindowHi) {
    Begin = std::min(Begin, Acc.WindowLo);
    End = std::max(End, Acc.WindowHi);
  }
  return clip(Begin, End, Extent);
}

Range ownedRange(const Range &Iters, long long Extent) {
  return clip(Iters.Begin, Iters.End, Extent);
}

std::pair<unsigned long long, unsigned long long> indexChecksums(long long Lb,
                                                                 long long Ub) {
  auto Squares = [](__int128 K) { return K * (K + 1) * (2 * K + 1) / 6; };
  const __int128 N = Ub - Lb;
  const __int128 Sum = N * (static_cast<__int128>(Lb) + Ub - 1) / 2;
  const __int128 Sq = Squares(Ub - 1) - Squares(Lb - 1);
  return {static_cast<unsigned long long>(Sum),
          static_cast<unsigned long long>(Sq)};
}

std::vector<std::vector<Range>>
spreadPartition(const std::vector<std::vector<Range>> &Parts,
                const std::vector<Range> &Real) {
  std::vector<long long> Starts; // Real[K] begins at Starts[K] of [0, N)
  long long N = 0;
  for (const Range &R : Real) {
    Starts.push_back(N);
    N += std::max<long long>(0, R.size());
  }
  std::vector<std::vector<Range>> Out(Parts.size());
  for (std::size_t W = 0; W < Parts.size(); ++W)
    for (const Range &P : Parts[W])
      for (std::size_t K = 0; K < Real.size(); ++K) {
        const long long Lo = std::max(P.Begin, Starts[K]);
        const long long Hi =
            std::min(P.End, Starts[K] + std::max<long long>(0, Real[K].size()));
        if (Lo < Hi)
          Out[W].push_back({Real[K].Begin + Lo - Starts[K],
                            Real[K].Begin + Hi - Starts[K]});
      }
  return Out;
}

Partition dropFirst(const Partition &Parts, long long Done) {
  Partition Out(Parts.size());
  for (std::size_t W = 0; W < Parts.size(); ++W)
    for (const Range &P : Parts[W])
      if (P.End > Done)
        Out[W].push_back({std::max(P.Begin, Done) - Done, P.End - Done});
  return Out;
}

} // namespace dlb
