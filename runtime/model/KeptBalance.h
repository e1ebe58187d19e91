//===- KeptBalance.h - Moving kept rows to balance an execution -----------===//
//
// Pure (no MPI): whether an execution that starts from the rows the ranks
// kept (Residency.h) runs where they are or moves some of them so that
// each rank's work matches its measured speed. A time loop of equal steps
// keeps its rows where they are; a loop whose range or row costs change
// from one execution to the next (LU's and Cholesky's shrinking steps,
// whose first rows leave the range at each step) moves them once their
// imbalance costs more than moving them.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_KEPTBALANCE_H
#define DLB_KEPTBALANCE_H

#include "model/Work.h"

#include <vector>

namespace dlb {

/// One contiguous block per rank, in rank order, over Space, whose work
/// (Curve) is in proportion to Speeds (work units per second).
Partition workPartition(const Range &Space, const WorkCurve &Curve,
                        const std::vector<double> &Speeds);

/// The time of the slowest rank when rank r runs Parts[r] at Speeds[r].
double slowestSeconds(const Partition &Parts, const WorkCurve &Curve,
                      const std::vector<double> &Speeds);

/// How many units of To each rank does not hold in From (what moves).
long long movedUnits(const Partition &From, const Partition &To);

struct KeptBalanceInput {
  /// The partition by ownership (ownedPartition) of the execution's Space.
  Partition Owned;
  Range Space;
  /// The ranks' speeds in work units per second, measured on the loop's
  /// last distributed execution; empty if none.
  std::vector<double> Speeds;
  /// Bytes of one unit over the kept distributed arrays, and the time to
  /// move a byte (transferByteSeconds).
  double UnitBytes = 0;
  double ByteSeconds = 0;
  double Threshold = 0.1;
  /// What the imbalance cost the executions since the rows last moved
  /// (KeptBalance::Lost of the previous execution).
  double Lost = 0;
};

struct KeptBalance {
  Partition Parts;
  double Lost = 0;
};

/// The rows stay where they are (Parts = Owned) unless a partition by work
/// (workPartition) saves more than the threshold of the execution's
/// balanced time (so that measurement noise does not move rows back and
/// forth), and the time the imbalance lost over the executions since the
/// rows last moved, this one's included, reaches what moving them costs:
/// the rule of renting skis until the rent paid would have bought them,
/// which never pays more than twice the best choice made knowing how many
/// executions follow (a moved row stays where it went, so every later
/// execution gains). Lost restarts at 0 when the rows move or are within
/// the threshold.
KeptBalance keptPartition(const KeptBalanceInput &In, const WorkCurve &Curve);

} // namespace dlb

#endif // DLB_KEPTBALANCE_H
