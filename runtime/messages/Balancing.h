//===- Balancing.h - The block strategies' balancing messages ---*- C++ -*-===//
//
// Owns the messages of the load balancing protocols while a loop runs
// (protocols/BalancingRunner.cpp): a rank's PROFILE and rank 0's answers under a
// centralized strategy; under self-scheduling (protocols/SelfScheduling.cpp)
// a worker's ASK for a chunk and rank 0's answer. The fixed-size ones travel
// as the bytes of their struct.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_MESSAGES_BALANCING_H
#define DLB_RUNTIME_MESSAGES_BALANCING_H

#include "dlb/Strategy.h"
#include "model/Balance.h"
#include "transport/Wire.h"

#include <vector>

namespace dlb {

/// A rank's profile for a synchronization, with what it has sent and
/// received so far (so the balancer knows whether work is still on its way).
struct ProfileMsg {
  /// The number of strategy switches before it was sent: a centralized
  /// member may send a PROFILE to rank 0 just before it learns of a switch;
  /// such a stale one is dropped.
  int Phase = 0;
  int Epoch = 0;
  RankProfile Profile;
  long long Sent = 0;
  long long Received = 0;
};

void encode(Writer &Out, const ProfileMsg &M);
void decode(Reader &In, ProfileMsg &M);

/// What rank 0 tells the members of a group under a centralized strategy.
/// Switch: the strategy the model chose, with every transfer of the
/// decision; all ranks move synchronously, then continue under it.
enum class DirectiveKind : int { Request, Instruction, Terminate, Switch };

/// Rank 0's message to a member of a group (DirectiveTag): a SYNC request,
/// an INSTRUCTION, the end of the loop for the group, or a SWITCH.
struct DirectiveMsg {
  DirectiveKind Kind = DirectiveKind::Request;
  /// The synchronization it belongs to.
  int Epoch = 0;
  /// Switch only: the strategy the model chose.
  Strategy Next = Strategy::Static;
  /// Instruction: the transfers the member sends; Switch: every transfer
  /// of the decision. Neither travels with the other kinds.
  std::vector<Transfer> Transfers;
};

void encode(Writer &Out, const DirectiveMsg &M);
void decode(Reader &In, DirectiveMsg &M);

/// Self-scheduling: a worker out of work asks rank 0 for a chunk, with its
/// speed so far (iterations per second).
struct ChunkAsk {
  double Rate = 0;
};

void encode(Writer &Out, const ChunkAsk &M);
void decode(Reader &In, ChunkAsk &M);

/// Rank 0's answer to an ASK: the chunk's size, 0 for the end.
struct ChunkAnswer {
  long long Count = 0;
};

void encode(Writer &Out, const ChunkAnswer &M);
void decode(Reader &In, ChunkAnswer &M);

} // namespace dlb

#endif // DLB_RUNTIME_MESSAGES_BALANCING_H
