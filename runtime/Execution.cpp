//===- Execution.cpp - Pieces, hooks and the four strategies --------------===//
//
// A rank runs its pieces one after the other. The kernel calls Block::hook()
// after every iteration; every ~PollSeconds of computing, the hook's slow
// path (poll) sleeps for the emulated external load and looks for a
// synchronization. Synchronization is receiver-initiated: the first rank of
// a group to run out of work starts it (section 1.2 of the chapter).
//
// Every member sends exactly one PROFILE per synchronization (epoch):
//  * distributed (GDDLB, LDDLB): an idle member sends its PROFILE to every
//    other member of its group; a member that sees a PROFILE at a hook sends
//    its own to all; each then has all profiles and computes the same
//    decide() (all-to-all).
//  * centralized (GCDLB, LCDLB): rank 0 is the balancer (for every group
//    under LCDLB, which it serves in arrival order while it also computes).
//    An idle member sends its PROFILE to rank 0; rank 0 sends a SYNC request
//    to every other member of the group (one-to-all), collects the PROFILEs
//    (all-to-one), decides, and sends each member an INSTRUCTION with the
//    transfers (one-to-all).
// A decision with no work left in the group ends the loop for the group.
// Then each sender cuts the iterations it gives away from the end of its
// remaining work and sends them, with their slabs, in one message per
// receiver; rank 0, which holds every array whole, receives ranges only.
//
//===----------------------------------------------------------------------===//
#include "Execution.h"

#include "Comm.h"
#include "Context.h"
#include "Layout.h"
#include "Protocol.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>

