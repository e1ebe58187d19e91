//===- Wire.h - Byte buffers of the runtime's messages --------------------===//
//
// Owns the encoding of message contents: trivially copyable values and
// vectors appended to a byte buffer and read back in the same order. Both
// ends run the same binary, so values travel in their in-memory form. Each
// message is a struct of runtime/messages/ with its encode(Writer &, const
// X &) and decode(Reader &, X &) side by side; encode(X) and decode<X>(Buf)
// below turn a whole message into bytes and back.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_WIRE_H
#define DLB_RUNTIME_WIRE_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <type_traits>
#include <utility>
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
  /// Reads Buf, a std::vector of char (any allocator), in place.
  template <class Bytes>
  explicit Reader(Bytes &Buf) : Data(Buf.data()), Size(Buf.size()) {}

  template <class T> T get() {
    T V;
    std::memcpy(&V, take(sizeof(T)), sizeof(T));
    return V;
  }
  template <class T> std::vector<T> getVector() {
    const auto Count = get<std::uint64_t>();
    if (Count > (Size - Pos) / sizeof(T))
      throw std::out_of_range("a message shorter than its decoder reads");
    std::vector<T> V(Count);
    if (!V.empty())
      std::memcpy(V.data(), take(V.size() * sizeof(T)), V.size() * sizeof(T));
    return V;
  }
  /// The next Bytes bytes, starting at a multiple of Align (as reserved).
  /// Throws std::out_of_range past the end: a decoder that reads what its
  /// encoder did not write.
  char *take(std::size_t Bytes, std::size_t Align = 1) {
    const std::size_t Start = alignUp(Pos, Align);
    if (Start > Size || Bytes > Size - Start)
      throw std::out_of_range("a message shorter than its decoder reads");
    Pos = Start + Bytes;
    return Data + Start;
  }
  /// Whether every byte of the buffer has been read.
  bool atEnd() const { return Pos == Size; }

private:
  char *Data;
  std::size_t Size;
  std::size_t Pos = 0;
};

/// The bytes of message M, as its family's encode writes them.
template <class Msg> std::vector<char> encode(const Msg &M) {
  Writer Out;
  encode(Out, M);
  return std::move(Out.buffer());
}

/// The message of type Msg that Buf holds, all of it, as its family's
/// decode reads it; throws std::out_of_range if Buf holds more or less.
template <class Msg> Msg decode(std::vector<char> Buf) {
  Reader In(Buf);
  Msg M;
  decode(In, M);
  if (!In.atEnd())
    throw std::out_of_range("a message longer than its decoder reads");
  return M;
}

} // namespace dlb

#endif // DLB_RUNTIME_WIRE_H
