//===- SlabMemory.cpp - Memory that received rows arrive in -------------===//
//
// Owns allocateSlabMemory: malloc for small buffers, 2 MiB-aligned memory
// advised as transparent huge pages for large ones (SlabMemory.h says why),
// and the measured cost of copying into such memory fresh.
//
//===----------------------------------------------------------------------===//
#include "platform/SlabMemory.h"

#include "core/Context.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
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

double freshCopyByteSeconds() {
  const std::size_t Bytes = 2 * HugePage;
  // The source on huge pages too: 4 MiB of small ones cost 16 ms of page
  // faults before the first copy on that virtual machine.
  char *From = static_cast<char *>(allocateSlabMemory(Bytes));
  std::memset(From, 1, Bytes);
  double Best = 1;
  for (int Rep = 0; Rep < 2; ++Rep) {
    const double Start = now();
    void *Map = mmap(nullptr, Bytes + HugePage, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (Map == MAP_FAILED)
      break;
    const auto At = reinterpret_cast<std::uintptr_t>(Map);
    char *To =
        reinterpret_cast<char *>((At + HugePage - 1) / HugePage * HugePage);
#ifdef MADV_HUGEPAGE
    madvise(To, Bytes, MADV_HUGEPAGE);
#endif
    std::memcpy(To, From, Bytes);
    munmap(Map, Bytes + HugePage);
    Best = std::min(Best, now() - Start);
  }
  freeSlabMemory(From);
  return Best < 1 ? std::max(Best, 1e-12) / static_cast<double>(Bytes) : 1e-9;
}

} // namespace dlb
