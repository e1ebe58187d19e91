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
#include "dlb/Control.h"
#include "dlb/Load.h"
#include "dlb/Loop.h"
#include "dlb/Model.h"
#include "dlb/Options.h"
#include "dlb/Partition.h"
#include "dlb/Pipeline.h"
#include "dlb/Work.h"

#include <deque>
#include <memory>
#include <string>
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

/// How an execution balances; rank 0 decides it and sends it to the workers.
struct ExecParams {
  /// Auto until the cost model has chosen: the execution then runs as a
  /// global centralized one (rank 0 is the pseudo-master that decides).
  Strategy Strat = Strategy::Static;
  /// Members per group: all ranks for the global strategies.
  int GroupSize = 1;
  BalanceParams Balance;
  /// The loop runs under auto: the model chooses at the first
  /// synchronization and, with Reselect, may switch at later global ones.
  bool Auto = false;
  /// Under auto, a later execution of a loop starts with the strategy the
  /// model chose in an earlier one (Strat), reported as auto.
  bool Committed = false;
  bool Reselect = true;
  double ReselectMargin = 0.1;
  FutureLoad Future = FutureLoad::Shifting;
  /// K of the local strategies, for the model and for a switch to them.
  int LocalGroupSize = 1;
  NetProfile Net;
  /// D: bytes of distributed arrays that move with one iteration.
  double DataBytes = 0;
  /// A pipelined doacross loop (PipelineRun.h): the strip-mined loop
  /// [OuterLb, OuterUb), its largest legal block (0: any), the ranks of the
  /// pipeline, the block size forced by --dlb-blocksize (0: the model's),
  /// t_fixed and t_incr (unmeasured: the stages measure them first), and
  /// the time per element of the loop's last execution (0: rank 0 probes).
  bool Pipelined = false;
  long long OuterLb = 0;
  long long OuterUb = 0;
  long long MaxBlock = 0;
  int Stages = 1;
  long long Columns = 0; ///< iterations of the distributed loop
  /// A skewed pipeline (LoopRun::pipeline): the skew and the distributed
  /// loop's bounds; the ranks own ranges of j + Skew * i.
  long long Skew = 0;
  long long InnerLb = 0;
  long long InnerUb = 0;
  /// A loop stepping by Stride (LoopRun::stride) from Anchor.
  long long Stride = 1;
  long long Anchor = 0;
  SkewedSpace skewed() const {
    return {{InnerLb, InnerUb}, {OuterLb, OuterUb}, Skew};
  }
  long long ForcedBlock = 0;
  ShiftCost Shift;
  double ElementSeconds = 0;
  /// Where the kernel calls the hook, and the iterations per strip of a
  /// strip-mined one (Hook.h).
  HookLevel Hooks = HookLevel::Body;
  long long Strip = 1;
  /// The balancing period (Siegell & Steenkiste, section 5.2): eqs. 11-14
  /// from Control, or FixedPeriod when >= 0 (--dlb-period=S); and the
  /// filter of the measured rates (section 6.1).
  PeriodInputs Control;
  double FixedPeriod = -1;
  FilterMode Filter = FilterMode::Table;
  double FilterHistory = 0;
  /// Balanced between executions only (LoopRun.cpp, betweenExecutions):
  /// the execution runs static from the partition of the measured rates;
  /// Asked is the strategy it would have run under.
  bool Between = false;
  Strategy Asked = Strategy::Static;
};

/// One evaluation of the cost model during an execution (rank 0 keeps them).
struct Selection {
  long long Synchronization = 0; ///< the execution's synchronization count
  Strategy From = Strategy::Auto;
  Strategy Chosen = Strategy::Auto;
  double Predicted[NumModelStrategies] = {}; ///< in ModelStrategies order
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
  std::vector<Slab> Slabs;
  /// The buffers that hold the slabs.
  std::vector<std::shared_ptr<std::vector<char>>> Storage;
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
  /// PROFILE messages this rank sent to rank 0 (see Executor::drainProfiles).
  long long ProfilesToRoot = 0;
  /// Pipelines: from the start of the rank's first block to the end of its
  /// last.
  double SpanSeconds = 0;
};

