//===- WorkTransfer.cpp - Work moved between ranks ------------------------===//
#include "messages/WorkTransfer.h"

namespace dlb {

void encode(Writer &Out, const WorkTransfer &M) { Out.putVector(M.Ranges); }
void decode(Reader &In, WorkTransfer &M) { M.Ranges = In.getVector<Range>(); }

} // namespace dlb
