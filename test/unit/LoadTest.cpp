//===- LoadTest.cpp - Tests of the emulated external load -----------------===//
//
// Owns the unit tests of dlb::parseLoadSpec, dlb::LoadModel and
// dlb::emulatedDelay.
//
//===----------------------------------------------------------------------===//
#include "model/Load.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <random>

using namespace dlb;

namespace {

using RankList = std::vector<int>;

LoadSpec parsed(const std::string &Text) {
  LoadSpec Spec;
  std::string Error;
  EXPECT_TRUE(parseLoadSpec(Text, Spec, Error)) << Text << ": " << Error;
  return Spec;
}

/// Parses Text, expecting failure; returns the message.
std::string errorOf(const std::string &Text) {
  LoadSpec Spec;
  std::string Error;
  EXPECT_FALSE(parseLoadSpec(Text, Spec, Error)) << Text;
  return Error;
}

TEST(LoadTest, None) {
  for (const char *Text : {"none", "none:"}) {
    LoadSpec Spec = parsed(Text);
    EXPECT_EQ(Spec.Kind, LoadSpec::None);
    EXPECT_TRUE(Spec.Ranks.empty());
  }
}

TEST(LoadTest, RandomFieldsAndDefaults) {
  LoadSpec Spec = parsed("random:max=5,persist=2.5,seed=42");
  EXPECT_EQ(Spec.Kind, LoadSpec::Random);
  EXPECT_EQ(Spec.Max, 5);
  EXPECT_EQ(Spec.Persist, 2.5);
  EXPECT_EQ(Spec.Seed, 42u);
  EXPECT_TRUE(Spec.Ranks.empty());

  Spec = parsed("random:max=3");
  EXPECT_EQ(Spec.Max, 3);
  EXPECT_EQ(Spec.Persist, 1);
  EXPECT_EQ(Spec.Seed, 1u);
  EXPECT_TRUE(Spec.Ranks.empty());

  Spec = parsed("random:seed=4294967295,ranks=2,max=0,persist=1e-3");
  EXPECT_EQ(Spec.Seed, 4294967295u);
  EXPECT_EQ(Spec.Max, 0);
  EXPECT_EQ(Spec.Persist, 1e-3);
  EXPECT_EQ(Spec.Ranks, RankList{2});
}

TEST(LoadTest, OscillateFields) {
  LoadSpec Spec = parsed("oscillate:period=60,duty=0.5");
  EXPECT_EQ(Spec.Kind, LoadSpec::Oscillate);
  EXPECT_EQ(Spec.Period, 60);
  EXPECT_EQ(Spec.Duty, 0.5);
  EXPECT_TRUE(Spec.Ranks.empty());

  Spec = parsed("oscillate:duty=0.25,ranks=0,period=.5");
  EXPECT_EQ(Spec.Period, 0.5);
  EXPECT_EQ(Spec.Duty, 0.25);
  EXPECT_EQ(Spec.Ranks, RankList{0});
  EXPECT_EQ(parsed("oscillate:period=1,duty=0").Duty, 0);
  EXPECT_EQ(parsed("oscillate:period=1,duty=1").Duty, 1);
}

TEST(LoadTest, ConstantFields) {
  LoadSpec Spec = parsed("constant:load=2.5,ranks=1-2");
  EXPECT_EQ(Spec.Kind, LoadSpec::Constant);
  EXPECT_EQ(Spec.Level, 2.5);
  EXPECT_EQ(Spec.Ranks, (RankList{1, 2}));
  EXPECT_EQ(parsed("constant:load=0").Level, 0);
}

TEST(LoadTest, RankLists) {
  auto RanksOf = [](const std::string &List) {
    return parsed("constant:load=1,ranks=" + List).Ranks;
  };
  EXPECT_EQ(RanksOf("3"), RankList{3});
  EXPECT_EQ(RanksOf("0+3"), (RankList{0, 3}));
  EXPECT_EQ(RanksOf("1-3"), (RankList{1, 2, 3}));
  EXPECT_EQ(RanksOf("2-2"), RankList{2});
  // Sorted, without duplicates.
  EXPECT_EQ(RanksOf("5+0-2+1+4-5"), (RankList{0, 1, 2, 4, 5}));
  EXPECT_EQ(RanksOf("0-1048575").size(), 1048576u);
}

TEST(LoadTest, UnknownKind) {
  const std::string Valid = " (valid kinds: none, random, oscillate, constant)";
  EXPECT_EQ(errorOf("burst:max=1"), "unknown load kind 'burst'" + Valid);
  EXPECT_EQ(errorOf("Random:max=1"), "unknown load kind 'Random'" + Valid);
  EXPECT_EQ(errorOf(""), "unknown load kind ''" + Valid);
  EXPECT_EQ(errorOf(":max=1"), "unknown load kind ''" + Valid);
}

TEST(LoadTest, UnknownFields) {
  EXPECT_EQ(errorOf("random:max=1,foo=2"),
            "unknown field 'foo' in random load");
  // Fields of other kinds are unknown too.
  EXPECT_EQ(errorOf("random:max=1,period=2"),
            "unknown field 'period' in random load");
  EXPECT_EQ(errorOf("oscillate:period=1,duty=0.5,max=3"),
            "unknown field 'max' in oscillate load");
  EXPECT_EQ(errorOf("constant:load=1,persist=3"),
            "unknown field 'persist' in constant load");
  EXPECT_EQ(errorOf("none:ranks=0"), "unknown field 'ranks' in none load");
  EXPECT_EQ(errorOf("random:max=1,=2"), "unknown field '' in random load");
  // Commas separate fields, so a comma-separated rank list is misread.
  EXPECT_EQ(errorOf("constant:load=1,ranks=0,2"),
            "unknown field '2' in constant load");
}

TEST(LoadTest, MissingFields) {
  EXPECT_EQ(errorOf("random"), "missing field 'max' in random load");
  EXPECT_EQ(errorOf("random:"), "missing field 'max' in random load");
  EXPECT_EQ(errorOf("random:persist=2,seed=3"),
            "missing field 'max' in random load");
  EXPECT_EQ(errorOf("oscillate:duty=0.5"),
            "missing field 'period' in oscillate load");
  EXPECT_EQ(errorOf("oscillate:period=1"),
            "missing field 'duty' in oscillate load");
  EXPECT_EQ(errorOf("constant:ranks=1"),
            "missing field 'load' in constant load");
}

TEST(LoadTest, MalformedFields) {
  EXPECT_EQ(errorOf("random:max"), "missing value for field 'max' (max=VALUE)");
  EXPECT_EQ(errorOf("random:max=1,max=2"), "field 'max' given twice");
  EXPECT_EQ(errorOf("random:max=1,"), "empty field in random load");
  EXPECT_EQ(errorOf("random:,max=1"), "empty field in random load");
  EXPECT_EQ(errorOf("constant:load=1,,ranks=0"),
            "empty field in constant load");
}

TEST(LoadTest, BadValues) {
  const std::pair<const char *, const char *> Cases[] = {
      {"random:max=abc",
       "bad value 'abc' for field 'max' (must be an integer >= 0)"},
      {"random:max=", "bad value '' for field 'max' (must be an integer >= 0)"},
      {"random:max=-1",
       "bad value '-1' for field 'max' (must be an integer >= 0)"},
      {"random:max=1.5",
       "bad value '1.5' for field 'max' (must be an integer >= 0)"},
      {"random:max= 3",
       "bad value ' 3' for field 'max' (must be an integer >= 0)"},
      {"random:max=2147483648",
       "bad value '2147483648' for field 'max' (must be an integer >= 0)"},
      {"random:max=1,persist=0",
       "bad value '0' for field 'persist' (must be a number of seconds > 0)"},
      {"random:max=1,persist=-2",
       "bad value '-2' for field 'persist' (must be a number of seconds > 0)"},
      {"random:max=1,persist=1s",
       "bad value '1s' for field 'persist' (must be a number of seconds > 0)"},
      {"random:max=1,persist=inf",
       "bad value 'inf' for field 'persist' (must be a number of seconds > 0)"},
      {"random:max=1,persist=nan",
       "bad value 'nan' for field 'persist' (must be a number of seconds > 0)"},
      {"random:max=1,seed=-1",
       "bad value '-1' for field 'seed' (must be an integer in [0, "
       "4294967295])"},
      {"random:max=1,seed=4294967296",
       "bad value '4294967296' for field 'seed' (must be an integer in [0, "
       "4294967295])"},
      {"oscillate:period=0,duty=0.5",
       "bad value '0' for field 'period' (must be a number of seconds > 0)"},
      {"oscillate:period=x,duty=0.5",
       "bad value 'x' for field 'period' (must be a number of seconds > 0)"},
      {"oscillate:period=1,duty=1.5",
       "bad value '1.5' for field 'duty' (must be a number in [0, 1])"},
      {"oscillate:period=1,duty=-0.1",
       "bad value '-0.1' for field 'duty' (must be a number in [0, 1])"},
      {"constant:load=-1",
       "bad value '-1' for field 'load' (must be a number >= 0)"},
      {"constant:load=high",
       "bad value 'high' for field 'load' (must be a number >= 0)"},
  };
  for (const auto &[Text, Message] : Cases)
    EXPECT_EQ(errorOf(Text), Message);
}

TEST(LoadTest, BadRankLists) {
  const std::string Must =
      " for field 'ranks' (must be ranks separated by '+', each N or A-B with "
      "A <= B <= 1048575)";
  for (const char *List : {"", "a", "-1", "1-", "-", "3-1", "0++1", "+0", "0+",
                           "1-2-3", "0 ", "1048576", "0-1048576", "1.5"})
    EXPECT_EQ(errorOf("oscillate:period=1,duty=0.5,ranks=" + std::string(List)),
              "bad value '" + std::string(List) + "'" + Must);
}

TEST(LoadTest, FailureLeavesTheSpecAlone) {
  LoadSpec Spec = parsed("random:max=4,seed=9");
  std::string Error;
  EXPECT_FALSE(parseLoadSpec("random:max=7,seed=x", Spec, Error));
  EXPECT_EQ(Spec.Max, 4);
  EXPECT_EQ(Spec.Seed, 9u);
}

TEST(LoadTest, NoLoad) {
  LoadModel M(parsed("none"), 0);
  EXPECT_FALSE(M.active());
  for (double T : {0.0, 0.5, 1e6})
    EXPECT_EQ(M.levelAt(T), 0);
}

TEST(LoadTest, ConstantOnListedRanksOnly) {
  LoadSpec Spec = parsed("constant:load=1.5,ranks=1+3");
  for (int Rank = 0; Rank < 5; ++Rank) {
    LoadModel M(Spec, Rank);
    bool Listed = Rank == 1 || Rank == 3;
    EXPECT_EQ(M.active(), Listed) << Rank;
    for (double T : {0.0, 7.5, 1e5})
      EXPECT_EQ(M.levelAt(T), Listed ? 1.5 : 0) << Rank;
  }
  LoadModel All(parsed("constant:load=2"), 17);
  EXPECT_TRUE(All.active());
  EXPECT_EQ(All.levelAt(3), 2);
  EXPECT_FALSE(LoadModel(parsed("constant:load=0"), 0).active());
}

TEST(LoadTest, OscillationPhases) {
  LoadSpec Spec = parsed("oscillate:period=10,duty=0.3,ranks=2");
  LoadModel M(Spec, 2);
  EXPECT_TRUE(M.active());
  const std::pair<double, double> Expected[] = {
      {0, 1},  {1.5, 1},  {2.99, 1}, {3, 0},      {5, 0},   {9.99, 0},
      {10, 1}, {12.5, 1}, {13.5, 0}, {1000.1, 1}, {1005, 0}};
  for (const auto &[T, Level] : Expected)
    EXPECT_EQ(M.levelAt(T), Level) << "t = " << T;
  LoadModel Other(Spec, 1);
  EXPECT_FALSE(Other.active());
  EXPECT_EQ(Other.levelAt(1), 0);

  LoadModel Never(parsed("oscillate:period=2,duty=0"), 0);
  LoadModel Always(parsed("oscillate:period=2,duty=1"), 0);
  EXPECT_FALSE(Never.active());
  EXPECT_TRUE(Always.active());
  for (double T : {0.0, 0.5, 1.0, 1.99, 2.0, 3.7}) {
    EXPECT_EQ(Never.levelAt(T), 0) << T;
    EXPECT_EQ(Always.levelAt(T), 1) << T;
  }
}

TEST(LoadTest, RandomLevelsAreReproducibleAndInRange) {
  LoadSpec Spec = parsed("random:max=5,persist=0.5,seed=3");
  LoadModel A(Spec, 1), B(Spec, 1);
  EXPECT_TRUE(A.active());
  std::map<double, int> Counts;
  for (int K = 0; K < 6000; ++K) {
    double Begin = K * 0.5;
    double L = A.levelAt(Begin + 0.1);
    EXPECT_EQ(L, std::floor(L));
    EXPECT_GE(L, 0);
    EXPECT_LE(L, 5);
    // Constant over the persistence block, and the same for an equal model.
    EXPECT_EQ(A.levelAt(Begin + 0.4), L);
    EXPECT_EQ(B.levelAt(Begin + 0.25), L);
    ++Counts[L];
  }
  // Uniform over {0..5}: 1000 each on average.
  ASSERT_EQ(Counts.size(), 6u);
  for (const auto &[Level, N] : Counts) {
    EXPECT_GT(N, 850) << "level " << Level;
    EXPECT_LT(N, 1150) << "level " << Level;
  }
  // A pure function of time: querying backwards gives the same levels.
  LoadModel C(Spec, 1);
  for (double T = 200; T >= 0; T -= 0.37)
    EXPECT_EQ(C.levelAt(T), A.levelAt(T));
}

TEST(LoadTest, RandomLevelsDifferByRankAndSeed) {
  auto Levels = [](const std::string &Text, int Rank) {
    LoadModel M(parsed(Text), Rank);
    std::vector<double> L;
    for (int K = 0; K < 100; ++K)
      L.push_back(M.levelAt(K + 0.5));
    return L;
  };
  const std::string Text = "random:max=5,seed=11";
  EXPECT_NE(Levels(Text, 0), Levels(Text, 1));
  EXPECT_NE(Levels(Text, 0), Levels("random:max=5,seed=12", 0));
  EXPECT_EQ(Levels(Text, 0), Levels(Text, 0));
  // The default seed is 1.
  EXPECT_EQ(Levels("random:max=5", 2), Levels("random:max=5,seed=1", 2));
}

TEST(LoadTest, RandomWithoutLoad) {
  LoadModel Zero(parsed("random:max=0"), 0);
  EXPECT_FALSE(Zero.active());
  LoadModel Unlisted(parsed("random:max=5,ranks=1"), 0);
  EXPECT_FALSE(Unlisted.active());
  for (int K = 0; K < 50; ++K) {
    EXPECT_EQ(Zero.levelAt(K), 0);
    EXPECT_EQ(Unlisted.levelAt(K), 0);
  }
}

TEST(LoadTest, DelayUnderConstantLoad) {
  LoadModel M(parsed("constant:load=2"), 0);
  for (double Start : {0.0, 3.25, 1e4}) {
    EXPECT_DOUBLE_EQ(emulatedDelay(M, Start, 0.5), 1.0);
    // The effective speed is 1/(l+1).
    double C = 0.125;
    EXPECT_DOUBLE_EQ(C / (C + emulatedDelay(M, Start, C)), 1.0 / 3);
  }
  EXPECT_EQ(emulatedDelay(LoadModel(parsed("none"), 0), 2, 5), 0);
  EXPECT_EQ(
      emulatedDelay(LoadModel(parsed("constant:load=2,ranks=1"), 0), 2, 5), 0);
  EXPECT_EQ(emulatedDelay(M, 1, 0), 0);
  EXPECT_EQ(emulatedDelay(M, 1, -1), 0);
}

TEST(LoadTest, DelayAcrossPieces) {
  // Level 1 during [10m, 10m + 5), 0 during [10m + 5, 10m + 10).
  LoadModel M(parsed("oscillate:period=10,duty=0.5"), 0);
  // Inside the loaded half: twice the time.
  EXPECT_DOUBLE_EQ(emulatedDelay(M, 0, 1), 1);
  // 0.5 s of work fills [4, 5), the rest runs unloaded.
  EXPECT_DOUBLE_EQ(emulatedDelay(M, 4, 1), 0.5);
  EXPECT_DOUBLE_EQ(emulatedDelay(M, 4, 3), 0.5);
  // 0.5 s in [4, 5), 5 s in [5, 10), the last 0.5 s loaded from 10 on.
  EXPECT_DOUBLE_EQ(emulatedDelay(M, 4, 6), 1);
  // Unloaded half, then into the next loaded half.
  EXPECT_DOUBLE_EQ(emulatedDelay(M, 7, 1), 0);
  EXPECT_DOUBLE_EQ(emulatedDelay(M, 9.5, 1), 0.5);
  // Several whole periods: 2.5 s of work per loaded half, 5 per idle half.
  EXPECT_DOUBLE_EQ(emulatedDelay(M, 0, 30), 2.5 * 4);
  // Before the start counts as the start.
  EXPECT_DOUBLE_EQ(emulatedDelay(M, -3, 1), 1);
}

TEST(LoadTest, RandomDelayFollowsTheLevels) {
  LoadModel M(parsed("random:max=4,persist=0.25,seed=5"), 3);
  // Within one block the delay is l * C.
  for (int K = 0; K < 40; ++K) {
    double Start = K * 0.25 + 0.05;
    double L = M.levelAt(Start);
    EXPECT_DOUBLE_EQ(emulatedDelay(M, Start, 0.1 / (L + 1)), L * 0.1 / (L + 1));
  }
  // Splitting a computation does not change when it ends: the delay of C1 + C2
  // equals that of C1 plus that of C2 started when C1 and its delay end.
  std::mt19937 Gen(17);
  std::uniform_real_distribution<double> Time(0, 20), Work(0, 2);
  for (int Case = 0; Case < 500; ++Case) {
    double Start = Time(Gen), C1 = Work(Gen), C2 = Work(Gen);
    double D1 = emulatedDelay(M, Start, C1);
    double D2 = emulatedDelay(M, Start + C1 + D1, C2);
    EXPECT_NEAR(emulatedDelay(M, Start, C1 + C2), D1 + D2, 1e-9);
    // Never faster than unloaded, never slower than at the maximum level.
    EXPECT_GE(D1, 0);
    EXPECT_LE(D1, 4 * C1 + 1e-12);
  }
}

} // namespace

