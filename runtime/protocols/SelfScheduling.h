//===- SelfScheduling.h - Master-worker self-scheduling --------------------===//
//
// The self-scheduling family of the DLS literature (dlb/Strategies.def,
// column Chunks): rank 0 holds the iterations nobody has taken yet and
// computes them from the front; a rank that runs out of work asks rank 0,
// which answers at its next hook with a chunk cut from the back of what it
// holds (the distributed arrays' slabs travel with it, whole arrays stay
// replicated), or with the end of the loop when nothing is left. How large
// a chunk is is the strategy's rule, a small class (ChunkRule) in a file of
// its own; the protocol here is the same for all of them.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_SELFSCHEDULING_H
#define DLB_RUNTIME_SELFSCHEDULING_H

#include "protocols/PieceRunner.h"
#include "core/Options.h"
#include "model/Partition.h"

#include <memory>
#include <vector>

namespace dlb {

/// What rank 0 knows when a rank asks for work.
struct ChunkRequest {
  /// R: the iterations nobody has taken yet.
  long long Remaining = 0;
  /// P: the ranks of the loop.
  int Ranks = 1;
  int Requester = 0;
  /// The ranks' measured speeds in iterations per second (0: not measured
  /// yet), for the rules that weigh them.
  std::vector<double> Rates;
};

/// A self-scheduling strategy's chunk sizes: a pure function of what it has
/// been asked so far.
class ChunkRule {
public:
  virtual ~ChunkRule() = default;
  /// The size of the requester's chunk, in [1, Req.Remaining] when
  /// Req.Remaining > 0.
  virtual long long next(const ChunkRequest &Req) = 0;
};

#define DLB_STRATEGY(Id, Name, Local, Centralized, Modeled, Chunks, Desc)    \
  DLB_CHUNKS_##Chunks(Id)
#define DLB_CHUNKS_true(Id) std::unique_ptr<ChunkRule> make##Id##Chunks();
#define DLB_CHUNKS_false(Id)
#include "dlb/Strategies.def"
#undef DLB_CHUNKS_true
#undef DLB_CHUNKS_false

/// The chunk rule of a self-scheduling strategy; null for the others.
std::unique_ptr<ChunkRule> chunkRule(Strategy S);

/// The first chunk of each worker of Ranks over Count iterations [0, Count)
/// as Rule sizes them, from the back; rank 0 keeps the front.
std::vector<std::vector<Range>> firstChunks(ChunkRule &Rule, long long Count,
                                            int Ranks);

/// One rank's side of a self-scheduled execution. Rank 0 passes the rule
/// (with the state firstChunks left in it); the workers pass none.
class SelfSchedulingRunner : public PieceRunner {
public:
  SelfSchedulingRunner(const LoopSpec &Spec, KernelFn Kernel,
                       const ExecParams &Params, const WorkCurve &Curve,
                       std::vector<ArrayView> &Views,
                       std::unique_ptr<ChunkRule> Rule);

  /// Runs until rank 0 has told every worker that nothing is left.
  void run() override;

private:
  void poll(Block &B) override;
  /// Rank 0: answers every request that has arrived.
  bool serve();
  /// A worker out of work: asks rank 0 and waits for the answer; false
  /// when the loop has ended.
  bool ask();
  double rate() const;

  std::unique_ptr<ChunkRule> Rule;
  /// Rank 0: the speeds the ranks reported, and the workers still asking.
  std::vector<double> Rates;
  int Asking = 0;
};

} // namespace dlb

#endif // DLB_RUNTIME_SELFSCHEDULING_H
