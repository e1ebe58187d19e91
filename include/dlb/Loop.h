//===- dlb/Loop.h - The loop interface shared by all strategies ------------===//
//
// This header is the contract between code emitted by dlbcc and libdlb.
//
// Every annotated loop becomes
//   * a kernel: a function `void K(dlb::Block &)` that runs the iterations
//     [B.begin(), B.end()) of one block (a bitonic loop's: pairs of
//     iterations), reading live-in scalars, array views and reduction slots
//     from the block; it runs on every rank;
//   * a LoopDesc: a static object that registers the kernel under the loop's
//     name, so every rank can find it;
//   * a call site on the pseudo-master (rank 0), which runs the sequential
//     program: it fills a LoopRun with bounds, live-in values, arrays and
//     reductions and calls run(). run() distributes iterations and data,
//     executes rank 0's own blocks, and leaves the arrays and reduction
//     variables exactly as the sequential loop would.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_LOOP_H
#define DLB_LOOP_H

#include "dlb/Access.h"
#include "dlb/Hook.h"
#include "dlb/Reduction.h"
#include "dlb/Strategy.h"
#include "dlb/Views.h"
#include "dlb/detail/BlockState.h"
#include "dlb/detail/CallArgs.h"
#include "dlb/detail/LoopRunState.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace dlb {

/// The number of iterations of `for (x = A; x < B; x += Step)`, as the
/// work expressions that dlbcc emits count inner loops (Step > 0).
inline double trips(double Lower, double Upper, double Step = 1) {
  if (Upper <= Lower)
    return 0.0;
  // Exact for integer bounds; at a non-integer mid() (triangular nests)
  // the unit-step count stays continuous, so sums over the mid are exact.
  return Step == 1 ? Upper - Lower : std::ceil((Upper - Lower) / Step);
}
/// The mean index of that loop: the work of an inner loop whose body's work
/// is affine in its index is trips(A, B, Step) times the body's work at
/// mid(A, B, Step) (exact for affine bodies).
inline double mid(double Lower, double Upper, double Step = 1) {
  const double Trips = trips(Lower, Upper, Step);
  return Trips > 0 ? Lower + Step * (Trips - 1) / 2 : Lower;
}

class Block;
using KernelFn = void (*)(Block &);
/// The runtime's slow path of Block::hook().
using PollFn = void (*)(Block &);

/// One annotated loop. Constructed statically by emitted code; registers
/// itself by name so that the same loop is found on every rank.
class LoopDesc {
public:
  /// ArrayNames: the names of the loop's arrays in the order the call site
  /// adds them, separated by commas (for messages).
  LoopDesc(const char *Name, KernelFn Kernel, const char *ArrayNames = "");
  const char *name() const { return Name; }
  KernelFn kernel() const { return Kernel; }
  /// The name of array Slot ("array Slot" when it was not given).
  std::string arrayName(unsigned Slot) const;
  /// How many arrays ArrayNames names.
  unsigned arrayCount() const { return ArrayCount; }

private:
  const char *Name;
  KernelFn Kernel;
  const char *ArrayNames;
  unsigned ArrayCount;
};

/// The kernel's window on one block of iterations. Built by the runtime.
class Block : private detail::BlockState {
public:
  long long begin() const { return Begin; }
  long long end() const { return End; }
  /// A skewed pipeline: the part of row Outer of the distributed loop that
  /// this rank owns ([Begin, End) is a range of j + Skew * Outer).
  long long begin(long long Outer) const {
    const long long First = Begin - Skew * Outer;
    return First > InnerLb ? First : InnerLb;
  }
  long long end(long long Outer) const {
    const long long Last = End - Skew * Outer;
    return Last < InnerUb ? Last : InnerUb;
  }
  /// A loop stepping by Stride (LoopRun::stride): its first iteration at
  /// or after Lo (the index range is distributed; iterations are the
  /// indices Anchor plus a multiple of Stride).
  long long strided(long long Lo) const {
    long long Gap = (Anchor - Lo) % Stride;
    return Lo + (Gap < 0 ? Gap + Stride : Gap);
  }
  /// A strip-mined loop (HookLevel::Strip, Execution): the end of the strip
  /// that starts at Lo.
  long long strip(long long Lo) const {
    return End - Lo > Strip ? Lo + Strip : End;
  }

