//===- Residency.h - Rank 0's requests for kept rows ------------*- C++ -*-===//
//
// Owns the bodies of the commands that bring rows kept on the ranks back to
// rank 0 (residency/Residency.h), sent on BodyTag after the command: GATHER
// (whole arrays) and FETCH (some rows of one). The rows themselves travel
// apart as bulk data (ResidentTag).
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_MESSAGES_RESIDENCY_H
#define DLB_RUNTIME_MESSAGES_RESIDENCY_H

#include "model/Partition.h"
#include "transport/Wire.h"

#include <cstdint>
#include <vector>

namespace dlb {

/// The kept arrays to bring back, each with whether its owners send their
/// rows (a loop wrote them since they were handed out) or only forget them.
struct GatherRequest {
  struct Array {
    std::uint64_t Id = 0;
    bool Send = false;
  };
  std::vector<Array> Arrays;
};

void encode(Writer &Out, const GatherRequest &M);
void decode(Reader &In, GatherRequest &M);

/// The rows Rows of the kept array Id, which their owners send (Send, as
/// for a gather) and forget: rank 0 owns them from then on.
struct FetchRequest {
  std::uint64_t Id = 0;
  Range Rows;
  bool Send = false;
  /// The worker forgets the rows (rank 0 owns them from now on); else it
  /// keeps them and rank 0 takes a copy (a row the next execution reads).
  bool Forget = true;
};

void encode(Writer &Out, const FetchRequest &M);
void decode(Reader &In, FetchRequest &M);

} // namespace dlb

#endif // DLB_RUNTIME_MESSAGES_RESIDENCY_H
