//===- dlb/Strategy.h - The load balancing strategies ----------------------===//
//
// dlb::Strategy, generated from dlb/Strategies.def, and its properties: what
// emitted code names in LoopRun::strategy() and what the runtime dispatches
// on.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_STRATEGY_H
#define DLB_STRATEGY_H

namespace dlb {

/// Initial assignment of iterations to ranks.
enum class Schedule : unsigned char { Block, Cyclic };

/// The strategies of dlb/Strategies.def.
enum class Strategy {
#define DLB_STRATEGY(Id, Name, Local, Centralized, Modeled, Chunks, Description) Id,
#include "dlb/Strategies.def"
};

/// "auto", "static", "gcdlb", ...
const char *strategyName(Strategy Strat);

/// Whether the strategy balances within fixed groups (LCDLB, LDDLB) and
/// whether a group's first rank decides (GCDLB, LCDLB).
inline bool isLocal(Strategy Strat) {
  switch (Strat) {
#define DLB_STRATEGY(Id, Name, Local, Centralized, Modeled, Chunks, Description)      \
  case Strategy::Id:                                                           \
    return Local;
#include "dlb/Strategies.def"
  }
  return false;
}
inline bool isCentralized(Strategy Strat) {
  switch (Strat) {
#define DLB_STRATEGY(Id, Name, Local, Centralized, Modeled, Chunks, Description)      \
  case Strategy::Id:                                                           \
    return Centralized;
#include "dlb/Strategies.def"
  }
  return false;
}
/// Whether rank 0 hands out chunks on request (self-scheduling).
inline bool isSelfScheduled(Strategy Strat) {
  switch (Strat) {
#define DLB_STRATEGY(Id, Name, Local, Centralized, Modeled, Chunks, Description)      \
  case Strategy::Id:                                                           \
    return Chunks;
#include "dlb/Strategies.def"
  }
  return false;
}

} // namespace dlb

#endif // DLB_STRATEGY_H
