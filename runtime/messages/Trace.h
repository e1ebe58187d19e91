//===- Trace.h - A rank's trace, shipped to rank 0 --------------*- C++ -*-===//
//
// Owns the body of the message that takes a worker's JSON trace to rank 0
// at shutdown (TraceTag, after a HeadMsg with its size): the offset of its
// clock and the offset's error bound, the events it dropped, its loop names
// and its events (observe/Trace.h, RankTrace). The clock synchronization at
// start-up exchanges values with no fields: a host name and single clock
// readings.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_MESSAGES_TRACE_H
#define DLB_RUNTIME_MESSAGES_TRACE_H

#include "observe/Trace.h"
#include "transport/Wire.h"

namespace dlb {

void encode(Writer &Out, const trace::RankTrace &M);
void decode(Reader &In, trace::RankTrace &M);

} // namespace dlb

#endif // DLB_RUNTIME_MESSAGES_TRACE_H
