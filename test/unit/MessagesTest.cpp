//===- MessagesTest.cpp - Round trips of the runtime's wire messages ------===//
//
// Owns the unit tests of runtime/messages/: each message, with a value
// other than its default in every field, encoded and decoded back must
// come out equal, field by field, its decoder having read exactly the
// bytes its encoder wrote; and a decoder that reads past a message's end
// or stops short of it is caught (transport/Wire.h).
//
//===----------------------------------------------------------------------===//
#include "messages/Balancing.h"
#include "messages/Commands.h"
#include "messages/Pipeline.h"
#include "messages/Residency.h"
#include "messages/Result.h"
#include "messages/Start.h"
#include "messages/Trace.h"
#include "messages/WorkTransfer.h"

#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>
#include <vector>

using namespace dlb;

namespace {

/// M encoded and decoded back; the decoder must read every byte.
template <class Msg> Msg roundTrip(const Msg &M) {
  std::vector<char> Bytes = encode(M);
  Reader In(Bytes);
  Msg Back;
  decode(In, Back);
  EXPECT_TRUE(In.atEnd()) << "the decoder left bytes unread";
  return Back;
}

RankProfile someProfile() {
  RankProfile P;
  P.Done = 11;
  P.Seconds = 1.25;
  P.Remaining = 12;
  P.MoveSeconds = 0.5;
  P.DoneWork = 13.5;
  P.RemainingWork = 14.5;
  P.SpeedChanges = 15;
  P.LoadSeconds = 2.75;
  P.Rate = 3.5;
  P.Period = 0.125;
  return P;
}

void expectProfile(const RankProfile &P, const RankProfile &Q) {
  EXPECT_EQ(P.Done, Q.Done);
  EXPECT_EQ(P.Seconds, Q.Seconds);
  EXPECT_EQ(P.Remaining, Q.Remaining);
  EXPECT_EQ(P.MoveSeconds, Q.MoveSeconds);
  EXPECT_EQ(P.DoneWork, Q.DoneWork);
  EXPECT_EQ(P.RemainingWork, Q.RemainingWork);
  EXPECT_EQ(P.SpeedChanges, Q.SpeedChanges);
  EXPECT_EQ(P.LoadSeconds, Q.LoadSeconds);
  EXPECT_EQ(P.Rate, Q.Rate);
  EXPECT_EQ(P.Period, Q.Period);
}

ExecParams someParams() {
  ExecParams P;
  P.Strat = Strategy::GDDLB;
  P.GroupSize = 3;
  P.Balance.ProfitFactor = 0.75;
  P.Auto = true;
  P.Net.Latency = 1e-5;
  P.Pipelined = true;
  P.OuterUb = 99;
  P.Skew = 2;
  P.Shift.Fixed = 3e-6;
  P.Hooks = HookLevel::Execution;
  P.Strip = 8;
  P.Control.Interact = 0.25;
  P.FixedPeriod = 0.5;
  P.Filter = FilterMode::Off;
  P.Between = true;
  P.Asked = Strategy::LCDLB;
  return P;
}

void expectParams(const ExecParams &P, const ExecParams &Q) {
  EXPECT_EQ(P.Strat, Q.Strat);
  EXPECT_EQ(P.GroupSize, Q.GroupSize);
  EXPECT_EQ(P.Balance.ProfitFactor, Q.Balance.ProfitFactor);
  EXPECT_EQ(P.Auto, Q.Auto);
  EXPECT_EQ(P.Net.Latency, Q.Net.Latency);
  EXPECT_EQ(P.Pipelined, Q.Pipelined);
  EXPECT_EQ(P.OuterUb, Q.OuterUb);
  EXPECT_EQ(P.Skew, Q.Skew);
  EXPECT_EQ(P.Shift.Fixed, Q.Shift.Fixed);
  EXPECT_EQ(P.Hooks, Q.Hooks);
  EXPECT_EQ(P.Strip, Q.Strip);
  EXPECT_EQ(P.Control.Interact, Q.Control.Interact);
  EXPECT_EQ(P.FixedPeriod, Q.FixedPeriod);
  EXPECT_EQ(P.Filter, Q.Filter);
  EXPECT_EQ(P.Between, Q.Between);
  EXPECT_EQ(P.Asked, Q.Asked);
}

/// A distributed array with a value other than the default in every field
/// but the pointers, which are set (they must travel null).
ArrayArg someArray(bool Kept) {
  static char Data[1];
  static char *const Rows[1] = {Data};
  ArrayArg A;
  A.Role = ArrayArg::Distributed;
  A.Store = ArrayArg::RowTable;
  A.Dims = 2;
  A.DistDim = 1;
  A.Acc = {true, -1, 2, 3, 5};
  A.ElemSize = 8;
  A.Extent[0] = 30;
  A.Extent[1] = 40;
  A.Data = Data;
  A.Rows = Rows;
  A.Object = Data;
  A.Id = 0xabcdef;
  A.Keep = true;
  A.Kept = Kept;
  A.Pins[0] = 4;
  A.Pins[3] = 7;
  A.PinCount = 2;
  A.Skew = 1;
  A.Trimmed = true;
  A.SentBegin = 6;
  A.SentEnd = 9;
  return A;
}

void expectArray(const ArrayArg &A, const ArrayArg &B) {
  EXPECT_EQ(A.Role, B.Role);
  EXPECT_EQ(A.Store, B.Store);
  EXPECT_EQ(A.Dims, B.Dims);
  EXPECT_EQ(A.DistDim, B.DistDim);
  EXPECT_EQ(A.Acc.Written, B.Acc.Written);
  EXPECT_EQ(A.Acc.HaloLo, B.Acc.HaloLo);
  EXPECT_EQ(A.Acc.HaloHi, B.Acc.HaloHi);
  EXPECT_EQ(A.Acc.WindowLo, B.Acc.WindowLo);
  EXPECT_EQ(A.Acc.WindowHi, B.Acc.WindowHi);
  EXPECT_EQ(A.ElemSize, B.ElemSize);
  EXPECT_EQ(A.Extent[0], B.Extent[0]);
  EXPECT_EQ(A.Extent[1], B.Extent[1]);
  EXPECT_EQ(A.Id, B.Id);
  EXPECT_EQ(A.Keep, B.Keep);
  EXPECT_EQ(A.Kept, B.Kept);
  for (unsigned P = 0; P < MaxPinnedRows; ++P)
    EXPECT_EQ(A.Pins[P], B.Pins[P]);
  EXPECT_EQ(A.PinCount, B.PinCount);
  EXPECT_EQ(A.Skew, B.Skew);
  EXPECT_EQ(A.Trimmed, B.Trimmed);
  EXPECT_EQ(A.SentBegin, B.SentBegin);
  EXPECT_EQ(A.SentEnd, B.SentEnd);
}

StartMessage someStart(bool Kept) {
  StartMessage M;
  M.Params = someParams();
  M.Tree = {3, {5, 7}};
  M.Curve = {1.5, 2.5, 3.5};
  M.Blocks = {{0, 10}, {20, 30}};
  M.Scalars = {'a', 'b', 'c'};
  M.ScalarOffsets = {0, 2};
  M.Arrays = {someArray(Kept), someArray(false)};
  M.Arrays[1].Role = ArrayArg::Whole;
  M.Reductions = 4;
  M.Pairs = {2, 50, true};
  if (Kept) {
    M.Parts = {{{0, 5}}, {{5, 8}, {9, 10}}};
    M.Owners = {{{{0, 5}, {5, 10}}, {1, 2}}, {}};
  }
  return M;
}

void expectStart(const StartMessage &M, const StartMessage &Back) {
  expectParams(Back.Params, M.Params);
  EXPECT_EQ(Back.Tree.Parent, M.Tree.Parent);
  EXPECT_EQ(Back.Tree.Children, M.Tree.Children);
  EXPECT_EQ(Back.Curve, M.Curve);
  EXPECT_EQ(Back.Blocks, M.Blocks);
  EXPECT_EQ(Back.Scalars, M.Scalars);
  EXPECT_EQ(Back.ScalarOffsets, M.ScalarOffsets);
  ASSERT_EQ(Back.Arrays.size(), M.Arrays.size());
  for (std::size_t K = 0; K < M.Arrays.size(); ++K) {
    expectArray(Back.Arrays[K], M.Arrays[K]);
    EXPECT_EQ(Back.Arrays[K].Data, nullptr);
    EXPECT_EQ(Back.Arrays[K].Rows, nullptr);
    EXPECT_EQ(Back.Arrays[K].Object, nullptr);
  }
  EXPECT_EQ(Back.Reductions, M.Reductions);
  EXPECT_EQ(Back.Pairs.Lb, M.Pairs.Lb);
  EXPECT_EQ(Back.Pairs.Ub, M.Pairs.Ub);
  EXPECT_EQ(Back.Pairs.Bitonic, M.Pairs.Bitonic);
  EXPECT_EQ(Back.Parts, M.Parts);
  ASSERT_EQ(Back.Owners.size(), M.Owners.size());
  for (std::size_t K = 0; K < M.Owners.size(); ++K) {
    EXPECT_EQ(Back.Owners[K].Ranges, M.Owners[K].Ranges);
    EXPECT_EQ(Back.Owners[K].Owners, M.Owners[K].Owners);
  }
}

} // namespace

