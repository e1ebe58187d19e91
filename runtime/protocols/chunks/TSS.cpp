//===- TSS.cpp - Trapezoid self-scheduling ---------------------------------===//
//
// Tzen & Ni (1993): chunk sizes fall linearly from f = ceil(N / 2P) to l = 1
// over n = ceil(2N / (f + l)) chunks, by d = (f - l) / (n - 1) each, N the
// iterations when the first chunk is asked for. Fewer chunks than guided
// self-scheduling's tail of ones, with the first chunks half as large.
//
// Rank 0 computes from the front of what nobody has taken between the
// requests (SelfScheduling.h), which the trapezoid of a master that only
// hands out does not foresee: a chunk is the trapezoid's chunk at the
// point the loop has reached (N - R iterations taken, by anyone), not the
// next one in the count of requests. Counted in requests, a worker of two
// ranks got the fourth chunk (about f / 2) when rank 0 had already run most
// of what was left, and rank 0 then waited for it (Mandelbrot 2048 on 2
// ranks: 1.22 times the static loop). For the same reason no chunk is
// larger than the requester's share of what is left, ceil(R / P): rank 0
// goes on computing the front while the chunk runs, so handing out the
// trapezoid's chunk of 220 rows when 310 were left gave rank 0 91 of them
// and made it wait 0.32 s for the worker's last chunk. The cap binds only
// in the trapezoid's tail, where its chunks exceed R / P anyway.
//
//===----------------------------------------------------------------------===//
#include "protocols/SelfScheduling.h"

#include <algorithm>
#include <cmath>

namespace dlb {
namespace {

class TrapezoidChunks : public ChunkRule {
public:
  long long next(const ChunkRequest &Req) override {
    if (Total == 0) {
      Total = static_cast<double>(Req.Remaining);
      First = static_cast<double>(
          (Req.Remaining + 2LL * Req.Ranks - 1) / (2LL * Req.Ranks));
      const double Chunks = std::ceil(2.0 * Total / (First + 1.0));
      Step = Chunks > 1 ? (First - 1.0) / (Chunks - 1) : 0;
    }
    // The chunks k in [0, K) of the trapezoid hold K f - d K (K - 1) / 2
    // iterations: K is the first chunk not wholly taken yet (up to the
    // half iteration a chunk's rounding may leave short).
    const double Taken = Total - static_cast<double>(Req.Remaining);
    long long Reached = 0;
    while (Step > 0 && First - Step * static_cast<double>(Reached) > 1 &&
           covered(Reached + 1) <=
               Taken + 0.5 * static_cast<double>(Reached + 1))
      ++Reached;
    const double Size = First - Step * static_cast<double>(Reached);
    const long long Share =
        (Req.Remaining + Req.Ranks - 1) / std::max(Req.Ranks, 1);
    return std::clamp(static_cast<long long>(std::llround(Size)), 1LL,
                      std::max(1LL, Share));
  }

private:
  /// The iterations of the trapezoid's first K chunks.
  double covered(long long K) const {
    const double Kd = static_cast<double>(K);
    return Kd * First - Step * Kd * (Kd - 1) / 2;
  }

  /// The iterations left at the first request (0: none yet).
  double Total = 0;
  double First = 0;
  double Step = 0;
};

} // namespace

std::unique_ptr<ChunkRule> makeTSSChunks() {
  return std::make_unique<TrapezoidChunks>();
}

} // namespace dlb
