//===- Layout.h - Where the elements of an array live ---------------------===//
//
// Owns the geometry of the arrays of a loop: the slab of a distributed array
// that a range of its distributed dimension covers, as the contiguous pieces
// of memory that pack it row by row, and the row tables of 2-D arrays. The
// same functions describe a user's array on rank 0 and a block's buffer on a
// worker, so packing and unpacking always agree.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_LAYOUT_H
#define DLB_RUNTIME_LAYOUT_H

#include "dlb/Loop.h"
#include "model/Partition.h"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace dlb {

/// The extent of A's distributed dimension.
long long distExtent(const ArrayArg &A);

/// The size in bytes of all of A.
std::size_t arrayBytes(const ArrayArg &A);
/// Whether the memory of A and B (stored contiguously) overlaps.
bool sharesMemory(const ArrayArg &A, const ArrayArg &B);

/// The rows of whole array A that the workers get: those its reads reach
/// (ArrayArg::Trimmed), or all of them; all of them when the ranks keep
/// it, for later executions may read others.
Range sentRows(const ArrayArg &A);
/// The size in bytes of the slab R of A's distributed dimension (of a
/// array distributed by segments, the elements of those rows).
std::size_t slabBytes(const ArrayArg &A, const Range &R);

/// The elements of the rows R of A, an array distributed by segments
/// (ArrayArg::Segments).
inline long long segmentElements(const ArrayArg &A, const Range &R) {
  return A.Segments[R.End] - A.Segments[R.Begin];
}

/// The first element of row Row of the 2-D array A.
char *rowStart(const ArrayArg &A, long long Row);

/// The part of the range Q of A's distributed dimension that row Row of A
/// stores: all of Q, but for a skewed array (ArrayArg::Skew) the columns
/// Q - Skew * Row that lie inside the row, as a range of Q.
inline Range storedPart(const ArrayArg &A, long long Row, const Range &Q) {
  if (!A.Skew)
    return Q;
  const long long Lo = std::clamp(A.Skew * Row, Q.Begin, Q.End);
  return {Lo, std::clamp(A.Extent[1] + A.Skew * Row, Lo, Q.End)};
}

/// Calls F(Piece, Bytes) for each contiguous piece of the slab R of A, in
/// the order in which the slab is packed: rows (or the elements) of a row
/// slab in order; for a column slab, the slab's part of each row in order.
/// A skewed array's slab has the same size, but the part of a row outside
/// the array is a gap: F(nullptr, Bytes).
template <class Fn> void forEachPiece(const ArrayArg &A, const Range &R, Fn F) {
  const std::size_t Elem = A.ElemSize;
  if (R.size() <= 0)
    return;
  if (A.Segments) {
    const long long First = A.Segments[R.Begin] - A.Segments[0];
    F(A.Data + First * Elem, segmentElements(A, R) * Elem);
    return;
  }
  if (A.Dims == 1) {
    F(A.Data + R.Begin * Elem, R.size() * Elem);
    return;
  }
  if (A.DistDim == 0) {
    for (long long Row = R.Begin; Row < R.End; ++Row)
      F(rowStart(A, Row), A.Extent[1] * Elem);
    return;
  }
  if (A.Skew) {
    for (long long Row = 0; Row < A.Extent[0]; ++Row) {
      const Range In = storedPart(A, Row, R);
      if (In.Begin > R.Begin)
        F(nullptr, (In.Begin - R.Begin) * Elem);
      if (In.size() > 0)
        F(rowStart(A, Row) + (In.Begin - A.Skew * Row) * Elem,
          In.size() * Elem);
      if (R.End > In.End)
        F(nullptr, (R.End - In.End) * Elem);
    }
    return;
  }
  for (long long Row = 0; Row < A.Extent[0]; ++Row)
    F(rowStart(A, Row) + R.Begin * Elem, R.size() * Elem);
}

/// Copies the slab R of A to Out (slabBytes(A, R) bytes).
void packSlab(const ArrayArg &A, const Range &R, char *Out);
/// Copies slabBytes(A, R) bytes from In into the slab R of A.
void unpackSlab(const ArrayArg &A, const Range &R, const char *In);

/// The first byte of the slab R of A when it is one contiguous stretch of
/// memory, packed as packSlab packs it (no gap, nothing between its
/// pieces); nullptr otherwise. A transfer may then send or receive it in
/// place.
char *contiguousSlab(const ArrayArg &A, const Range &R);

/// The layout of a contiguous buffer at Data that holds the slab R of A's
/// distributed dimension (all of A when R is the whole extent).
ArrayArg bufferLayout(const ArrayArg &A, const Range &R, char *Data);

/// A row table for the 2-D array A: A's own rows for a RowTable store,
/// otherwise pointers to A's rows stored in Table.
char *const *rowsOf(const ArrayArg &A, std::vector<char *> &Table);

} // namespace dlb

#endif // DLB_RUNTIME_LAYOUT_H
