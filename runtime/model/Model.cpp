//===- Model.cpp - Predicted cost of each strategy ------------------------===//
//
// Owns dlb::predict: the recurrence of Zaki, Parthasarathy & Li, section
// 1.3.2, run forward from a synchronization for each strategy. Work is in
// units of W (basic operations per iteration, from dlbcc), so uniform and
// non-uniform loops are the same recurrence (eqs. 1.3.1 and 1.3.2 in one):
//
//   period j: the first member f to finish its chi_f(j-1) ends it, after
//             t = min_i w_i / sigma_i(j); every member did sigma_i(j) t;
//             gamma_i(j) = w_i - sigma_i(j) t                (eqs. 1.3.1/2)
//   sync j:   xi + delta; Gamma(j) = sum gamma_i(j); done when 0 (1.3.4)
//   decide:   chi_i(j) = sigma_i / sum sigma * Gamma(j)      (eq. 1.3.3)
//             alpha(j) = 1/2 sum |gamma_i(j) - chi_i(j)|
//             moved only under decide()'s threshold and profitability
//             rules (runtime/model/Balance.h), so the model follows what the runtime
//             will do;
//   move:     kappa(j) = beta(j) L + alpha(j) D / B          (eq. 1.3.5)
//             psi(j) = beta(j) L for the centralized strategies
//
// Beyond the chapter: the predicted time is the time until the last group
// finishes, computing included (the chapter's TC counts the overheads only,
// which cannot show that a local strategy leaves its groups unbalanced);
// the future speeds follow a FutureLoad assumption; a synchronization also
// waits for computing members to reach a hook; and the LCDLB delay factor
// Delta_g(j) = sum over the nu(j) groups queued before g of delta + psi_k(j)
// comes from simulating the groups together, rank 0 serving their requests
// one at a time in arrival order.
//
//===----------------------------------------------------------------------===//
#include "model/Model.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <numeric>

