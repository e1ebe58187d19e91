//===- PipelineRunner.h - A rank's stage of a doacross pipeline -----------===//
//
// Owns what a rank does while a doacross loop runs as a pipeline (Siegell &
// Steenkiste, section 4.2): its contiguous range of the distributed loop and
// the slabs that hold it, the boundary messages of each block of the
// strip-mined loop (one per block to the next rank), the block size (rank 0
// chooses it with eq. 10 and every other rank follows the block bounds it
// receives), the start-up measurement of t_fixed and t_incr, and balancing
// between blocks: work moves between neighbours only, so every rank keeps a
// contiguous range. The decision is the pure pipelineRanges() of
// runtime/model/PipelineModel.h.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_PIPELINERUNNER_H
#define DLB_RUNTIME_PIPELINERUNNER_H

#include "transport/Comm.h"
#include "protocols/BalancingRunner.h"
#include "protocols/Runner.h"
#include "model/Load.h"
#include "model/PipelineModel.h"
#include "model/Work.h"

#include <deque>
#include <vector>

namespace dlb {

class PipelineRunner final : public Runner {
public:
  /// Curve: W of an element (i, j) over the distributed loop, what a
  /// simulated host is charged per block.
  PipelineRunner(const LoopSpec &Spec, KernelFn Kernel,
                 const ExecParams &Params, const WorkCurve &Curve,
                 std::vector<ArrayView> &Views);
  /// The rank's initial range of the distributed loop, with its slabs
  /// (workers; rank 0 works in the user's arrays): one piece only.
  void add(Piece Initial) override;
  void run() override;
  const RankResult &result() const override { return Result; }
  /// The final range and its slabs, for the result sent to rank 0.
  const std::vector<Piece> &executed() const override { return Executed; }
  Strategy strategy() const override { return Params.Strat; }
  RunReport report() const override;

private:
  static long long receiveThunk(Block &B, long long Lo);
  static void sendThunk(Block &B, long long Lo, long long Hi);
  long long receive(Block &B, long long Lo);
  void send(long long Lo, long long Hi);
  /// Counts the iterations of rows [Lo, Hi) that this rank ran (its
  /// columns, or in a skewed pipeline each row's part of them) into W.
  long long countElements(WorkCounters &W, long long Lo, long long Hi) const;

  /// t_fixed and t_incr (eq. 8): empty and fixed-length messages shifted
  /// around the ranks of the pipeline, the smallest of several rounds.
  void measureShift();
  /// Rank 0: the size of the next block (capped by the legal maximum).
  long long blockSize() const;
  /// Rank 0: records the block's time per element and, once enough
  /// measurements are in, chooses the block size with eq. (10).
  void measureBlock(double Seconds, long long Elements);
  /// m, P, t_sequential (from the time per element) and the boundary bytes.
  PipelineShape shape() const;
  void chooseBlockSize();
  /// Rank 0, at the end: the model's figures for the block size used.
  void predict();

  /// Balancing at the block boundary Row: profiles, decision, columns moved.
  void synchronize(Block &B);
  /// Rank 0: nexthook in blocks (eq. 15) from the blocks timed so far.
  long long blocksToSync() const;
  void moveColumns(const std::vector<Range> &Old, const std::vector<Range> &New);
  void pointViews();
  /// Where array K's elements live on this rank: the user's array on rank 0,
  /// the slab otherwise, and the global index of its first element along
  /// the distributed dimension.
  const ArrayArg &layout(std::size_t K) const;
  long long first(std::size_t K) const;
  /// The pointer to element (D, A) of array K (D along the distributed
  /// dimension, A along the pipelined one).
  char *element(std::size_t K, long long D, long long A) const;
  /// Packs (or unpacks) the boundary values of rows [Lo, Hi) that the next
  /// rank needs: the last -HaloLo columns of each written array.
  void boundary(long long Lo, long long Hi, char *Buf, bool Pack) const;
  std::size_t boundaryBytes(long long Rows) const;
  /// W of the block's rows [Lo, Hi), Elements of them.
  double blockWork(long long Lo, long long Hi, long long Elements) const;

  const LoopSpec &Spec;
  KernelFn Kernel;
  ExecParams Params;
  const WorkCurve &Curve;
  std::vector<ArrayView> &Views;
  std::vector<std::vector<char *>> Tables;
  const int Rank;
  const bool UserMemory;
  Range Cols;
  /// The slabs (workers); Iters is set from Cols when the run ends.
  Piece Current;
  LoadModel Load;
  RankResult Result;
  std::vector<Piece> Executed;
  PipelineReport Report;
  /// Written arrays with a halo below: their boundary travels forward.
  std::vector<std::size_t> Boundary;
  double BytesPerRow = 0;

  // Block size (rank 0).
  long long Chosen = 0; ///< the block size, once chosen
  long long ProbeBlock = 1;
  std::vector<double> ElementTimes;
  double PendingSeconds = 0;
  double PendingElements = 0;

  // The current block.
  double BlockStart = 0;
  double FirstStart = -1;
  bool SyncAtEnd = false;   ///< the received block's flag, forwarded
  long long SyncRow = -1;   ///< balance before the block starting here

  // Balancing.
  bool Balancing = false;
  std::vector<std::vector<int>> Groups;
  int MyGroup = 0;
  /// Rank 0: the balancing period (eqs. 11-14 of Siegell & Steenkiste),
  /// the blocks since the last synchronization, and nexthook (eq. 15: the
  /// period divided by the time of a block; 0 until a block is timed).
  PeriodControl Period;
  long long BlocksSinceSync = 0;
  long long NextHook = 0;
  double PeriodStart = 0;
  double ElementsSinceSync = 0;
  double BusySinceSync = 0;

  /// Boundary messages still in flight, oldest first.
  struct Outgoing {
    std::vector<char> Buf;
    Requests Reqs;
  };
  std::deque<Outgoing> Sends;
};

} // namespace dlb

#endif // DLB_RUNTIME_PIPELINERUNNER_H
