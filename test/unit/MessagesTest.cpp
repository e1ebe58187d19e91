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

#include <gtest/gtest.h>

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
