//===- Execution.h - A rank's share of one loop execution ------------------===//
//
// Owns what a rank holds and does while a loop runs: its pieces of work (the
// iterations it owns and the slabs of distributed arrays they need), the
// kernel calls, the hook's slow path (load emulation and polling for load
// balancing), and the synchronizations of the four strategies of Zaki,
// Parthasarathy & Li (section 1.2), whose decision is the pure decide() of
// dlb/Balance.h.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_EXECUTION_H
#define DLB_RUNTIME_EXECUTION_H

#include "Comm.h"
#include "Wire.h"
#include "dlb/Balance.h"
#include "dlb/Load.h"
#include "dlb/Loop.h"
#include "dlb/Options.h"
#include "dlb/Partition.h"

#include <deque>
#include <memory>
#include <vector>

namespace dlb {

/// What describes a loop to a worker, besides its pieces.
struct LoopSpec {
  const std::vector<char> &Scalars;
  const std::vector<std::size_t> &ScalarOffsets;
  const std::vector<ArrayArg> &Arrays;
  std::size_t Reductions;
};

/// How an execution balances; rank 0 decides it and sends it to the workers.
struct ExecParams {
  Strategy Strat = Strategy::Static;
  /// Members per group: all ranks for the global strategies.
  int GroupSize = 1;
  BalanceParams Balance;
};

/// A slab of a distributed array in a buffer: its layout, and the global
/// index of its first element along the distributed dimension.
struct Slab {
  ArrayArg Layout;
  long long First = 0;
};

/// Iterations a rank holds, with the slabs of the distributed arrays they
/// need (none on rank 0, which works in the user's arrays).
struct Piece {
  Range Iters;
  std::vector<Slab> Slabs;
  std::shared_ptr<std::vector<char>> Storage;
};

/// The counters of what one rank did in one execution.
struct WorkCounters {
  long long Iterations = 0;
  unsigned long long IndexSum = 0;
  unsigned long long IndexSquares = 0;
  double ComputeSeconds = 0; ///< in the kernel
  double LoadSeconds = 0;    ///< sleeping for the emulated external load
  double WaitSeconds = 0;    ///< idle, waiting for work or termination
  double BalanceSeconds = 0; ///< synchronizing and moving work
  long long Syncs = 0;
  long long Redistributions = 0;
  long long MovedIterations = 0; ///< sent to other ranks
  long long MovedBytes = 0;
};

struct RankWork {
  explicit RankWork(std::size_t Reductions = 0) : Slots(Reductions) {}
  WorkCounters Counters;
  std::vector<ReductionSlot> Slots;
};

/// Appends to Out, for each distributed array, the slab that the iterations
/// R need, taken from Source (or from the user's arrays when Source is null),
/// aligned for use in place by the receiver.
void packSlabs(Writer &Out, const LoopSpec &Spec, const Range &R,
               const Piece *Source);
/// Reads back what packSlabs wrote into a new piece that keeps Storage.
Piece unpackSlabs(Reader &In, const LoopSpec &Spec, const Range &R,
                  std::shared_ptr<std::vector<char>> Storage);

/// Points View at the distributed array A stored as Layout, which starts at
/// global index First of the distributed dimension.
void pointDistributed(ArrayView &View, const ArrayArg &A,
                      const ArrayArg &Layout, long long First,
                      std::vector<char *> &Table);

/// A rank's profile for a synchronization, with what it has sent and
/// received so far (so the balancer knows whether work is still on its way).
struct ProfileMsg {
  int Epoch = 0;
  RankProfile Profile;
  long long Sent = 0;
  long long Received = 0;
};

/// What rank 0 tells the members of a group under a centralized strategy.
enum class ControlKind : int { Request, Instruction, Terminate };

/// Runs a rank's pieces of one execution, balancing with the other ranks of
/// its group as the strategy says.
class Executor {
public:
  /// Views holds the whole arrays' views (and, on rank 0, the distributed
  /// arrays' views on the user's memory); Executor points the distributed
  /// ones at each piece on the workers.
  Executor(const LoopSpec &Spec, KernelFn Kernel, const ExecParams &Params,
           std::vector<ArrayView> &Views);

  void add(Piece P) { Work.push_back(std::move(P)); }

  /// Runs until this rank's group has finished the loop; rank 0 under LCDLB
  /// also serves the other groups until every group has.
  void run();

  const RankWork &result() const { return Result; }
  /// What this rank executed, for the final gather.
  const std::vector<Piece> &executed() const { return Executed; }

private:
  void prime();
  static void pollThunk(Block &B);
  void poll(Block &B);
  void runPiece(Piece P);
  /// Accounts compute time since the last poll and sleeps for the emulated
  /// load; returns the time slept.
  double account();
  bool idleStep();
  void checkSync();

  RankProfile profile() const;
  void startPeriod(const RankProfile &Sent);
  long long remaining() const;
  std::vector<char> cutAndPack(long long Count, bool WithData);
  void sendWork(const std::vector<Transfer> &Transfers, Requests &Sends,
                std::vector<std::vector<char>> &Keep);
  void moveWork(const std::vector<Transfer> &Transfers, bool Receive);
  void receiveWork(int From);
  void receivePendingWork();

  // Distributed strategies.
  bool syncDistributed();
  // Centralized strategies: the members' side, and rank 0's.
  void sendProfile();
  void serviceMember();
  void serveGroup(int Group, int FirstFrom, const ProfileMsg *First);
  bool takeSpontaneousProfile();
  void sendToMembers(const std::vector<char> &Message,
                     const std::vector<int> &Members);

  const LoopSpec &Spec;
  KernelFn Kernel;
  ExecParams Params;
  std::vector<ArrayView> &Views;
  std::vector<std::vector<char *>> Tables;
  int Rank;
  bool UserMemory;
  bool Balancing;
  bool Centralized;
  LoadModel Load;

  std::vector<std::vector<int>> Groups;
  int MyGroup = 0;
  std::vector<int> Epochs;
  std::vector<bool> GroupDone;
  bool Terminated = false;
  bool InitiatedIdle = false;

  std::deque<Piece> Work;
  Piece Current;
  Block *CurrentBlock = nullptr;
  std::vector<Piece> Executed;
  RankWork Result;

  double LastPoll = 0;
  long long PollNext = 0;
  double PerIteration = 0;
  long long Countdown = 1;
  /// The profile period: iterations and busy seconds since the last sync,
  /// and the last period with work (the speed an idle rank reports).
  long long ExecutedBefore = 0;
  long long ExecutedAtSync = 0;
  double BusySinceSync = 0;
  long long LastDone = 0;
  double LastSeconds = 0;
  /// Average time of this rank's redistributions so far.
  double MoveCost = 0;
  long long ReceivedIterations = 0;
};

} // namespace dlb

#endif // DLB_RUNTIME_EXECUTION_H
