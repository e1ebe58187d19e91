//===- Pieces.h - The work a rank holds, and the data mover ----------------===//
//
// A piece is a range of iterations with the slabs of the distributed arrays
// they need. The data mover packs the slabs of a range (from the program's
// arrays on rank 0, or from another piece) into a message and unpacks them,
// aligned for use in place, on the receiving rank.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_PIECES_H
#define DLB_RUNTIME_PIECES_H

#include "dlb/Loop.h"
#include "model/Partition.h"
#include "platform/SlabMemory.h"
#include "transport/Wire.h"

#include <algorithm>
#include <memory>
#include <vector>

namespace dlb {

/// What describes a loop to a worker, besides its pieces.
struct LoopSpec {
  const std::vector<char> &Scalars;
  const std::vector<std::size_t> &ScalarOffsets;
  const std::vector<ArrayArg> &Arrays;
  std::size_t Reductions;
  /// The units the runtime distributes: iterations, or a bitonic loop's
  /// pairs (whose pieces hold two slabs of each distributed array).
  Pairing Pairs;
};

/// A slab of a distributed array in a buffer: its layout, and the global
/// index of its first element along the distributed dimension.
struct Slab {
  ArrayArg Layout;
  long long First = 0;
};

/// Iterations (units of LoopSpec::Pairs) a rank holds, with the slabs of the
/// distributed arrays they need (none on rank 0, which works in the user's
/// arrays): Slabs[Side * Arrays + K] for array K on each side.
struct Piece {
  Range Iters;
  /// Received from another rank during the execution: its iterations may
  /// be unlike the ones this rank ran so far.
  bool Moved = false;
  std::vector<Slab> Slabs;
  /// The buffers that hold the slabs.
  std::vector<std::shared_ptr<SlabBuffer>> Storage;
};

/// The counters of what one rank did in one execution.
struct WorkCounters {
  long long Iterations = 0;
  unsigned long long IndexSum = 0;
  unsigned long long IndexSquares = 0;
  double ComputeSeconds = 0; ///< in the kernel
  /// The rank's CPU seconds over its share of the execution: natively its
  /// thread's CPU clock, which does not count the time a busy process on
  /// its core took (ComputeSeconds does); under SMPI, whose hosts run
  /// nothing else, ComputeSeconds.
  double CpuSeconds = 0;
  /// The seconds of its share it was runnable while another task had its
  /// core (natively the scheduler's run delay; 0 under SMPI): next to a
  /// busy process, a rank waits for its core after each wait for data too,
  /// which ComputeSeconds does not count.
  double RunDelaySeconds = 0;
  double LoadSeconds = 0;    ///< sleeping for the emulated external load
  double WaitSeconds = 0;    ///< idle, waiting for work or termination
  double BalanceSeconds = 0; ///< synchronizing and moving work
  long long Syncs = 0;
  long long Redistributions = 0;
  long long MovedIterations = 0; ///< sent to other ranks
  long long MovedBytes = 0;
  /// PROFILE messages this rank sent to rank 0 (see
  /// BalancingRunner::resultArrived).
  long long ProfilesToRoot = 0;
  /// Pipelines: from the start of the rank's first block to the end of its
  /// last.
  double SpanSeconds = 0;
};

struct RankResult {
  explicit RankResult(std::size_t Reductions = 0) : Slots(Reductions) {}
  WorkCounters Counters;
  std::vector<ReductionSlot> Slots;
};

/// Which distributed arrays forEachSide visits.
enum class SlabSet { All, Sent };

/// Calls F(Slot, A, Iters) for each side and distributed array A (Sent:
/// those that do not start from rows the ranks kept, Residency.h), with
/// the iterations that the units R run on that side; Slot indexes
/// Piece::Slabs.
template <class Fn>
void forEachSide(const LoopSpec &Spec, const Range &R, Fn F,
                 SlabSet Which = SlabSet::All) {
  const std::size_t Count = Spec.Arrays.size();
  for (unsigned Side = 0; Side < Spec.Pairs.sides(); ++Side) {
    const Range Iters = Spec.Pairs.side(R, Side);
    for (std::size_t K = 0; K < Count; ++K) {
      const ArrayArg &A = Spec.Arrays[K];
      if (A.Role == ArrayArg::Distributed &&
          (Which == SlabSet::All || !A.Kept))
        F(Side * Count + K, A, Iters);
    }
  }
}

/// Whether some distributed array of Arrays starts from kept rows (inline:
/// the start message, built without MPI, asks it too).
inline bool startsFromKept(const std::vector<ArrayArg> &Arrays) {
  return std::any_of(Arrays.begin(), Arrays.end(), [](const ArrayArg &A) {
    return A.Role == ArrayArg::Distributed && A.Kept;
  });
}
inline bool startsFromKept(const LoopSpec &Spec) {
  return startsFromKept(Spec.Arrays);
}
/// The rows a rank's storage of a kept array has beyond what the loop that
/// made it needs: the widest halo of the loop's arrays (at least one), so a
/// later loop that reads the array with such a halo finds room for it.
long long keptMargin(const LoopSpec &Spec);

/// The rows (columns, elements) of A that the iterations Iters need, as
/// packSlabs sends them: widened by the halo; when the ranks start to keep
/// A (Which = Sent), by keptMargin() more on each side, which a later loop
/// may read as its halo from where A is kept.
Range sentRange(const LoopSpec &Spec, const ArrayArg &A, const Range &Iters,
                SlabSet Which);

/// Calls F(Slot, A, Need) for each slab that packSlabs packs for the units
/// R, in its order: Need is sentRange's.
template <class Fn>
void forEachSlab(const LoopSpec &Spec, const Range &R, SlabSet Which, Fn F) {
  forEachSide(
      Spec, R,
      [&](std::size_t Slot, const ArrayArg &A, const Range &Iters) {
        F(Slot, A, sentRange(Spec, A, Iters, Which));
      },
      Which);
}

/// Appends to Out, for each side and distributed array, the slab that the
/// units R need, taken from Source (or from the user's arrays when Source is
/// null), aligned for use in place by the receiver: work moved between ranks.
void packSlabs(Writer &Out, const LoopSpec &Spec, const Range &R,
               const Piece *Source);
/// Reads back what packSlabs wrote into a new piece that keeps Storage.
Piece unpackSlabs(Reader &In, const LoopSpec &Spec, const Range &R,
                  std::shared_ptr<SlabBuffer> Storage,
                  SlabSet Which = SlabSet::All);

/// Points View at the distributed array A stored as Layout, which starts at
/// global index First of the distributed dimension.
void pointDistributed(ArrayView &View, const ArrayArg &A,
                      const ArrayArg &Layout, long long First,
                      std::vector<char *> &Table);

/// Points the whole arrays' views at their storage.
void pointWhole(ArrayView &View, const ArrayArg &A, const ArrayArg &Layout,
                std::vector<char *> &Table);

} // namespace dlb

#endif // DLB_RUNTIME_PIECES_H
