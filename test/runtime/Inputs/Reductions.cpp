//===- Reductions.cpp - Reductions of every operator and odd trip counts --===//
//
// Like dlbcc's output for a loop with sum, product, min and max reductions
// over int, long long and double variables. Runs with both schedules on a
// normal loop, a loop with fewer iterations than ranks (idle ranks have no
// partial result), an empty loop and a reversed one (both must leave the
// variables and arrays untouched), and compares with the sequential loop.
//
//===----------------------------------------------------------------------===//
#include "Check.h"

#include <algorithm>

namespace {

constexpr int N = 40;

int Seen[N];

struct Vars {
  int Sum = 1000;
  long long Prod = 3;
  double Min = 1e9;
  double Max = -5;
  int IntProd = 1;
  long long LongMin = 50;
  double HalfSum = 0.25;
  int IntMax = -100;

  bool operator==(const Vars &O) const {
    return Sum == O.Sum && Prod == O.Prod && Min == O.Min && Max == O.Max &&
           IntProd == O.IntProd && LongMin == O.LongMin &&
           HalfSum == O.HalfSum && IntMax == O.IntMax;
  }
  /// One iteration of the sequential loop.
  void step(int i) {
    Sum += i;
    Prod *= 1 + i % 3;
    Min = std::min(Min, (i * 7 % 11) - 2.5);
    Max = std::max(Max, (i * 5 % 13) + 0.5);
    IntProd *= i % 5 == 0 ? -2 : 1;
    LongMin = std::min(LongMin, 1000LL - i * i);
    HalfSum += i * 0.5;
    IntMax = std::max(IntMax, -i);
  }
};

/// The neutral values that a block's private partials start from.
Vars identities() {
  using dlb::identity;
  using dlb::ReduceOp;
  Vars V;
  V.Sum = identity<int>(ReduceOp::Sum);
  V.Prod = identity<long long>(ReduceOp::Prod);
  V.Min = identity<double>(ReduceOp::Min);
  V.Max = identity<double>(ReduceOp::Max);
  V.IntProd = identity<int>(ReduceOp::Prod);
  V.LongMin = identity<long long>(ReduceOp::Min);
  V.HalfSum = identity<double>(ReduceOp::Sum);
  V.IntMax = identity<int>(ReduceOp::Max);
  return V;
}

// for (int i = Lb; i < Ub; ++i) { V.step(i); Seen[i] += 1; }
void reduceKernel(dlb::Block &B) {
  using dlb::ReduceOp;
  dlb::Dist1D<int> Seen = B.dist1D<int>(0);
  Vars P = identities();
  for (int i = B.begin(); i < B.end(); B.hook(i), ++i) {
    P.step(i);
    Seen[i] += 1;
  }
  B.reduce(0, ReduceOp::Sum, P.Sum);
  B.reduce(1, ReduceOp::Prod, P.Prod);
  B.reduce(2, ReduceOp::Min, P.Min);
  B.reduce(3, ReduceOp::Max, P.Max);
  B.reduce(4, ReduceOp::Prod, P.IntProd);
  B.reduce(5, ReduceOp::Min, P.LongMin);
  B.reduce(6, ReduceOp::Sum, P.HalfSum);
  B.reduce(7, ReduceOp::Max, P.IntMax);
}
dlb::LoopDesc ReduceLoop("reduce", reduceKernel);

void check(const char *Name, dlb::Schedule S, int Lb, int Ub) {
  for (int &Count : Seen)
    Count = 0;
  Vars V;
  Vars Ref;
  for (int I = Lb; I < Ub; ++I)
    Ref.step(I);
  dlb::LoopRun R(ReduceLoop);
  R.bounds(Lb, Ub);
  R.schedule(S);
  R.distArray(Seen, written());
  R.reduction(V.Sum, dlb::ReduceOp::Sum);
  R.reduction(V.Prod, dlb::ReduceOp::Prod);
  R.reduction(V.Min, dlb::ReduceOp::Min);
  R.reduction(V.Max, dlb::ReduceOp::Max);
  R.reduction(V.IntProd, dlb::ReduceOp::Prod);
  R.reduction(V.LongMin, dlb::ReduceOp::Min);
  R.reduction(V.HalfSum, dlb::ReduceOp::Sum);
  R.reduction(V.IntMax, dlb::ReduceOp::Max);
  R.run();
  report(Name, S, ranOnce(Seen, N, Lb, Ub) && V == Ref);
  std::printf("  sum %d prod %lld min %g max %g intprod %d longmin %lld "
              "halfsum %g intmax %d\n",
              V.Sum, V.Prod, V.Min, V.Max, V.IntProd, V.LongMin, V.HalfSum,
              V.IntMax);
}

int userMain(int, char **) {
  for (dlb::Schedule S : {dlb::Schedule::Block, dlb::Schedule::Cyclic}) {
    check("all", S, 0, N);
    check("two-iterations", S, 5, 7);
    check("one-iteration", S, 39, 40);
    check("empty", S, 10, 10);
    check("reversed", S, 10, 3);
  }
  return 0;
}

} // namespace

int main(int Argc, char **Argv) { return dlb::runMain(Argc, Argv, userMain); }
