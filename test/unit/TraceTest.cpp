//===- TraceTest.cpp - Tests of the JSON trace's recorder and writer ------===//
//
// Owns the unit tests of dlb::trace::writeJson (the Chrome trace-event
// format: tracks, clock offsets, flows, instants, counters, metadata),
// dlb::trace::isJson and the recorder's cap on events.
//
//===----------------------------------------------------------------------===//
#include "observe/Trace.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

using namespace dlb;
using namespace dlb::trace;

namespace {

Event makeSpan(Kind What, double Start, double End) {
  Event E;
  E.What = What;
  E.Loop = 0;
  E.Execution = 1;
  E.Start = Start;
  E.End = End;
  E.Strat = static_cast<std::uint8_t>(Strategy::GDDLB);
  return E;
}

Event makeTransfer(Kind What, double Start, int Peer, std::uint32_t Seq) {
  Event E = makeSpan(What, Start, Start + 1e-5);
  E.Peer = Peer;
  E.Seq = Seq;
  E.Count = 7;
  E.First = 4096;
  return E;
}

std::string written(const std::vector<RankTrace> &Ranks, double Origin) {
  std::FILE *F = std::tmpfile();
  writeJson(F, Ranks, Origin);
  std::string Text(static_cast<std::size_t>(std::ftell(F)), '\0');
  std::rewind(F);
  EXPECT_EQ(std::fread(Text.data(), 1, Text.size(), F), Text.size());
  std::fclose(F);
  return Text;
}

std::size_t count(const std::string &Text, const std::string &What) {
  std::size_t N = 0;
  for (std::size_t At = Text.find(What); At != std::string::npos;
       At = Text.find(What, At + 1))
    ++N;
  return N;
}

/// Two ranks: rank 1's clock runs 2 s behind rank 0's.
std::vector<RankTrace> twoRanks() {
  std::vector<RankTrace> Ranks(2);
  for (RankTrace &R : Ranks)
    R.Loops = {"mxm.cpp:40:5"};
  Ranks[1].Offset = 2;
  Ranks[1].OffsetError = 5e-6;
  Event Compute = makeSpan(Kind::Compute, 100.5, 100.75);
  Compute.Count = 250;
  Compute.First = 0;
  Ranks[0].Events.push_back(Compute);
  Ranks[0].Events.push_back(makeSpan(Kind::Execution, 100.25, 101));
  // A transfer from rank 0 to rank 1, and one whose receive was dropped.
  Ranks[0].Events.push_back(makeTransfer(Kind::Send, 100.6, 1, 0));
  Ranks[0].Events.push_back(makeTransfer(Kind::Send, 100.7, 1, 1));
  Ranks[1].Events.push_back(makeTransfer(Kind::Receive, 98.61, 0, 0));
  Event Choice = makeSpan(Kind::Choice, 100.6, 100.6);
  Choice.From = static_cast<std::uint8_t>(Strategy::Auto);
  Choice.Values[0] = 0.5;
  Choice.Values[1] = 0.25;
  Choice.Values[2] = std::numeric_limits<double>::infinity();
  Choice.Values[3] = 0.75;
  Ranks[0].Events.push_back(Choice);
  Event Load = makeSpan(Kind::Load, 98.5, 98.5);
  Load.Values[0] = 3;
  Ranks[1].Events.push_back(Load);
  Ranks[1].Dropped = 4;
  return Ranks;
}

TEST(TraceTest, JsonNameOnly) {
  EXPECT_TRUE(isJson("run.json"));
  EXPECT_TRUE(isJson("/tmp/x/trace.json"));
  EXPECT_FALSE(isJson("trace.csv"));
  EXPECT_FALSE(isJson(".json"));
  EXPECT_FALSE(isJson("json"));
}

TEST(TraceTest, DocumentAndTracks) {
  const std::string J = written(twoRanks(), 100);
  EXPECT_EQ(J.rfind("{\"traceEvents\": [", 0), 0u);
  EXPECT_NE(J.find("\"displayTimeUnit\": \"ms\""), std::string::npos);
  EXPECT_NE(J.find("\"name\": \"process_name\""), std::string::npos);
  EXPECT_NE(J.find("\"tid\": 1, \"ts\": 0.000, \"args\": {\"name\": "
                   "\"rank 1\"}"),
            std::string::npos);
  // Microseconds since the origin on rank 0's clock, the execution (the
  // longer span) before the compute span it encloses.
  const std::size_t Execution =
      J.find("{\"ph\": \"X\", \"name\": \"mxm.cpp:40:5\", \"cat\": "
             "\"execution\", \"pid\": 0, \"tid\": 0, \"ts\": 250000.000, "
             "\"dur\": 750000.000");
  const std::size_t Compute =
      J.find("\"cat\": \"compute\", \"pid\": 0, \"tid\": 0, \"ts\": "
             "500000.000, \"dur\": 250000.000, \"args\": {\"loop\": "
             "\"mxm.cpp:40:5\", \"execution\": 1, \"strategy\": \"gddlb\", "
             "\"iterations\": 250, \"first\": 0}}");
  ASSERT_NE(Execution, std::string::npos);
  ASSERT_NE(Compute, std::string::npos);
  EXPECT_LT(Execution, Compute);
}

TEST(TraceTest, FlowsOnlyBetweenBothEnds) {
  const std::string J = written(twoRanks(), 100);
  EXPECT_EQ(count(J, "\"name\": \"send work\""), 2u);
  EXPECT_EQ(count(J, "\"ph\": \"s\""), 1u);
  EXPECT_EQ(count(J, "\"ph\": \"f\""), 1u);
  // Both ends in the middle of their spans; rank 1's clock shifted by 2 s.
  EXPECT_NE(J.find("\"ph\": \"s\", \"name\": \"work\", \"cat\": "
                   "\"transfer\", \"pid\": 0, \"tid\": 0, \"ts\": "
                   "600005.000, \"id\": 1}"),
            std::string::npos);
  EXPECT_NE(J.find("\"ph\": \"f\", \"name\": \"work\", \"cat\": "
                   "\"transfer\", \"pid\": 0, \"tid\": 1, \"ts\": "
                   "610005.000, \"id\": 1, \"bp\": \"e\"}"),
            std::string::npos);
  EXPECT_NE(J.find("\"to\": 1, \"iterations\": 7, \"bytes\": 4096"),
            std::string::npos);
  EXPECT_NE(J.find("\"from\": 0, \"iterations\": 7, \"bytes\": 4096"),
            std::string::npos);
}

TEST(TraceTest, ChoicesLoadAndMetadata) {
  const std::string J = written(twoRanks(), 100);
  EXPECT_NE(J.find("\"ph\": \"i\", \"name\": \"auto: gddlb\""),
            std::string::npos);
  EXPECT_NE(J.find("\"from\": \"auto\", \"chosen\": \"gddlb\", "
                   "\"predicted_seconds\": {\"gcdlb\": 0.5, \"gddlb\": 0.25, "
                   "\"lcdlb\": null, \"lddlb\": 0.75}"),
            std::string::npos);
  EXPECT_NE(J.find("\"ph\": \"C\", \"name\": \"load rank 1\", \"cat\": "
                   "\"load\", \"pid\": 0, \"tid\": 1, \"ts\": 500000.000, "
                   "\"args\": {\"load\": 3}}"),
            std::string::npos);
  EXPECT_NE(J.find("\"truncated\": true"), std::string::npos);
  EXPECT_NE(J.find("\"dropped_events\": [0, 4]"), std::string::npos);
  EXPECT_NE(J.find("\"clock_error_us\": [0.000, 5.000]"), std::string::npos);
}

TEST(TraceTest, RecorderKeepsAtMostMaxEvents) {
  Recorder R;
  R.beginExecution("a", 1);
  for (std::size_t I = 0; I < MaxEvents + 3; ++I)
    R.record(R.event(Kind::Compute, 0));
  R.endExecution();
  EXPECT_EQ(R.data().Events.size(), MaxEvents);
  EXPECT_EQ(R.data().Dropped, 4);
  R.beginExecution("b", 1);
  R.beginExecution("a", 2);
  EXPECT_EQ(R.data().Loops, (std::vector<std::string>{"a", "b"}));
}

TEST(TraceTest, TransfersNumberedPerPeer) {
  Recorder R;
  EXPECT_EQ(R.nextSent(2), 0u);
  EXPECT_EQ(R.nextSent(2), 1u);
  EXPECT_EQ(R.nextSent(1), 0u);
  EXPECT_EQ(R.nextReceived(2), 0u);
}

} // namespace
