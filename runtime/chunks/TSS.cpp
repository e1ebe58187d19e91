//===- TSS.cpp - Trapezoid self-scheduling ---------------------------------===//
//
// Tzen & Ni (1993): chunk sizes fall linearly from f = ceil(N / 2P) to l = 1
// over n = ceil(2N / (f + l)) chunks, by d = (f - l) / (n - 1) each, N the
// iterations when the first chunk is asked for. Fewer chunks than guided
// self-scheduling's tail of ones, with the first chunks half as large.
//
//===----------------------------------------------------------------------===//
#include "SelfScheduling.h"

#include <algorithm>
#include <cmath>

namespace dlb {
namespace {

class TrapezoidChunks : public ChunkRule {
public:
  long long next(const ChunkRequest &Req) override {
    if (Count == 0) {
      First = static_cast<double>(
          (Req.Remaining + 2LL * Req.Ranks - 1) / (2LL * Req.Ranks));
      const double Chunks = std::ceil(
          2.0 * static_cast<double>(Req.Remaining) / (First + 1.0));
      Step = Chunks > 1 ? (First - 1.0) / (Chunks - 1) : 0;
    }
    const double Size = First - Step * static_cast<double>(Count++);
    return std::clamp(static_cast<long long>(std::llround(Size)), 1LL,
                      std::max(1LL, Req.Remaining));
  }

private:
  double First = 0;
  double Step = 0;
  /// Chunks handed out so far.
  long long Count = 0;
};

} // namespace

std::unique_ptr<ChunkRule> makeTSSChunks() {
  return std::make_unique<TrapezoidChunks>();
}

} // namespace dlb
