//===- GSS.cpp - Guided self-scheduling ------------------------------------===//
//
// Polychronopoulos & Kuck (1987): an idle rank takes ceil(R / P) of the R
// iterations nobody has taken yet, so chunks shrink geometrically and the
// last ones are small enough to even out the finish.
//
//===----------------------------------------------------------------------===//
#include "protocols/SelfScheduling.h"

namespace dlb {
namespace {

class GuidedChunks : public ChunkRule {
public:
  long long next(const ChunkRequest &Req) override {
    return (Req.Remaining + Req.Ranks - 1) / Req.Ranks;
  }
};

} // namespace

std::unique_ptr<ChunkRule> makeGSSChunks() {
  return std::make_unique<GuidedChunks>();
}

} // namespace dlb
