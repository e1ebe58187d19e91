//===- Pipeline.h - The messages of a pipelined loop's stages ---*- C++ -*-===//
//
// Owns the messages between the stages of a pipelined doacross loop
// (protocols/PipelineRunner.cpp): the head of a block (PipeTag), which the
// block's boundary values follow in the same buffer; a stage's profile at a
// synchronization and the group's old and new ranges (PipeSyncTag); and the
// message shifted around the ring of stages when they measure the shift's
// latency (PipeShiftTag). The columns that move (PipeMoveTag) and the stream
// of the shift's cost travel as bytes with no fields. The fixed-size
// messages travel as the bytes of their struct.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_MESSAGES_PIPELINE_H
#define DLB_RUNTIME_MESSAGES_PIPELINE_H

#include "model/Partition.h"
#include "transport/Wire.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace dlb {

/// A block of the strip-mined loop, [Lo, Hi), which rank 0 alone chooses,
/// and whether the group balances after it.
struct BlockHead {
  long long Lo = 0;
  long long Hi = 0;
  bool SyncAtEnd = false;
};

void encode(Writer &Out, const BlockHead &M);
void decode(Reader &In, BlockHead &M);

/// A stage's columns and what it computed since the last synchronization:
/// elements, and the seconds it was busy with them.
struct StageProfile {
  Range Cols;
  double Elements = 0;
  double Busy = 0;
};

void encode(Writer &Out, const StageProfile &M);
void decode(Reader &In, StageProfile &M);

/// A centralized group's decision, from its first member to the others:
/// every member's columns before and after, in member order.
struct StageRanges {
  std::vector<Range> Old;
  std::vector<Range> New;
};

void encode(Writer &Out, const StageRanges &M);
void decode(Reader &In, StageRanges &M);

/// Shifted once around the ring of stages from rank 0: the hash of rank
/// 0's host name, and the stages on that host so far.
struct ShiftRing {
  std::uint64_t Host = 0;
  long long Ranks = 0;
};

void encode(Writer &Out, const ShiftRing &M);
void decode(Reader &In, ShiftRing &M);
constexpr std::size_t ShiftRingBytes = sizeof(ShiftRing);

} // namespace dlb

#endif // DLB_RUNTIME_MESSAGES_PIPELINE_H
