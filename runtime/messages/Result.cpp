//===- Result.cpp - A worker's result of an execution ---------------------===//
#include "messages/Result.h"

#include <cstring>

namespace dlb {

void encode(Writer &Out, const ResultMessage &M) {
  Out.put(M.Work.Counters);
  Out.put<std::uint64_t>(M.Work.Slots.size());
  for (const ReductionSlot &S : M.Work.Slots) {
    Out.put(S.Has);
    Out.put(S.Bytes);
    Out.putVector(S.Elements);
  }
  Out.putVector(M.Executed);
}

void decode(Reader &In, ResultMessage &M) {
  M.Work.Counters = In.get<WorkCounters>();
  M.Work.Slots.resize(In.get<std::uint64_t>());
  for (ReductionSlot &S : M.Work.Slots) {
    S.Has = In.get<bool>();
    std::memcpy(S.Bytes, In.take(sizeof S.Bytes), sizeof S.Bytes);
    S.Elements = In.getVector<unsigned char>();
  }
  M.Executed = In.getVector<Range>();
}

} // namespace dlb
