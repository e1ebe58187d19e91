//===- PieceRunner.h - Running a rank's pieces of an execution -------------===//
//
// The mechanics under every protocol: a rank runs its pieces one after the
// other (pointing the distributed arrays' views at each piece's slabs on a
// worker; in the program's arrays on rank 0), accounts its compute time and
// sleeps for the emulated external load at the kernel's hooks, cuts its
// last iterations off for another rank (with their slabs) and takes in work
// that came to it. What happens at a hook besides (synchronizations,
// answering requests) is the protocol's: poll().
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_PIECERUNNER_H
#define DLB_RUNTIME_PIECERUNNER_H

#include "execution/ExecParams.h"
#include "residency/Pieces.h"
#include "model/Load.h"
#include "model/Work.h"
#include "protocols/Runner.h"

#include <deque>
#include <vector>

namespace dlb {

/// How much computing the hook lets pass between two polls.
inline constexpr double PollSeconds = 1e-3;

/// The runner of the protocols that run pieces (every one but pipelines).
class PieceRunner : public Runner {
public:
  /// Views holds the whole arrays' views (and, on rank 0, the distributed
  /// arrays' views on the user's memory); the runner points the distributed
  /// ones at each piece on the workers.
  PieceRunner(const LoopSpec &Spec, KernelFn Kernel, const ExecParams &Params,
              const WorkCurve &Curve, std::vector<ArrayView> &Views);
  PieceRunner(const PieceRunner &) = delete;
  PieceRunner &operator=(const PieceRunner &) = delete;

  void add(Piece P) override { Work.push_back(std::move(P)); }
  const RankResult &result() const override { return Result; }
  const std::vector<Piece> &executed() const override { return Executed; }
  /// The strategy the execution ended with (auto: the last chosen).
  Strategy strategy() const override { return Params.Strat; }
  RunReport report() const override;

protected:
  /// The hook's slow path, every B.Countdown hooks of the kernel.
  virtual void poll(Block &B) = 0;

  /// Runs the kernel's prologue with no iterations, outside measured time.
  void prime();
  void runPiece(Piece P);
  /// Accounts compute time since the last poll and sleeps for the emulated
  /// load; returns the time slept.
  double account();
  /// What every protocol's poll does first: accounts the stretch since the
  /// last poll (account(), the time per iteration, the watchdog's longest
  /// stretch) and moves PollNext to B.Next. Returns the iterations run in
  /// the stretch and the seconds it took, emulated load included.
  struct Stretch {
    Range Iters;
    double Seconds;
  };
  Stretch hookStretch(const Block &B);
  /// Runs the queued pieces until none is left.
  void runQueued();
  /// Seconds computed or slept for the emulated load so far.
  double busy() const {
    return Result.Counters.ComputeSeconds + Result.Counters.LoadSeconds;
  }
  /// Iterations per strip (1 unless strip-mined): from the operation count
  /// and, once measured, the time per iteration.
  long long stripSize() const;
  /// The hooks until the next poll, so that it comes after about Every
  /// seconds of computing: counted against the slowest recent iterations
  /// (PaceIteration), since a count measured on cheap ones overshoots many
  /// times when the next ones cost more.
  long long pollCountdown(double Every, long long Strip) const;
  /// Iterations this rank has run in this execution, and still holds.
  long long iterationsRun() const;
  long long remaining() const;
  /// Cuts the last Count iterations this rank holds and packs them (with
  /// their slabs: WithData) for another rank.
  std::vector<char> cutAndPack(long long Count, bool WithData);
  /// Receives the work rank From sent (cutAndPack) into Work; returns the
  /// iterations received. The time until its header arrived (the sender
  /// still computing towards the hook where it decides) goes to
  /// SenderWaitSeconds. Awaited: a transfer the receiver was told of
  /// (MoveHeadTag, MoveTag), not one taken in at a hook.
  long long receiveWork(int From, bool Awaited = false);

  const LoopSpec &Spec;
  KernelFn Kernel;
  ExecParams Params;
  WorkCurve Curve;
  std::vector<ArrayView> &Views;
  int Rank;
  /// Rank 0 computes in the program's arrays.
  bool UserMemory;
  double SenderWaitSeconds = 0;
  LoadModel Load;

  std::deque<Piece> Work;
  Piece Current;
  detail::BlockState *CurrentBlock = nullptr;
  std::vector<Piece> Executed;
  RankResult Result;

  double LastPoll = 0;
  long long PollNext = 0;
  double PerIteration = 0;
  /// The poll spacing's time per iteration: the last stretch's, or half the
  /// estimate before it if that is more (a slower stretch counts at once,
  /// a faster one over a few polls). Mandelbrot rows through the set cost
  /// 200 times those outside: spaced by the last cheap stretch, a poll came
  /// 36 ms late, while the other rank sat idle.
  double PaceIteration = 0;
  long long Countdown = 1;
  /// Iterations and W units of the pieces run to completion.
  long long ExecutedBefore = 0;
  double WorkBefore = 0;

private:
  static void pollThunk(Block &B);
  /// Points the distributed arrays' views, front and mirror, at the current
  /// piece's slabs.
  void pointViews();

  /// The views of the mirror side of a bitonic loop (on rank 0, Views).
  std::vector<ArrayView> Mirrors;
  /// Row tables of the views, per side and array (Piece::Slabs order).
  std::vector<std::vector<char *>> Tables;
};

/// The block that runs Iters of an execution: the loop's scalars, the views
/// (a bitonic loop's pairs: front and mirror), the rank's reduction slots,
/// the strip of the hooks and the stride. The caller sets the polls.
Block startBlock(const LoopSpec &Spec, const ExecParams &Params, Range Iters,
                 ArrayView *Views, ArrayView *Mirrors, ReductionSlot *Slots);
/// Runs the kernel on B, the context marked as inside a kernel; returns
/// whether it already was (a loop run from inside a kernel).
bool runKernel(KernelFn Kernel, Block &B);
/// Adds the iterations B ran to W, and their checksums.
void countBlock(Block &B, WorkCounters &W);

/// An execution on one rank with nothing to poll for (no other rank, no
/// emulated load, no trace): the kernel over Iters as one block in the
/// arrays the call site passed, timed, with no runner built. trisolv's 8000
/// executions of microseconds each paid ~10 thousand instructions for the
/// runner's queue, pieces and accounting.
RankResult runOneBlock(const LoopSpec &Spec, KernelFn Kernel,
                       const ExecParams &Params, std::vector<ArrayView> &Views,
                       Range Iters);

/// The runner of an execution that balances nothing while it runs
/// (balancesWhileRunning): its pieces, the accounting and the emulated load
/// at the hooks, and no protocol state, so that an execution of a few
/// microseconds (trisolv's 8000 steps, a time loop on one rank) does not
/// pay for building the strategies' groups and mailboxes.
class StaticRunner final : public PieceRunner {
public:
  StaticRunner(const LoopSpec &Spec, KernelFn Kernel, const ExecParams &Params,
               const WorkCurve &Curve, std::vector<ArrayView> &Views);
  void run() override;

private:
  void poll(Block &B) override;
};

} // namespace dlb

#endif // DLB_RUNTIME_PIECERUNNER_H