struct RankWork {
  explicit RankWork(std::size_t Reductions = 0) : Slots(Reductions) {}
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

/// Whether some distributed array of the loop starts from kept rows.
bool startsFromKept(const LoopSpec &Spec);
/// The rows a rank's storage of a kept array has beyond what the loop that
/// made it needs: the widest halo of the loop's arrays (at least one), so a
/// later loop that reads the array with such a halo finds room for it.
long long keptMargin(const LoopSpec &Spec);

/// Appends to Out, for each side and distributed array, the slab that the
/// units R need, taken from Source (or from the user's arrays when Source is null),
/// aligned for use in place by the receiver.
void packSlabs(Writer &Out, const LoopSpec &Spec, const Range &R,
               const Piece *Source, SlabSet Which = SlabSet::All);
/// Reads back what packSlabs wrote into a new piece that keeps Storage.
Piece unpackSlabs(Reader &In, const LoopSpec &Spec, const Range &R,
                  std::shared_ptr<std::vector<char>> Storage,
                  SlabSet Which = SlabSet::All);

/// Points View at the distributed array A stored as Layout, which starts at
/// global index First of the distributed dimension.
void pointDistributed(ArrayView &View, const ArrayArg &A,
                      const ArrayArg &Layout, long long First,
                      std::vector<char *> &Table);

/// A rank's profile for a synchronization, with what it has sent and
/// received so far (so the balancer knows whether work is still on its way).
struct ProfileMsg {
  /// The number of strategy switches before it was sent: a centralized
  /// member may send a PROFILE to rank 0 just before it learns of a switch;
  /// such a stale one is dropped.
  int Phase = 0;
  int Epoch = 0;
  RankProfile Profile;
  long long Sent = 0;
  long long Received = 0;
};

/// What rank 0 tells the members of a group under a centralized strategy.
/// Switch: the strategy the model chose, with every transfer of the
/// decision; all ranks move synchronously, then continue under it.
enum class ControlKind : int { Request, Instruction, Terminate, Switch };

/// Runs a rank's pieces of one execution, balancing with the other ranks of
/// its group as the strategy says.
class Executor {
public:
  /// Views holds the whole arrays' views (and, on rank 0, the distributed
  /// arrays' views on the user's memory); Executor points the distributed
  /// ones at each piece on the workers.
  Executor(const LoopSpec &Spec, KernelFn Kernel, const ExecParams &Params,
           const WorkCurve &Curve, std::vector<ArrayView> &Views);

  void add(Piece P) { Work.push_back(std::move(P)); }

  /// Runs until this rank's group has finished the loop; rank 0 under LCDLB
  /// also serves the other groups until every group has.
  void run();

  const RankWork &result() const { return Result; }
  /// What this rank executed, for the final gather.
  const std::vector<Piece> &executed() const { return Executed; }
  /// The strategy the execution ended with (auto: the last chosen).
  Strategy strategy() const { return Params.Strat; }
  const std::vector<Selection> &selections() const { return Selections; }
  /// Rank 0, after worker From reported that it sent Sent PROFILEs to rank
  /// 0: receives (and drops) those still unreceived, stale ones sent just
  /// before a switch, so that none is left for a later execution.
  void drainProfiles(int From, long long Sent);

private:
  /// A synchronization whose PROFILEs are still arriving: Epoch, the one
  /// they carry; Got and Profiles per rank; Sent and Received, the
  /// iterations the members reported sending and receiving since the last
  /// switch (centralized).
  struct Gathering {
    bool Active = false;
    int Epoch = 0;
    std::vector<bool> Got;
    std::vector<RankProfile> Profiles;
    long long Sent = 0;
    long long Received = 0;
  };

  void prime();
  static void pollThunk(Block &B);
  void poll(Block &B);
  void runPiece(Piece P);
  /// Points the distributed arrays' views, front and mirror, at the current
  /// piece's slabs.
  void pointViews();
  /// Gives B the mirror views and the bounds of a bitonic loop's pairs.
  void pairUp(Block &B);
  /// Accounts compute time since the last poll and sleeps for the emulated
  /// load; returns the time slept.
  double account();
  /// Counts the changes of this rank's speed (SpeedChanges).
  void trackSpeed(double Work, double Seconds);
  /// Iterations per strip (1 unless strip-mined): from the operation count
  /// and, once measured, the time per iteration.
  long long stripSize() const;
  /// Eq. 15: whether this rank's hook executions since the last
  /// synchronization reached nexthook, and the time per hook behind it.
  bool periodDue() const;
  /// Eq. 15 from the time per hook measured so far: sets NextHook.
  void planNextHook();
  /// Iterations this rank has run in this execution.
  long long iterationsRun() const;
  /// The protocol's state for the watchdog's report.
  std::string watchState() const;
  /// Starts a synchronization of this rank's group because the balancing
  /// period has passed (the other members join at their next hook).
  void initiateSync();
  bool idleStep();
  void checkSync();

  RankProfile profile() const;
  void startPeriod(const RankProfile &Sent);
  long long remaining() const;
  std::vector<char> cutAndPack(long long Count, bool WithData);
  /// Synchronous: the receivers wait for their transfers (they are told
  /// them all), so even an empty one is sent.
  void sendWork(const std::vector<Transfer> &Transfers, bool Synchronous,
                Requests &Sends, std::vector<std::vector<char>> &Keep);
  /// Receive: every member moves now (distributed strategies, switches);
  /// otherwise receivers take their work in at a hook.
  void moveWork(const std::vector<Transfer> &Transfers, bool Receive);
  void receiveWork(int From);
  void receivePendingWork();