  template <class ValueT> ValueT scalar(unsigned Slot) const {
    ValueT Value;
    std::memcpy(&Value, Scalars + ScalarOffsets[Slot], sizeof(ValueT));
    return Value;
  }
  /// Distributed array K; Mirror: its view for the mirror iterations of a
  /// bitonic loop's pairs (see pairSize).
  template <class ValueT>
  Dist1D<ValueT> dist1D(unsigned Slot, bool Mirror = false) const {
    const ArrayView &View = (Mirror ? Mirrors : Arrays)[Slot];
    return Dist1D<ValueT>(reinterpret_cast<ValueT *>(View.Base), View.RowOffset,
                          View.Size);
  }
  template <class ValueT>
  Dist2D<ValueT> dist2D(unsigned Slot, bool Mirror = false) const {
    const ArrayView &View = (Mirror ? Mirrors : Arrays)[Slot];
    return Dist2D<ValueT>(reinterpret_cast<ValueT *const *>(View.Rows),
                          View.RowOffset, View.ColOffset);
  }
  /// A 2-D distributed array whose stored rows are evenly spaced (dlbcc
  /// emits it for C arrays and pointers to rows of fixed length).
  template <class ValueT>
  Strided2D<ValueT> strided2D(unsigned Slot) const {
    const ArrayView &View = Arrays[Slot];
    if (!View.Base)
      return Strided2D<ValueT>(nullptr, View.Stride);
    return Strided2D<ValueT>(reinterpret_cast<ValueT *>(View.Base) -
                                 (View.RowOffset * View.Stride + View.ColOffset),
                             View.Stride);
  }
  /// Distributed array Slot, 1-D or 2-D by rows in contiguous storage, as a
  /// pointer P such that P[I] is element (row) I of the whole array (RowT:
  /// the element type, or a row type such as double[8]); null while the
  /// rank holds none of it. Kernels take it as a restrict pointer, so the
  /// compiler sees the arrays as the separate objects they are.
  template <class RowT> RowT *rows(unsigned Slot) const {
    const ArrayView &View = Arrays[Slot];
    if (!View.Base)
      return nullptr;
    return reinterpret_cast<RowT *>(View.Base) - View.RowOffset;
  }
  /// Linearized array Slot (LoopRun::distLinear) as a pointer to its
  /// elements, indexed with global subscripts (row * RowLength + column);
  /// null while the rank holds none of it.
  template <class ValueT>
  ValueT *linear(unsigned Slot, long long RowLength) const {
    const ArrayView &View = Arrays[Slot];
    if (!View.Base)
      return nullptr;
    return reinterpret_cast<ValueT *>(View.Base) - View.RowOffset * RowLength;
  }
  /// The rank's copy of pinned row Pin of distributed array Slot
  /// (LoopRun::pin): its first element.
  template <class ValueT>
  const ValueT *pinned(unsigned Slot, unsigned Pin) const {
    return reinterpret_cast<const ValueT *>(Arrays[Slot].Pinned[Pin]);
  }
  /// Whole array K as a pointer to its first element of type T (T may be an
  /// array type: wholeData<double[8][8]> gives double (*)[8][8]).
  template <class ValueT> ValueT *wholeData(unsigned Slot) const {
    return reinterpret_cast<ValueT *>(Arrays[Slot].Base);
  }
  template <class ValueT> ValueT **wholeRows(unsigned Slot) const {
    return reinterpret_cast<ValueT **>(const_cast<char **>(Arrays[Slot].Rows));
  }
  template <class ValueT>
  std::vector<ValueT> &wholeVector(unsigned Slot) const {
    ArrayView &View = Arrays[Slot];
    if (!View.Object) {
      const ValueT *First = reinterpret_cast<const ValueT *>(View.Base);
      auto Value =
          std::make_shared<std::vector<ValueT>>(First, First + View.Size);
      View.Object = Value.get();
      View.Holder = std::move(Value);
    }
    return *static_cast<std::vector<ValueT> *>(View.Object);
  }
  /// Folds a block's private partial of reduction K into the rank's slot.
  template <class ValueT>
  void reduce(unsigned Slot, ReduceOp Op, const ValueT &Value) const {
    static_assert(sizeof(ValueT) <= sizeof(ReductionSlot::Bytes),
                  "reduction type too large");
    ReductionSlot &Out = Reductions[Slot];
    if (!Out.Has) {
      std::memcpy(Out.Bytes, &Value, sizeof(ValueT));
      Out.Has = true;
      return;
    }
    detail::combineBytes<ValueT>(Out.Bytes, &Value, 1, Op);
  }
  /// The same for an array reduction: the block's partial of each element.
  template <class ValueT, std::size_t Count>
  void reduce(unsigned Slot, ReduceOp Op, const ValueT (&Values)[Count]) const {
    ReductionSlot &Out = Reductions[Slot];
    if (!Out.Has) {
      Out.Elements.resize(sizeof Values);
      std::memcpy(Out.Elements.data(), Values, sizeof Values);
      Out.Has = true;
      return;
    }
    detail::combineBytes<ValueT>(Out.Elements.data(), Values, Count, Op);
  }