TEST(WireTest, DecoderReadingPastTheEndThrows) {
  EXPECT_THROW(decode<Command>(std::vector<char>(CommandBytes - 1)),
               std::out_of_range);
  // A vector whose count says more than the message holds.
  Writer Out;
  Out.put<std::uint64_t>(1000);
  Out.put(1.0);
  Reader In(Out.buffer());
  EXPECT_THROW(In.getVector<double>(), std::out_of_range);
}

TEST(WireTest, DecoderStoppingShortThrows) {
  EXPECT_THROW(decode<Command>(std::vector<char>(CommandBytes + 1)),
               std::out_of_range);
}

TEST(MessagesTest, Command) {
  Command M;
  M.Kind = Command::FetchRows;
  M.LoopId = 7;
  M.BodyBytes = 1234;
  M.Execution = 42;
  EXPECT_EQ(encode(M).size(), CommandBytes);
  const Command Back = roundTrip(M);
  EXPECT_EQ(Back.Kind, M.Kind);
  EXPECT_EQ(Back.LoopId, M.LoopId);
  EXPECT_EQ(Back.BodyBytes, M.BodyBytes);
  EXPECT_EQ(Back.Execution, M.Execution);
}

TEST(MessagesTest, Head) {
  const HeadMsg M{1ULL << 40};
  EXPECT_EQ(encode(M).size(), HeadBytes);
  EXPECT_EQ(roundTrip(M).Bytes, M.Bytes);
}

