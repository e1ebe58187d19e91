//===- LoopRun.cpp - What emitted code calls on a loop --------------------===//
//
// Owns the LoopRun calls of emitted code: the access checks, the windows
// and pinned rows of arrays, the scale of a cost() clause's W, and run(),
// which hands one execution to rank 0's driver (RootExecution.h); a
// worker's side is WorkerExecution.cpp.
//
//===----------------------------------------------------------------------===//
#include "execution/RootExecution.h"

#include "residency/Layout.h"
#include "core/Registry.h"

#include <algorithm>

namespace dlb {

/// The factor that brings a cost() clause's W (only its ratios between
/// iterations mean something) to dlbcc's count from the body in basic
/// operations, over the whole loop: 1 without a count.
double detail::LoopRunState::countedScale() const {
  if (!CountedFn && CountedConstant <= 0)
    return 1;
  const Range All{Lb, Ub};
  auto Total = [&](const std::function<double(long long)> &Fn,
                   double Constant) {
    return Fn ? WorkCurve(Lb, Ub, Fn).of(All)
              : std::max(0.0, Constant) * static_cast<double>(All.size());
  };
  const double Cost = Total(WorkFn, WorkConstant);
  const double Counted = Total(CountedFn, CountedConstant);
  return Cost > 0 && Counted > 0 ? Counted / Cost : 1;
}

void LoopRun::checkAccess(const char *Access, const char *Array, unsigned Dim,
                          long long Min, long long Max,
                          long long Extent) const {
  if (Min >= 0 && Max < Extent)
    return;
  userError("in the loop at " + std::string(Desc.name()) + ", '" + Access +
            "' reaches index " + std::to_string(Min < 0 ? Min : Max) +
            " in dimension " + std::to_string(Dim + 1) + " of '" + Array +
            "', whose extent is " + std::to_string(Extent) +
            " (from its type, size() or shape()); no iteration has run");
}

void LoopRun::wholeSpan(unsigned Slot, long long Rows,
                        std::initializer_list<Span> Spans) {
  ArrayArg &A = Arrays.at(Slot);
  if (A.Role != ArrayArg::Whole)
    fatal("internal: row spans of an array that is not whole");
  // The runtime's rows of A (the bytes of a C array) per row of the array.
  const long long Extent = distExtent(A);
  if (Rows <= 0 || Extent % Rows != 0)
    return;
  long long Lo = Rows, Hi = -1;
  for (const Span &S : Spans)
    if (S.Runs) {
      Lo = std::min(Lo, std::max(S.Lo, 0LL));
      Hi = std::max(Hi, std::min(S.Hi, Rows - 1));
    }
  const long long PerRow = Extent / Rows;
  A.Trimmed = true;
  A.SentBegin = Lo <= Hi ? Lo * PerRow : 0;
  A.SentEnd = Lo <= Hi ? (Hi + 1) * PerRow : 0;
}

void LoopRun::addSegments(ArrayArg Arg, std::vector<long long> Segments,
                          long long Size, const char *Array,
                          const char *BoundsName) {
  const long long Rows = static_cast<long long>(Segments.size()) - 1;
  if (Ub > Lb) {
    const std::string Bound = BoundsName;
    auto Fail = [&](const std::string &What) {
      userError("in the loop at " + std::string(Desc.name()) +
                ", iteration i touches the elements of '" + Array + "' from '" +
                Bound + "[i]' up to '" + Bound +
                "[i + 1]', which must be ascending and within its extent " +
                std::to_string(Size) + " for the iterations to have their " +
                "own: " + What + "; no iteration has run");
    };
    auto At = [&](long long I) {
      return "'" + Bound + "[" + std::to_string(I) + "]' is " +
             std::to_string(Segments[I]);
    };
    if (Lb < 0)
      Fail("the loop starts at " + std::to_string(Lb));
    for (long long I = Lb; I < Ub; ++I)
      if (Segments[I] > Segments[I + 1])
        Fail(At(I) + ", " + At(I + 1));
    if (Segments[Lb] < 0 || Segments[Ub] > Size)
      Fail(Segments[Lb] < 0 ? At(Lb) : At(Ub));
    // The rows before the loop's first are empty.
    std::fill(Segments.begin(), Segments.begin() + Lb, Segments[Lb]);
  }
  Arg.Extent[0] = Rows;
  Arg.Data += Segments[0] * static_cast<long long>(Arg.ElemSize);
  auto Bounds =
      std::make_shared<const std::vector<long long>>(std::move(Segments));
  Arg.Segments = Bounds->data();
  SegmentBounds.push_back(std::move(Bounds));
  add(Arg);
}

void LoopRun::pin(unsigned Slot, long long Row) {
  ArrayArg &A = Arrays.at(Slot);
  if (A.Role != ArrayArg::Distributed || A.DistDim != 0 ||
      A.PinCount >= MaxPinnedRows)
    fatal("internal: a fixed row of an array that cannot have one");
  A.Pins[A.PinCount++] = Row;
}

void LoopRun::window(unsigned Slot, long long Lo, long long Hi) {
  Access &Acc = Arrays.at(Slot).Acc;
  if (Lo >= Hi)
    return;
  const bool None = Acc.WindowLo >= Acc.WindowHi;
  Acc.WindowLo = None ? Lo : std::min(Acc.WindowLo, Lo);
  Acc.WindowHi = None ? Hi : std::max(Acc.WindowHi, Hi);
}

void LoopRun::run() {
  if (Ub <= Lb || (Pipelined && OuterUb <= OuterLb))
    return;
  RootExecution(*this).run();
}

} // namespace dlb
