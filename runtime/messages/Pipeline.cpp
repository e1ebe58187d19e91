//===- Pipeline.cpp - The messages of a pipelined loop's stages -----------===//
#include "messages/Pipeline.h"

namespace dlb {

void encode(Writer &Out, const BlockHead &M) { Out.put(M); }
void decode(Reader &In, BlockHead &M) { M = In.get<BlockHead>(); }

void encode(Writer &Out, const StageProfile &M) { Out.put(M); }
void decode(Reader &In, StageProfile &M) { M = In.get<StageProfile>(); }

void encode(Writer &Out, const StageRanges &M) {
  Out.putVector(M.Old);
  Out.putVector(M.New);
}

void decode(Reader &In, StageRanges &M) {
  M.Old = In.getVector<Range>();
  M.New = In.getVector<Range>();
}

void encode(Writer &Out, const ShiftRing &M) { Out.put(M); }
void decode(Reader &In, ShiftRing &M) { M = In.get<ShiftRing>(); }

} // namespace dlb
