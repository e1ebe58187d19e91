//===- Wire.h - Byte buffers of the runtime's messages --------------------===//
//
// Owns the encoding of message contents: trivially copyable values and
// vectors appended to a byte buffer and read back in the same order. Both
// ends run the same binary, so values travel in their in-memory form.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_WIRE_H
#define DLB_RUNTIME_WIRE_H

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

namespace dlb {

/// The alignment of the pieces that a kernel accesses in place in a received
/// buffer (new'd buffers are aligned at least this much).
constexpr std::size_t PieceAlign = alignof(std::max_align_t);

/// Offset rounded up to a multiple of Align: where Writer::reserve and
/// Reader::take place an aligned part.
inline std::size_t alignUp(std::size_t Offset, std::size_t Align) {
  return (Offset + Align - 1) / Align * Align;
}

class Writer {
public:
  template <class T> void put(const T &V) {
    static_assert(std::is_trivially_copyable<T>::value, "raw bytes only");
    std::memcpy(reserve(sizeof(T)), &V, sizeof(T));
  }
  template <class T> void putVector(const std::vector<T> &V) {
    static_assert(std::is_trivially_copyable<T>::value, "raw bytes only");
    put<std::uint64_t>(V.size());
    if (!V.empty())
      std::memcpy(reserve(V.size() * sizeof(T)), V.data(),
                  V.size() * sizeof(T));
  }
  /// Appends Bytes bytes starting at a multiple of Align; returns them to be
  /// filled before the next append.
  char *reserve(std::size_t Bytes, std::size_t Align = 1) {
    const std::size_t Start = alignUp(Buf.size(), Align);
    Buf.resize(Start + Bytes);
    return Buf.data() + Start;
  }
  std::vector<char> &buffer() { return Buf; }

private:
  std::vector<char> Buf;
};

class Reader {
public:
  explicit Reader(std::vector<char> &Buf) : Buf(Buf) {}

  template <class T> T get() {
    T V;
    std::memcpy(&V, take(sizeof(T)), sizeof(T));
    return V;
  }
  template <class T> std::vector<T> getVector() {
    std::vector<T> V(get<std::uint64_t>());
    if (!V.empty())
      std::memcpy(V.data(), take(V.size() * sizeof(T)), V.size() * sizeof(T));
    return V;
  }
  /// The next Bytes bytes, starting at a multiple of Align (as reserved).
  char *take(std::size_t Bytes, std::size_t Align = 1) {
    const std::size_t Start = alignUp(Pos, Align);
    assert(Start + Bytes <= Buf.size() && "message shorter than expected");
    Pos = Start + Bytes;
    return Buf.data() + Start;
  }

private:
  std::vector<char> &Buf;
  std::size_t Pos = 0;
};

/// The value of type T at the start of a received message.
template <class T> T decode(std::vector<char> Buf) {
  Reader In(Buf);
  return In.get<T>();
}

} // namespace dlb

#endif // DLB_RUNTIME_WIRE_H