TEST(LoadTest, Schedules) {
  std::vector<LoadSpec> Phases;
  std::string Error;
  ASSERT_TRUE(parseLoadSchedule(
      "constant:load=3,ranks=0,until=2;none:until=2.5;"
      "oscillate:period=1,duty=0.5",
      Phases, Error))
      << Error;
  ASSERT_EQ(Phases.size(), 3u);
  LoadModel R0(Phases, 0), R1(Phases, 1);
  EXPECT_TRUE(R0.active());
  EXPECT_TRUE(R1.active()); // the oscillation loads every rank
  EXPECT_EQ(R0.levelAt(1.9), 3);
  EXPECT_EQ(R1.levelAt(1.9), 0);
  EXPECT_EQ(R0.levelAt(2.2), 0);
  EXPECT_DOUBLE_EQ(R0.pieceEnd(0.5), 2);   // the phase ends the piece
  EXPECT_DOUBLE_EQ(R0.pieceEnd(2.2), 2.5);
  EXPECT_EQ(R0.levelAt(3.2), 1); // oscillation in absolute time: loaded
  EXPECT_EQ(R0.levelAt(3.7), 0); // in [3, 3.5), idle in [3.5, 4)
  EXPECT_DOUBLE_EQ(R0.pieceEnd(3.2), 3.5);
  // 1 s of work from t = 1.5 on rank 0: 0.5 s of wall time at load 3 does
  // 0.125 s of work (delay 0.375); [2, 2.5) unloaded does 0.5; [2.5, 3) is
  // the oscillation's idle half: the last 0.375 take 0.375 s.
  EXPECT_NEAR(emulatedDelay(R0, 1.5, 1.0), 0.375, 1e-12);
  // From t = 2.6: 0.4 s idle, then [3, 3.5) at load 1 does 0.25 in 0.5 s,
  // [3.5, 4) idle the last 0.35: delay 0.25.
  EXPECT_NEAR(emulatedDelay(R0, 2.6, 1.0), 0.25, 1e-12);
  // Past the last phase's until (if any) there is no load.
  ASSERT_TRUE(parseLoadSchedule("constant:load=1,until=1", Phases, Error));
  EXPECT_EQ(LoadModel(Phases, 0).levelAt(5), 0);
  // Work 1 from 0.5: [0.5, 1) at load 1 does 0.25 (delay 0.25), then
  // unloaded.
  EXPECT_DOUBLE_EQ(emulatedDelay(LoadModel(Phases, 0), 0.5, 1), 0.25);
}

