//===- Relay.h - The tree that carries whole arrays to the ranks ------------===//
//
// Every rank that takes part in an execution needs the same copy of each
// whole array (the rows the loop reads). Sent by rank 0 to each rank in
// turn, the start of an execution grows with the number of ranks (MXM on
// 1024 simulated ranks: 0.046 s, all of it rank 0 sending 512 KB 1023
// times). Along a binomial tree instead, every rank forwards what it
// received to its children: ceil(log2 P) rounds. Pure functions (no MPI):
// the tree over the participants, numbered 0 (rank 0) to Count - 1.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_RELAY_H
#define DLB_RUNTIME_RELAY_H

#include <vector>

namespace dlb {

/// A rank's place in the tree of one execution, in ranks.
struct Relay {
  int Parent = 0;
  std::vector<int> Children;
};

/// The binomial tree over Count participants: the parent of participant
/// I > 0 is I without its highest set bit; the children of I are I + 2^k
/// for every 2^k > I with I + 2^k < Count, the farthest (largest subtree)
/// first, so that the longest chain starts first.
int relayParent(int Index);
std::vector<int> relayChildren(int Index, int Count);

/// The relays of Ranks[0..N): Ranks[0] is the root (rank 0), Ranks[I] is
/// participant I.
std::vector<Relay> relayTree(const std::vector<int> &Ranks);

} // namespace dlb

#endif // DLB_RUNTIME_RELAY_H
