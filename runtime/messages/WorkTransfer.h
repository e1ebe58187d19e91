//===- WorkTransfer.h - Work moved between ranks ----------------*- C++ -*-===//
//
// Owns the head of a work transfer (TransferTag, after a HeadMsg with its
// size on TransferHeadTag; MoveTag and MoveHeadTag when the receiver awaits
// it, Protocol.h), which a synchronization of the block strategies
// or a self-scheduled chunk sends: the ranges of units that move, cut from
// the end of the sender's work. When the receiver computes in buffers of
// its own, the slabs of each range follow in the same buffer, range by
// range, aligned for use in place (residency/Pieces.h, packSlabs).
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_MESSAGES_WORKTRANSFER_H
#define DLB_RUNTIME_MESSAGES_WORKTRANSFER_H

#include "model/Partition.h"
#include "transport/Wire.h"

#include <vector>

namespace dlb {

struct WorkTransfer {
  std::vector<Range> Ranges;
};

void encode(Writer &Out, const WorkTransfer &M);
void decode(Reader &In, WorkTransfer &M);

} // namespace dlb

#endif // DLB_RUNTIME_MESSAGES_WORKTRANSFER_H
