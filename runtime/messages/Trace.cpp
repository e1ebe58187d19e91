//===- Trace.cpp - A rank's trace, shipped to rank 0 ----------------------===//
#include "messages/Trace.h"

#include <algorithm>

namespace dlb {

void encode(Writer &Out, const trace::RankTrace &M) {
  Out.put(M.Offset);
  Out.put(M.OffsetError);
  Out.put(M.Dropped);
  // The loop names, each ended by a NUL.
  std::vector<char> Names;
  for (const std::string &Name : M.Loops)
    Names.insert(Names.end(), Name.c_str(), Name.c_str() + Name.size() + 1);
  Out.putVector(Names);
  Out.putVector(M.Events);
}

void decode(Reader &In, trace::RankTrace &M) {
  M.Offset = In.get<double>();
  M.OffsetError = In.get<double>();
  M.Dropped = In.get<long long>();
  const std::vector<char> Names = In.getVector<char>();
  M.Loops.clear();
  for (auto It = Names.begin(); It != Names.end();) {
    auto End = std::find(It, Names.end(), '\0');
    M.Loops.emplace_back(It, End);
    It = End + (End != Names.end());
  }
  M.Events = In.getVector<trace::Event>();
}

} // namespace dlb