  // Distributed strategies: a member sends its PROFILE to the others (it
  // starts a synchronization, or joins one at its first PROFILE) and goes
  // on computing; with all the group's PROFILEs it decides and moves work.
  void startDistributed();
  /// Takes the arrived PROFILEs; with all of them, decides. Returns whether
  /// it finished.
  bool progressDistributed();
  void finishDistributed();
  // Auto: the cost model's choice after a global synchronization, and the
  // switch to it.
  bool mayChoose(const std::vector<int> &Members) const;
  Strategy choose(const std::vector<RankProfile> &Profiles);
  /// Epoch: what every rank's epoch becomes.
  void reconfigure(Strategy S, int Epoch);
  // PROFILE messages: sending, and receiving those of the current phase.
  void sendProfileTo(const RankProfile &Mine, long long Sent, long long Received,
                     const std::vector<int> &Dests);
  /// Receives the PROFILEs that have arrived into Inbox.
  void pullProfiles();
  /// Whether a PROFILE of the current phase is waiting in Inbox.
  bool arrivedProfile();
  // Centralized strategies: the members' side, and rank 0's.
  void sendProfile();
  void serviceMember();
  /// Rank 0 starts a synchronization of Group: a SYNC request to the
  /// members, then it collects their PROFILEs while it goes on computing
  /// (First: the one that came unrequested from FirstFrom).
  void beginCollection(int Group, int FirstFrom, const ProfileMsg *First);
  /// Starts G for Epoch: no PROFILE yet.
  void startGathering(Gathering &G, int Epoch);
  void take(Gathering &G, int From, const ProfileMsg &Msg);
  /// Takes the arrived PROFILEs of Members into G; whether G has them all.
  bool gather(Gathering &G, const std::vector<int> &Members);
  /// Takes the arrived PROFILEs of Group's synchronization; with all of
  /// them, decides (finishCollection). Returns whether it finished.
  bool progressCollection(int Group);
  void finishCollection(int Group);
  /// Rank 0: progresses the synchronizations going on and starts one for
  /// each unrequested PROFILE; returns whether anything happened.
  bool serveGroups();
  void sendToMembers(const std::vector<char> &Message,
                     const std::vector<int> &Members);

  const LoopSpec &Spec;
  KernelFn Kernel;
  ExecParams Params;
  WorkCurve Curve;
  std::vector<ArrayView> &Views;
  /// The views of the mirror side of a bitonic loop (on rank 0, Views).
  std::vector<ArrayView> Mirrors;
  /// Row tables of the views, per side and array (Piece::Slabs order).
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
  /// Rank 0, centralized: one per group.
  std::vector<Gathering> Collections;
  /// Distributed: this rank's group's.
  Gathering Pending;
  bool Terminated = false;
  bool InitiatedIdle = false;
  /// Centralized member: its last PROFILE has not been answered yet. The
  /// protocol's invariant: rank 0 answers every PROFILE it takes into a
  /// synchronization (an INSTRUCTION, possibly with no transfer, a SWITCH
  /// or a TERMINATE), and a member sends no PROFILE while one is
  /// unanswered. So a member is at most one synchronization ahead of rank
  /// 0, and a synchronization's Sent/Received totals cover every transfer
  /// decided before it (each sender acted on its INSTRUCTION before its
  /// next PROFILE): equal totals mean no work is in flight.
  bool Unanswered = false;
  /// Set by reconfigure(): an idle loop of the old strategy must return.
  bool Switched = false;
  int Phase = 0;
  std::vector<Selection> Selections;
  /// Current-phase PROFILEs that arrived before they were needed, per
  /// sender, and how many PROFILEs were received from each rank.
  std::vector<std::deque<ProfileMsg>> Inbox;
  std::vector<long long> ProfilesFrom;

  std::deque<Piece> Work;
  Piece Current;
  Block *CurrentBlock = nullptr;
  std::vector<Piece> Executed;
  RankWork Result;

  double LastPoll = 0;
  long long PollNext = 0;
  double PerIteration = 0;
  long long Countdown = 1;
  /// The balancing period (eqs. 11-14), the hook executions since the last
  /// synchronization and nexthook (eq. 15; 0 until a poll measured the
  /// time per hook), and the filter of this rank's rate (eq. 16).
  PeriodControl Period;
  long long HooksSinceSync = 0;
  long long NextHook = 0;
  RateFilter Filter;
  /// The profile period: iterations and busy seconds since the last sync,
  /// and the last period with work (the speed an idle rank reports).
  long long ExecutedBefore = 0;
  long long ExecutedAtSync = 0;
  double WorkBefore = 0; ///< the same in W units
  double WorkAtSync = 0;
  double BusySinceSync = 0;
  double WindowWork = 0;
  double WindowSeconds = 0;
  double WindowRate = 0;
  long long SpeedChanges = 0; ///< since the last synchronization
  long long LastDone = 0;
  double LastDoneWork = 0;
  double LastSeconds = 0;
  /// Average time of this rank's redistributions so far, and their total.
  double MoveCost = 0;
  double MoveSeconds = 0;
  long long ReceivedIterations = 0;
  /// Iterations sent and received since the last switch of strategy: the
  /// centralized termination test compares them within a group.
  long long SentAtSwitch = 0;
  long long ReceivedAtSwitch = 0;
};

} // namespace dlb

#endif // DLB_RUNTIME_EXECUTION_H