  /// A bitonic loop (LoopRun::bitonic): begin() and end() count pairs. Pair
  /// P runs pairSize(P) iterations (2, or 1 for the middle pair of an odd
  /// count): pairIteration(P, 0) = Lb + P with the front views of the
  /// distributed arrays, then pairIteration(P, 1) = Ub - 1 - P with their
  /// mirror views.
  int pairSize(long long Pair) const {
    return PairLb + Pair == PairUb - 1 - Pair ? 1 : 2;
  }
  long long pairIteration(long long Pair, int Side) const {
    return Side == 0 ? PairLb + Pair : PairUb - 1 - Pair;
  }

  /// A pipelined (doacross) loop: the iterations of the strip-mined loop
  /// that encloses the distributed one.
  long long outerBegin() const { return OuterBegin; }
  long long outerEnd() const { return OuterEnd; }
  /// Before the block of the strip-mined loop that starts at Lo: waits for
  /// the previous rank's boundary values of the block (balancing may first
  /// move columns, changing begin(), end() and the arrays' views); returns
  /// the block's end, which the runtime chooses.
  long long receive(long long Lo) { return Receive(*this, Lo); }
  /// After the block [Lo, Hi): sends its boundary values to the next rank.
  void send(long long Lo, long long Hi) { Send(*this, Lo, Hi); }

  /// Called by the kernel after every iteration I (also after `continue`).
  /// It records I (so the runtime can check that every iteration ran exactly
  /// once) and, every Countdown iterations, lets the runtime poll for load
  /// balancing, which may shrink End: iterations [End, old End) have then
  /// moved to another rank. The executed indices form runs [StreakStart, Next)
  /// of consecutive ones; a run enters the checksums when the next index
  /// does not follow it (foldStreak), so the common case is one comparison.
  void hook(long long Index) {
    if (Index != Next)
      restartStreak(Index);
    Next = Index + 1;
    if (--Countdown <= 0)
      Poll(*this);
  }

  /// hook() for a whole strip [Lo, Hi) of a strip-mined loop: one hook
  /// per strip.
  void hookStrip(long long Lo, long long Hi) {
    if (Lo != Next)
      restartStreak(Lo);
    Next = Hi;
    if (--Countdown <= 0)
      Poll(*this);
  }

private:
  friend detail::BlockState &detail::state(Block &);
  friend const detail::BlockState &detail::state(const Block &);
};

