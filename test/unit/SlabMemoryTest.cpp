//===- SlabMemoryTest.cpp - Tests of the buffers received rows arrive in --===//
//
// Owns the unit tests of runtime/platform/SlabMemory.h: a SlabBuffer has
// the size asked for and holds what is written in it; small buffers are
// aligned for a kernel's elements (PieceAlign), large ones to 2 MiB (huge
// pages); copies and moves keep the bytes; the reader reads one in place.
//
//===----------------------------------------------------------------------===//
#include "platform/SlabMemory.h"
#include "transport/Wire.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <numeric>

using namespace dlb;

namespace {

std::uintptr_t address(const SlabBuffer &B) {
  return reinterpret_cast<std::uintptr_t>(B.data());
}

TEST(SlabMemoryTest, SizesAndAlignments) {
  const std::size_t HugePage = std::size_t(2) << 20;
  for (std::size_t Bytes : {std::size_t(1), std::size_t(100), HugePage - 1,
                            HugePage, 3 * HugePage + 5}) {
    SlabBuffer B(Bytes);
    ASSERT_EQ(B.size(), Bytes);
    EXPECT_EQ(address(B) % PieceAlign, 0u) << Bytes;
    if (Bytes >= HugePage)
      EXPECT_EQ(address(B) % HugePage, 0u) << Bytes;
    std::memset(B.data(), 0x5a, Bytes);
    EXPECT_EQ(B.front(), 0x5a);
    EXPECT_EQ(B.back(), 0x5a);
  }
  EXPECT_TRUE(SlabBuffer().empty());
}

TEST(SlabMemoryTest, CopiesMovesAndValuesKeepTheBytes) {
  SlabBuffer B(5000);
  std::iota(B.begin(), B.end(), 0);
  const SlabBuffer Copy = B;
  EXPECT_EQ(Copy, B);
  const SlabBuffer Moved = std::move(B);
  EXPECT_EQ(Moved, Copy);
  EXPECT_EQ(SlabBuffer(4, 'x'), SlabBuffer({'x', 'x', 'x', 'x'}));
}

TEST(SlabMemoryTest, ReaderReadsABufferInPlace) {
  Writer Out;
  Out.put<std::uint64_t>(42);
  Out.putVector(std::vector<int>{1, 2, 3});
  SlabBuffer B(Out.buffer().begin(), Out.buffer().end());
  Reader In(B);
  EXPECT_EQ(In.get<std::uint64_t>(), 42u);
  EXPECT_EQ(In.getVector<int>(), (std::vector<int>{1, 2, 3}));
  EXPECT_TRUE(In.atEnd());
  EXPECT_THROW(In.get<char>(), std::out_of_range);
}

} // namespace
