//===- Work.h - The work of ranges of iterations --------------------------===//
//
// W(i), the work of iteration i in basic operations (Zaki, Parthasarathy &
// Li, section 1.3.1; dlbcc derives it from the loop body), summed over
// ranges of iterations (or of a bitonic loop's pairs, pairWork): what the
// cost model measures speeds and remaining work in. Pure; rank 0 builds the
// curve from the loop's work function and sends it to the workers with their
// blocks.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_WORK_H
#define DLB_WORK_H

#include "model/Partition.h"

#include <functional>
#include <vector>

namespace dlb {

/// The cumulative work sum_{Lb <= k < i} W(k): exact for a uniform loop;
/// otherwise exact at up to MaxKnots knots (each knot segment summed
/// exactly up to SamplesPerSegment iterations, from evenly spaced samples
/// beyond) and linear in between.
class WorkCurve {
public:
  static constexpr long long MaxKnots = 1024;
  static constexpr long long SamplesPerSegment = 256;

  /// W(i) = PerIteration for every iteration.
  explicit WorkCurve(double PerIteration = 1) : PerIteration(PerIteration) {}
  /// Sums W over [Lb, Ub); negative values count as 0.
  WorkCurve(long long Lb, long long Ub,
            const std::function<double(long long)> &PerIteration);

  double cumulative(long long Index) const;
  double of(const Range &Units) const {
    return Units.size() > 0 ? cumulative(Units.End) - cumulative(Units.Begin)
                            : 0;
  }
  bool uniform() const { return Knots.empty(); }
  /// The mean W of an iteration.
  double perIteration() const { return PerIteration; }

  /// The data sent to workers: PerIteration, then (index, cumulative) pairs.
  std::vector<double> encode() const;
  static WorkCurve decode(const std::vector<double> &Data);

private:
  double PerIteration = 1;
  std::vector<long long> Knots; ///< increasing iteration indices
  std::vector<double> Sums;     ///< cumulative work at each knot
};

/// The work of pair p of a bitonic loop over [Lb, Ub) (Pairing), from the
/// work W of its iterations: W(Lb + p) + W(Ub - 1 - p), only W(Lb + p) for
/// the middle pair of an odd count; negative values count as 0. With W
/// affine every pair has the same work: the runtime balances a uniform loop.
std::function<double(long long)>
pairWork(long long Lb, long long Ub,
         std::function<double(long long)> PerIteration);

} // namespace dlb

#endif // DLB_WORK_H
