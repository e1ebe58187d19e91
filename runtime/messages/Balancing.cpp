//===- Balancing.cpp - The balancing messages -----------------------------===//
#include "messages/Balancing.h"

namespace dlb {

void encode(Writer &Out, const ProfileMsg &M) { Out.put(M); }
void decode(Reader &In, ProfileMsg &M) { M = In.get<ProfileMsg>(); }

void encode(Writer &Out, const DirectiveMsg &M) {
  Out.put(M.Kind);
  Out.put(M.Epoch);
  if (M.Kind == DirectiveKind::Switch)
    Out.put(M.Next);
  if (M.Kind == DirectiveKind::Instruction || M.Kind == DirectiveKind::Switch)
    Out.putVector(M.Transfers);
}

void decode(Reader &In, DirectiveMsg &M) {
  M.Kind = In.get<DirectiveKind>();
  M.Epoch = In.get<int>();
  if (M.Kind == DirectiveKind::Switch)
    M.Next = In.get<Strategy>();
  if (M.Kind == DirectiveKind::Instruction || M.Kind == DirectiveKind::Switch)
    M.Transfers = In.getVector<Transfer>();
}

void encode(Writer &Out, const ChunkAsk &M) { Out.put(M); }
void decode(Reader &In, ChunkAsk &M) { M = In.get<ChunkAsk>(); }

void encode(Writer &Out, const ChunkAnswer &M) { Out.put(M); }
void decode(Reader &In, ChunkAnswer &M) { M = In.get<ChunkAnswer>(); }

} // namespace dlb
