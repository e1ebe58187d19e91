//===- Residency.h - Arrays that stay where they were computed ------------===//
//
// A loop executed again and again (inside a time loop) would scatter its
// arrays from rank 0 at every execution and gather them back at its end.
// When dlbcc proves that the program does not touch an array between the
// executions, the call site marks it kept (LoopRun::keep): after the
// execution each worker keeps the rows (columns, elements) its iterations
// owned, in the storage they already have, and rank 0 records who owns
// which rows (Ownership). The next execution partitions its iterations by
// that ownership; each rank assembles its pieces from the rows it kept and
// receives only the rows of its halo from their owners: every rank computes
// the same exchange from the ownership and the partition, which rank 0
// sends with the RUN command. A whole array marked kept is sent once and
// kept by the workers. The rows return to rank 0 (gather) when the scope
// that dlbcc opens around the region ends (dlb::ResidentScope), when a loop
// uses the array in another way, or when a loop that does not keep it ends.
//
// Invariant: a row of a spread array is current at exactly one place, its
// owner (a worker's kept storage, or rank 0's memory for the rows no worker
// owns); rank 0's memory holds the other rows stale until they are
// gathered, and no code but libdlb's reads them meanwhile.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_RESIDENCY_H
#define DLB_RUNTIME_RESIDENCY_H

#include "dlb/Loop.h"
#include "model/Partition.h"
#include "platform/SlabMemory.h"
#include "residency/Pieces.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace dlb {

struct PendingSends;

/// Disjoint ranges of a distributed dimension and the rank that owns each,
/// sorted; the rows listed nowhere belong to rank 0.
struct Ownership {
  std::vector<Range> Ranges;
  std::vector<int> Owners;

  int ownerOf(long long Row) const;
  /// Calls F(Run, Owner) for the runs of R with one owner each, in order.
  template <class Fn> void forEachRun(const Range &R, Fn F) const;
  /// The rows of Within are now owned as Executed says (per rank, the
  /// ranges its iterations covered); rows outside Within keep their owner.
  void reassign(const Range &Within,
                const std::vector<std::vector<Range>> &Executed);
};

/// Iterations [Lb, Ub) partitioned by ownership: each rank gets the rows it
/// owns, rank 0 the rows nobody owns.
std::vector<std::vector<Range>> ownedPartition(const Ownership &O,
                                               long long Lb, long long Ub,
                                               int Ranks);

/// What rank 0 knows of one array it has handed out.
struct Residence {
  /// The program's array as the last loop that kept it described it; the
  /// row table of a RowTable array is copied (User.Rows points at
  /// RowTable): a std::vector of rows has its table built by each loop.
  ArrayArg User;
  std::vector<char *> RowTable;
  /// A distributed array spread over the ranks (Owners), and whether a
  /// loop wrote it since (the workers' rows then differ from rank 0's).
  bool Spread = false;
  bool Dirty = false;
  Ownership Owners;
  /// A whole array kept by every worker, as it was when sent.
  bool WholeSent = false;
};

/// What a worker keeps of one array: rows with their storage.
struct KeptRows {
  Range Owned;
  Slab Rows;
  /// The buffer that holds Rows.
  std::shared_ptr<SlabBuffer> Storage;
};

/// A worker's kept arrays.
struct KeptArray {
  std::vector<KeptRows> Rows;
  std::shared_ptr<SlabBuffer> Whole;
};

/// The residency state of this rank (rank 0: Residences; workers: Kept).
struct ResidencyState {
  std::map<std::uint64_t, Residence> Residences;
  std::map<std::uint64_t, KeptArray> Kept;
};

/// Rank 0, before an execution: gives each array its identity, decides
/// which start from what the ranks kept (their ownership goes to Owners;
/// the one returned is the partition to follow), and gathers what is kept
/// in a way this execution cannot use. Allowed: the execution may start
/// from kept rows and keep arrays (not pairs); Fits: whether it can start
/// from a kept distributed array's ownership (a pipeline needs one range per
/// stage, in order).
const Ownership *
prepareResidency(std::vector<ArrayArg> &Arrays, bool Allowed,
                 std::vector<Ownership> &Owners,
                 const std::function<bool(const Ownership &)> &Fits);
/// Rank 0, after an execution over Space that each rank ran the ranges
/// Executed of: records what the ranks keep now, and gathers the rest of
/// the arrays that were kept before but are not kept any more.
void recordResidency(const std::vector<ArrayArg> &Arrays, const Range &Space,
                     const std::vector<std::vector<Range>> &Executed);

/// Rank 0: brings the rows of the arrays Ids back into the program's memory
/// and makes every worker drop what it keeps of them (and of kept whole
/// copies). Collective with the workers' serve loop.
void gatherResident(const std::vector<std::uint64_t> &Ids);
/// Rank 0: gathers every array it handed out.
void gatherAllResident();
/// A worker's side of a FETCHROWS command (dlb::fetchRows): sends the rows
/// of the range that it keeps and forgets them.
void serveFetchRows(std::uint64_t BodyBytes);
/// A worker's side of a GATHER command of BodyBytes bytes.
void serveGather(std::uint64_t BodyBytes);

/// Before an execution (every rank): the rows of the kept distributed
/// arrays that the pieces of Parts need and their owners hold elsewhere
/// move to the ranks that need them; each worker's pieces for its blocks
/// are assembled from the rows it kept and those received (appended to
/// Pieces in block order, which also receive the slabs of the arrays sent
/// in the body); rank 0 receives into the program's arrays. Returns once
/// the rows it receives arrived; the rows it sends, copied into buffers
/// that stay until its next exchange, go on in Sends (finish them first):
/// a send that waited for its receiver held the sender until the receiver
/// next called MPI, after its share of the execution (heat-3d 120^3 on 2
/// ranks: rank 0 waited 1.25 ms a step for halo planes of 115 KB, and the
/// loops, 1.4 ms of computing a step on each rank, took 3.5 ms).
void exchangeKeptRows(const LoopSpec &Spec,
                      const std::vector<std::vector<Range>> &Parts,
                      const std::vector<Ownership> &Owners,
                      std::vector<Piece> &Pieces, PendingSends &Sends);

/// After an execution, on a worker: keeps the rows of the kept arrays that
/// its executed pieces cover (the iterations [Lb, Ub) now belong to the
/// ranks that ran them).
void keepExecutedRows(const LoopSpec &Spec, const Range &Space,
                      const std::vector<Piece> &Executed);

} // namespace dlb

#endif // DLB_RUNTIME_RESIDENCY_H
