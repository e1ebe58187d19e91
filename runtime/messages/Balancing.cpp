//===- Balancing.cpp - The balancing messages -----------------------------===//
#include "messages/Balancing.h"

namespace dlb {

void encode(Writer &Out, const ProfileMsg &M) { Out.put(M); }
void decode(Reader &In, ProfileMsg &M) { M = In.get<ProfileMsg>(); }

void encode(Writer &Out, const ControlMsg &M) {
  Out.put(M.Kind);
  Out.put(M.Epoch);
  if (M.Kind == ControlKind::Switch)
    Out.put(M.Next);
  if (M.Kind == ControlKind::Instruction || M.Kind == ControlKind::Switch)
    Out.putVector(M.Transfers);
}

void decode(Reader &In, ControlMsg &M) {
  M.Kind = In.get<ControlKind>();
  M.Epoch = In.get<int>();
  if (M.Kind == ControlKind::Switch)
    M.Next = In.get<Strategy>();
  if (M.Kind == ControlKind::Instruction || M.Kind == ControlKind::Switch)
    M.Transfers = In.getVector<Transfer>();
}

void encode(Writer &Out, const ChunkAsk &M) { Out.put(M); }
void decode(Reader &In, ChunkAsk &M) { M = In.get<ChunkAsk>(); }

void encode(Writer &Out, const ChunkAnswer &M) { Out.put(M); }
void decode(Reader &In, ChunkAnswer &M) { M = In.get<ChunkAnswer>(); }

} // namespace dlb
