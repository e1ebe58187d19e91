//===- dlb/Views.h - Views of distributed arrays inside loop kernels -------===//
//
// A distributed array is stored in pieces: each rank holds only the rows (or
// columns) of the iterations it owns, plus halo rows its iterations read. A
// loop kernel sees a piece through a view that is indexed with *global*
// indices, so the user's loop body compiles unchanged: `Z[i][j]` on a
// Dist2D<double> is the same element as `Z[i][j]` in the sequential program.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_VIEWS_H
#define DLB_VIEWS_H

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace dlb {

/// Whether every pointer a kernel takes for its restrict arrays is 16-byte
/// aligned: the kernel then runs the instance of its loop that assumes so
/// (assumeAligned16), where SSE folds the loads into the arithmetic as in
/// the user's loop over static arrays. The user's own arrays need not be
/// (a row of a struct, &a[1]), so this is checked where the kernel runs.
template <class... ValueT> bool aligned16(const ValueT *...Pointers) {
  return ((reinterpret_cast<std::uintptr_t>(Pointers) % 16 == 0) && ...);
}

/// \p Pointer, which aligned16 found 16-byte aligned, so marked for the
/// compiler (a row's alignment follows from it and the row length).
template <class ValueT> ValueT *assumeAligned16(ValueT *Pointer) {
  return static_cast<ValueT *>(__builtin_assume_aligned(Pointer, 16));
}

/// \p Pointer to Bytes of storage from operator new (a reduction's private
/// array), which is aligned for any object of that size whose alignment is
/// at most __STDCPP_DEFAULT_NEW_ALIGNMENT__: marked 16-byte aligned where
/// that is 16 or more and an object of 16 bytes fits (an allocator may
/// align fewer bytes less).
template <std::size_t Bytes, class ValueT>
ValueT *newAligned(ValueT *Pointer) {
  if constexpr (__STDCPP_DEFAULT_NEW_ALIGNMENT__ >= 16 && Bytes >= 16)
    return assumeAligned16(Pointer);
  else
    return Pointer;
}

/// A 1-D distributed array (C array, pointer with shape, or std::vector):
/// element I lives at Base[I - Offset].
template <class ValueT> class Dist1D {
public:
  Dist1D(ValueT *Base, long long Offset, long long Size)
      : Base(Base), Offset(Offset), Extent(Size) {}
  ValueT &operator[](long long Index) const { return Base[Index - Offset]; }
  /// The global extent, so `v.size()` in a loop body keeps its meaning.
  std::size_t size() const { return static_cast<std::size_t>(Extent); }

private:
  ValueT *Base;
  long long Offset;
  long long Extent;
};

/// A 2-D distributed array. Rows[R - RowOffset] points at the stored part of
/// global row R, whose first stored column is ColOffset. Row distribution has
/// ColOffset 0; column distribution has RowOffset 0.
template <class ValueT> class Dist2D {
public:
  class Row {
  public:
    Row(ValueT *Data, long long ColOffset) : Data(Data), ColOffset(ColOffset) {}
    ValueT &operator[](long long Col) const { return Data[Col - ColOffset]; }

  private:
    ValueT *Data;
    long long ColOffset;
  };

  Dist2D(ValueT *const *Rows, long long RowOffset, long long ColOffset)
      : Rows(Rows), RowOffset(RowOffset), ColOffset(ColOffset) {}
  Row operator[](long long Index) const {
    return Row(Rows[Index - RowOffset], ColOffset);
  }

private:
  ValueT *const *Rows;
  long long RowOffset;
  long long ColOffset;
};

/// A 2-D distributed array whose stored rows are evenly spaced (a C array
/// or a pointer to rows of fixed length in rank 0's memory, any array in a
/// worker's buffers): element (R, C) lives at Origin[R * Stride + C], the
/// same address arithmetic as the sequential program's `a[r][c]` with the
/// row length known at run time. Origin is the biased address of the stored
/// part's element (0, 0).
template <class ValueT> class Strided2D {
public:
  Strided2D(ValueT *Origin, long long Stride) : Origin(Origin), Stride(Stride) {}
  ValueT *operator[](long long Index) const { return Origin + Index * Stride; }
  long long stride() const { return Stride; }
  /// The same rows as a pointer to rows of type RowT (ValueT[Stride]):
  /// the type of the user's array, whose row length the compiler knows.
  template <class RowT> RowT *rows() const {
    return reinterpret_cast<RowT *>(Origin);
  }

private:
  ValueT *Origin;
  long long Stride;
};

} // namespace dlb

#endif // DLB_VIEWS_H
