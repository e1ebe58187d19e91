//===- Commands.h - Rank 0's commands to the workers ------------*- C++ -*-===//
//
// Owns the messages that open an exchange between rank 0 and a worker: the
// command (RUN, SHUTDOWN, GATHER, FETCH) that a worker's serve loop waits
// for, and the head that gives the size of a message its receiver cannot
// know in advance (a result, a work transfer, a rank's trace). Both have a
// fixed size and travel as the bytes of their struct, which a receive
// posted before they arrive expects (CommandBytes, HeadBytes).
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_MESSAGES_COMMANDS_H
#define DLB_RUNTIME_MESSAGES_COMMANDS_H

#include "transport/Wire.h"

#include <cstddef>
#include <cstdint>

namespace dlb {

struct Command {
  /// Gather: bring kept arrays back to rank 0; FetchRows: some rows of one
  /// (Residency.h).
  enum KindType : std::uint32_t { Run, Shutdown, Gather, FetchRows };
  KindType Kind = Shutdown;
  /// Index of the loop in the sealed registry.
  std::uint32_t LoopId = 0;
  std::uint64_t BodyBytes = 0;
  /// The loop's execution count, 1 for the first (the watchdog's report).
  std::uint64_t Execution = 0;
};

void encode(Writer &Out, const Command &M);
void decode(Reader &In, Command &M);
constexpr std::size_t CommandBytes = sizeof(Command);

/// The size that precedes a body its receiver cannot know the size of: a
/// result's, a work transfer's, a rank's trace.
struct HeadMsg {
  std::uint64_t Bytes = 0;
};

void encode(Writer &Out, const HeadMsg &M);
void decode(Reader &In, HeadMsg &M);
constexpr std::size_t HeadBytes = sizeof(HeadMsg);

} // namespace dlb

#endif // DLB_RUNTIME_MESSAGES_COMMANDS_H