namespace detail {
inline BlockState &state(Block &TheBlock) { return TheBlock; }
inline const BlockState &state(const Block &TheBlock) { return TheBlock; }
} // namespace detail

/// Opened by dlbcc around a region (a time loop) whose loops keep arrays on
/// the ranks (LoopRun::keep): when it ends, however the region is left,
/// every kept array is back in the program's memory.
class ResidentScope {
public:
  ResidentScope() = default;
  ~ResidentScope();
  ResidentScope(const ResidentScope &) = delete;
  ResidentScope &operator=(const ResidentScope &) = delete;
};

/// Emitted by dlbcc before the program's own code, inside a region whose
/// arrays stay on the ranks (ResidentScope), that reads or writes rows
/// [Lo, Hi) of the array at Array (along its distributed dimension; a
/// fixed boundary row, say): brings those rows back into the program's
/// memory; rank 0 owns them from then on, and the next loop that needs
/// them takes them from there. Nothing to do for an array not kept.
void fetchRows(const void *Array, long long Lo, long long Hi);

/// One execution of a loop, set up by the pseudo-master's call site.
class LoopRun : private detail::LoopRunState {
public:
  /// The arrays' descriptions are reserved at once: a loop of microseconds
  /// runs thousands of times.
  explicit LoopRun(LoopDesc &Desc) : LoopRunState(Desc) {
    Arrays.reserve(Desc.arrayCount());
  }
  LoopRun(const LoopRun &) = delete;
  LoopRun &operator=(const LoopRun &) = delete;

  /// Iterations [Lb, Ub), stride 1.
  void bounds(long long Lb, long long Ub) {
    this->Lb = Lb;
    this->Ub = Ub;
  }
  void schedule(Schedule Kind) { Sched = Kind; }
  /// Where dlbcc placed the loop's hooks; absent, after every iteration.
  void hooks(HookLevel Level) { Hooks = Level; }
  /// Bitonic scheduling (Zaki, Parthasarathy & Li, section 1.5.3): the N
  /// iterations run as ceil(N / 2) pairs, pair p being iteration Lb + p and
  /// its mirror Ub - 1 - p, so that a loop whose work is affine in the index
  /// (triangular) becomes uniform. Everything the runtime counts (partition,
  /// balancing, transfers, checksums, statistics) is pairs; the work of pair
  /// p is W(Lb + p) + W(Ub - 1 - p); a piece of pairs [a, b) holds two slabs
  /// of each distributed array, for iterations [Lb + a, Lb + b) and
  /// [Ub - b, Ub - a), each with its halo. The kernel runs Block::pairSize.
  void bitonic() { Bitonic = true; }
  /// A loop stepping by Stride > 1 (`i += 2`, or `i -= 2` counting down):
  /// its iterations are the indices of [Lb, Ub) that Anchor (the start
  /// value) plus a multiple of Stride reaches. The runtime distributes the
  /// index range, rows of distributed arrays alike; work per index is the
  /// work per iteration over Stride; the kernel runs Block::strided.
  void stride(long long Stride, long long Anchor) {
    this->Stride = Stride;
    this->Anchor = Anchor;
  }
  /// A doacross loop: [Lb, Ub) is the loop that encloses the distributed
  /// one, strip-mined into blocks that run as a pipeline across the ranks
  /// (values flow to higher indices of the distributed loop); MaxBlock > 0
  /// is the largest legal block. Skew s > 0: the ranks own ranges of
  /// j + s * i (j the distributed loop's index, i this loop's), so that a
  /// read of an earlier row's new value at a higher column (Gauss-Seidel's
  /// north-east neighbour) flows forward too; the kernel runs
  /// [Block::begin(i), Block::end(i)) of each row.
  void pipeline(long long Lb, long long Ub, long long MaxBlock,
                long long Skew = 0) {
    Pipelined = true;
    OuterLb = Lb;
    OuterUb = Ub;
    this->MaxBlock = MaxBlock;
    this->Skew = Skew;
  }
  /// The work of one iteration in basic operations (W of section 1.3.1 of
  /// Zaki, Parthasarathy & Li), computed by dlbcc from the loop body or
  /// given by the cost() clause: a constant for a uniform loop, or a
  /// function of the loop index. The cost model uses it; absent, the
  /// iterations are taken as uniform.
  void work(double PerIteration) {
    WorkConstant = PerIteration;
    WorkFn = nullptr;
  }
  void work(std::function<double(long long)> PerIteration) {
    WorkFn = std::move(PerIteration);
  }
  /// Beside a cost() clause, which gives only the ratios between iterations:
  /// W as dlbcc counted it from the body. The runtime scales the cost()
  /// curve to the counted total over the loop, so that W is in basic
  /// operations (what strips are sized in, and what a simulated host is
  /// charged).
  void counted(double PerIteration) {
    CountedConstant = PerIteration;
    CountedFn = nullptr;
  }
  void counted(std::function<double(long long)> PerIteration) {
    CountedFn = std::move(PerIteration);
  }
  /// The bytes of distributed arrays that move with one iteration (D of
  /// section 1.3.1); absent, the runtime computes them from the arrays.
  void data(double BytesPerIteration) { DataBytes = BytesPerIteration; }
  /// The strategy named in the loop's strategy() clause; --dlb-strategy
  /// overrides it.
  void strategy(Strategy Kind) { Strat = Kind; }

