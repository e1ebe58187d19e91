//===- bench/hookcost.cpp - What a hook that does not balance costs -------===//
//
// The cost of libdlb's hooks (Block::hook and Block::hookStrip in
// dlb/Loop.h) when they do not call the balancer, measured in one process
// without MPI so that other work on the machine hardly matters: the same
// kernel runs plain, with a hook after every iteration, and strip-mined
// with a hook after every strip of S iterations, interleaved, and each
// variant keeps its fastest time over the repetitions. The table gives the
// time per iteration, the overhead against the plain loop, and the hook's
// cost (the extra time per hook). Two cheap bodies, where a hook matters
// most: the one of examples/vecscale.cpp (one square root; 18.5 operations
// in dlbcc's count) and one multiply-add (which vectorizes).
//
//   g++ -O2 -std=c++17 -Iinclude bench/hookcost.cpp -o hookcost && ./hookcost
//
// A benchmark: it prints figures and asserts nothing.
//
//===----------------------------------------------------------------------===//
#include "dlb/Loop.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

namespace {

double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

void noPoll(dlb::Block &B) { B.Countdown = 1LL << 40; }

/// The iterations of a loop, not a compile-time constant (as in the
/// examples, where they come from the input).
volatile long long Size = 1 << 16;

dlb::Block block(long long N, long long Strip) {
  dlb::Block B;
  B.End = N;
  B.Strip = Strip;
  B.Poll = &noPoll;
  B.Countdown = 1LL << 40;
  return B;
}

/// The body of examples/vecscale.cpp.
struct Cheap {
  long long N = Size;
  std::vector<double> U = std::vector<double>(N, 1.0);
  std::vector<double> W = std::vector<double>(N, 2.0);
  int Shift = 0;
  void body(long long I) {
    long long K = I + Shift;
    if (K >= N)
      K -= N;
    U[I] = 0.5 * U[I] + 0.25 * std::sqrt(W[K]);
  }
  const char *name() const { return "vecscale body (1 sqrt)"; }
};

/// The cheapest body: one multiply-add per element, which the compiler
/// vectorizes unless a hook sits between two iterations.
struct Axpy {
  long long N = Size;
  std::vector<double> U = std::vector<double>(N, 1.0);
  int Shift = 0;
  void body(long long I) { U[I] = 0.5 * U[I] + Shift; }
  const char *name() const { return "axpy body (1 multiply-add)"; }
};

template <class Body> __attribute__((noinline)) void plain(Body &X) {
  for (long long I = 0; I < X.N; ++I)
    X.body(I);
}

template <class Body> __attribute__((noinline)) void hooked(Body &X) {
  dlb::Block B = block(X.N, 1);
  for (long long I = B.begin(); I < B.end(); B.hook(I), ++I)
    X.body(I);
}

template <class Body>
__attribute__((noinline)) void stripped(Body &X, long long Strip) {
  dlb::Block B = block(X.N, Strip);
  for (long long Lo = B.begin(), Hi; Lo < B.end(); Lo = Hi) {
    Hi = B.strip(Lo);
    for (long long I = Lo; I < Hi; ++I)
      X.body(I);
    B.hookStrip(Lo, Hi);
  }
}

template <class Body> void measure(int Reps) {
  Body X;
  const std::vector<long long> Strips = {1, 4, 16, 64, 256, 1024};
  // Variant 0: plain; 1: hook per iteration; 2 + k: strips of Strips[k].
  std::vector<double> Best(2 + Strips.size(), 1e30);
  for (int R = 0; R < Reps; ++R)
    for (std::size_t V = 0; V < Best.size(); ++V) {
      X.Shift = R % 7;
      const double T0 = now();
      if (V == 0)
        plain(X);
      else if (V == 1)
        hooked(X);
      else
        stripped(X, Strips[V - 2]);
      Best[V] = std::min(Best[V], now() - T0);
    }
  const double N = static_cast<double>(X.N);
  std::printf("%s: %lld iterations, fastest of %d\n", X.name(), X.N, Reps);
  std::printf("  %-22s %12s %10s %14s\n", "variant", "ns/iteration",
              "overhead", "ns per hook");
  for (std::size_t V = 0; V < Best.size(); ++V) {
    char Name[32];
    const double Hooks =
        V == 0 ? 0
        : V == 1
            ? N
            : std::ceil(N / static_cast<double>(Strips[V - 2]));
    if (V == 0)
      std::snprintf(Name, sizeof Name, "plain");
    else if (V == 1)
      std::snprintf(Name, sizeof Name, "hook per iteration");
    else
      std::snprintf(Name, sizeof Name, "strips of %lld", Strips[V - 2]);
    std::printf("  %-22s %12.3f %9.2f%% %14.3f\n", Name, Best[V] / N * 1e9,
                (Best[V] / Best[0] - 1) * 100,
                Hooks > 0 ? (Best[V] - Best[0]) / Hooks * 1e9 : 0.0);
  }
}

} // namespace

int main() {
  measure<Cheap>(300);
  measure<Axpy>(300);
  return 0;
}
