//===- DistributionJudgement.cpp - Whether a loop pays to distribute ------===//
//
// Owns rank 0's judgement of whether a loop's execution pays to distribute:
// the probe before it (Profit.h), whose answer stands for the loop's later
// executions it covers, and the verdict after a distributed execution,
// which may send the loop, and the loops that share its kept arrays, alone.
//
//===----------------------------------------------------------------------===//
#include "execution/RootExecution.h"

#include "residency/Layout.h"
#include "residency/Residency.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace dlb {

namespace {

/// Whether an execution of Size iterations runs alone by the last probe's
/// answer: one no larger than the probed one, or one at most 4 times
/// larger whose time alone, scaled from the probed one's, stays below half
/// the probed distributed time (which only grows with the size: more to
/// compute and to move); 4 times at most, since the time per iteration may
/// grow as the data outgrow a cache. Trisolv's steps grow by one iteration
/// each; sampled at every step, 4000 of them took 0.2 ms each on 2 ranks
/// for 10 us of work.
bool knownAlone(const Context::ProbeAnswer &H, long long Size) {
  if (Size <= H.Iterations)
    return true;
  return Size <= 4 * H.Iterations && H.Predicted.AloneSeconds > 0 &&
         H.Predicted.AloneSeconds * static_cast<double>(Size) /
                 static_cast<double>(H.Iterations) <=
             0.5 * H.Predicted.DistributedSeconds;
}

/// An execution predicted to take this long alone or longer is not
/// rehearsed (RootExecution::rehearses).
constexpr double RehearsalSeconds = 0.1;

/// Whether A's loop keeps the array Id.
bool keeps(const Context::ProbeAnswer &A, std::uint64_t Id) {
  return std::count(A.KeptIds.begin(), A.KeptIds.end(), Id) > 0;
}

/// Whether A and B keep an array in common.
bool shareKept(const Context::ProbeAnswer &A, const Context::ProbeAnswer &B) {
  return std::any_of(A.KeptIds.begin(), A.KeptIds.end(),
                     [&](std::uint64_t Id) { return keeps(B, Id); });
}

/// History and the loops not gone alone that keep arrays with it, or with
/// one of those, and so on.
std::vector<Context::ProbeAnswer *>
keptGroup(Context::ProbeAnswer &History,
          std::map<const LoopDesc *, Context::ProbeAnswer> &Probes) {
  std::vector<Context::ProbeAnswer *> Group{&History};
  for (std::size_t Next = 0; Next < Group.size(); ++Next)
    for (auto &[Desc, Other] : Probes)
      if (!Other.Switched &&
          std::find(Group.begin(), Group.end(), &Other) == Group.end() &&
          shareKept(Other, *Group[Next]))
        Group.push_back(&Other);
  return Group;
}

/// The mean per execution of a decayed sum (KeptDecay) over Runs of them.
double perExecution(double Sum, int Runs) {
  return Runs > 0 ? Sum * (1 - KeptDecay) / (1 - std::pow(KeptDecay, Runs)) : 0;
}

/// The loops of Group, a group of loops that pays distributed as a whole,
/// that do not pay by themselves and may go alone without the others:
/// those whose executions took longer than their computing by the
/// threshold, when what they would save in a round of the group's loops
/// (each executed once) exceeds what their going alone costs in it: the
/// arrays they keep with the others come back and go out again, two
/// exchanges with the ranks (each taken to cost what the cheapest of the
/// light loops' own executions spent beyond its computing) moving those
/// bytes (at ByteSeconds a byte). So one light loop beside a heavy one
/// never goes alone (heavy-light.test: under load, the light copy's 1.4 ms
/// against 0.04 ms of computing sent it alone, and the heavy loop handed
/// the grids out again), while NPB CG's vector updates beside its mat-vec
/// (0.12-0.18 ms each distributed for 0.01 ms of computing, the mat-vec
/// 1.4 ms for 1.9 ms of computing: together they looked paid for) do.
/// Empty if none, or before every loop of the group was judged on two
/// executions: all go at once, since one gone alone takes the arrays it
/// shares from the others, which then no longer start from kept arrays.
std::vector<Context::ProbeAnswer *>
lightLoops(const std::vector<Context::ProbeAnswer *> &Group, double Threshold,
           double ByteSeconds) {
  std::vector<Context::ProbeAnswer *> Light, Heavy;
  double Saved = 0, Exchange = HUGE_VAL;
  for (Context::ProbeAnswer *A : Group) {
    const int Runs = A->KeptRuns - KeptWarmup;
    if (Runs < 2)
      return {};
    const double Elapsed = perExecution(A->KeptElapsed, Runs);
    const double Computed = perExecution(A->KeptComputed, Runs);
    const bool Pays = Computed > (1 - Threshold) * Elapsed;
    (Pays ? Heavy : Light).push_back(A);
    if (!Pays) {
      Saved += (1 - Threshold) * Elapsed - Computed;
      Exchange = std::min(Exchange, Elapsed - Computed);
    }
  }
  if (Light.empty() || Heavy.empty())
    return {};
  double Shared = 0;
  std::vector<std::uint64_t> Counted;
  for (const Context::ProbeAnswer *A : Light)
    for (std::size_t K = 0; K < A->KeptIds.size(); ++K) {
      const std::uint64_t Id = A->KeptIds[K];
      const bool Kept = std::any_of(
          Heavy.begin(), Heavy.end(),
          [&](const Context::ProbeAnswer *H) { return keeps(*H, Id); });
      if (Kept && !std::count(Counted.begin(), Counted.end(), Id)) {
        Counted.push_back(Id);
        Shared += A->KeptBytes[K];
      }
    }
  return Saved > 2 * (Exchange + Shared * ByteSeconds)
             ? Light
             : std::vector<Context::ProbeAnswer *>();
}

} // namespace