  /// Appends a live-in value; the kernel reads it back with scalar<T>(K).
  template <class ValueT> void scalar(const ValueT &Value) {
    static_assert(std::is_trivially_copyable<ValueT>::value, "scalar live-in");
    ScalarOffsets.push_back(Scalars.size());
    const char *Ptr = reinterpret_cast<const char *>(&Value);
    Scalars.insert(Scalars.end(), Ptr, Ptr + sizeof(ValueT));
  }

  // Distributed arrays. Dim is the distributed dimension of 2-D arrays.
  template <class ValueT, std::size_t Rows>
  void distArray(ValueT (&Array)[Rows], Access Acc) {
    add(contiguous(ArrayArg::Distributed, Array, Rows, 1, 1, 0, Acc));
  }
  template <class ValueT, std::size_t Rows, std::size_t Cols>
  void distArray(ValueT (&Array)[Rows][Cols], unsigned Dim, Access Acc) {
    add(contiguous(ArrayArg::Distributed, &Array[0][0], Rows, Cols, 2, Dim,
                   Acc));
  }
  template <class ValueT>
  void distVector(std::vector<ValueT> &Vec, Access Acc) {
    ArrayArg Arg = contiguous(ArrayArg::Distributed, Vec.data(),
                              static_cast<long long>(Vec.size()), 1, 1, 0, Acc);
    Arg.Store = ArrayArg::Vector;
    Arg.Object = &Vec;
    add(Arg);
  }
  template <class ValueT>
  void distPointer(ValueT *Ptr, long long Rows, Access Acc) {
    add(contiguous(ArrayArg::Distributed, Ptr, Rows, 1, 1, 0, Acc));
  }
  // A matrix stored row after row, its row length known at run time (the
  // elements of a pointer to rows of run-time length, double (*a)[m]),
  // distributed along Dim.
  template <class ValueT>
  void distMatrix(ValueT *Data, long long Rows, long long Cols, unsigned Dim,
                  Access Acc) {
    add(contiguous(ArrayArg::Distributed, Data, Rows, Cols, 2, Dim, Acc));
  }
  template <class ValueT, std::size_t Cols>
  void distPointer(ValueT (*Ptr)[Cols], long long Rows, unsigned Dim,
                   Access Acc) {
    add(contiguous(ArrayArg::Distributed, &Ptr[0][0], Rows, Cols, 2, Dim, Acc));
  }
  template <class ValueT>
  void distPointer(ValueT **Ptr, long long Rows, long long Cols, unsigned Dim,
                   Access Acc) {
    add(rowTable(ArrayArg::Distributed, Ptr, Rows, Cols, Dim, Acc));
  }
  // A std::vector of rows: a table of its rows, which must all be as long
  // as the first (checked when the loop runs).
  template <class ValueT>
  void distRows(std::vector<std::vector<ValueT>> &Rows, unsigned Dim,
                Access Acc) {
    add(vectorRows(ArrayArg::Distributed, Rows, Dim, Acc));
  }

