//===- SlabMemory.cpp - Memory that received rows arrive in -------------===//
//
// Owns allocateSlabMemory: malloc for small buffers, 2 MiB-aligned memory
// advised as transparent huge pages for large ones (SlabMemory.h says why).
//
//===----------------------------------------------------------------------===//
#include "platform/SlabMemory.h"

#include <cstdlib>
#include <sys/mman.h>

namespace dlb {

namespace {
constexpr std::size_t HugePage = std::size_t(2) << 20;
} // namespace

void *allocateSlabMemory(std::size_t Bytes) {
  void *Memory = nullptr;
  if (Bytes >= HugePage) {
    const std::size_t Rounded = (Bytes + HugePage - 1) / HugePage * HugePage;
    Memory = std::aligned_alloc(HugePage, Rounded);
#ifdef MADV_HUGEPAGE
    // Advice only: where transparent huge pages are off, pages are small.
    if (Memory)
      madvise(Memory, Rounded, MADV_HUGEPAGE);
#endif
  } else {
    Memory = std::malloc(Bytes ? Bytes : 1);
  }
  if (!Memory)
    throw std::bad_alloc();
  return Memory;
}

void freeSlabMemory(void *Memory) noexcept { std::free(Memory); }

} // namespace dlb