bool RootExecution::knownAloneInOneBlock() const {
  // Alone with nothing to poll for: one block (runShare), no probe
  // (trisolv's steps on 2 ranks, 8000 executions of microseconds).
  return Probing && History.Decided && History.Alone &&
         knownAlone(History, Space.size()) && Quiet && !L.Pipelined;
}

bool RootExecution::rehearses(const Prospect &To) {
  // The first sampled execution of a loop that would hand out its arrays
  // to keep runs alone instead, once, when it is short, and the next one
  // decides: its samples find the caches that this one warmed. A short
  // execution's samples may all be cold: trisolv's step j reads column j
  // of L, 8000 cache lines that steps j+1 to j+7 find warm; sampled cold
  // (0.35 ms predicted alone, 0.03 ms warm), every step was handed out 256
  // MB of L to keep, and 2 ranks took 0.49-0.75 s against 0.13 s on one.
  // A long one (0.1 s alone or more) loses more by waiting than its cold
  // lines cost it.
  if (!To.Keeps || History.Rehearsed ||
      Probed->prediction().AloneSeconds >= RehearsalSeconds)
    return false;
  History.Rehearsed = true;
  return true;
}

void RootExecution::probe() {
  // The last probe's answer stands for executions it covers: no larger
  // one after it ran alone (knownAlone), no smaller one after it was
  // distributed (LU's shrinking steps, a time loop's equal ones).
  const bool Known =
      History.Decided && (History.Alone ? knownAlone(History, Space.size())
                                        : Space.size() >= History.Iterations);
  if (!Probing || (Known && !History.Alone))
    return;
  if (knownAloneInOneBlock()) {
    Alone = OneBlock = true;
  } else {
    Prospect To;
    To.Ranks = Ranks;
    To.Latency = Params.Net.Latency;
    To.Bandwidth = Params.Net.Bandwidth;
    To.FreshCopy = Params.Net.FreshCopy;
    To.ProfitFactor = Params.Balance.ProfitFactor;
    To.ExecutionSeconds = C.ExecutionSeconds;
    To.PatternSeconds = Params.Net.cost(Pattern::OneToAll, Ranks, 64) +
                        Params.Net.cost(Pattern::AllToOne, Ranks, 64);
    To.Keeps = std::any_of(L.Arrays.begin(), L.Arrays.end(),
                           [](const ArrayArg &A) { return A.Keep; });
    To.Shares = &C.CoreShares;
    To.Quantum = C.Opts.Quantum;
    Probed.emplace(Spec, L.Desc.kernel(), aloneParams(), Curve, Views);
    Alone = Known || !Probed->worthDistributing(Space, To);
    const bool Rehearse = !Known && !Alone && rehearses(To);
    Alone = Alone || Rehearse;
    if (Known)
      Probed->runAll(Space);
    else if (Alone)
      Probed->runRest();
    Left = Probed->rest();
    if (!Known && !Rehearse) {
      History.Iterations = Space.size();
      History.Decided = true;
      History.Alone = Alone;
      History.Irregular = Probed->irregular();
      History.Predicted = Probed->prediction();
    }
  }
  // Nothing was balanced, between executions or otherwise, and nothing is
  // left on the ranks.
  Params.Between &= !Alone;
  if (Alone)
    for (ArrayArg &A : L.Arrays)
      A.Keep = false;
}