  // A matrix stored in one array (a C array, std::vector or pointer with
  // its size) by rows of RowLength elements, indexed a[i * RowLength + j]:
  // distributed by rows. RowLength must divide the size (checked when the
  // loop runs).
  template <class ValueT, std::size_t Size>
  void distLinear(ValueT (&Array)[Size], long long RowLength, Access Acc) {
    addLinear(&Array[0], static_cast<long long>(Size), RowLength, Acc);
  }
  template <class ValueT>
  void distLinear(const std::vector<ValueT> &Vec, long long RowLength,
                  Access Acc) {
    addLinear(Vec.data(), static_cast<long long>(Vec.size()), RowLength, Acc);
  }
  template <class ValueT>
  void distLinear(ValueT *Ptr, long long Size, long long RowLength,
                  Access Acc) {
    addLinear(Ptr, Size, RowLength, Acc);
  }

  // A 1-D array (a C array, or a pointer with its size) that iteration i
  // reads and writes only in elements [Bounds[i], Bounds[i + 1]): a sparse
  // (CSR) matrix's values or column indices, Bounds its row pointers.
  // Distributed by those segments; after bounds(), the segments of the
  // loop's iterations must be ascending and within the array, else the
  // program stops with an error naming them (the iterations would write
  // each other's elements). Array and BoundsName: names for that error.
  template <class ValueT, class BoundT>
  void distSegments(ValueT *Data, long long Size, const BoundT *Bounds,
                    const char *Array, const char *BoundsName) {
    static_assert(std::is_integral<BoundT>::value, "segment bounds");
    // Only the bounds the loop reads, those of the rows it runs (a loop
    // stepping by Stride): a row it skips is empty, its bounds copied from
    // the row before (the one after, for rows before the first).
    auto Runs = [&](long long Row) {
      return Row >= Lb && Row < Ub && (Row - Anchor) % Stride == 0;
    };
    std::vector<long long> Segments(Ub > Lb ? Ub + 1 : 1, 0);
    long long First = -1;
    for (long long Row = Lb > 0 ? Lb : 0; Ub > Lb && Row <= Ub; ++Row) {
      const bool Read = Runs(Row) || Runs(Row - 1);
      if (Read && First < 0)
        First = Row;
      Segments[Row] = Read ? static_cast<long long>(Bounds[Row])
                           : (Row > 0 ? Segments[Row - 1] : 0);
    }
    for (long long Row = Lb > 0 ? Lb : 0; First >= 0 && Row < First; ++Row)
      Segments[Row] = Segments[First];
    addSegments(
        contiguous(ArrayArg::Distributed, Data, 0, 1, 1, 0, Access{true, 0, 0}),
        std::move(Segments), Size, Array, BoundsName);
  }