namespace dlb {
namespace {

constexpr double Infinity = std::numeric_limits<double>::infinity();
/// A runaway guard: no real loop synchronizes this often.
constexpr int MaxPeriods = 100000;
/// The periodic synchronizations the model simulates per strategy: at most
/// PeriodicSteps / P of them (each costs O(P)), at least MinPeriodicSyncs;
/// a shorter period is simulated longer and each of its synchronizations
/// charged for the several it stands for. The model runs at every global
/// synchronization: its time is the runtime's.
constexpr double PeriodicSteps = 2e5;
constexpr double MinPeriodicSyncs = 100;
/// The slowest speed the model believes in, relative to the fastest rank.
constexpr double MinRelativeSpeed = 1e-3;

/// The messages of a redistribution: surplus members matched greedily with
/// deficit members in rank order, as decide() does (beta(j)).
int transfers(const std::vector<double> &Old, const std::vector<double> &New) {
  std::vector<double> Surplus, Deficit;
  for (std::size_t I = 0; I < Old.size(); ++I) {
    if (Old[I] > New[I])
      Surplus.push_back(Old[I] - New[I]);
    else if (Old[I] < New[I])
      Deficit.push_back(New[I] - Old[I]);
  }
  int Count = 0;
  std::size_t S = 0, D = 0;
  while (S < Surplus.size() && D < Deficit.size()) {
    const double M = std::min(Surplus[S], Deficit[D]);
    ++Count;
    Surplus[S] -= M;
    Deficit[D] -= M;
    // Rounding leaves crumbs; a relative tolerance ends each side.
    if (Surplus[S] <= 1e-9 * (M + 1))
      ++S;
    if (Deficit[D] <= 1e-9 * (M + 1))
      ++D;
  }
  return Count;
}

/// decide()'s rules applied to W units: the new work per member (eq.
/// 1.3.3), or Work when nothing moves; Alpha is the work moved.
std::vector<double> redistribute(const ModelInput &In,
                                 const std::vector<double> &Work,
                                 const std::vector<double> &Speeds,
                                 double &Alpha) {
  Alpha = 0;
  const double Gamma = std::accumulate(Work.begin(), Work.end(), 0.0);
  const double SpeedSum = std::accumulate(Speeds.begin(), Speeds.end(), 0.0);
  if (Gamma <= 0 || SpeedSum <= 0)
    return Work;
  std::vector<double> New(Work.size());
  double Before = 0, After = 0, Moved = 0;
  for (std::size_t I = 0; I < Work.size(); ++I) {
    New[I] = Speeds[I] / SpeedSum * Gamma; // eq. 1.3.3
    Moved += std::max(0.0, New[I] - Work[I]);
    Before = std::max(Before, Speeds[I] > 0 ? Work[I] / Speeds[I]
                                            : (Work[I] > 0 ? Infinity : 0));
    After = std::max(After, Speeds[I] > 0 ? New[I] / Speeds[I] : 0);
  }
  const double Iterations = Moved / In.WorkPerIteration;
  const double MoveCost = Iterations * In.Balance.MoveSecondsPerIteration;
  const BalanceParams &B = In.Balance;
  // decide()'s rules: the threshold on the finish without costs, then the
  // cost-benefit test over the loads' expected persistence.
  const double Benefit = projectedBenefit(Before, After, In.LoadPersistence);
  if (Iterations < B.MinMove || Moved < B.MinMoveFraction * Gamma ||
      After > B.ProfitFactor * Before ||
      (B.CostBenefit && MoveCost > B.CostBenefitMargin * Benefit))
    return Work;
  Alpha = Moved; // = 1/2 sum |gamma_i - chi_i|
  return New;
}

/// One group's course under one strategy.
struct Group {
  std::vector<int> Members;
  std::vector<double> Work; ///< per member, W units left
  std::vector<double> Done; ///< per member, W units since the last sync
  double Time = 0;          ///< since the evaluation
  double LastSync = 0;
  /// Speed shifts so far (FutureLoad::Shifting), and when the next comes.
  long long Shift = 0;
  double NextChange = std::numeric_limits<double>::infinity();
  bool Finished = false;
  Prediction P;
};

class Simulation {
public:
  /// PeriodWeight: the runtime's synchronizations that one periodic
  /// synchronization of the simulation stands for.
  Simulation(const ModelInput &In, Strategy S, double PeriodWeight)
      : In(In), S(S), PeriodWeight(PeriodWeight) {}

  Prediction run(const std::vector<double> &Start);

private:
  /// Rank M's speed after Shift shifts: the measured speeds, shifted by one
  /// rank per persistence period under FutureLoad::Shifting (the current
  /// load goes on for half a period).
  double speed(int M, long long Shift) const;
  /// Counts the shifts up to G's time.
  void catchUp(Group &G) const;
  /// The time of G's next event: a speed change, a member running out or
  /// the end of the balancing period.
  double nextEvent(const Group &G) const;
  /// When G's balancing period ends (ModelInput::SyncPeriod).
  double periodDue(const Group &G) const;
  void advance(Group &G, double Until);
  void step(Group &G, double &ServerFree);