TEST(MessagesTest, Profile) {
  ProfileMsg M;
  M.Phase = 2;
  M.Epoch = 5;
  M.Profile = someProfile();
  M.Sent = 21;
  M.Received = 22;
  const ProfileMsg Back = roundTrip(M);
  EXPECT_EQ(Back.Phase, M.Phase);
  EXPECT_EQ(Back.Epoch, M.Epoch);
  expectProfile(Back.Profile, M.Profile);
  EXPECT_EQ(Back.Sent, M.Sent);
  EXPECT_EQ(Back.Received, M.Received);
}

TEST(MessagesTest, ChunkAskAndAnswer) {
  EXPECT_EQ(roundTrip(ChunkAsk{2.5}).Rate, 2.5);
  EXPECT_EQ(roundTrip(ChunkAnswer{17}).Count, 17);
}

TEST(MessagesTest, Start) {
  const StartMessage M = someStart(/*Kept=*/false);
  expectStart(M, roundTrip(M));
}

TEST(MessagesTest, StartFromKeptRows) {
  // The partition and the ownership travel only when an array starts from
  // rows the ranks kept.
  const StartMessage M = someStart(/*Kept=*/true);
  expectStart(M, roundTrip(M));
}

TEST(MessagesTest, Result) {
  ResultMessage M;
  WorkCounters &C = M.Work.Counters;
  C.Iterations = 1;
  C.IndexSum = 2;
  C.IndexSquares = 3;
  C.ComputeSeconds = 4.5;
  C.CpuSeconds = 5.5;
  C.RunDelaySeconds = 6.5;
  C.LoadSeconds = 7.5;
  C.WaitSeconds = 8.5;
  C.BalanceSeconds = 9.5;
  C.Syncs = 10;
  C.Redistributions = 11;
  C.MovedIterations = 12;
  C.MovedBytes = 13;
  C.ProfilesToRoot = 14;
  C.SpanSeconds = 15.5;
  M.Work.Slots.resize(2);
  M.Work.Slots[0].Has = true;
  for (unsigned char B = 0; B < sizeof M.Work.Slots[0].Bytes; ++B)
    M.Work.Slots[0].Bytes[B] = static_cast<unsigned char>(B + 1);
  M.Work.Slots[1].Has = true;
  M.Work.Slots[1].Elements = {9, 8, 7};
  M.Executed = {{3, 5}, {8, 13}};
  const ResultMessage Back = roundTrip(M);
  const WorkCounters &D = Back.Work.Counters;
  EXPECT_EQ(D.Iterations, C.Iterations);
  EXPECT_EQ(D.IndexSum, C.IndexSum);
  EXPECT_EQ(D.IndexSquares, C.IndexSquares);
  EXPECT_EQ(D.ComputeSeconds, C.ComputeSeconds);
  EXPECT_EQ(D.CpuSeconds, C.CpuSeconds);
  EXPECT_EQ(D.RunDelaySeconds, C.RunDelaySeconds);
  EXPECT_EQ(D.LoadSeconds, C.LoadSeconds);
  EXPECT_EQ(D.WaitSeconds, C.WaitSeconds);
  EXPECT_EQ(D.BalanceSeconds, C.BalanceSeconds);
  EXPECT_EQ(D.Syncs, C.Syncs);
  EXPECT_EQ(D.Redistributions, C.Redistributions);
  EXPECT_EQ(D.MovedIterations, C.MovedIterations);
  EXPECT_EQ(D.MovedBytes, C.MovedBytes);
  EXPECT_EQ(D.ProfilesToRoot, C.ProfilesToRoot);
  EXPECT_EQ(D.SpanSeconds, C.SpanSeconds);
  ASSERT_EQ(Back.Work.Slots.size(), M.Work.Slots.size());
  for (std::size_t K = 0; K < M.Work.Slots.size(); ++K) {
    const ReductionSlot &S = M.Work.Slots[K], &T = Back.Work.Slots[K];
    EXPECT_EQ(T.Has, S.Has);
    EXPECT_EQ(std::memcmp(T.Bytes, S.Bytes, sizeof S.Bytes), 0);
    EXPECT_EQ(T.Elements, S.Elements);
  }
  EXPECT_EQ(Back.Executed, M.Executed);
}

