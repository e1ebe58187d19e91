//===- Commands.cpp - Rank 0's commands to the workers --------------------===//
#include "messages/Commands.h"

namespace dlb {

void encode(Writer &Out, const Command &M) { Out.put(M); }
void decode(Reader &In, Command &M) { M = In.get<Command>(); }

void encode(Writer &Out, const HeadMsg &M) { Out.put(M); }
void decode(Reader &In, HeadMsg &M) { M = In.get<HeadMsg>(); }

} // namespace dlb