namespace dlb {
namespace {

/// How much computing the hook lets pass between two polls.
constexpr double PollSeconds = 1e-3;

double now() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

void sleepFor(double Seconds) {
  if (Seconds <= 0)
    return;
  timespec T;
  T.tv_sec = static_cast<time_t>(Seconds);
  T.tv_nsec = static_cast<long>((Seconds - T.tv_sec) * 1e9);
  nanosleep(&T, nullptr);
}

struct ProfileMsg {
  int Epoch;
  RankProfile Profile;
};

struct SyncRequestMsg {
  int Epoch;
};

/// The sizes that precede a transfer's or a result's body.
struct HeadMsg {
  std::uint64_t Bytes;
};

template <class T> T decode(std::vector<char> Buf) {
  Reader In(Buf);
  return In.get<T>();
}

int groupOf(const std::vector<std::vector<int>> &Groups, int Rank) {
  for (std::size_t G = 0; G < Groups.size(); ++G)
    if (std::find(Groups[G].begin(), Groups[G].end(), Rank) != Groups[G].end())
      return static_cast<int>(G);
  return 0;
}

template <class T> void sendValue(const T &V, int Dest, int Tag,
                                  Requests &Reqs, std::vector<char> &Keep) {
  Keep.resize(sizeof(T));
  std::memcpy(Keep.data(), &V, sizeof(T));
  postSend(Keep.data(), Keep.size(), Dest, Tag, Reqs);
}

/// Sends V to each rank of Dests (other than this one) and waits.
template <class T> void sendToAll(const T &V, const std::vector<int> &Dests,
                                  int Tag) {
  Requests Reqs;
  std::vector<char> Keep(sizeof(T));
  std::memcpy(Keep.data(), &V, sizeof(T));
  for (int D : Dests)
    if (D != context().Rank)
      postSend(Keep.data(), Keep.size(), D, Tag, Reqs);
  waitAll(Reqs);
}

void checkEpoch(int Got, int Want) {
  if (Got != Want)
    fatal("load balancing messages out of order (epoch " +
          std::to_string(Got) + ", expected " + std::to_string(Want) + ")");
}

} // namespace

void pointDistributed(ArrayView &View, const ArrayArg &A,
                      const ArrayArg &Layout, long long First,
                      std::vector<char *> &Table) {
  if (A.Dims == 1) {
    View.Base = Layout.Data;
    View.RowOffset = First;
    View.Size = A.Extent[0];
    return;
  }
  View.Rows = rowsOf(Layout, Table);
  View.RowOffset = A.DistDim == 0 ? First : 0;
  View.ColOffset = A.DistDim == 1 ? First : 0;
}

void packSlabs(Writer &Out, const LoopSpec &Spec, const Range &R,
               const Piece *Source) {
  for (std::size_t K = 0; K < Spec.Arrays.size(); ++K) {
    const ArrayArg &A = Spec.Arrays[K];
    if (A.Role != ArrayArg::Distributed)
      continue;
    const Range Need = neededRange(R, A.Acc, distExtent(A));
    char *To = Out.reserve(slabBytes(A, Need), PieceAlign);
    if (!Source) {
      packSlab(A, Need, To);
      continue;
    }
    const Slab &S = Source->Slabs[K];
    packSlab(S.Layout, {Need.Begin - S.First, Need.End - S.First}, To);
  }
}

Piece unpackSlabs(Reader &In, const LoopSpec &Spec, const Range &R,
                  std::shared_ptr<std::vector<char>> Storage) {
  Piece P;
  P.Iters = R;
  P.Slabs.resize(Spec.Arrays.size());
  for (std::size_t K = 0; K < Spec.Arrays.size(); ++K) {
    const ArrayArg &A = Spec.Arrays[K];
    if (A.Role != ArrayArg::Distributed)
      continue;
    const Range Need = neededRange(R, A.Acc, distExtent(A));
    char *Data = In.take(slabBytes(A, Need), PieceAlign);
    P.Slabs[K] = {bufferLayout(A, Need, Data), Need.Begin};
  }
  P.Storage = std::move(Storage);
  return P;
}

Executor::Executor(const LoopSpec &Spec, KernelFn Kernel,
                   const ExecParams &Params, std::vector<ArrayView> &Views)
    : Spec(Spec), Kernel(Kernel), Params(Params), Views(Views),
      Tables(Spec.Arrays.size()), Rank(context().Rank),
      UserMemory(context().Rank == 0),
      Balancing(Params.Strat != Strategy::Static && Params.GroupSize > 1),
      Centralized(Params.Strat == Strategy::GCDLB ||
                  Params.Strat == Strategy::LCDLB),
      Load(context().Opts.Load, context().Rank), Result(Spec.Reductions) {
  Groups = fixedGroups(context().Size, std::max(1, Params.GroupSize));
  MyGroup = groupOf(Groups, Rank);
  Epochs.assign(Groups.size(), 0);
  GroupDone.assign(Groups.size(), false);
}

void Executor::pollThunk(Block &B) { static_cast<Executor *>(B.Owner)->poll(B); }

void Executor::account() {
  const double T = now();
  const double Compute = T - LastPoll;
  const double Delay = Load.active()
                           ? emulatedDelay(Load, LastPoll - context().StartTime,
                                           Compute)
                           : 0;
  sleepFor(Delay);
  Result.Counters.ComputeSeconds += Compute;
  Result.Counters.LoadSeconds += Delay;
  BusySinceSync += Compute + Delay;
  LastPoll = now();
}

void Executor::poll(Block &B) {
  const long long Iters = B.Next - PollNext;
  const double Compute = now() - LastPoll;
  if (Iters > 0 && Compute > 0)
    PerIteration = Compute / static_cast<double>(Iters);
  account();
  PollNext = B.Next;
  if (Balancing && !Terminated) {
    const double Start = now();
    checkSync();
    Result.Counters.BalanceSeconds += now() - Start;
    LastPoll = now();
  }
  const double Next = PerIteration > 0 ? PollSeconds / PerIteration : 1;
  B.Countdown = static_cast<long long>(std::clamp(Next, 1.0, 1e9));
}

void Executor::runPiece(Piece P) {
  if (P.Iters.size() <= 0)
    return;
  Current = std::move(P);
  if (!UserMemory)
    for (std::size_t K = 0; K < Spec.Arrays.size(); ++K)
      if (Spec.Arrays[K].Role == ArrayArg::Distributed)
        pointDistributed(Views[K], Spec.Arrays[K], Current.Slabs[K].Layout,
                         Current.Slabs[K].First, Tables[K]);
  Block B;
  B.Begin = Current.Iters.Begin;
  B.End = Current.Iters.End;
  B.Next = B.Begin;
  B.Scalars = Spec.Scalars.data();
  B.ScalarOffsets = Spec.ScalarOffsets.data();
  B.Arrays = Views.data();
  B.Reductions = Result.Slots.data();
  B.Countdown = Countdown;
  B.Poll = &Executor::pollThunk;
  B.Owner = this;
  CurrentBlock = &B;
  PollNext = B.Begin;
  LastPoll = now();

  Context &C = context();
  const bool Outer = C.InKernel;
  C.InKernel = true;
  Kernel(B);
  C.InKernel = Outer;

  account();
  CurrentBlock = nullptr;
  Countdown = B.Countdown;
  Current.Iters.End = B.End;
  WorkCounters &W = Result.Counters;
  W.Iterations += B.End - B.Begin;
  W.IndexSum += B.IndexSum;
  W.IndexSquares += B.IndexSquares;
  ExecutedBefore += B.End - B.Begin;
  Executed.push_back(std::move(Current));
}

void Executor::prime() {
  // A call with no iterations runs the kernel's prologue (a worker rebuilds
  // each whole std::vector there) outside the measured time, so the speed of
  // the first iterations is not mistaken for the rank's speed.
  std::vector<ReductionSlot> Scratch(Spec.Reductions);
  Block B;
  B.Scalars = Spec.Scalars.data();
  B.ScalarOffsets = Spec.ScalarOffsets.data();
  B.Arrays = Views.data();
  B.Reductions = Scratch.data();
  Context &C = context();
  const bool Outer = C.InKernel;
  C.InKernel = true;
  Kernel(B);
  C.InKernel = Outer;
}

void Executor::run() {
  prime();
  LastPoll = now();
  for (;;) {
    if (!Work.empty()) {
      Piece P = std::move(Work.front());
      Work.pop_front();
      runPiece(std::move(P));
      continue;
    }
    if (!Balancing)
      return;
    const double Start = now();
    const double BalanceBefore = Result.Counters.BalanceSeconds;
    const bool Done = idleStep();
    Result.Counters.WaitSeconds += (now() - Start) -
                                   (Result.Counters.BalanceSeconds -
                                    BalanceBefore);
    if (Done)
      return;
  }
}

RankProfile Executor::profile() const {
  RankProfile P;
  long long Executed = ExecutedBefore;
  double Busy = BusySinceSync;
  if (CurrentBlock) {
    Executed += CurrentBlock->Next - CurrentBlock->Begin;
    P.Remaining = CurrentBlock->End - CurrentBlock->Next;
  }
  for (const Piece &W : Work)
    P.Remaining += W.Iters.size();
  P.Done = Executed - ExecutedAtSync;
  P.Seconds = Busy;
  P.MoveSeconds = MoveCost;
  // An idle rank reports the speed of its last period with work.
  if (P.Done == 0 && LastDone > 0) {
    P.Done = LastDone;
    P.Seconds = LastSeconds;
  }
  return P;
}

void Executor::startPeriod(const RankProfile &Sent) {
  if (Sent.Done > 0 && Sent.Seconds > 0) {
    LastDone = Sent.Done;
    LastSeconds = Sent.Seconds;
  }
  ExecutedAtSync = ExecutedBefore +
                   (CurrentBlock ? CurrentBlock->Next - CurrentBlock->Begin : 0);
  BusySinceSync = 0;
}

Decision Executor::decideFor(const std::vector<int> &Members,
                             std::vector<RankProfile> &Profiles) const {
  return decide(Profiles, Members, Params.Balance);
}

std::vector<char> Executor::cutAndPack(long long Count, bool WithData) {
  // The iterations given away are the last ones this rank would run.
  std::vector<std::pair<Range, Piece *>> Cut;
  for (auto It = Work.rbegin(); It != Work.rend() && Count > 0; ++It) {
    const long long Take = std::min(Count, It->Iters.size());
    Cut.push_back({{It->Iters.End - Take, It->Iters.End}, &*It});
    Count -= Take;
  }
  if (Count > 0 && CurrentBlock) {
    const long long Take =
        std::min(Count, CurrentBlock->End - CurrentBlock->Next);
    Cut.push_back({{CurrentBlock->End - Take, CurrentBlock->End}, &Current});
    Count -= Take;
  }
  if (Count > 0)
    fatal("a transfer asked for more iterations than this rank holds");

  Writer Out;
  Out.put<std::uint64_t>(Cut.size());
  for (auto &[R, Source] : Cut) {
    Out.put(R);
    if (WithData)
      packSlabs(Out, Spec, R, UserMemory ? nullptr : Source);
    Result.Counters.MovedIterations += R.size();
  }
  // Now shrink what was cut: whole pieces at the back, then the current one.
  for (auto &[R, Source] : Cut) {
    Source->Iters.End = R.Begin;
    if (Source == &Current)
      CurrentBlock->End = R.Begin;
  }
  while (!Work.empty() && Work.back().Iters.size() <= 0)
    Work.pop_back();
  Result.Counters.MovedBytes += static_cast<long long>(Out.buffer().size());
  return std::move(Out.buffer());
}

void Executor::receiveWork(int From) {
  const auto Head = decode<HeadMsg>(receive(From, TransferHeadTag));
  auto Body = std::make_shared<std::vector<char>>(Head.Bytes);
  Requests Reqs;
  postRecv(Body->data(), Body->size(), From, TransferTag, Reqs);
  waitAll(Reqs);
  Reader In(*Body);
  const auto Ranges = In.get<std::uint64_t>();
  for (std::uint64_t I = 0; I < Ranges; ++I) {
    const auto R = In.get<Range>();
    if (UserMemory) {
      Piece P;
      P.Iters = R;
      Work.push_back(std::move(P));
    } else {
      Work.push_back(unpackSlabs(In, Spec, R, Body));
    }
  }
}

bool Executor::apply(const Decision &D, bool Terminate) {
  ++Result.Counters.Syncs;
  if (Terminate) {
    Terminated = true;
    return true;
  }
  if (!D.Move)
    return false;
  const double Start = now();
  ++Result.Counters.Redistributions;
  Requests Sends;
  std::vector<std::vector<char>> Bodies;
  std::vector<std::vector<char>> Heads;
  Bodies.reserve(D.Transfers.size());
  Heads.reserve(D.Transfers.size());
  for (const Transfer &T : D.Transfers) {
    if (T.From != Rank)
      continue;
    Bodies.push_back(cutAndPack(T.Count, /*WithData=*/T.To != 0));
    Heads.emplace_back();
    sendValue(HeadMsg{Bodies.back().size()}, T.To, TransferHeadTag, Sends,
              Heads.back());
    postSend(Bodies.back().data(), Bodies.back().size(), T.To, TransferTag,
             Sends);
  }
  for (const Transfer &T : D.Transfers)
    if (T.To == Rank)
      receiveWork(T.From);
  waitAll(Sends);
  const double Cost = now() - Start;
  MoveCost = MoveCost > 0 ? (MoveCost + Cost) / 2 : Cost;
  if (!Work.empty())
    InitiatedIdle = false;
  return false;
}

bool Executor::syncDistributed() {
  const std::vector<int> &Members = Groups[MyGroup];
  const int Epoch = Epochs[MyGroup];
  std::vector<RankProfile> Profiles(context().Size);
  Profiles[Rank] = profile();
  sendToAll(ProfileMsg{Epoch, Profiles[Rank]}, Members, ProfileTag);
  for (int M : Members) {
    if (M == Rank)
      continue;
    const auto Msg = decode<ProfileMsg>(receive(M, ProfileTag));
    checkEpoch(Msg.Epoch, Epoch);
    Profiles[M] = Msg.Profile;
  }
  startPeriod(Profiles[Rank]);
  ++Epochs[MyGroup];
  const Decision D = decideFor(Members, Profiles);
  long long Left = 0;
  for (int M : Members)
    Left += Profiles[M].Remaining;
  return apply(D, Left == 0);
}

bool Executor::syncMember(bool Spontaneous) {
  const int Epoch = Epochs[MyGroup];
  const RankProfile Mine = profile();
  if (Spontaneous)
    sendToAll(ProfileMsg{Epoch, Mine}, {0}, ProfileTag);
  checkEpoch(decode<SyncRequestMsg>(receive(0, SyncRequestTag)).Epoch, Epoch);
  if (!Spontaneous)
    sendToAll(ProfileMsg{Epoch, Mine}, {0}, ProfileTag);
  std::vector<char> Buf = receive(0, InstructionTag);
  Reader In(Buf);
  checkEpoch(In.get<int>(), Epoch);
  const bool Terminate = In.get<bool>();
  Decision D;
  D.Move = In.get<bool>();
  D.Transfers = In.getVector<Transfer>();
  startPeriod(Mine);
  ++Epochs[MyGroup];
  return apply(D, Terminate);
}

void Executor::serveGroup(int Group, int FirstFrom,
                          const RankProfile *FirstProfile) {
  const std::vector<int> &Members = Groups[Group];
  const int Epoch = Epochs[Group];
  const bool Member = Group == MyGroup;
  sendToAll(SyncRequestMsg{Epoch}, Members, SyncRequestTag);
  std::vector<RankProfile> Profiles(context().Size);
  if (Member)
    Profiles[Rank] = profile();
  for (int M : Members) {
    if (M == Rank)
      continue;
    if (M == FirstFrom) {
      Profiles[M] = *FirstProfile;
      continue;
    }
    const auto Msg = decode<ProfileMsg>(receive(M, ProfileTag));
    checkEpoch(Msg.Epoch, Epoch);
    Profiles[M] = Msg.Profile;
  }
  const Decision D = decideFor(Members, Profiles);
  long long Left = 0;
  for (int M : Members)
    Left += Profiles[M].Remaining;
  const bool Terminate = Left == 0;

  Writer Out;
  Out.put(Epoch);
  Out.put(Terminate);
  Out.put(D.Move);
  Out.putVector(D.Move ? D.Transfers : std::vector<Transfer>());
  Requests Reqs;
  for (int M : Members)
    if (M != Rank)
      postSend(Out.buffer().data(), Out.buffer().size(), M, InstructionTag,
               Reqs);
  waitAll(Reqs);
  ++Epochs[Group];
  if (Terminate)
    GroupDone[Group] = true;
  if (Member) {
    startPeriod(Profiles[Rank]);
    apply(D, Terminate);
  } else {
    // Rank 0 serves another group: it counts the synchronization only.
    ++Result.Counters.Syncs;
    Result.Counters.Redistributions += D.Move ? 1 : 0;
  }
}

void Executor::checkSync() {
  if (!Centralized) {
    int Flag = 0;
    MPI_Iprobe(MPI_ANY_SOURCE, ProfileTag, context().Comm, &Flag,
               MPI_STATUS_IGNORE);
    if (Flag)
      syncDistributed();
    return;
  }
  if (Rank != 0) {
    int Flag = 0;
    MPI_Iprobe(0, SyncRequestTag, context().Comm, &Flag, MPI_STATUS_IGNORE);
    if (Flag)
      syncMember(/*Spontaneous=*/false);
    return;
  }
  std::vector<char> Buf;
  int From = 0;
  while (tryReceive(MPI_ANY_SOURCE, ProfileTag, Buf, &From)) {
    const auto Msg = decode<ProfileMsg>(Buf);
    const int G = groupOf(Groups, From);
    checkEpoch(Msg.Epoch, Epochs[G]);
    serveGroup(G, From, &Msg.Profile);
  }
}

bool Executor::balancerIdle() {
  // Rank 0 out of work: it starts a synchronization of its own group once,
  // then serves requests until every group it balances is done.
  if (!GroupDone[MyGroup] && !InitiatedIdle) {
    InitiatedIdle = true;
    const double Start = now();
    serveGroup(MyGroup, -1, nullptr);
    Result.Counters.BalanceSeconds += now() - Start;
    return false;
  }
  if (std::all_of(GroupDone.begin(), GroupDone.end(), [](bool B) { return B; }))
    return true;
  std::vector<char> Buf;
  int From = 0;
  Backoff Wait;
  while (!tryReceive(MPI_ANY_SOURCE, ProfileTag, Buf, &From))
    Wait.pause();
  const double Start = now();
  const auto Msg = decode<ProfileMsg>(Buf);
  const int G = groupOf(Groups, From);
  checkEpoch(Msg.Epoch, Epochs[G]);
  serveGroup(G, From, &Msg.Profile);
  Result.Counters.BalanceSeconds += now() - Start;
  return false;
}

bool Executor::idleStep() {
  if (Centralized && Rank == 0)
    return balancerIdle();
  if (Terminated)
    return true;
  const bool Spontaneous = !InitiatedIdle;
  InitiatedIdle = true;
  if (!Spontaneous) {
    // Wait for another member to start the next synchronization.
    const int Source = Centralized ? 0 : MPI_ANY_SOURCE;
    const int Tag = Centralized ? SyncRequestTag : ProfileTag;
    Backoff Wait;
    for (int Flag = 0;; Wait.pause()) {
      MPI_Iprobe(Source, Tag, context().Comm, &Flag, MPI_STATUS_IGNORE);
      if (Flag)
        break;
    }
  }
  const double Start = now();
  const bool Done = Centralized ? syncMember(Spontaneous) : syncDistributed();
  Result.Counters.BalanceSeconds += now() - Start;
  return Done;
}

} // namespace dlb
