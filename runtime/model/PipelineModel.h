//===- PipelineModel.h - Siegell & Steenkiste's pipeline model ------------===//
//
// Pure functions (no MPI) of Siegell & Steenkiste, section 4.2: the block
// size of a strip-mined pipeline (eqs. 4 and 10), its predicted time (eq. 9)
// and efficiency bound (eq. 6), the efficiency of a run (eqs. 1-2), and the
// contiguous redistribution of a pipeline's columns in proportion to the
// measured speeds (work moves between neighbours only).
//
//===----------------------------------------------------------------------===//
#ifndef DLB_PIPELINEMODEL_H
#define DLB_PIPELINEMODEL_H

#include "model/Partition.h"

#include <vector>

namespace dlb {

/// eq. (8): t_shift = t_fixed + t_incr * elements, with elements in bytes.
/// Beyond the paper: a rank that waits for a message sleeps (it must not
/// spin), so the first message to reach a waiting rank costs the latency
/// of its wake-up; once the pipeline runs, messages are there before they
/// are needed and a shift costs what sending and receiving take. t_fixed is
/// that cost; the latency counts once per rank, filling the pipeline. When
/// ranks outnumber cores, waiting ranks lose their cores and t_fixed is the
/// latency (PipelineRunner.cpp).
struct ShiftCost {
  double Fixed = 0;   ///< t_fixed, seconds per message
  double PerByte = 0; ///< t_incr, seconds per byte
  double Latency = 0; ///< one shift to a waiting rank
  bool measured() const { return Fixed > 0; }
};

/// What eqs. (9) and (10) need to know about a pipelined loop.
struct PipelineShape {
  long long Rows = 0;   ///< m: iterations of the strip-mined loop
  int Stages = 1;       ///< P: ranks in the pipeline
  double SeqSeconds = 0; ///< t_sequential: the loop on one dedicated rank
  /// The boundary bytes one iteration of the strip-mined loop sends to the
  /// next rank (elements * size, all written arrays).
  double BytesPerRow = 0;
};

/// What rank 0 reports of one pipelined execution (Stats).
struct PipelineReport {
  long long BlockSize = 0; ///< the last block size rank 0 chose
  long long Blocks = 0;    ///< blocks of the strip-mined loop
  ShiftCost Shift;
  /// The smallest measured time of one iteration (one element) on rank 0,
  /// dedicated: t_sequential / (m n); 0 when none was measured.
  double ElementSeconds = 0;
  /// The model at the block size used: eq. (9) and eq. (6).
  double PredictedSeconds = 0;
  double EfficiencyBound = 0;
  double ModelBlocks = 0; ///< M of eq. (10)
};

/// eq. (10): the number of blocks M that minimizes eq. (9),
///   M = sqrt((t_seq (1 - 1/P) + t_incr m (P - 2)) / t_fixed),
/// with t_incr m counted in bytes; clamped to [1, m].
double optimalBlocks(const PipelineShape &Shape, const ShiftCost &Cost);

/// eq. (4): b = m / M, rounded to the nearest whole block size in
/// [1, m], and at most MaxBlock when MaxBlock > 0.
long long blockSizeFor(double Blocks, long long Rows, long long MaxBlock);

/// eq. (9): t_total = (M + P - 1) t_seq / (P M)
///                    + (M + P - 2) (t_fixed + t_incr m / M),
/// plus (P - 1) (latency - t_fixed) to fill the pipeline (see ShiftCost);
/// that term does not depend on M, so eq. (10) still minimizes the sum.
double predictedSeconds(const PipelineShape &Shape, const ShiftCost &Cost,
                        double Blocks);

/// eq. (6): the efficiency bound M / (M + P - 1) (pipeline fill and drain).
double efficiencyBound(double Blocks, int Stages);

/// eqs. (1)-(2): t_seq / (P t_elapsed - sum of competing time), or 0 when
/// nothing was available.
double efficiency(double SeqSeconds, int Ranks, double Elapsed,
                  double CompetingSeconds);

/// The pipeline's columns Group split into one contiguous range per member,
/// in order, in proportion to Speeds, each at least Min iterations long
/// (Group must hold Min per member). Equal shares when no speed is usable.
std::vector<Range> pipelineRanges(const Range &Group,
                                  const std::vector<double> &Speeds,
                                  long long Min = 1);

/// A skewed pipeline (LoopRun::pipeline with Skew s > 0): the ranks own
/// ranges of q = j + s * i, for j in Inner (the distributed loop) and i in
/// Outer (the strip-mined loop); column q of that space holds the elements
/// of the rows i whose j = q - s * i lies in Inner.
struct SkewedSpace {
  Range Inner;
  Range Outer;
  long long Skew = 1;
  /// The columns q that hold at least one element.
  Range space() const {
    return {Inner.Begin + Skew * Outer.Begin,
            Inner.End + Skew * (Outer.End - 1)};
  }
  /// The part of row Row (a range of j) in the range Columns of q.
  Range row(long long Row, const Range &Columns) const;
  /// The elements in the range Columns of q.
  long long elements(const Range &Columns) const;
};

/// The skewed space split into one contiguous range of columns per rank, in
/// order, holding elements in proportion to Speeds (equal shares when no
/// speed is usable), each at least one column long (the space must have a
/// column per rank).
std::vector<Range> skewedRanges(const SkewedSpace &Space,
                                const std::vector<double> &Speeds);

/// The time the slowest member needs for its columns at its speed.
double pipelineFinish(const std::vector<Range> &Ranges,
                      const std::vector<double> &Speeds);

/// The decision of a group's balancing: its members' new ranges, given
/// their current ones (contiguous, in order) and measured speeds. The
/// pipelineRanges() split if the slowest member then finishes in at most
/// ProfitFactor times its current time (--dlb-profit), else Old.
std::vector<Range> rebalancePipeline(const std::vector<Range> &Old,
                                     const std::vector<double> &Speeds,
                                     double ProfitFactor);

} // namespace dlb

#endif // DLB_PIPELINEMODEL_H
