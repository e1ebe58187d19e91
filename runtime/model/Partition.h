//===- Partition.h - Initial assignment of iterations to ranks ------------===//
//
// Pure functions (no MPI): they decide, the runtime's mechanics carry out.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_PARTITION_H
#define DLB_PARTITION_H

#include "dlb/Loop.h"

#include <utility>
#include <vector>

namespace dlb {

/// A half-open range of iterations [Begin, End).
struct Range {
  long long Begin = 0;
  long long End = 0;
  long long size() const { return End - Begin; }
  bool operator==(const Range &Other) const {
    return Begin == Other.Begin && End == Other.End;
  }
};

/// Each rank's ranges of iterations, by rank.
using Partition = std::vector<std::vector<Range>>;

/// The units a loop over [Lb, Ub) is distributed in: what partitions,
/// balancing, transfers, index checksums and statistics count. An ordinary
/// loop: its iterations, each on one side. A bitonic loop (LoopRun::bitonic;
/// Zaki, Parthasarathy & Li, section 1.5.3): the P = ceil(N / 2) pairs
/// [0, P) of its N iterations, on two sides: pair p runs iteration Lb + p
/// (front) and its mirror Ub - 1 - p, once when they coincide (the middle
/// iteration of an odd N).
struct Pairing {
  long long Lb = 0;
  long long Ub = 0;
  bool Bitonic = false;

  /// [Lb, Ub), or the pairs [0, P).
  Range space() const;
  unsigned sides() const { return Bitonic ? 2 : 1; }
  /// The iterations that the units R run on side Side (0 or 1): R itself;
  /// for pairs, the front [Lb + R.Begin, Lb + R.End) or the mirrors
  /// [Ub - R.End, Ub - R.Begin) without the middle iteration, which runs in
  /// front. The two sides of all pairs are disjoint and cover [Lb, Ub).
  Range side(const Range &Units, unsigned Side) const;
};

/// The blocks of iterations each of \p Ranks ranks owns initially.
/// Block: one contiguous range per rank, sizes differing by at most one, the
/// larger ones first. Cyclic: iteration I goes to rank (I - Lb) mod Ranks,
/// one single-iteration range each. Empty when Ub <= Lb.
std::vector<std::vector<Range>> initialPartition(Schedule Sched, long long Lb,
                                                 long long Ub, int Ranks);

/// One contiguous block per rank, in rank order, with sizes in proportion to
/// Weights (one per rank; e.g. the speeds measured by the last execution of
/// the loop). Equal blocks if no weight is positive.
std::vector<std::vector<Range>> weightedPartition(long long Lb, long long Ub,
                                                  const std::vector<double> &Weights);

/// Blocks of about (Ub - Lb) / (Ranks * BlocksPerRank) iterations (at
/// least one) dealt out in order, each to the rank that would then be least
/// ahead of its share by Weights (equal shares when no weight is usable; in
/// turn, with equal weights), adjacent blocks of one rank merged. Every
/// rank's iterations then sample the whole range, so that ranks measure
/// their speeds on alike work even when the cost of an iteration varies
/// along it (Mandelbrot's rows): with contiguous blocks, one rank's cheap
/// rows look like a fast rank.
std::vector<std::vector<Range>>
interleavedPartition(long long Lb, long long Ub,
                     const std::vector<double> &Weights,
                     long long BlocksPerRank);

/// A partition of the iterations Real (disjoint ranges in increasing order),
/// given as a partition \p Parts of [0, N) for N the iterations of Real
/// counted in order: the ranges of Real that each rank's ranges stand for.
/// (The runtime partitions what is left of an execution after rank 0 has
/// run samples of it: Profit.h.)
std::vector<std::vector<Range>>
spreadPartition(const std::vector<std::vector<Range>> &Parts,
                const std::vector<Range> &Real);

/// \p Parts, a partition of [0, N), without the units [0, Done) and
/// counted from Done: a partition of [0, N - Done). The runtime partitions
/// an execution's whole count and drops the units rank 0 already ran as
/// samples (Profit.h), so that they count toward rank 0's block: sampled
/// and then given half of the rest, rank 0 of a 2-rank Jacobi kept 849 of
/// its 1598 rows for the whole time loop.
Partition dropFirst(const Partition &Parts, long long Done);

/// The index range [Lo, Hi) of the distributed dimension that a block needs
/// (its own iterations widened by the access's halo), clipped to [0, Extent).
Range neededRange(const Range &Iters, const Access &Acc, long long Extent);

/// The index range a block writes back: its own iterations, clipped.
Range ownedRange(const Range &Iters, long long Extent);

/// Sum and sum of squares of Lb..Ub-1, modulo 2^64, as Block::hook keeps
/// them (the check that every iteration ran exactly once).
std::pair<unsigned long long, unsigned long long> indexChecksums(long long Lb,
                                                                 long long Ub);

} // namespace dlb

#endif // DLB_PARTITION_H
