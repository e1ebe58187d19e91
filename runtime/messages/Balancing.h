//===- Balancing.h - The block strategies' balancing messages ---*- C++ -*-===//
//
// Owns the messages of the load balancing protocols while a loop runs
// (protocols/Execution.cpp): a rank's PROFILE and rank 0's answers under a
// centralized strategy.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_MESSAGES_BALANCING_H
#define DLB_RUNTIME_MESSAGES_BALANCING_H

#include "model/Balance.h"

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

/// What rank 0 tells the members of a group under a centralized strategy.
/// Switch: the strategy the model chose, with every transfer of the
/// decision; all ranks move synchronously, then continue under it.
enum class ControlKind : int { Request, Instruction, Terminate, Switch };

} // namespace dlb

#endif // DLB_RUNTIME_MESSAGES_BALANCING_H
