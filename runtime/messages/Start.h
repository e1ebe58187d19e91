//===- Start.h - A worker's start of an execution ---------------*- C++ -*-===//
//
// Owns the body of the RUN command (BodyTag): what a worker needs to run its
// share of one execution. Bulk data travels apart: the slabs of its blocks
// (one BodySlabTag message each) and the whole arrays (WholeTag, down the
// relay tree); the rows the loop pins (LoopRun::pin) follow the encoded
// message in the same buffer, aligned for use in place
// (execution/ExecutionMessages.h, packBody).
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_MESSAGES_START_H
#define DLB_RUNTIME_MESSAGES_START_H

#include "dlb/Loop.h"
#include "execution/ExecParams.h"
#include "model/Partition.h"
#include "model/Relay.h"
#include "residency/Residency.h"
#include "transport/Wire.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace dlb {

struct StartMessage {
  ExecParams Params;
  /// The worker's place in the relay tree of the whole arrays.
  Relay Tree;
  /// The loop's W(i), as WorkCurve::encode gives it.
  std::vector<double> Curve;
  /// The worker's blocks of units.
  std::vector<Range> Blocks;
  /// The loop's live-ins, and where each starts in Scalars.
  std::vector<char> Scalars;
  std::vector<std::size_t> ScalarOffsets;
  /// The loop's arrays; their pointers, which mean nothing on another
  /// rank, travel null.
  std::vector<ArrayArg> Arrays;
  /// The bounds of the arrays distributed by segments (ArrayArg::Segments
  /// points into them on the worker; copies share them).
  std::vector<std::shared_ptr<const std::vector<long long>>> SegmentBounds;
  std::uint64_t Reductions = 0;
  Pairing Pairs;
  /// Only when an array starts from rows the ranks kept (startsFromKept):
  /// every rank's blocks, and who owns which rows of each array, one
  /// Ownership per array (Residency.h).
  Partition Parts;
  std::vector<Ownership> Owners;
};

void encode(Writer &Out, const StartMessage &M);
void decode(Reader &In, StartMessage &M);

} // namespace dlb

#endif // DLB_RUNTIME_MESSAGES_START_H