void RootExecution::judgeDistributed(double Elapsed) {
  double Longest = 0, Computed = 0;
  for (const RankResult &W : Work) {
    Longest = std::max(Longest,
                       W.Counters.ComputeSeconds + W.Counters.LoadSeconds);
    // CPU seconds: next to a busy process, a rank's wall seconds in the
    // kernel count the slices the process took from it (jacobi2d next to
    // a CPU hog: 2.3 ms for its rows when it kept its core, 6 ms when the
    // hog took it in between), which rank 0 alone would not spend.
    Computed += W.Counters.CpuSeconds;
  }
  const double Fixed = std::max(Elapsed - Longest, 0.0);
  C.ExecutionSeconds =
      C.ExecutionSeconds > 0 ? std::min(C.ExecutionSeconds, Fixed) : Fixed;
  // Its arrays went out and came back, as the probe's answer had it (that
  // answer stands for the loop's later executions of this size, probe()):
  // if it took longer than all its computing, the next execution probes
  // again. One probe taken while the host was disturbed does not decide a
  // time loop's every step (CI, distribute.test: rank 0 alone predicted at
  // 35 ms for a loop of 3 ms, and 26 ms distributed for one that takes 70).
  if (Probing && !Alone && !Keeps && Computed < Elapsed)
    History.Decided = false;
  // Started from kept arrays, it moved no data: once such executions of
  // the loop took longer than all their computing (what rank 0 alone would
  // have taken, at its speed), by the threshold as pipelineAlone judges a
  // pipeline, the loop runs alone from the next one on, bringing its arrays
  // back once (a time loop of tiny steps, where each execution's messages
  // cost more than its iterations). At most once per loop.
  if (!FromKept || C.Opts.DistributeAlways || History.Switched)
    return;
  History.KeptIds.clear();
  History.KeptBytes.clear();
  for (const ArrayArg &A : L.Arrays)
    if (A.Kept && A.Role == ArrayArg::Distributed) {
      History.KeptIds.push_back(A.Id);
      History.KeptBytes.push_back(static_cast<double>(arrayBytes(A)));
    }
  History.KeptIterations = Space.size();
  // The first executions from kept rows pay for the workers' new memory:
  // they are not judged (KeptWarmup).
  if (++History.KeptRuns <= KeptWarmup)
    return;
  History.KeptElapsed = KeptDecay * History.KeptElapsed + Elapsed;
  History.KeptComputed = KeptDecay * History.KeptComputed + Computed;
  // Judged with the other loops that started from the same kept arrays
  // (and those that share others with them), and they go alone with it:
  // one of them would otherwise hand the arrays
  // out again at its next execution (jacobi2d's two sweeps next to a CPU
  // hog: 43 ms to bring 40 MB back, 43 ms to send them again), and a light
  // loop beside a heavy one must not take the heavy one's arrays away.
  // Their sums, not each execution: next to a CPU hog, the rank on its
  // core loses a slice to it at every second execution or so (jacobi2d:
  // 2.5 ms, then 8 ms).
  std::vector<Context::ProbeAnswer *> Group = keptGroup(History, C.Probes);
  double GroupElapsed = 0, GroupComputed = 0;
  int Runs = 0;
  for (const Context::ProbeAnswer *Other : Group) {
    GroupElapsed += Other->KeptElapsed;
    GroupComputed += Other->KeptComputed;
    Runs += std::max(Other->KeptRuns - KeptWarmup, 0);
  }
  if (History.KeptRuns < KeptWarmup + 2 || Runs < KeptJudged)
    return;
  if (GroupComputed > (1 - C.Opts.Threshold) * GroupElapsed)
    Group = lightLoops(
        Group, C.Opts.Threshold,
        transferByteSeconds(Params.Net.Bandwidth, Params.Net.FreshCopy));
  for (Context::ProbeAnswer *Answer : Group) {
    Answer->Decided = Answer->Alone = Answer->Switched = Answer->Return = true;
    Answer->Iterations = Answer->KeptIterations;
    Answer->Predicted = {}; // judged from history: no larger size covered
  }
}

} // namespace dlb
