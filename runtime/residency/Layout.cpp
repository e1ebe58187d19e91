//===- Layout.cpp - Where the elements of an array live -------------------===//
//
// Owns the geometry of the arrays of a loop (see Layout.h).
//
//===----------------------------------------------------------------------===//
#include "residency/Layout.h"

#include <cstring>

namespace dlb {

long long distExtent(const ArrayArg &A) {
  if (A.Skew)
    return A.Extent[1] + A.Skew * (A.Extent[0] - 1);
  return A.Extent[A.Dims == 1 ? 0 : A.DistDim];
}

std::size_t arrayBytes(const ArrayArg &A) {
  if (A.Segments)
    return static_cast<std::size_t>(segmentElements(A, {0, A.Extent[0]})) *
           A.ElemSize;
  return static_cast<std::size_t>(A.Extent[0] * A.Extent[1]) * A.ElemSize;
}

Range sentRows(const ArrayArg &A) {
  if (!A.Trimmed || A.Keep || A.Kept)
    return {0, distExtent(A)};
  return {A.SentBegin, A.SentEnd};
}

std::size_t slabBytes(const ArrayArg &A, const Range &R) {
  if (A.Segments)
    return static_cast<std::size_t>(segmentElements(A, R)) * A.ElemSize;
  const long long Across = A.Dims == 1 ? 1 : A.Extent[1 - A.DistDim];
  return static_cast<std::size_t>(R.size() * Across) * A.ElemSize;
}

char *rowStart(const ArrayArg &A, long long Row) {
  if (A.Store == ArrayArg::RowTable)
    return A.Rows[Row];
  return A.Data + static_cast<std::size_t>(Row * A.Extent[1]) * A.ElemSize;
}

void packSlab(const ArrayArg &A, const Range &R, char *Out) {
  forEachPiece(A, R, [&](const char *Piece, std::size_t Bytes) {
    if (Piece)
      std::memcpy(Out, Piece, Bytes);
    else
      std::memset(Out, 0, Bytes);
    Out += Bytes;
  });
}

void unpackSlab(const ArrayArg &A, const Range &R, const char *In) {
  forEachPiece(A, R, [&](char *Piece, std::size_t Bytes) {
    if (Piece)
      std::memcpy(Piece, In, Bytes);
    In += Bytes;
  });
}

char *contiguousSlab(const ArrayArg &A, const Range &R) {
  char *First = nullptr, *Next = nullptr;
  bool Contiguous = true;
  forEachPiece(A, R, [&](char *Piece, std::size_t Bytes) {
    if (!Piece || (Next && Piece != Next))
      Contiguous = false;
    if (!First)
      First = Piece;
    Next = Piece ? Piece + Bytes : nullptr;
  });
  return Contiguous ? First : nullptr;
}

bool sharesMemory(const ArrayArg &A, const ArrayArg &B) {
  if (A.Store == ArrayArg::RowTable || B.Store == ArrayArg::RowTable ||
      !A.Data || !B.Data)
    return false;
  return A.Data < B.Data + arrayBytes(B) && B.Data < A.Data + arrayBytes(A);
}

ArrayArg bufferLayout(const ArrayArg &A, const Range &R, char *Data) {
  ArrayArg L = A;
  L.Store = ArrayArg::Contiguous;
  L.Data = Data;
  L.Rows = nullptr;
  L.Object = nullptr;
  L.Extent[A.Dims == 1 ? 0 : A.DistDim] = R.size();
  L.Skew = 0;
  if (A.Segments)
    L.Segments = A.Segments + R.Begin;
  return L;
}

char *const *rowsOf(const ArrayArg &A, std::vector<char *> &Table) {
  if (A.Store == ArrayArg::RowTable)
    return A.Rows;
  // Rows of a contiguous array are evenly spaced: a table with the same
  // first and last rows is this one.
  const long long Rows = A.Extent[0];
  if (Rows > 0 && static_cast<long long>(Table.size()) == Rows &&
      Table.front() == rowStart(A, 0) && Table.back() == rowStart(A, Rows - 1))
    return Table.data();
  Table.resize(A.Extent[0]);
  for (long long Row = 0; Row < A.Extent[0]; ++Row)
    Table[Row] = rowStart(A, Row);
  return Table.data();
}

} // namespace dlb
