//===- Profit.cpp - Whether an execution is worth distributing ------------===//
//
// The probe of Profit.h: its samples, the measured cost of moving a byte,
// and the inputs of predictDistribution.
//
//===----------------------------------------------------------------------===//
#include "execution/Profit.h"

#include "core/Context.h"
#include "platform/SlabMemory.h"
#include "residency/Layout.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <vector>

namespace dlb {

double transferByteSeconds(double Bandwidth, double FreshCopy) {
  // A profile without it (a --dlb-netprofile file written before profiles
  // had it): measured here, once.
  if (FreshCopy <= 0) {
    static const double Measured = freshCopyByteSeconds();
    FreshCopy = Measured;
  }
  return 3 * FreshCopy + 1 / Bandwidth;
}

namespace {

/// The shortest measurement that may decide before the probe's limit.
constexpr double MinSeconds = 200e-6;
/// A stratum's speed is steady once two chunks in a row, the second twice
/// the first, cost within this factor of each other per work unit: with a
/// call costing c and an iteration r, chunks of n and 2n iterations give
/// r + c/n and r + c/2n, within 1.2 of each other once c/n <= r/2, and the
/// best of them is then within 1.25 of r. Before that, a chunk of an
/// iteration or two, its call's cost (and a slice a busy process took
/// from it) counted as the iterations', decided for all of them: 100 times
/// the call under --dlb-load=constant:load=100 on rank 0 predicted a light
/// loop of 3 ms at 450 s alone.
constexpr double SteadyFactor = 1.2;
/// A chunk of this many CPU seconds measures its iterations whatever the
/// call costs (microseconds): a Mandelbrot row decides at once, where its
/// neighbours' costs, not the call's, differ by more than SteadyFactor.
/// Not a stratum's first chunk, which runs with cold caches: mvt's
/// transposed loop (x2 += A^T y2, 8000 x 8000) took 300 us for its first
/// column, whose 8000 cache lines the next 7 columns find warm (35 us
/// each); decided on first chunks, it was predicted at 2.57 s alone
/// against 0.25 s, and distributed, sending A, in 1.15 s.
constexpr double SureChunkSeconds = 200e-6;
/// The strata the samples come from.
constexpr long long Strata8 = 8;
/// Strata whose costs per work unit differ more than this are irregular
/// (Probe::irregular): beyond what cold caches make of a first chunk...
constexpr double IrregularFactor = 4;
/// ...in chunks of this many CPU seconds at least: a chunk of nearly no
/// work (a triangular loop's first row) costs the call, whatever its W...
constexpr double LongChunkSeconds = 20e-6;
/// ...in this many strata at least: one stratum's sample, taken while the
/// host ran the sanitized test suite on both cores, once cost 4 times the
/// others' CPU seconds per W in a triangular loop (one sample a stratum).
constexpr long CostlyStrata = 2;

} // namespace

bool mayProbe(const LoopSpec &Spec, bool Pipelined, bool Bitonic,
              bool Always) {
  if (Always || Pipelined || Bitonic)
    return false;
  return std::none_of(Spec.Arrays.begin(), Spec.Arrays.end(),
                      [](const ArrayArg &A) { return A.Kept; });
}

Probe::Probe(const LoopSpec &Spec, KernelFn Kernel, const ExecParams &Alone,
             const WorkCurve &Curve, std::vector<ArrayView> &Views)
    : Spec(Spec), Curve(Curve), Exec(Spec, Kernel, Alone, Curve, Views) {}

double Probe::runAlone(const Range &R, double *Cpu) {
  const WorkCounters &Ran = Exec.result().Counters;
  const double Before = Ran.ComputeSeconds + Ran.LoadSeconds;
  const double CpuBefore = Cpu ? threadSeconds() : 0;
  Piece P;
  P.Iters = R;
  Exec.add(std::move(P));
  Exec.run();
  if (Cpu)
    *Cpu = threadSeconds() - CpuBefore;
  // The kernel's time (and the emulated load's), not the executor's.
  return Ran.ComputeSeconds + Ran.LoadSeconds - Before;
}

std::vector<Range> Probe::rest() const {
  std::vector<Range> Left;
  for (const Stratum &S : Strata)
    if (S.Next < S.Whole.End)
      Left.push_back({S.Next, S.Whole.End});
  return Left;
}

DistributionInput Probe::costs(const Prospect &To) const {
  DistributionInput In;
  In.Ranks = To.Ranks;
  // Each stratum's speed, in work units (W) per second, applied to the
  // work it has left: a triangular loop's later iterations cost more, and
  // Mandelbrot's rows through the set more than those around it.
  for (const Stratum &S : Strata) {
    const Range Left{S.Next, S.Whole.End};
    if (S.BestRate < 0 || Left.size() <= 0)
      continue;
    In.AloneSeconds +=
        S.BestRate * (S.PerIteration ? static_cast<double>(Left.size())
                                     : Curve.of(Left));
    for (const ArrayArg &A : Spec.Arrays)
      if (A.Role == ArrayArg::Distributed && !To.Keeps)
        (A.Acc.Written ? In.WrittenRowBytes : In.RowBytes) +=
            static_cast<double>(slabBytes(A, Left));
  }
  for (const ArrayArg &A : Spec.Arrays)
    if (A.Role == ArrayArg::Whole && !To.Keeps)
      In.WholeBytes += static_cast<double>(slabBytes(A, sentRows(A)));
  // Written rows go out and come back.
  In.RowBytes += In.WrittenRowBytes;
  In.ByteSeconds = transferByteSeconds(To.Bandwidth, To.FreshCopy);
  In.Latency = To.Latency;
  In.ExecutionSeconds = To.ExecutionSeconds;
  In.PatternSeconds = To.PatternSeconds;
  In.ProfitFactor = To.ProfitFactor;
  // Arrays handed out to stay cost their hand-out and, when the loop is
  // judged back, their return; an execution that moves its data each time
  // is probed again when it took longer than its computing (DistributionJudgement.cpp,
  // judgeDistributed). So only the former count the cores that busy
  // processes share: the look sees a compiler that happened to run then
  // as much as a CPU hog, and the run does not look again.
  if (To.Keeps && To.Shares &&
      static_cast<int>(To.Shares->size()) >= To.Ranks && To.Ranks > 0) {
    const auto First = To.Shares->begin();
    const auto Last = First + To.Ranks;
    In.Rank0Share = *First;
    In.ShareSum = std::accumulate(First, Last, 0.0);
    In.Waiting = To.Quantum * (1 - *std::min_element(First, Last));
  }
  return In;
}

bool Probe::worthDistributing(const Range &Space, const Prospect &To) {
  // Samples from strata spread over the execution: its first iterations
  // alone may not be like the rest.
  const long long Count =
      std::min<long long>(To.Keeps ? 1 : Strata8, Space.size());
  Strata.clear();
  for (long long K = 0; K < Count; ++K) {
    Stratum S;
    S.Whole = {Space.Begin + Space.size() * K / Count,
               Space.Begin + Space.size() * (K + 1) / Count};
    S.Next = S.Whole.Begin;
    S.PerIteration = !(Curve.of(S.Whole) > 0);
    S.Cap = S.Whole.Begin + std::max<long long>(1, S.Whole.size() / 16);
    Strata.push_back(S);
  }
  double Sampled = 0;
  for (long long Chunk = 1;; Chunk *= 2) {
    bool Ran = false;
    for (Stratum &S : Strata) {
      if (S.Next >= S.Cap)
        continue;
      const Range R{S.Next, std::min(S.Cap, S.Next + Chunk)};
      double Cpu = 0;
      const double T = runAlone(R, &Cpu);
      const double Work = S.PerIteration ? static_cast<double>(R.size())
                                         : Curve.of(R);
      if (Work > 0) {
        const double Rate = T / Work;
        if (S.BestRate < 0 || Rate < S.BestRate)
          S.BestRate = Rate;
        S.Steady = S.LastRate > 0 && (Cpu >= SureChunkSeconds ||
                                      (Rate <= SteadyFactor * S.LastRate &&
                                       S.LastRate <= SteadyFactor * Rate));
        S.LastRate = Rate;
        if (Cpu >= LongChunkSeconds &&
            (S.LongRate < 0 || Cpu / Work < S.LongRate))
          S.LongRate = Cpu / Work;
      }
      Sampled += T;
      S.Next = R.End;
      Ran = true;
    }
    if (rest().empty())
      return false;
    DistributionInput In = costs(To);
    Last = predictDistribution(In);
    if (!Ran)
      return Last.Pays;
    // Clear: measured long enough for the clock not to matter, each
    // stratum's speed steady (or its cap reached), and it would pay even
    // if the iterations were twice as fast as measured (the first ones run
    // with cold caches), or not even at the speed measured (which cold
    // caches and a busy host only make slower). Sampling on to the caps
    // costs an execution that stays alone a cold start of each stratum at
    // each chunk (mvt's transposed loop: 0.31 s on 2 ranks against 0.27 s
    // on 1, medians of 5).
    const bool Measured =
        std::all_of(Strata.begin(), Strata.end(), [](const Stratum &S) {
          return S.Steady || S.Next >= S.Cap;
        });
    if (Sampled >= MinSeconds && Measured && !Last.Pays)
      return false;
    In.AloneSeconds /= 2;
    if (Sampled >= MinSeconds && Measured && predictDistribution(In).Pays)
      return true;
  }
}

bool Probe::irregular() const {
  double Least = 0;
  for (const Stratum &S : Strata)
    if (S.LongRate > 0)
      Least = Least > 0 ? std::min(Least, S.LongRate) : S.LongRate;
  const auto Costly = std::count_if(
      Strata.begin(), Strata.end(),
      [&](const Stratum &S) { return S.LongRate > IrregularFactor * Least; });
  return Least > 0 && Costly >= CostlyStrata;
}

void Probe::runAll(const Range &Space) {
  Strata.clear();
  runAlone(Space);
}

void Probe::runRest() {
  for (const Range &R : rest())
    runAlone(R);
  for (Stratum &S : Strata)
    S.Next = S.Whole.End;
}

} // namespace dlb
