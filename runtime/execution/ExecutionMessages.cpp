//===- ExecutionMessages.cpp - The messages of an execution ---------------===//
#include "execution/ExecutionMessages.h"

#include "messages/Result.h"
#include "residency/Layout.h"
#include "transport/Protocol.h"
#include "core/Registry.h"
#include "residency/Residency.h"
#include "transport/Transport.h"
#include "transport/Wire.h"

#include <algorithm>

namespace dlb {

namespace {

/// Posts the slab R of A (laid out as A says) to Dest as one message: from
/// its memory where it is one stretch of it, otherwise packed into a copy
/// that Copies keeps until the send completes.
void postSlab(const ArrayArg &A, const Range &R, int Dest, int Tag,
              Requests &Sends, std::deque<std::vector<char>> &Copies) {
  const std::size_t Size = slabBytes(A, R);
  const char *Data = contiguousSlab(A, R);
  if (!Data) {
    Copies.emplace_back(Size);
    packSlab(A, R, Copies.back().data());
    Data = Copies.back().data();
  }
  postSend(Data, Size, Dest, Tag, Sends);
}

/// A worker's result travels as a head (its size on ResultHeadTag, then on
/// ResultTag the counters, the reduction slots and each executed piece's
/// range) and one ResultSlabTag message per slab it wrote, in the order of
/// the ranges, on each side, each array's owned rows: sent from the piece's
/// memory and received into the user's array in place where the slab is one
/// stretch of memory (a row slab), packed and unpacked otherwise. Packing
/// copied 8 MB of Mandelbrot rows in 10 ms here.
template <class Fn>
void forEachWrittenSlab(const LoopSpec &Spec, const Range &R, Fn F) {
  forEachSide(Spec, R, [&](std::size_t Slot, const ArrayArg &A,
                           const Range &Iters) {
    if (A.Acc.Written && !A.Keep)
      F(Slot, A, ownedRange(Iters, distExtent(A)));
  });
}

} // namespace

StartMessage startMessage(const LoopSpec &Spec, const ExecParams &Params,
                          const WorkCurve &Curve, const Partition &Parts,
                          const std::vector<Ownership> &Owners) {
  StartMessage Start;
  Start.Params = Params;
  Start.Curve = Curve.encode();
  Start.Scalars = Spec.Scalars;
  Start.ScalarOffsets = Spec.ScalarOffsets;
  Start.Arrays = Spec.Arrays;
  Start.Reductions = Spec.Reductions;
  Start.Pairs = Spec.Pairs;
  if (startsFromKept(Spec)) {
    Start.Parts = Parts;
    Start.Owners = Owners;
  }
  return Start;
}

std::vector<char> packBody(const StartMessage &Start) {
  Writer Out;
  encode(Out, Start);
  for (const ArrayArg &A : Start.Arrays)
    for (unsigned P = 0; P < A.PinCount; ++P) {
      const Range Row{A.Pins[P], A.Pins[P] + 1};
      packSlab(A, Row, Out.reserve(slabBytes(A, Row), PieceAlign));
    }
  return std::move(Out.buffer());
}

StartMessage unpackBody(SlabBuffer &Body,
                        std::vector<std::vector<const char *>> &Pinned) {
  Reader In(Body);
  StartMessage Start;
  decode(In, Start);
  Pinned.assign(Start.Arrays.size(), {});
  for (std::size_t K = 0; K < Start.Arrays.size(); ++K) {
    const ArrayArg &A = Start.Arrays[K];
    for (unsigned P = 0; P < A.PinCount; ++P)
      Pinned[K].push_back(
          In.take(slabBytes(A, {A.Pins[P], A.Pins[P] + 1}), PieceAlign));
  }
  return Start;
}

void postBlockSlabs(const std::vector<Range> &Blocks, const LoopSpec &Spec,
                    int Worker, Requests &Sends,
                    std::deque<std::vector<char>> &Copies) {
  for (const Range &B : Blocks)
    forEachSlab(Spec, B, SlabSet::Sent,
                [&](std::size_t, const ArrayArg &A, const Range &Need) {
                  postSlab(A, Need, Worker, BodySlabTag, Sends, Copies);
                });
}

std::vector<Piece> receiveBlockSlabs(const std::vector<Range> &Blocks,
                                     const LoopSpec &Spec) {
  std::size_t Bytes = 0;
  for (const Range &B : Blocks)
    forEachSlab(Spec, B, SlabSet::Sent,
                [&](std::size_t, const ArrayArg &A, const Range &Need) {
                  Bytes = alignUp(Bytes, PieceAlign) + slabBytes(A, Need);
                });
  auto Storage = std::make_shared<SlabBuffer>(Bytes);
  Reader In(*Storage);
  Requests Reqs;
  for (const Range &B : Blocks)
    forEachSlab(Spec, B, SlabSet::Sent,
                [&](std::size_t, const ArrayArg &A, const Range &Need) {
                  const std::size_t Size = slabBytes(A, Need);
                  postRecv(In.take(Size, PieceAlign), Size, 0, BodySlabTag,
                           Reqs);
                });
  waitAll(Reqs, {"the start of an execution", 0});
  Reader Slabs(*Storage);
  std::vector<Piece> Pieces;
  for (const Range &B : Blocks)
    Pieces.push_back(unpackSlabs(Slabs, Spec, B, Storage, SlabSet::Sent));
  return Pieces;
}

void sendResult(RankResult W, const std::vector<Piece> &Executed,
                const LoopSpec &Spec, WatchScope &Watch, bool Together) {
  if (!Together)
    Watch.disarm();
  ResultMessage Msg{std::move(W), {}};
  for (const Piece &P : Executed)
    Msg.Executed.push_back(P.Iters);
  const std::vector<char> Head = encode(Msg);
  const std::vector<char> Size = encode(HeadMsg{Head.size()});
  Requests Reqs;
  postSend(Size.data(), Size.size(), 0, ResultHeadTag, Reqs);
  postSend(Head.data(), Head.size(), 0, ResultTag, Reqs);
  std::deque<std::vector<char>> Copies;
  for (const Piece &P : Executed)
    forEachWrittenSlab(Spec, P.Iters, [&](std::size_t Slot, const ArrayArg &,
                                          const Range &Owned) {
      const Slab &S = P.Slabs[Slot];
      postSlab(S.Layout, {Owned.Begin - S.First, Owned.End - S.First}, 0,
               ResultSlabTag, Reqs, Copies);
    });
  waitAll(Reqs, {"rank 0 to take this rank's result", 0});
}

RankResult receiveResult(int Worker, const LoopSpec &Spec,
                         std::vector<Range> &Executed) {
  const char *What = "the result of a rank's share";
  std::vector<char> Size(HeadBytes);
  Requests Reqs;
  postRecv(Size.data(), Size.size(), Worker, ResultHeadTag, Reqs);
  waitAll(Reqs, {What, Worker});
  std::vector<char> Head(decode<HeadMsg>(std::move(Size)).Bytes);
  postRecv(Head.data(), Head.size(), Worker, ResultTag, Reqs);
  waitAll(Reqs, {What, Worker});
  ResultMessage Msg = decode<ResultMessage>(std::move(Head));
  struct Staged {
    const ArrayArg *A;
    Range Owned;
    std::vector<char> Data;
  };
  std::deque<Staged> Packed;
  for (const Range &R : Msg.Executed) {
    Executed.push_back(R);
    forEachWrittenSlab(Spec, R, [&](std::size_t, const ArrayArg &A,
                                    const Range &Owned) {
      const std::size_t Size = slabBytes(A, Owned);
      char *To = contiguousSlab(A, Owned);
      if (!To) {
        Packed.push_back({&A, Owned, std::vector<char>(Size)});
        To = Packed.back().Data.data();
      }
      postRecv(To, Size, Worker, ResultSlabTag, Reqs);
    });
  }
  waitAll(Reqs, {What, Worker});
  for (const Staged &S : Packed)
    unpackSlab(*S.A, S.Owned, S.Data.data());
  return std::move(Msg.Work);
}

std::vector<std::shared_ptr<SlabBuffer>>
receiveWholeArrays(const std::vector<ArrayArg> &Arrays, const Relay &Tree) {
  ResidencyState &Kept = context().Residency;
  std::vector<std::shared_ptr<SlabBuffer>> Whole(Arrays.size());
  Requests Reqs;
  for (std::size_t K = 0; K < Arrays.size(); ++K) {
    const ArrayArg &A = Arrays[K];
    if (A.Role != ArrayArg::Whole)
      continue;
    if (A.Kept) {
      Whole[K] = Kept.Kept[A.Id].Whole;
      if (!Whole[K])
        fatal("a whole array to be kept from an earlier execution is not");
      continue;
    }
    // The rows the loop reads, in place; the others stay zero.
    Whole[K] = std::make_shared<SlabBuffer>(arrayBytes(A));
    const Range Rows = sentRows(A);
    postRecv(Whole[K]->data() + slabBytes(A, {0, Rows.Begin}),
             slabBytes(A, Rows), Tree.Parent, WholeTag, Reqs);
    if (A.Keep)
      Kept.Kept[A.Id].Whole = Whole[K];
  }
  waitAll(Reqs, {"the whole arrays of an execution", Tree.Parent});
  for (std::size_t K = 0; K < Arrays.size(); ++K) {
    const ArrayArg &A = Arrays[K];
    if (A.Role != ArrayArg::Whole || A.Kept)
      continue;
    const Range Rows = sentRows(A);
    for (int Child : Tree.Children)
      postSend(Whole[K]->data() + slabBytes(A, {0, Rows.Begin}),
               slabBytes(A, Rows), Child, WholeTag, Reqs);
  }
  waitAll(Reqs, {"this rank's children in the relay tree to take the whole "
                 "arrays"});
  return Whole;
}

} // namespace dlb
