//===- AWF.cpp - Adaptive weighted factoring -------------------------------===//
//
// Banicescu, Velusamy & Devaprasad (2003), the variant that adapts after
// each batch (AWF-B): batches as in factoring (FAC2: a batch hands out half
// of the R iterations left when it starts), but rank i's chunk of a batch
// is its share of the batch by weight, w_i / sum(w), the weights being the
// ranks' measured speeds when the batch starts (equal until every rank has
// been measured). A rank twice as fast takes chunks twice as large.
//
//===----------------------------------------------------------------------===//
#include "protocols/SelfScheduling.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace dlb {
namespace {

class WeightedFactoringChunks : public ChunkRule {
public:
  long long next(const ChunkRequest &Req) override {
    if (Left == 0) {
      Batch = static_cast<double>(Req.Remaining) / 2;
      Weights.assign(Req.Ranks, 1.0 / Req.Ranks);
      const bool Measured =
          std::all_of(Req.Rates.begin(), Req.Rates.end(),
                      [](double R) { return R > 0; });
      const double Sum =
          std::accumulate(Req.Rates.begin(), Req.Rates.end(), 0.0);
      if (Measured && Sum > 0 &&
          static_cast<int>(Req.Rates.size()) == Req.Ranks)
        for (int R = 0; R < Req.Ranks; ++R)
          Weights[R] = Req.Rates[R] / Sum;
      Left = Req.Ranks;
    }
    --Left;
    return std::max(1LL, static_cast<long long>(
                             std::ceil(Batch * Weights[Req.Requester])));
  }

private:
  double Batch = 0;
  std::vector<double> Weights;
  /// Chunks of the current batch not handed out yet.
  int Left = 0;
};

} // namespace

std::unique_ptr<ChunkRule> makeAWFChunks() {
  return std::make_unique<WeightedFactoringChunks>();
}

} // namespace dlb
