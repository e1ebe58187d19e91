//===- SelfScheduling.cpp - Master-worker self-scheduling
//------------------===//
//
// The messages: a worker out of work sends rank 0 an ASK (ProfileTag: its
// speed so far) and waits; rank 0 answers at its next hook (DirectiveTag: the
// chunk's size, 0 for the end), then sends the chunk as any transfer
// (TransferHeadTag, TransferTag: PieceRunner::cutAndPack). Every ASK gets
// exactly one answer and a worker asks again only after it, so nothing is
// left in flight when the loop ends.
//
//===----------------------------------------------------------------------===//
#include "protocols/SelfScheduling.h"

#include "transport/Comm.h"
#include "core/Context.h"
#include "messages/Balancing.h"
#include "transport/Protocol.h"
#include "residency/Residency.h"
#include "observe/Trace.h"

#include <algorithm>
#include <cmath>

namespace dlb {
namespace {

/// Rank 0 looks for requests this often while it computes: an idle worker
/// waits for the answer at most about this long.
constexpr double MasterPollSeconds = 2e-4;

} // namespace

std::unique_ptr<ChunkRule> chunkRule(Strategy S) {
  switch (S) {
#define DLB_STRATEGY(Id, Name, Local, Centralized, Modeled, Chunks, Desc)    \
  DLB_CHUNKS_##Chunks(Id)
#define DLB_CHUNKS_true(Id)                                                    \
  case Strategy::Id:                                                           \
    return make##Id##Chunks();
#define DLB_CHUNKS_false(Id)
#include "dlb/Strategies.def"
#undef DLB_CHUNKS_true
#undef DLB_CHUNKS_false
  default:
    return nullptr;
  }
}

std::vector<std::vector<Range>> firstChunks(ChunkRule &Rule, long long Count,
                                            int Ranks) {
  std::vector<std::vector<Range>> Parts(Ranks);
  ChunkRequest Req;
  Req.Ranks = Ranks;
  Req.Rates.assign(Ranks, 0.0);
  long long End = Count;
  for (int W = 1; W < Ranks && End > 0; ++W) {
    Req.Remaining = End;
    Req.Requester = W;
    const long long Size = std::clamp(Rule.next(Req), 1LL, End);
    Parts[W].push_back({End - Size, End});
    End -= Size;
  }
  if (End > 0)
    Parts[0].push_back({0, End});
  return Parts;
}

SelfSchedulingRunner::SelfSchedulingRunner(const LoopSpec &Spec,
                                           KernelFn Kernel,
                                           const ExecParams &Params,
                                           const WorkCurve &Curve,
                                           std::vector<ArrayView> &Views,
                                           std::unique_ptr<ChunkRule> Rule)
    : PieceRunner(Spec, Kernel, Params, Curve, Views), Rule(std::move(Rule)),
      Rates(context().Size, 0.0), Asking(context().Size - 1) {}

double SelfSchedulingRunner::rate() const {
  const double Busy = busy();
  return Busy > 0 ? static_cast<double>(iterationsRun()) / Busy : 0;
}

void SelfSchedulingRunner::poll(Block &B) {
  detail::BlockState &State = detail::state(B);
  hookStretch(B);
  State.Strip = stripSize();
  if (Rank == 0) {
    const double Start = now();
    const bool Served = serve();
    Result.Counters.BalanceSeconds += now() - Start;
    if (trace::on() && Served)
      trace::span(trace::Kind::Synchronization, Start,
                  static_cast<int>(Params.Strat), Result.Counters.Syncs);
    LastPoll = now();
  }
  // Rank 0 polls often, to answer promptly; a worker only accounts.
  const double Every = Rank == 0 ? MasterPollSeconds : PollSeconds;
  State.Countdown = pollCountdown(Every, State.Strip);
}

bool SelfSchedulingRunner::serve() {
  bool Served = false;
  std::vector<char> Buf;
  int From = 0;
  while (tryReceive(MPI_ANY_SOURCE, ProfileTag, Buf, &From)) {
    Served = true;
    Rates[From] = decode<ChunkAsk>(std::move(Buf)).Rate;
    Rates[0] = rate();
    ChunkRequest Req;
    Req.Remaining = remaining();
    Req.Ranks = context().Size;
    Req.Requester = From;
    Req.Rates = Rates;
    ChunkAnswer A;
    if (Req.Remaining > 0)
      A.Count = std::clamp(Rule->next(Req), 1LL, Req.Remaining);
    sendToEach(encode(A), {From}, DirectiveTag);
    ++Result.Counters.Syncs;
    if (A.Count == 0) {
      --Asking;
      continue;
    }
    ++Result.Counters.Redistributions;
    // Rank 0 holds every array, current but for the rows the ranks kept
    // from an earlier execution (Residency.h).
    const double Cut = now();
    const std::vector<char> Body = cutAndPack(A.Count, true);
    Requests Sends;
    const std::vector<char> Head = encode(HeadMsg{Body.size()});
    postSend(Head.data(), Head.size(), From, TransferHeadTag, Sends);
    postSend(Body.data(), Body.size(), From, TransferTag, Sends);
    waitAll(Sends, {"a chunk to reach the rank that asked", From});
    if (trace::on())
      trace::transfer(trace::Kind::Send, Cut, From, A.Count,
                      static_cast<long long>(Body.size()));
  }
  return Served;
}

bool SelfSchedulingRunner::ask() {
  const double Start = now();
  sendToEach(encode(ChunkAsk{rate()}), {0}, ProfileTag);
  ++Result.Counters.ProfilesToRoot;
  const auto A = decode<ChunkAnswer>(
      receive(0, DirectiveTag, "rank 0's answer: a chunk or the end"));
  if (A.Count > 0)
    receiveWork(0);
  Result.Counters.WaitSeconds += now() - Start;
  if (trace::on())
    trace::span(trace::Kind::Idle, Start, static_cast<int>(Params.Strat));
  return A.Count > 0;
}

void SelfSchedulingRunner::run() {
  context().Watch.State = [this] {
    return std::string(strategyName(Params.Strat)) + ", " +
           std::to_string(remaining()) + " iterations left here" +
           (Rank == 0 ? ", " + std::to_string(Asking) + " ranks still asking"
                      : std::string());
  };
  prime();
  LastPoll = now();
  for (;;) {
    runQueued();
    if (Rank != 0) {
      if (!ask())
        return;
      continue;
    }
    // Rank 0 has handed out or run everything: the end for every worker
    // that asks, until none is left.
    const double Start = now();
    Backoff Wait({"the workers' last requests"});
    while (Asking > 0)
      if (serve())
        Wait.reset();
      else
        Wait.pause();
    Result.Counters.WaitSeconds += now() - Start;
    if (trace::on())
      trace::span(trace::Kind::Idle, Start, static_cast<int>(Params.Strat));
    return;
  }
}

} // namespace dlb