TEST(MessagesTest, Control) {
  const std::vector<Transfer> Transfers = {{1, 2, 30}, {3, 0, 40}};
  for (DirectiveKind Kind : {DirectiveKind::Request, DirectiveKind::Instruction,
                             DirectiveKind::Terminate, DirectiveKind::Switch}) {
    DirectiveMsg M;
    M.Kind = Kind;
    M.Epoch = 6;
    const bool Switch = Kind == DirectiveKind::Switch;
    if (Switch)
      M.Next = Strategy::LDDLB;
    if (Switch || Kind == DirectiveKind::Instruction)
      M.Transfers = Transfers;
    const DirectiveMsg Back = roundTrip(M);
    EXPECT_EQ(Back.Kind, M.Kind);
    EXPECT_EQ(Back.Epoch, M.Epoch);
    EXPECT_EQ(Back.Next, M.Next);
    EXPECT_EQ(Back.Transfers, M.Transfers);
  }
}

TEST(MessagesTest, WorkTransfer) {
  const WorkTransfer M{{{0, 4}, {10, 12}}};
  EXPECT_EQ(roundTrip(M).Ranges, M.Ranges);
}

TEST(MessagesTest, BlockHead) {
  const BlockHead M{16, 32, true};
  const BlockHead Back = roundTrip(M);
  EXPECT_EQ(Back.Lo, M.Lo);
  EXPECT_EQ(Back.Hi, M.Hi);
  EXPECT_EQ(Back.SyncAtEnd, M.SyncAtEnd);
}

