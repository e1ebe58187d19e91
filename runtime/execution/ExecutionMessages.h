//===- ExecutionMessages.h - The messages of an execution -------*- C++ -*-===//
//
// Owns what travels between rank 0 and a worker around one execution: the
// worker's body and the slabs its blocks need, the whole arrays along the
// relay tree, and the worker's result (its counters, reduction slots and
// the slabs its pieces wrote).
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_EXECUTIONMESSAGES_H
#define DLB_RUNTIME_EXECUTIONMESSAGES_H

#include "core/Context.h"
#include "execution/ExecParams.h"
#include "messages/Start.h"
#include "model/Partition.h"
#include "model/Relay.h"
#include "model/Work.h"
#include "platform/SlabMemory.h"
#include "residency/Pieces.h"
#include "transport/Comm.h"

#include <deque>
#include <memory>
#include <vector>

namespace dlb {

/// The start message of an execution, the same for every worker but for
/// its Blocks and Tree, which the caller sets before packBody; Parts and
/// Owners go in only when arrays start from kept rows.
StartMessage startMessage(const LoopSpec &Spec, const ExecParams &Params,
                          const WorkCurve &Curve, const Partition &Parts,
                          const std::vector<Ownership> &Owners);

/// A worker's body: Start, then the rows the loop pins (LoopRun::pin) of
/// each of its arrays, taken from the program's arrays and aligned for use
/// in place. The slabs of the other arrays that each block needs follow
/// (postBlockSlabs).
std::vector<char> packBody(const StartMessage &Start);

/// A worker: the start message in Body, and where in Body the pinned rows
/// of each array lie, in order.
StartMessage unpackBody(SlabBuffer &Body,
                        std::vector<std::vector<const char *>> &Pinned);

/// Rank 0: after a worker's body, the slabs its Blocks need, one
/// BodySlabTag message each in packSlabs' order: sent from the user's array
/// in place where the slab is one stretch of memory (rows of a
/// row-distributed array), packed into a copy in Copies otherwise.
void postBlockSlabs(const std::vector<Range> &Blocks, const LoopSpec &Spec,
                    int Worker, Requests &Sends,
                    std::deque<std::vector<char>> &Copies);

/// A worker: receives what postBlockSlabs sent into one buffer, laid out
/// as packSlabs lays out slabs, and returns the pieces of Blocks that use
/// it in place.
std::vector<Piece> receiveBlockSlabs(const std::vector<Range> &Blocks,
                                     const LoopSpec &Spec);

/// A worker: sends rank 0 its result W, with the slabs that Executed wrote.
void sendResult(RankResult W, const std::vector<Piece> &Executed,
                const LoopSpec &Spec, WatchScope &Watch, bool Together);

/// Rank 0: receives worker Worker's result into the user's arrays and
/// returns its work; appends the ranges it executed to Executed.
RankResult receiveResult(int Worker, const LoopSpec &Spec,
                         std::vector<Range> &Executed);

/// A worker's whole arrays of an execution: received from its parent in the
/// relay tree and forwarded to its children, or the copies kept since an
/// earlier execution.
std::vector<std::shared_ptr<SlabBuffer>>
receiveWholeArrays(const std::vector<ArrayArg> &Arrays, const Relay &Tree);

} // namespace dlb

#endif // DLB_RUNTIME_EXECUTIONMESSAGES_H
