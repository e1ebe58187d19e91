//===- Protocol.h - The messages between rank 0 and the workers -----------===//
//
// Rank 0 drives the workers with commands. A RUN command is followed by the
// worker's body (its blocks, the loop's live-ins and array metadata, then the
// slabs of the distributed arrays its blocks need) and by each whole array;
// the worker answers with the size of its result, then the result (its
// counters, reduction slots, the ranges it executed and the slabs they
// wrote). Each large message may travel in chunks (Comm.h) after a small one
// that gives its size. The load balancing messages exchanged while a loop
// runs are described in BalancingRunner.cpp. Every message with fields is a
// struct of runtime/messages/ with its encode and decode side by side;
// bulk data (slabs, rows, whole arrays, boundary values) and single values
// (a clock reading, a host name, a measurement's payload) travel as bytes.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_PROTOCOL_H
#define DLB_RUNTIME_PROTOCOL_H

#include "messages/Commands.h"

namespace dlb {

enum Tag : int {
  CommandTag = 1,
  BodyTag,
  BodySlabTag,
  WholeTag,
  ResultHeadTag,
  ResultTag,
  ResultSlabTag,
  // Load balancing during an execution (BalancingRunner.cpp).
  ProfileTag,
  DirectiveTag,
  TransferHeadTag,
  TransferTag,
  // A transfer that its receiver waits for by name (a SWITCH's, a
  // distributed decision's) travels apart from those taken in at a hook
  // (an INSTRUCTION's): a member that has not read the SWITCH yet must not
  // take its work in as an INSTRUCTION's and then wait for it again.
  MoveHeadTag,
  MoveTag,
  // Network characterization (NetChar.cpp).
  NetTag,
  // Pipelines (PipelineRunner.cpp): boundary values, balancing, columns moved,
  // the shift measurement.
  PipeTag,
  PipeSyncTag,
  PipeMoveTag,
  PipeShiftTag,
  // Arrays kept on the ranks between executions (Residency.cpp): halo rows
  // before an execution, rows gathered back to rank 0.
  ResidentTag,
  // The JSON trace (Trace.cpp): the clocks at start-up, the events at the
  // end.
  TraceTag
};

/// Executes a RUN command on a worker: receives the body and the whole
/// arrays, runs the worker's blocks and sends the result to rank 0.
void serveRun(const Command &Cmd);

} // namespace dlb

#endif // DLB_RUNTIME_PROTOCOL_H
