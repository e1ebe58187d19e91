//===- dlb/Hook.h - What a load balancing hook costs ----------------------===//
//
// Shared by dlbcc, which places the hooks (Siegell & Steenkiste, section
// 5.1), and libdlb, which sizes the strips of strip-mined hooks: the
// operations of a hook that does not call the balancer (Block::hook and
// Block::hookStrip in dlb/Loop.h: the load, test and store of the next
// index, the load, decrement and test of the countdown) and the largest
// fraction of the computation it may cost.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_HOOK_H
#define DLB_HOOK_H

namespace dlb {

constexpr double HookOps = 6;
constexpr double HookFraction = 0.01;

/// Where the hooks of a loop sit (dlbcc decides, section 5.1).
enum class HookLevel : unsigned char {
  /// After every iteration of the distributed loop.
  Body,
  /// After every strip of the strip-mined distributed loop; the runtime
  /// sizes the strips so that a hook costs at most HookFraction of a strip
  /// (a strip of 1 is the body level).
  Strip,
  /// After the distributed loop: balancing happens between executions.
  Execution,
  /// A pipelined (doacross) loop: at its block boundaries, next to the
  /// pipeline's communication. The pipeline runner balances there; emitted
  /// code never passes this level to LoopRun::hooks.
  Block
};

} // namespace dlb

#endif // DLB_HOOK_H
