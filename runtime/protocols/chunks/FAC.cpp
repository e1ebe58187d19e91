//===- FAC.cpp - Factoring -------------------------------------------------===//
//
// Hummel, Schonberg & Flynn (1992), with the factor x = 2 that their paper
// recommends when the iterations' cost is not known ahead (FAC2): the
// iterations are handed out in batches of P equal chunks; a batch starts
// with R iterations left and its chunks hold ceil(R / (2P)), so each batch
// hands out about half of what is left.
//
//===----------------------------------------------------------------------===//
#include "protocols/SelfScheduling.h"

namespace dlb {
namespace {

class FactoringChunks : public ChunkRule {
public:
  long long next(const ChunkRequest &Req) override {
    if (Left == 0) {
      Size = (Req.Remaining + 2LL * Req.Ranks - 1) / (2LL * Req.Ranks);
      Left = Req.Ranks;
    }
    --Left;
    return Size;
  }

private:
  long long Size = 0;
  /// Chunks of the current batch not handed out yet.
  int Left = 0;
};

} // namespace

std::unique_ptr<ChunkRule> makeFACChunks() {
  return std::make_unique<FactoringChunks>();
}

} // namespace dlb
