//===- Balancing.cpp - The balancing messages -----------------------------===//
#include "messages/Balancing.h"

namespace dlb {

void encode(Writer &Out, const ProfileMsg &M) { Out.put(M); }
void decode(Reader &In, ProfileMsg &M) { M = In.get<ProfileMsg>(); }

void encode(Writer &Out, const ChunkAsk &M) { Out.put(M); }
void decode(Reader &In, ChunkAsk &M) { M = In.get<ChunkAsk>(); }

void encode(Writer &Out, const ChunkAnswer &M) { Out.put(M); }
void decode(Reader &In, ChunkAnswer &M) { M = In.get<ChunkAnswer>(); }

} // namespace dlb
