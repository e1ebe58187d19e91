//===- Check.h - Checks shared by the runtime test programs ---------------===//
//
// The test programs look like dlbcc's output. Each loop also counts, in a
// distributed array Seen, how often each iteration ran; these helpers turn
// that and the comparison with a sequential reference into output lines that
// must not depend on the number of ranks.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_TEST_CHECK_H
#define DLB_TEST_CHECK_H

#include "dlb/dlb.h"

#include <cstdio>

inline const char *scheduleName(dlb::Schedule S) {
  return S == dlb::Schedule::Block ? "block" : "cyclic";
}

/// Whether exactly the iterations [Lb, Ub) of [0, N) ran, once each.
inline bool ranOnce(const int *Seen, int N, int Lb, int Ub) {
  bool Ok = true;
  for (int I = 0; I < N; ++I) {
    int Expected = I >= Lb && I < Ub ? 1 : 0;
    if (Seen[I] != Expected) {
      std::printf("iteration %d ran %d times\n", I, Seen[I]);
      Ok = false;
    }
  }
  return Ok;
}

inline void report(const char *Loop, dlb::Schedule S, bool Ok) {
  std::printf("%s %s: %s\n", Loop, scheduleName(S), Ok ? "ok" : "FAILED");
}

inline dlb::Access readOnly(long long HaloLo, long long HaloHi) {
  return dlb::Access{false, HaloLo, HaloHi};
}

inline dlb::Access written(long long HaloLo = 0, long long HaloHi = 0) {
  return dlb::Access{true, HaloLo, HaloHi};
}

#endif // DLB_TEST_CHECK_H
