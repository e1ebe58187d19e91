//===- PipelineModel.cpp - The model of a pipelined doacross loop ---------===//
//
// Owns the pure functions of runtime/model/PipelineModel.h: Siegell & Steenkiste's block
// size model (eqs. 4, 6, 9, 10), the efficiency measure (eqs. 1-2) and the
// contiguous redistribution of a pipeline.
//
//===----------------------------------------------------------------------===//
#include "model/PipelineModel.h"

#include "model/Balance.h"

#include <algorithm>
#include <cmath>

namespace dlb {

double optimalBlocks(const PipelineShape &S, const ShiftCost &C) {
  const double M = static_cast<double>(std::max(1LL, S.Rows));
  const double P = S.Stages;
  if (S.Stages <= 1 || C.Fixed <= 0)
    return 1;
  // eq. (10); elements are bytes here, so t_incr m becomes
  // t_incr * BytesPerRow * m.
  const double Num = S.SeqSeconds * (1 - 1 / P) +
                     C.PerByte * S.BytesPerRow * M * (P - 2);
  return std::clamp(std::sqrt(std::max(0.0, Num) / C.Fixed), 1.0, M);
}

long long blockSizeFor(double Blocks, long long Rows, long long MaxBlock) {
  const long long M = std::max(1LL, Rows);
  long long B = std::llround(static_cast<double>(M) / std::max(1.0, Blocks));
  B = std::clamp(B, 1LL, M);
  return MaxBlock > 0 ? std::min(B, MaxBlock) : B;
}

double predictedSeconds(const PipelineShape &S, const ShiftCost &C,
                        double Blocks) {
  const double M = std::max(1.0, Blocks);
  const double P = std::max(1, S.Stages);
  const double Compute = (M + P - 1) * S.SeqSeconds / (P * M);
  if (S.Stages <= 1)
    return Compute;
  const double Shift =
      C.Fixed + C.PerByte * S.BytesPerRow * static_cast<double>(S.Rows) / M;
  return Compute + (M + P - 2) * Shift +
         (P - 1) * std::max(0.0, C.Latency - C.Fixed);
}

double efficiencyBound(double Blocks, int Stages) {
  const double M = std::max(1.0, Blocks);
  return M / (M + std::max(1, Stages) - 1);
}

double efficiency(double SeqSeconds, int Ranks, double Elapsed,
                  double CompetingSeconds) {
  const double Available = Ranks * Elapsed - CompetingSeconds;
  return Available > 0 ? SeqSeconds / Available : 0;
}

Range SkewedSpace::row(long long Row, const Range &Q) const {
  return {std::max(Inner.Begin, Q.Begin - Skew * Row),
          std::min(Inner.End, Q.End - Skew * Row)};
}

long long SkewedSpace::elements(const Range &Q) const {
  long long N = 0;
  for (long long I = Outer.Begin; I < Outer.End; ++I)
    N += std::max(0LL, row(I, Q).size());
  return N;
}

std::vector<Range> skewedRanges(const SkewedSpace &S,
                                const std::vector<double> &Speeds) {
  const Range Space = S.space();
  const std::size_t N = Speeds.size();
  // Equal columns, then each boundary moved to where the elements before
  // it reach the share of the ranks before it.
  std::vector<Range> Out = pipelineRanges(Space, std::vector<double>(N, 1.0));
  if (N <= 1)
    return Out;
  const std::vector<Range> Share = pipelineRanges(
      {0, S.elements(Space)}, Speeds, 0);
  // Elements of each column, accumulated: each row adds one to a run of
  // columns, marked at its ends and summed twice (a count per element
  // cost seidel-2d 1500 x 1500 2.25 million steps an execution, a tenth
  // of its kernel's).
  std::vector<long long> Before(Space.size() + 2, 0);
  for (long long I = S.Outer.Begin; I < S.Outer.End; ++I) {
    const Range Row = S.row(I, Space);
    if (Row.Begin >= Row.End)
      continue;
    ++Before[Row.Begin + S.Skew * I - Space.Begin + 1];
    --Before[Row.End + S.Skew * I - Space.Begin + 1];
  }
  for (int Pass = 0; Pass < 2; ++Pass)
    for (std::size_t Q = 1; Q < Before.size(); ++Q)
      Before[Q] += Before[Q - 1];
  Before.pop_back();
  for (std::size_t R = 0; R + 1 < N; ++R) {
    // At least one column each, after the previous boundary and before the
    // columns the later ranks need.
    const long long Lo = Out[R].Begin + 1;
    const long long Hi = Space.End - static_cast<long long>(N - 1 - R);
    long long Cut = Space.Begin +
                    (std::lower_bound(Before.begin(), Before.end(),
                                      Share[R].End) -
                     Before.begin());
    Cut = std::clamp(Cut, Lo, Hi);
    Out[R].End = Cut;
    Out[R + 1].Begin = Cut;
  }
  return Out;
}

std::vector<Range> pipelineRanges(const Range &Group,
                                  const std::vector<double> &Speeds,
                                  long long Min) {
  const std::size_t N = Speeds.size();
  std::vector<Range> Out(N);
  if (N == 0)
    return Out;
  const long long Spare = Group.size() - Min * static_cast<long long>(N);
  std::vector<double> W = Speeds;
  const bool Usable =
      std::any_of(W.begin(), W.end(), [](double S) { return S > 0; }) &&
      std::all_of(W.begin(), W.end(),
                  [](double S) { return S >= 0 && std::isfinite(S); });
  if (!Usable)
    W.assign(N, 1.0);
  // Each member's share of the whole group is in proportion to its speed;
  // the floor of Min comes first, the spare columns make up the rest.
  std::vector<long long> Extra(N, 0);
  if (Spare > 0) {
    const double Sum = [&] {
      double S = 0;
      for (double X : W)
        S += X;
      return S;
    }();
    std::vector<double> Want(N);
    double WantSum = 0;
    for (std::size_t I = 0; I < N; ++I) {
      Want[I] = std::max(0.0, Group.size() * W[I] / Sum - Min);
      WantSum += Want[I];
    }
    Extra = apportion(Spare, WantSum > 0 ? Want : W);
  }
  long long Begin = Group.Begin;
  for (std::size_t I = 0; I < N; ++I) {
    const long long Size = std::max(0LL, Min) + Extra[I];
    Out[I] = {Begin, std::min(Group.End, Begin + Size)};
    Begin = Out[I].End;
  }
  Out.back().End = Group.End;
  return Out;
}

double pipelineFinish(const std::vector<Range> &Ranges,
                      const std::vector<double> &Speeds) {
  double Worst = 0;
  for (std::size_t I = 0; I < Ranges.size(); ++I)
    if (Ranges[I].size() > 0)
      Worst = std::max(Worst, Speeds[I] > 0 ? Ranges[I].size() / Speeds[I]
                                            : INFINITY);
  return Worst;
}

std::vector<Range> rebalancePipeline(const std::vector<Range> &Old,
                                     const std::vector<double> &Speeds,
                                     double ProfitFactor) {
  const Range Group{Old.front().Begin, Old.back().End};
  if (Group.size() < static_cast<long long>(Old.size()))
    return Old;
  std::vector<Range> New = pipelineRanges(Group, Speeds);
  if (pipelineFinish(New, Speeds) <=
      ProfitFactor * pipelineFinish(Old, Speeds))
    return New;
  return Old;
}

} // namespace dlb
