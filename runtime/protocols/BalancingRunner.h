//===- BalancingRunner.h - A rank's share under a block strategy ----------===//
//
// Owns what a rank holds and does while a loop runs: its pieces of work (the
// iterations it owns and the slabs of distributed arrays they need), the
// kernel calls, the hook's slow path (load emulation and polling for load
// balancing), and the synchronizations of the four strategies of Zaki,
// Parthasarathy & Li (section 1.2), whose decision is the pure decide() of
// runtime/model/Balance.h.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_BALANCINGRUNNER_H
#define DLB_RUNTIME_BALANCINGRUNNER_H

#include "transport/Comm.h"
#include "messages/Balancing.h"
#include "protocols/PieceRunner.h"
#include "transport/Wire.h"
#include "model/Balance.h"
#include "model/Control.h"
#include "model/Load.h"
#include "dlb/Loop.h"
#include "model/Model.h"
#include "core/Options.h"
#include "model/Partition.h"
#include "model/PipelineModel.h"
#include "model/Work.h"

#include <deque>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

namespace dlb {

/// Runs a rank's pieces of one execution, balancing with the other ranks of
/// its group as the strategy says.
class BalancingRunner : public PieceRunner {
public:
  BalancingRunner(const LoopSpec &Spec, KernelFn Kernel,
                  const ExecParams &Params, const WorkCurve &Curve,
                  std::vector<ArrayView> &Views);

  /// Runs until this rank's group has finished the loop; rank 0 under LCDLB
  /// also serves the other groups until every group has.
  void run() override;

  /// Rank 0: receives (and drops) the PROFILEs worker From sent to rank 0
  /// (W.Counters.ProfilesToRoot) that are still unreceived, stale ones
  /// sent just before a switch, so that none is left for a later
  /// execution.
  void resultArrived(int From, const RankResult &W) override;
  RunReport report() const override;

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

  void poll(Block &B) override;
  /// Counts the changes of this rank's speed (SpeedChanges).
  void trackSpeed(double Work, double Seconds);
  /// Eq. 15: whether this rank's hook executions since the last
  /// synchronization reached nexthook, and the time per hook behind it.
  bool periodDue() const;
  /// Eq. 15 from the time per hook measured so far: sets NextHook.
  void planNextHook();
  /// The protocol's state for the watchdog's report.
  std::string watchState() const;
  /// With a JSON trace: what an interaction changes when it synchronizes
  /// or moves work (the epochs, switches and movement so far), and the
  /// span from Start of one that did since Before.
  using SyncMark = std::tuple<long long, int, double>;
  SyncMark syncMark() const;
  void traceSync(double Start, const SyncMark &Before) const;
  /// Starts a synchronization of this rank's group because the balancing
  /// period has passed (the other members join at their next hook).
  void initiateSync();
  bool idleStep();
  /// idleStep under a centralized / a distributed protocol.
  bool idleCentralized();
  bool idleDistributed();
  static int groupOf(const std::vector<std::vector<int>> &Groups, int Rank);
  void checkSync();

  RankProfile profile() const;
  void startPeriod(const RankProfile &Sent);
  /// Synchronous: the receivers wait for their transfers (they are told
  /// them all), so even an empty one is sent.
  void sendWork(const std::vector<Transfer> &Transfers, bool Synchronous,
                Requests &Sends, std::vector<std::vector<char>> &Keep);
  /// Receive: every member moves now (distributed strategies, switches);
  /// otherwise receivers take their work in at a hook.
  void moveWork(const std::vector<Transfer> &Transfers, bool Receive);
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

  bool Balancing;
  bool Centralized;

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

  /// The balancing period (eqs. 11-14), the hook executions since the last
  /// synchronization and nexthook (eq. 15; 0 until a poll measured the
  /// time per hook), and the filter of this rank's rate (eq. 16).
  PeriodControl Period;
  long long HooksSinceSync = 0;
  long long NextHook = 0;
  RateFilter Filter;
  /// The profile period: iterations, W units and busy seconds at the last
  /// sync, and the last period with work (the speed an idle rank reports).
  long long ExecutedAtSync = 0;
  double WorkAtSync = 0;
  double BusyAtSync = 0;
  double WindowWork = 0;
  double WindowSeconds = 0;
  double WindowRate = 0;
  long long SpeedChanges = 0; ///< in this execution
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

#endif // DLB_RUNTIME_BALANCINGRUNNER_H