TEST(LoadTest, BadSchedulesNameThePhase) {
  std::vector<LoadSpec> Phases;
  std::string Error;
  EXPECT_FALSE(parseLoadSchedule("constant:load=1;none", Phases, Error));
  EXPECT_EQ(Error, "phase 1: missing field 'until' (every phase but the "
                   "last ends)");
  EXPECT_FALSE(parseLoadSchedule("none:until=2;constant:load=1,until=1",
                                 Phases, Error));
  EXPECT_EQ(Error, "phase 2: 'until' must be later than the previous "
                   "phase's");
  EXPECT_FALSE(parseLoadSchedule("none:until=2;bogus", Phases, Error));
  EXPECT_EQ(Error.rfind("phase 2: unknown load kind 'bogus'", 0), 0u);
  EXPECT_FALSE(parseLoadSchedule("none:until=0", Phases, Error));
  EXPECT_EQ(Error.rfind("bad value '0' for field 'until'", 0), 0u);
}

TEST(LoadTest, PiecesEndAfterRoundedBoundaries) {
  // 3 * 0.05 = 0.15000000000000002 while 0.15 / 0.05 = 2.9999999999999996:
  // at such times the piece must still end later, or emulatedDelay would
  // loop forever.
  LoadSpec S = parsed("random:max=5,persist=0.05,seed=1");
  LoadModel M(S, 0);
  for (int K = 1; K < 2000; ++K) {
    const double T = K * 0.05;
    EXPECT_GT(M.pieceEnd(T), T) << K;
    EXPECT_GT(M.pieceEnd(std::nextafter(T, 0.0)), std::nextafter(T, 0.0));
  }
  EXPECT_GE(emulatedDelay(M, 0.15, 0.2), 0);
}