  // Whole (replicated, read-only) arrays.
  template <class ArrayT> void wholeArray(ArrayT &Array) {
    static_assert(std::is_array<ArrayT>::value, "wholeArray takes a C array");
    add(contiguous(ArrayArg::Whole, reinterpret_cast<const char *>(&Array),
                   sizeof(ArrayT), 1, 1, 0, Access()));
  }
  template <class ValueT> void wholeVector(const std::vector<ValueT> &Vec) {
    ArrayArg Arg =
        contiguous(ArrayArg::Whole, Vec.data(),
                   static_cast<long long>(Vec.size()), 1, 1, 0, Access());
    Arg.Store = ArrayArg::Vector;
    Arg.Object = const_cast<std::vector<ValueT> *>(&Vec);
    add(Arg);
  }
  template <class ValueT> void wholePointer(ValueT *Ptr, long long Rows) {
    add(contiguous(ArrayArg::Whole, Ptr, Rows, 1, 1, 0, Access()));
  }
  template <class ValueT, std::size_t Cols>
  void wholePointer(ValueT (*Ptr)[Cols], long long Rows) {
    add(contiguous(ArrayArg::Whole, &Ptr[0][0], Rows, Cols, 2, 0, Access()));
  }
  template <class ValueT>
  void wholePointer(ValueT **Ptr, long long Rows, long long Cols) {
    add(rowTable(ArrayArg::Whole, Ptr, Rows, Cols, 0, Access()));
  }
  template <class ValueT>
  void wholeRows(const std::vector<std::vector<ValueT>> &Rows) {
    add(vectorRows(ArrayArg::Whole, Rows, 0, Access()));
  }

  template <class ValueT> void reduction(ValueT &Var, ReduceOp Op) {
    ReductionArg Arg;
    Arg.Var = &Var;
    Arg.Size = sizeof(ValueT);
    Arg.Op = Op;
    Arg.Combine = &detail::combineBytes<ValueT>;
    Reductions.push_back(Arg);
  }
  /// An array reduction: each element of Var is reduced on its own.
  template <class ValueT, std::size_t Count>
  void reduction(ValueT (&Var)[Count], ReduceOp Op) {
    ReductionArg Arg;
    Arg.Var = Var;
    Arg.Size = sizeof Var;
    Arg.Count = Count;
    Arg.Op = Op;
    Arg.Combine = &detail::combineBytes<ValueT>;
    Reductions.push_back(Arg);
  }

  /// Before run(), for an access that runs in every iteration: its
  /// subscript in dimension Dim (0-based) of Array takes the values
  /// [Min, Max] over the loop. Outside [0, Extent), the program stops on
  /// every rank with an error naming the loop, the access and the extent
  /// (the runtime would move rows the access does not find).
  void checkAccess(const char *Access, const char *Array, unsigned Dim,
                   long long Min, long long Max, long long Extent) const;

  /// Before run(): whole array Slot, of Rows rows in its first dimension,
  /// is read only in the rows of those Spans that run (dlbcc bounds each
  /// read over all the loop's iterations). The workers get only those rows,
  /// at their place in a copy of the whole extent, so that the kernel's
  /// subscripts are unchanged. A bound may be loose: rows outside
  /// [0, Rows) are left out (checkAccess reports the reads that reach
  /// them). An array the ranks keep goes whole.
  void wholeSpan(unsigned Slot, long long Rows,
                 std::initializer_list<Span> Spans);

  /// The ranks keep array Slot (in the order added) after this execution:
  /// dlbcc proved that the program does not touch it before the loop's next
  /// execution, or another loop's, or the end of the enclosing
  /// ResidentScope. Its rows are then not gathered at the end nor scattered
  /// at the next start (runtime/residency/Residency.h).
  /// Arrays distributed by segments go back at the end of each execution.
  void keep(unsigned Slot) { Arrays[Slot].Keep = !Arrays[Slot].Segments; }
  /// Before run(): distributed array Slot is read at row Row (of its
  /// distributed dimension, the first) in every iteration, and the loop
  /// does not write that row (dlbcc proves it): every rank gets a copy,
  /// which the kernel reads through Block::pinned. Outside the array, the
  /// program stops on every rank with an error, as checkAccess does.
  void pin(unsigned Slot, long long Row);
  /// Before run(): any iteration may read elements [Lo, Hi) of the
  /// distributed dimension of distributed array Slot, which the loop does
  /// not write (dlbcc proves it): every block gets them with its own
  /// (Access::WindowLo; several windows make their hull; an empty one,
  /// Lo >= Hi, adds nothing).
  void window(unsigned Slot, long long Lo, long long Hi);

