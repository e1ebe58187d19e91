//===- Work.cpp - Cumulative work of a loop's iterations ------------------===//
#include "model/Work.h"

#include <algorithm>

namespace dlb {

WorkCurve::WorkCurve(long long Lb, long long Ub,
                     const std::function<double(long long)> &W) {
  if (Ub <= Lb)
    return;
  const long long N = Ub - Lb;
  const long long Segments = std::min(N, MaxKnots);
  Knots.push_back(Lb);
  Sums.push_back(0);
  double Sum = 0;
  for (long long S = 1; S <= Segments; ++S) {
    const long long Begin = Knots.back();
    const long long End = Lb + N * S / Segments;
    const long long Length = End - Begin;
    const long long Samples = std::min(Length, SamplesPerSegment);
    double Part = 0;
    for (long long K = 0; K < Samples; ++K)
      Part += std::max(0.0, W(Begin + Length * K / Samples));
    Sum += Part * static_cast<double>(Length) / static_cast<double>(Samples);
    Knots.push_back(End);
    Sums.push_back(Sum);
  }
  PerIteration = Sum / static_cast<double>(N);
}

double WorkCurve::cumulative(long long I) const {
  if (Knots.empty())
    return PerIteration * static_cast<double>(I);
  if (I <= Knots.front())
    return PerIteration * static_cast<double>(I - Knots.front());
  if (I >= Knots.back())
    return Sums.back() + PerIteration * static_cast<double>(I - Knots.back());
  const auto It = std::upper_bound(Knots.begin(), Knots.end(), I);
  const std::size_t Hi = static_cast<std::size_t>(It - Knots.begin());
  const std::size_t Lo = Hi - 1;
  const double F = static_cast<double>(I - Knots[Lo]) /
                   static_cast<double>(Knots[Hi] - Knots[Lo]);
  return Sums[Lo] + F * (Sums[Hi] - Sums[Lo]);
}

std::vector<double> WorkCurve::encode() const {
  std::vector<double> Out = {PerIteration};
  for (std::size_t K = 0; K < Knots.size(); ++K) {
    Out.push_back(static_cast<double>(Knots[K]));
    Out.push_back(Sums[K]);
  }
  return Out;
}

WorkCurve WorkCurve::decode(const std::vector<double> &Data) {
  WorkCurve C(Data.empty() ? 1 : Data[0]);
  for (std::size_t K = 1; K + 1 < Data.size(); K += 2) {
    C.Knots.push_back(static_cast<long long>(Data[K]));
    C.Sums.push_back(Data[K + 1]);
  }
  return C;
}

std::function<double(long long)>
pairWork(long long Lb, long long Ub, std::function<double(long long)> W) {
  return [Lb, Ub, W = std::move(W)](long long P) {
    const long long Front = Lb + P, Mirror = Ub - 1 - P;
    const double Work = std::max(0.0, W(Front));
    return Mirror == Front ? Work : Work + std::max(0.0, W(Mirror));
  };
}

} // namespace dlb
