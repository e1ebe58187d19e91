//===- SlabMemory.h - Memory that received rows arrive in -------*- C++ -*-===//
//
// Owns the allocation of the buffers a rank receives rows in: a worker's
// slabs of distributed and whole arrays, the rows that come with moved
// work, a pipeline's columns. A buffer of 2 MiB or more is aligned to 2 MiB
// and advised as transparent huge pages, and its bytes are left
// uninitialized (the receive writes them) instead of zeroed. On a virtual
// machine whose page faults cost 13 us a 4 KiB page, a worker's first
// 20 MB of Jacobi rows took 68 ms to fault in page by page, and a 20 MB
// receive into fresh memory 74 ms; as huge pages it took 8 ms.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_SLABMEMORY_H
#define DLB_RUNTIME_SLABMEMORY_H

#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace dlb {

/// Bytes of memory for received rows (see the file comment); never null.
void *allocateSlabMemory(std::size_t Bytes);
void freeSlabMemory(void *Memory) noexcept;

/// A std::allocator whose elements are default-initialized (left
/// uninitialized for char) and whose memory comes from allocateSlabMemory.
template <class T> struct SlabAllocator {
  using value_type = T;
  SlabAllocator() = default;
  template <class U> SlabAllocator(const SlabAllocator<U> &) noexcept {}
  T *allocate(std::size_t N) {
    return static_cast<T *>(allocateSlabMemory(N * sizeof(T)));
  }
  void deallocate(T *P, std::size_t) noexcept { freeSlabMemory(P); }
  template <class U> void construct(U *P) { ::new (static_cast<void *>(P)) U; }
  template <class U, class... Args> void construct(U *P, Args &&...Values) {
    ::new (static_cast<void *>(P)) U(std::forward<Args>(Values)...);
  }
  template <class U> bool operator==(const SlabAllocator<U> &) const {
    return true;
  }
  template <class U> bool operator!=(const SlabAllocator<U> &) const {
    return false;
  }
};

/// Seconds to copy one byte into memory not touched before, page faults
/// included, as a receive into a new slab buffer does: the best of two
/// copies of 4 MiB into memory freshly mapped, aligned and advised as
/// allocateSlabMemory gets it (as transparent huge pages where the host has
/// them). Measured on small pages instead, on a virtual machine whose 4 KiB
/// page faults cost 33 us, a byte cost 8.5 ns against 0.05 ns, 150 times
/// what the rows' moves cost: the model then kept 2mm and gemm on rank 0
/// alone. It takes 20-50 ms there (mapping and zeroing the huge pages):
/// the network profile keeps it (NetProfile::FreshCopy).
double freshCopyByteSeconds();

/// A buffer of received rows.
using SlabBuffer = std::vector<char, SlabAllocator<char>>;

} // namespace dlb

#endif // DLB_RUNTIME_SLABMEMORY_H