TEST(MessagesTest, StageProfile) {
  const StageProfile M{{10, 20}, 300.5, 0.25};
  const StageProfile Back = roundTrip(M);
  EXPECT_EQ(Back.Cols, M.Cols);
  EXPECT_EQ(Back.Elements, M.Elements);
  EXPECT_EQ(Back.Busy, M.Busy);
}

TEST(MessagesTest, StageRanges) {
  const StageRanges M{{{0, 10}, {10, 20}}, {{0, 12}, {12, 20}}};
  const StageRanges Back = roundTrip(M);
  EXPECT_EQ(Back.Old, M.Old);
  EXPECT_EQ(Back.New, M.New);
}

TEST(MessagesTest, ShiftRing) {
  const ShiftRing M{0x1234567890abcdefULL, 3};
  EXPECT_EQ(encode(M).size(), ShiftRingBytes);
  const ShiftRing Back = roundTrip(M);
  EXPECT_EQ(Back.Host, M.Host);
  EXPECT_EQ(Back.Ranks, M.Ranks);
}

TEST(MessagesTest, GatherRequest) {
  const GatherRequest M{{{0x1000, true}, {0x2000, false}, {0x3000, true}}};
  const GatherRequest Back = roundTrip(M);
  ASSERT_EQ(Back.Arrays.size(), M.Arrays.size());
  for (std::size_t K = 0; K < M.Arrays.size(); ++K) {
    EXPECT_EQ(Back.Arrays[K].Id, M.Arrays[K].Id);
    EXPECT_EQ(Back.Arrays[K].Send, M.Arrays[K].Send);
  }
}

TEST(MessagesTest, FetchRequest) {
  for (bool Forget : {true, false}) {
    const FetchRequest M{0x1000, {5, 9}, true, Forget};
    const FetchRequest Back = roundTrip(M);
    EXPECT_EQ(Back.Id, M.Id);
    EXPECT_EQ(Back.Rows, M.Rows);
    EXPECT_EQ(Back.Send, M.Send);
    EXPECT_EQ(Back.Forget, Forget);
  }
}

TEST(MessagesTest, Trace) {
  trace::RankTrace M;
  M.Offset = -0.5;
  M.OffsetError = 1e-6;
  M.Dropped = 3;
  M.Loops = {"mxm.cpp:40:3", "", "sor.cpp:12:5"};
  trace::Event E;
  E.What = trace::Kind::Choice;
  E.Strat = 4;
  E.From = 2;
  E.Loop = 1;
  E.Execution = 7;
  E.Start = 1.5;
  E.End = 2.5;
  E.Count = 8;
  E.First = 9;
  E.Peer = 3;
  E.Seq = 10;
  for (int K = 0; K < NumModelStrategies; ++K)
    E.Values[K] = K + 0.5;
  M.Events = {E, trace::Event()};
  const trace::RankTrace Back = roundTrip(M);
  EXPECT_EQ(Back.Offset, M.Offset);
  EXPECT_EQ(Back.OffsetError, M.OffsetError);
  EXPECT_EQ(Back.Dropped, M.Dropped);
  EXPECT_EQ(Back.Loops, M.Loops);
  ASSERT_EQ(Back.Events.size(), M.Events.size());
  const trace::Event &F = Back.Events[0];
  EXPECT_EQ(F.What, E.What);
  EXPECT_EQ(F.Strat, E.Strat);
  EXPECT_EQ(F.From, E.From);
  EXPECT_EQ(F.Loop, E.Loop);
  EXPECT_EQ(F.Execution, E.Execution);
  EXPECT_EQ(F.Start, E.Start);
  EXPECT_EQ(F.End, E.End);
  EXPECT_EQ(F.Count, E.Count);
  EXPECT_EQ(F.First, E.First);
  EXPECT_EQ(F.Peer, E.Peer);
  EXPECT_EQ(F.Seq, E.Seq);
  for (int K = 0; K < NumModelStrategies; ++K)
    EXPECT_EQ(F.Values[K], E.Values[K]);
  EXPECT_EQ(Back.Events[1].What, trace::Event().What);
}
