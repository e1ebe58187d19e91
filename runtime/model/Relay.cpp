//===- Relay.cpp - The tree that carries whole arrays to the ranks ----------===//
//
// Owns the binomial tree of Relay.h.
//
//===----------------------------------------------------------------------===//
#include "model/Relay.h"

namespace dlb {

int relayParent(int Index) {
  int High = 1;
  while (High <= Index / 2)
    High *= 2;
  return Index - High;
}

std::vector<int> relayChildren(int Index, int Count) {
  std::vector<int> Children;
  long long Step = 1;
  while (Step <= Index)
    Step *= 2;
  for (; Index + Step < Count; Step *= 2)
    Children.push_back(static_cast<int>(Index + Step));
  // The largest subtree first: its chain is the longest.
  return {Children.rbegin(), Children.rend()};
}

std::vector<Relay> relayTree(const std::vector<int> &Ranks) {
  const int Count = static_cast<int>(Ranks.size());
  std::vector<Relay> Tree(Ranks.size());
  for (int I = 0; I < Count; ++I) {
    Tree[I].Parent = I ? Ranks[relayParent(I)] : Ranks[0];
    for (int C : relayChildren(I, Count))
      Tree[I].Children.push_back(Ranks[C]);
  }
  return Tree;
}

} // namespace dlb
