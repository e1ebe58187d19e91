//===- dlb/Access.h - How a loop touches an array -----------------------===//
//
// What the call site emitted by dlbcc tells the runtime about each array:
// the halo and window a distributed array's iterations read, and the rows
// of a whole array that a read may touch.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_ACCESS_H
#define DLB_ACCESS_H


namespace dlb {

/// How a loop touches a distributed array along its distributed dimension:
/// iteration I reads elements I+HaloLo .. I+HaloHi, and writes only element I.
/// The most rows of one array that a loop reads at a fixed index
/// (LoopRun::pin).
inline constexpr unsigned MaxPinnedRows = 4;

struct Access {
  bool Written = false;
  long long HaloLo = 0;
  long long HaloHi = 0;
  /// Elements [WindowLo, WindowHi) that any iteration may read besides its
  /// halo, outside those the loop writes (LoopRun::window); none when
  /// WindowLo >= WindowHi.
  long long WindowLo = 0;
  long long WindowHi = 0;
};

/// The rows [Lo, Hi] of a whole array's first dimension that one read may
/// touch over the whole loop; when Runs is false, the read never runs
/// (LoopRun::wholeSpan).
struct Span {
  bool Runs = false;
  long long Lo = 0;
  long long Hi = -1;
};

} // namespace dlb

#endif // DLB_ACCESS_H