  /// Executes the loop on all ranks; on return the arrays and reduction
  /// variables hold what the sequential loop would have left (those kept
  /// on the ranks: when the enclosing ResidentScope ends).
  void run();

private:
  friend detail::LoopRunState &detail::state(LoopRun &);

  template <class ValueT>
  static ArrayArg contiguous(ArrayArg::RoleKind Role, ValueT *Data,
                             long long Rows, long long Cols, unsigned Dims,
                             unsigned Dim, Access Acc) {
    ArrayArg Arg;
    Arg.Role = Role;
    Arg.Store = ArrayArg::Contiguous;
    Arg.Dims = static_cast<unsigned char>(Dims);
    Arg.DistDim = static_cast<unsigned char>(Dim);
    Arg.Acc = Acc;
    Arg.ElemSize = sizeof(*Data);
    Arg.Extent[0] = Rows;
    Arg.Extent[1] = Cols;
    Arg.Data = reinterpret_cast<char *>(
        const_cast<typename std::remove_cv<ValueT>::type *>(Data));
    return Arg;
  }
  template <class ValueT>
  static ArrayArg rowTable(ArrayArg::RoleKind Role, ValueT **Table,
                           long long Rows, long long Cols, unsigned Dim,
                           Access Acc) {
    ArrayArg Arg = contiguous(Role, static_cast<ValueT *>(nullptr), Rows, Cols,
                              2, Dim, Acc);
    Arg.Store = ArrayArg::RowTable;
    Arg.Rows = reinterpret_cast<char *const *>(Table);
    return Arg;
  }
  template <class ValueT>
  ArrayArg vectorRows(ArrayArg::RoleKind Role,
                      const std::vector<std::vector<ValueT>> &Rows,
                      unsigned Dim, Access Acc) {
    const long long Cols =
        Rows.empty() ? 0 : static_cast<long long>(Rows[0].size());
    std::vector<char *> &Table = VectorRows.emplace_back();
    for (const std::vector<ValueT> &Row : Rows) {
      if (static_cast<long long>(Row.size()) != Cols && !Ragged)
        Ragged = {static_cast<long long>(Arrays.size()),
                  static_cast<long long>(&Row - Rows.data()),
                  static_cast<long long>(Row.size()), Cols};
      Table.push_back(reinterpret_cast<char *>(const_cast<ValueT *>(Row.data())));
    }
    // The runtime reads the table as char pointers, the type it holds.
    ArrayArg Arg = rowTable(Role, reinterpret_cast<ValueT **>(Table.data()),
                            static_cast<long long>(Rows.size()), Cols, Dim,
                            Acc);
    Arg.Id = reinterpret_cast<std::uintptr_t>(&Rows);
    return Arg;
  }
  void add(const ArrayArg &Arg) { Arrays.push_back(Arg); }
  void addSegments(ArrayArg Arg, std::vector<long long> Segments,
                   long long Size, const char *Array, const char *BoundsName);
  template <class ValueT>
  void addLinear(ValueT *Data, long long Size, long long RowLength,
                 Access Acc) {
    const bool Fits = RowLength > 0 && Size % RowLength == 0;
    if (!Fits && !BadRowLength)
      BadRowLength = {static_cast<long long>(Arrays.size()), Size, RowLength};
    add(contiguous(ArrayArg::Distributed, Data, Fits ? Size / RowLength : 0,
                   Fits ? RowLength : 1, 2, 0, Acc));
  }

};

namespace detail {
inline LoopRunState &state(LoopRun &Run) { return Run; }
} // namespace detail

} // namespace dlb

#endif // DLB_LOOP_H