  const ModelInput &In;
  Strategy S;
  double PeriodWeight;
};

double Simulation::speed(int M, long long Shift) const {
  const std::size_t P = In.Speeds.size();
  return In.Speeds[(static_cast<std::size_t>(M) + Shift) % P];
}

void Simulation::catchUp(Group &G) const {
  while (G.NextChange <= G.Time) {
    ++G.Shift;
    G.NextChange = (G.Shift + 0.5) * In.LoadPersistence;
  }
}

double Simulation::nextEvent(const Group &G) const {
  double Finish = Infinity;
  for (std::size_t I = 0; I < G.Members.size(); ++I)
    if (G.Work[I] > 0)
      Finish = std::min(Finish,
                        G.Time + G.Work[I] / speed(G.Members[I], G.Shift));
  const double Event = std::min(Finish, G.NextChange);
  // Nothing can finish: synchronizing would not help either.
  if (Event == Infinity || In.SyncPeriod <= 0)
    return Event;
  return std::min(Event, periodDue(G));
}

double Simulation::periodDue(const Group &G) const {
  return In.SyncPeriod > 0 && G.Members.size() > 1
             ? G.LastSync + In.SyncPeriod
             : Infinity;
}

void Simulation::advance(Group &G, double Until) {
  for (std::size_t I = 0; I < G.Work.size(); ++I) {
    const double Speed = speed(G.Members[I], G.Shift);
    // A member that finishes by Until does all its work: computed from the
    // time difference, rounding would leave it a crumb (or, once Time is
    // large, nothing at all).
    const double Did = G.Time + G.Work[I] / Speed <= Until
                           ? G.Work[I]
                           : Speed * (Until - G.Time);
    G.Work[I] -= Did;
    G.Done[I] += Did;
  }
  G.Time = Until;
}

void Simulation::step(Group &G, double &ServerFree) {
  catchUp(G);
  const double Change = G.NextChange;
  const double Event = nextEvent(G);
  if (Event == Infinity) { // nothing can finish
    G.Time = Infinity;
    G.Finished = true;
    return;
  }
  advance(G, Event);
  catchUp(G);
  const double Gamma = std::accumulate(G.Work.begin(), G.Work.end(), 0.0);
  bool RanOut = false;
  for (std::size_t I = 0; I < G.Work.size(); ++I)
    RanOut |= G.Work[I] == 0 && G.Done[I] > 0;
  if (Event == Change && Event < periodDue(G) && !RanOut && Gamma > 0)
    return; // only the load changed
  // A group of one never synchronizes: it just runs out.
  if (G.Members.size() == 1) {
    G.Finished = Gamma <= 0;
    return;
  }
  const double Xi = syncCost(In, S, static_cast<int>(G.Members.size()));
  const double Weight = !RanOut && Event >= periodDue(G) ? PeriodWeight : 1;
  G.Time += (Xi + In.Delta) * Weight;
  G.P.SyncSeconds += (Xi + In.Delta) * Weight;
  ++G.P.Syncs;
  if (Gamma <= 0) { // eq. 1.3.4
    G.Finished = true;
    return;
  }
  // The profiles: each member's average effective speed since the last
  // synchronization (sigma_i(j)).
  const double Period = std::max(Event - G.LastSync, 1e-300);
  std::vector<double> Sigma;
  for (double D : G.Done)
    Sigma.push_back(D / Period);
  G.Done.assign(G.Done.size(), 0);
  G.LastSync = G.Time;
  // Work moves at the chapter's trigger, a member running out. A periodic
  // synchronization is charged its cost only: at most of them the
  // runtime's decide() moves nothing (9 moves in 101 synchronizations of
  // AC on 16 simulated workstations), and the model's loads, shifting at a
  // persistence measured over the first period, would move work at each.
  if (!RanOut)
    return;
  double Alpha = 0;
  std::vector<double> New = redistribute(In, G.Work, Sigma, Alpha);
  if (Alpha <= 0)
    return;
  const int Beta = transfers(G.Work, New);
  const double Kappa = Beta * In.Net.Latency +
                       Alpha / In.WorkPerIteration * In.DataBytes /
                           In.Net.Bandwidth; // eq. 1.3.5
  double Psi = 0;
  if (isCentralized(S)) {
    // Instructions go to the senders, which read them at a hook.
    Psi = Beta * In.Net.Latency + In.PollSeconds / 2;
    if (S == Strategy::LCDLB) {
      // Delta_g(j): rank 0 computes and sends one group's instructions at
      // a time.
      const double Start = std::max(G.Time, ServerFree);
      ServerFree = Start + In.Delta + Psi;
      G.P.DelaySeconds += Start - G.Time;
      G.Time = Start;
    }
  }
  G.Time += Kappa + Psi;
  G.LastSync = G.Time;
  G.P.MoveSeconds += Kappa;
  G.P.InstructionSeconds += Psi;
  G.Work = std::move(New);
}

Prediction Simulation::run(const std::vector<double> &Start) {
  const int P = static_cast<int>(In.Speeds.size());
  std::vector<Group> Groups;
  for (const std::vector<int> &Members :
       fixedGroups(P, isLocal(S) ? std::max(1, In.GroupSize) : P)) {
    Group G;
    G.Members = Members;
    for (int M : Members)
      G.Work.push_back(Start[M]);
    G.Done.assign(Members.size(), 0);
    if (In.Future == FutureLoad::Shifting)
      G.NextChange = In.LoadPersistence / 2;
    G.P.Strat = S;
    Groups.push_back(std::move(G));
  }
  double ServerFree = 0;
  for (int Guard = 0; Guard < MaxPeriods; ++Guard) {
    // The groups' events in time order, so that rank 0 serves LCDLB
    // requests in the order they arrive.
    Group *Next = nullptr;
    double NextTime = Infinity;
    for (Group &G : Groups) {
      if (G.Finished)
        continue;
      catchUp(G);
      const double T = nextEvent(G);
      if (!Next || T < NextTime) {
        Next = &G;
        NextTime = T;
      }
    }
    if (!Next)
      break;
    step(*Next, ServerFree);
  }
  Prediction Worst;
  Worst.Strat = S;
  Worst.Seconds = -1;
  for (const Group &G : Groups)
    if (G.Time > Worst.Seconds) {
      Worst = G.P;
      Worst.Seconds = G.Finished ? G.Time : Infinity;
    }
  return Worst;
}

} // namespace

double syncCost(const ModelInput &In, Strategy S, int N) {
  if (N <= 1)
    return 0;
  // The members other than the initiator answer at their next hook: the
  // last of N-1 uniform delays in [0, poll) comes on average after
  // (N-1)/N of the period; under a centralized strategy rank 0, which
  // computes too, first has to notice the request (half a period).
  const double Hook = In.PollSeconds * (N - 1) / N;
  const NetProfile &Net = In.Net;
  if (isCentralized(S))
    return Net.cost(Pattern::OneToAll, N, In.InstructionBytes) +
           Net.cost(Pattern::AllToOne, N, In.ProfileBytes) + Hook +
           In.PollSeconds / 2;
  return Net.cost(Pattern::OneToAll, N, In.ProfileBytes) +
         Net.cost(Pattern::AllToAll, N, In.ProfileBytes) + Hook;
}

std::vector<Prediction> predict(const ModelInput &Given) {
  assert(Given.Speeds.size() == Given.Remaining.size() && "one speed per rank");
  assert(Given.WorkPerIteration > 0 && Given.Net.Bandwidth > 0 && "bad input");
  // A rank that finished no iteration in its measured time has speed 0;
  // taken literally it would never finish whatever work a shifting load
  // gives it. It counts as MinRelativeSpeed of the fastest rank.
  ModelInput In = Given;
  const double Fastest = *std::max_element(In.Speeds.begin(), In.Speeds.end());
  for (double &S : In.Speeds)
    S = std::max(S, MinRelativeSpeed * Fastest);
  // Eq. 11 with the cheapest strategy's xi (ModelInput::InteractFraction),
  // then within the budget of periodic synchronizations over the least time
  // the work can take (all ranks at their speeds, nothing else).
  double PeriodWeight = 1;
  if (In.SyncPeriod > 0 && In.InteractFraction > 0) {
    const int P = static_cast<int>(In.Speeds.size());
    double Cheapest = Infinity;
    for (Strategy S : ModelStrategies)
      Cheapest = std::min(
          Cheapest,
          syncCost(In, S, isLocal(S) ? std::min(P, std::max(1, In.GroupSize))
                                     : P) +
              In.Delta);
    In.SyncPeriod = std::max(In.SyncPeriod, Cheapest / In.InteractFraction);
  }
  if (In.SyncPeriod > 0) {
    const double Most = std::max(
        MinPeriodicSyncs,
        PeriodicSteps / static_cast<double>(In.Speeds.size()));
    const double Least =
        std::accumulate(In.Remaining.begin(), In.Remaining.end(), 0.0) /
        std::accumulate(In.Speeds.begin(), In.Speeds.end(), 0.0);
    if (Least / In.SyncPeriod > Most) {
      PeriodWeight = Least / Most / In.SyncPeriod;
      In.SyncPeriod = Least / Most;
    }
  }
  // The synchronization where the model runs redistributes over all ranks
  // whatever comes next: every strategy starts from its result.
  double Alpha = 0;
  const std::vector<double> Start =
      redistribute(In, In.Remaining, In.Speeds, Alpha);
  std::vector<Prediction> Out;
  for (Strategy S : ModelStrategies)
    Out.push_back(Simulation(In, S, PeriodWeight).run(Start));
  return Out;
}

Strategy cheapest(const std::vector<Prediction> &Predictions) {
  assert(!Predictions.empty() && "nothing to choose from");
  const Prediction *Best = &Predictions.front();
  for (const Prediction &P : Predictions)
    if (P.Seconds < Best->Seconds)
      Best = &P;
  return Best->Strat;
}

Strategy select(const std::vector<Prediction> &Predictions, Strategy Current,
                double Margin) {
  std::vector<Prediction> Global;
  for (const Prediction &P : Predictions)
    if (!isLocal(P.Strat))
      Global.push_back(P);
  const Strategy BestGlobal = cheapest(Global);
  auto SecondsOf = [&](Strategy S) {
    for (const Prediction &P : Predictions)
      if (P.Strat == S)
        return P.Seconds;
    return Infinity;
  };
  if (Current == Strategy::Auto) {
    // A local strategy never synchronizes all ranks again: the choice
    // could not be revised, so it must win by the margin.
    const Strategy Best = cheapest(Predictions);
    const Strategy Candidate =
        Best == BestGlobal ||
                SecondsOf(Best) < (1 - Margin) * SecondsOf(BestGlobal)
            ? Best
            : BestGlobal;
    // Until now auto ran GCDLB's protocol: like a re-selection, leaving it
    // must win by the margin. A switch costs what the model does not price
    // (the protocol's state restarts, PROFILEs in flight are void), and its
    // predictions of the global strategies differ by less than it can
    // resolve: on the simulated Table 1.4 GDDLB's were within 0.1% of
    // GCDLB's on every row, and GDDLB was the slower in 18 of the 19 rows
    // auto chose it on.
    return Candidate == Strategy::GCDLB ||
                   SecondsOf(Candidate) <
                       (1 - Margin) * SecondsOf(Strategy::GCDLB)
               ? Candidate
               : Strategy::GCDLB;
  }
  // Later choices are among the global strategies, for the same reason.
  if (BestGlobal == Current)
    return Current;
  return SecondsOf(BestGlobal) < (1 - Margin) * SecondsOf(Current)
             ? BestGlobal
             : Current;
}

DistributionPrediction predictDistribution(const DistributionInput &In) {
  DistributionPrediction Out;
  Out.AloneSeconds = In.AloneSeconds;
  const double P = std::max(In.Ranks, 1);
  // Rank 0 sends every other rank its command and rows before it
  // computes, and takes each one's result in after: these transfers are
  // serial on rank 0; the whole arrays go down the relay tree (Relay.h),
  // ceil(log2 P) copies one after the other; the computing is split P
  // ways.
  const double Moved = (In.RowBytes + In.WrittenRowBytes) * (P - 1) / P +
                       In.WholeBytes * std::ceil(std::log2(P));
  // The work goes to the ranks as their cores let them compute it (a
  // balanced execution: a dynamic strategy moves it so, a loop balanced
  // between executions from the next one on), plus the wait for a core
  // shared with a busy process, which a short execution pays whole
  // (jacobi2d's sweeps of 4.4 ms next to a CPU hog took 8-11 ms
  // distributed).
  const double Shares = In.ShareSum > 0 ? In.ShareSum : P;
  Out.DistributedSeconds =
      In.AloneSeconds * In.Rank0Share / Shares + In.Waiting +
      Moved * In.ByteSeconds +
      std::max((P - 1) * 3 * In.Latency, In.ExecutionSeconds > 0
                                             ? In.ExecutionSeconds
                                             : In.PatternSeconds);
  Out.Pays = In.Ranks > 1 &&
             Out.DistributedSeconds <= In.ProfitFactor * In.AloneSeconds;
  return Out;
}

} // namespace dlb
