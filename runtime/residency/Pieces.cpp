//===- Pieces.cpp - Packing and unpacking the slabs of pieces --------------===//
#include "residency/Pieces.h"

#include "residency/Layout.h"

#include <algorithm>

namespace dlb {

void pointDistributed(ArrayView &View, const ArrayArg &A,
                      const ArrayArg &Layout, long long First,
                      std::vector<char *> &Table) {
  if (A.Dims == 1) {
    View.Base = Layout.Data;
    // By segments: Data holds element Segments[0] (Block::rows).
    View.RowOffset = Layout.Segments ? Layout.Segments[0] : First;
    View.Size = A.Extent[0];
    return;
  }
  View.Base = Layout.Store == ArrayArg::RowTable ? nullptr : Layout.Data;
  View.Rows = rowsOf(Layout, Table);
  // A skewed pipeline's buffer holds column c of row r at c + Skew * r.
  if (A.Skew && !Layout.Skew)
    for (std::size_t Row = 0; Row < Table.size(); ++Row)
      Table[Row] += A.Skew * static_cast<long long>(Row) *
                    static_cast<long long>(A.ElemSize);
  View.RowOffset = A.DistDim == 0 ? First : 0;
  View.ColOffset = A.DistDim == 1 ? First : 0;
  // Evenly spaced rows (skewed ones too) for Strided2D.
  View.Stride = Layout.Store == ArrayArg::RowTable
                    ? 0
                    : Layout.Extent[1] + (Layout.Skew ? 0 : A.Skew);
}

long long keptMargin(const LoopSpec &Spec) {
  long long Margin = 1;
  for (const ArrayArg &A : Spec.Arrays)
    if (A.Role == ArrayArg::Distributed)
      Margin = std::max({Margin, -A.Acc.HaloLo, A.Acc.HaloHi});
  return Margin;
}

Range sentRange(const LoopSpec &Spec, const ArrayArg &A, const Range &Iters,
                SlabSet Which) {
  const Range Need = neededRange(Iters, A.Acc, distExtent(A));
  if (Which != SlabSet::Sent || !A.Keep)
    return Need;
  const long long Margin = keptMargin(Spec);
  return {std::max(0LL, Need.Begin - Margin),
          std::min(distExtent(A), Need.End + Margin)};
}

void packSlabs(Writer &Out, const LoopSpec &Spec, const Range &R,
               const Piece *Source) {
  forEachSlab(Spec, R, SlabSet::All, [&](std::size_t Slot, const ArrayArg &A,
                                         const Range &Need) {
    char *To = Out.reserve(slabBytes(A, Need), PieceAlign);
    if (!Source) {
      packSlab(A, Need, To);
      return;
    }
    const Slab &S = Source->Slabs[Slot];
    packSlab(S.Layout, {Need.Begin - S.First, Need.End - S.First}, To);
  });
}

Piece unpackSlabs(Reader &In, const LoopSpec &Spec, const Range &R,
                  std::shared_ptr<SlabBuffer> Storage, SlabSet Which) {
  Piece P;
  P.Iters = R;
  P.Slabs.resize(Spec.Pairs.sides() * Spec.Arrays.size());
  forEachSlab(Spec, R, Which, [&](std::size_t Slot, const ArrayArg &A,
                                  const Range &Need) {
    char *Data = In.take(slabBytes(A, Need), PieceAlign);
    P.Slabs[Slot] = {bufferLayout(A, Need, Data), Need.Begin};
  });
  P.Storage.push_back(std::move(Storage));
  return P;
}

void pointWhole(ArrayView &View, const ArrayArg &A, const ArrayArg &Layout,
                std::vector<char *> &Table) {
  View.Base = Layout.Data;
  View.Size = A.Extent[0] * A.Extent[1];
  View.Object = Layout.Object;
  if (A.Store == ArrayArg::RowTable)
    View.Rows = rowsOf(Layout, Table);
}

} // namespace dlb
