//===- OptionsTest.cpp - Tests of the --dlb-* option parser ---------------===//
//
// Owns the unit tests of dlb::parseOptions and dlb::strategyName.
//
//===----------------------------------------------------------------------===//
#include "core/Options.h"

#include <gtest/gtest.h>

using namespace dlb;

namespace {

using Args = std::vector<std::string>;

/// Parses A, expecting failure; returns the message.
std::string errorOf(Args A) {
  Options Opts;
  std::string Error;
  EXPECT_FALSE(parseOptions(A, Opts, Error));
  return Error;
}

TEST(OptionsTest, DefaultsWithoutOptions) {
  Args A = {"prog", "input.txt", "-n", "4"};
  Options Opts;
  std::string Error;
  ASSERT_TRUE(parseOptions(A, Opts, Error));
  EXPECT_EQ(A, (Args{"prog", "input.txt", "-n", "4"}));
  EXPECT_FALSE(Opts.StrategyGiven);
  EXPECT_EQ(Opts.Strat, Strategy::Auto);
  EXPECT_EQ(Opts.StatsFile, "");
  EXPECT_FALSE(Opts.Verbose);
}

TEST(OptionsTest, RemovesEveryDlbOptionAndKeepsTheRestInOrder) {
  Args A = {"prog",
            "--dlb-verbose",
            "a",
            "--dlb-stats=s.json",
            "--dlbx",
            "b",
            "-dlb-verbose",
            "--dlb-strategy=static",
            "--"};
  Options Opts;
  std::string Error;
  ASSERT_TRUE(parseOptions(A, Opts, Error)) << Error;
  EXPECT_EQ(A, (Args{"prog", "a", "--dlbx", "b", "-dlb-verbose", "--"}));
  EXPECT_TRUE(Opts.Verbose);
  EXPECT_EQ(Opts.StatsFile, "s.json");
  EXPECT_TRUE(Opts.StrategyGiven);
  EXPECT_EQ(Opts.Strat, Strategy::Static);
}

TEST(OptionsTest, ProgramNameIsNeverAnOption) {
  Args A = {"--dlb-verbose", "x"};
  Options Opts;
  std::string Error;
  ASSERT_TRUE(parseOptions(A, Opts, Error));
  EXPECT_EQ(A, (Args{"--dlb-verbose", "x"}));
  EXPECT_FALSE(Opts.Verbose);
}

TEST(OptionsTest, EveryStrategyNameParsesAndRoundTrips) {
  // Every entry of the registry; the first six spelled out, so that a
  // change of the table's spelling shows here.
  const std::pair<const char *, Strategy> Names[] = {
#define DLB_STRATEGY(Id, Name, Local, Centralized, Modeled, Chunks, Desc)    \
  {Name, Strategy::Id},
#include "dlb/Strategies.def"
  };
  const char *const Classic[] = {"auto",  "static", "gcdlb",
                                 "gddlb", "lcdlb",  "lddlb"};
  for (std::size_t K = 0; K < 6; ++K)
    EXPECT_STREQ(Names[K].first, Classic[K]);
  for (const auto &[Name, Strat] : Names) {
    Args A = {"prog", std::string("--dlb-strategy=") + Name};
    Options Opts;
    std::string Error;
    ASSERT_TRUE(parseOptions(A, Opts, Error)) << Name << ": " << Error;
    EXPECT_EQ(A, Args{"prog"});
    EXPECT_TRUE(Opts.StrategyGiven);
    EXPECT_EQ(Opts.Strat, Strat) << Name;
    EXPECT_STREQ(strategyName(Strat), Name);
  }
}

TEST(OptionsTest, LaterOptionsOverrideEarlierOnes) {
  Args A = {"prog", "--dlb-strategy=static", "--dlb-stats=a",
            "--dlb-strategy=auto", "--dlb-stats=b"};
  Options Opts;
  std::string Error;
  ASSERT_TRUE(parseOptions(A, Opts, Error));
  EXPECT_EQ(Opts.Strat, Strategy::Auto);
  EXPECT_EQ(Opts.StatsFile, "b");
}

TEST(OptionsTest, StatsFileKeepsEverythingAfterTheFirstEquals) {
  Args A = {"prog", "--dlb-stats=dir/a=b.json"};
  Options Opts;
  std::string Error;
  ASSERT_TRUE(parseOptions(A, Opts, Error));
  EXPECT_EQ(Opts.StatsFile, "dir/a=b.json");
}

TEST(OptionsTest, UnknownOptionIsNamed) {
  EXPECT_EQ(errorOf({"prog", "x", "--dlb-xyz"}),
            "unknown option '--dlb-xyz' (valid options: --dlb-strategy=NAME, "
            "--dlb-stats=FILE, --dlb-verbose, --dlb-load=SPEC, --dlb-group=K, "
            "--dlb-netprofile=FILE, --dlb-reselect=F|off, "
            "--dlb-future-load=persistent|shifting, --dlb-blocksize=B, "
            "--dlb-period=S|auto, --dlb-interact=F, --dlb-quantum=S, "
            "--dlb-quantumscale=K, --dlb-filter=table|off|H, "
            "--dlb-threshold=F|off, --dlb-costbenefit=on|off, "
            "--dlb-trace=FILE, --dlb-timeout=S|off, "
            "--dlb-bind=auto|core|none, --dlb-distribute=auto|always)");
  EXPECT_NE(errorOf({"prog", "--dlb-strategyx=static"})
                .find("unknown option '--dlb-strategyx=static'"),
            std::string::npos);
  EXPECT_NE(errorOf({"prog", "--dlb-"}).find("unknown option '--dlb-'"),
            std::string::npos);
}

TEST(OptionsTest, UnknownStrategyListsTheValidNames) {
  std::string Valid;
#define DLB_STRATEGY(Id, Name, Local, Centralized, Modeled, Chunks, Desc)    \
  Valid += Valid.empty() ? Name : std::string(", ") + Name;
#include "dlb/Strategies.def"
  EXPECT_EQ(Valid.rfind("auto, static, gcdlb, gddlb, lcdlb, lddlb", 0), 0u);
  EXPECT_EQ(errorOf({"prog", "--dlb-strategy=dynamic"}),
            "unknown strategy 'dynamic' (valid strategies: " + Valid + ")");
  // Names are case-sensitive.
  EXPECT_NE(errorOf({"prog", "--dlb-strategy=Static"})
                .find("unknown strategy 'Static'"),
            std::string::npos);
}

TEST(OptionsTest, MissingValues) {
  EXPECT_EQ(errorOf({"prog", "--dlb-strategy"}),
            "option '--dlb-strategy' needs a value: --dlb-strategy=NAME");
  EXPECT_EQ(errorOf({"prog", "--dlb-strategy="}),
            "option '--dlb-strategy' needs a value: --dlb-strategy=NAME");
  // The value must be in the same argument.
  EXPECT_EQ(errorOf({"prog", "--dlb-stats", "out.json"}),
            "option '--dlb-stats' needs a value: --dlb-stats=FILE");
  EXPECT_EQ(errorOf({"prog", "--dlb-stats="}),
            "option '--dlb-stats' needs a value: --dlb-stats=FILE");
}

TEST(OptionsTest, VerboseTakesNoValue) {
  EXPECT_EQ(errorOf({"prog", "--dlb-verbose=1"}),
            "option '--dlb-verbose' takes no value");
  EXPECT_EQ(errorOf({"prog", "--dlb-verbose="}),
            "option '--dlb-verbose' takes no value");
}

} // namespace

TEST(OptionsTest, BalancingOptions) {
  std::vector<std::string> A = {"prog", "--dlb-group=3", "--dlb-threshold=0.2",
                                "--dlb-load=constant:load=2,ranks=1"};
  Options Opts;
  std::string Error;
  ASSERT_TRUE(parseOptions(A, Opts, Error)) << Error;
  EXPECT_EQ(Opts.GroupSize, 3);
  EXPECT_DOUBLE_EQ(Opts.Threshold, 0.2);
  ASSERT_EQ(Opts.Load.size(), 1u);
  EXPECT_EQ(Opts.Load[0].Kind, LoadSpec::Constant);
  EXPECT_EQ(A.size(), 1u);
}

TEST(OptionsTest, BadBalancingOptionsAreNamed) {
  EXPECT_NE(errorOf({"prog", "--dlb-group=0"}).find("bad value '0' for --dlb-group"),
            std::string::npos);
  EXPECT_NE(errorOf({"prog", "--dlb-group=2x"}).find("bad value '2x' for --dlb-group"),
            std::string::npos);
  EXPECT_NE(errorOf({"prog", "--dlb-threshold=1.5"}).find("bad value '1.5' for --dlb-threshold"),
            std::string::npos);
  EXPECT_NE(errorOf({"prog", "--dlb-load=random:max=x"}).find("bad value for --dlb-load: "),
            std::string::npos);
}

TEST(OptionsTest, ModelOptions) {
  Options Defaults;
  EXPECT_TRUE(Defaults.Reselect);
  EXPECT_DOUBLE_EQ(Defaults.ReselectMargin, 0.1);
  EXPECT_EQ(Defaults.Future, FutureLoad::Shifting);
  std::vector<std::string> A = {"prog", "--dlb-netprofile=net.txt",
                                "--dlb-reselect=0.25",
                                "--dlb-future-load=persistent"};
  Options Opts;
  std::string Error;
  ASSERT_TRUE(parseOptions(A, Opts, Error)) << Error;
  EXPECT_EQ(Opts.NetProfileFile, "net.txt");
  EXPECT_TRUE(Opts.Reselect);
  EXPECT_DOUBLE_EQ(Opts.ReselectMargin, 0.25);
  EXPECT_EQ(Opts.Future, FutureLoad::Persistent);
  std::vector<std::string> B = {"prog", "--dlb-reselect=off"};
  ASSERT_TRUE(parseOptions(B, Opts, Error)) << Error;
  EXPECT_FALSE(Opts.Reselect);
}

TEST(OptionsTest, BadModelOptionsAreNamed) {
  EXPECT_NE(errorOf({"prog", "--dlb-reselect=1"})
                .find("bad value '1' for --dlb-reselect"),
            std::string::npos);
  EXPECT_NE(errorOf({"prog", "--dlb-reselect=on"})
                .find("bad value 'on' for --dlb-reselect"),
            std::string::npos);
  EXPECT_NE(errorOf({"prog", "--dlb-future-load=random"})
                .find("bad value 'random' for --dlb-future-load"),
            std::string::npos);
  EXPECT_EQ(errorOf({"prog", "--dlb-netprofile"}),
            "option '--dlb-netprofile' needs a value: --dlb-netprofile=FILE");
}

TEST(OptionsTest, PipelineOptions) {
  Options Defaults;
  EXPECT_EQ(Defaults.BlockSize, 0);
  EXPECT_TRUE(Defaults.PeriodAuto);
  std::vector<std::string> A = {"prog", "--dlb-blocksize=16",
                                "--dlb-period=0"};
  Options Opts;
  std::string Error;
  ASSERT_TRUE(parseOptions(A, Opts, Error)) << Error;
  EXPECT_EQ(Opts.BlockSize, 16);
  EXPECT_FALSE(Opts.PeriodAuto);
  EXPECT_DOUBLE_EQ(Opts.Period, 0);
  EXPECT_EQ(A.size(), 1u);
}

TEST(OptionsTest, BadPipelineOptionsAreNamed) {
  for (const char *Bad : {"0", "-3", "2.5", "x"})
    EXPECT_NE(errorOf({"prog", std::string("--dlb-blocksize=") + Bad})
                  .find(std::string("bad value '") + Bad +
                        "' for --dlb-blocksize"),
              std::string::npos)
        << Bad;
  for (const char *Bad : {"-1", "4000", "soon"})
    EXPECT_NE(errorOf({"prog", std::string("--dlb-period=") + Bad})
                  .find(std::string("bad value '") + Bad + "' for --dlb-period"),
              std::string::npos)
        << Bad;
}

TEST(OptionsTest, ControlOptions) {
  // The defaults of Siegell & Steenkiste: f_interact 5%, quantumscale 10,
  // Table 1's filter, a 10% threshold, cost-benefit on.
  Options D;
  EXPECT_DOUBLE_EQ(D.InteractFraction, 0.05);
  EXPECT_DOUBLE_EQ(D.QuantumScale, 10);
  EXPECT_DOUBLE_EQ(D.Quantum, 0.01);
  EXPECT_EQ(D.Filter, FilterMode::Table);
  EXPECT_DOUBLE_EQ(D.Threshold, 0.1);
  EXPECT_TRUE(D.CostBenefit);
  EXPECT_DOUBLE_EQ(D.Timeout, 300);
  EXPECT_EQ(D.Bind, BindMode::Auto);
  std::vector<std::string> A = {
      "prog",          "--dlb-period=0.5",     "--dlb-interact=0.1",
      "--dlb-quantum=0.1", "--dlb-quantumscale=5", "--dlb-filter=0.8",
      "--dlb-threshold=off", "--dlb-costbenefit=off", "--dlb-trace=t.csv",
      "--dlb-timeout=2.5", "--dlb-bind=none"};
  Options Opts;
  std::string Error;
  ASSERT_TRUE(parseOptions(A, Opts, Error)) << Error;
  EXPECT_FALSE(Opts.PeriodAuto);
  EXPECT_DOUBLE_EQ(Opts.Period, 0.5);
  EXPECT_DOUBLE_EQ(Opts.InteractFraction, 0.1);
  EXPECT_DOUBLE_EQ(Opts.Quantum, 0.1);
  EXPECT_DOUBLE_EQ(Opts.QuantumScale, 5);
  EXPECT_EQ(Opts.Filter, FilterMode::Fixed);
  EXPECT_DOUBLE_EQ(Opts.FilterHistory, 0.8);
  EXPECT_DOUBLE_EQ(Opts.Threshold, 0);
  EXPECT_FALSE(Opts.CostBenefit);
  EXPECT_EQ(Opts.TraceFile, "t.csv");
  EXPECT_DOUBLE_EQ(Opts.Timeout, 2.5);
  EXPECT_EQ(Opts.Bind, BindMode::None);
  std::vector<std::string> B = {"prog", "--dlb-period=auto", "--dlb-filter=off",
                                "--dlb-timeout=off"};
  ASSERT_TRUE(parseOptions(B, Opts, Error)) << Error;
  EXPECT_TRUE(Opts.PeriodAuto);
  EXPECT_EQ(Opts.Filter, FilterMode::Off);
  EXPECT_DOUBLE_EQ(Opts.Timeout, 0);
}

TEST(OptionsTest, BadControlOptionsAreNamed) {
  const std::pair<const char *, const char *> Bad[] = {
      {"--dlb-interact", "0"},     {"--dlb-interact", "1.5"},
      {"--dlb-quantum", "0"},      {"--dlb-quantum", "x"},
      {"--dlb-quantumscale", "-1"}, {"--dlb-filter", "1"},
      {"--dlb-filter", "lowpass"}, {"--dlb-threshold", "1"},
      {"--dlb-threshold", "on"},   {"--dlb-costbenefit", "yes"},
      {"--dlb-timeout", "0"},      {"--dlb-timeout", "-3"},
      {"--dlb-timeout", "soon"},   {"--dlb-bind", "socket"},
      {"--dlb-distribute", "never"}};
  for (const auto &[Name, Value] : Bad)
    EXPECT_NE(errorOf({"prog", std::string(Name) + "=" + Value})
                  .find(std::string("bad value '") + Value + "' for " + Name),
              std::string::npos)
        << Name << "=" << Value;
}

TEST(OptionsTest, DistributeOption) {
  Options Opts;
  std::string Error;
  EXPECT_FALSE(Opts.DistributeAlways);
  Args A = {"prog", "--dlb-distribute=always"};
  ASSERT_TRUE(parseOptions(A, Opts, Error)) << Error;
  EXPECT_TRUE(Opts.DistributeAlways);
  Args B = {"prog", "--dlb-distribute=auto"};
  ASSERT_TRUE(parseOptions(B, Opts, Error)) << Error;
  EXPECT_FALSE(Opts.DistributeAlways);
}

TEST(OptionsTest, EnvironmentOptionsComeFirstAndTheCommandLineOverrides) {
  Options Opts;
  std::string Error;
  ASSERT_TRUE(parseEnvironmentOptions(
      "  --dlb-distribute=always\t--dlb-strategy=gcdlb \n--dlb-verbose ", Opts,
      Error))
      << Error;
  EXPECT_TRUE(Opts.DistributeAlways);
  EXPECT_TRUE(Opts.Verbose);
  EXPECT_EQ(Opts.Strat, Strategy::GCDLB);
  Args A = {"prog", "x", "--dlb-strategy=lddlb"};
  ASSERT_TRUE(parseOptions(A, Opts, Error)) << Error;
  EXPECT_EQ(Opts.Strat, Strategy::LDDLB);
  EXPECT_EQ(A, (Args{"prog", "x"}));
  // Unset or blank: nothing changes.
  Options Empty;
  EXPECT_TRUE(parseEnvironmentOptions(nullptr, Empty, Error));
  EXPECT_TRUE(parseEnvironmentOptions(" \t", Empty, Error));
  EXPECT_FALSE(Empty.DistributeAlways);
}

TEST(OptionsTest, BadEnvironmentOptionsSayWhereTheyCameFrom) {
  Options Opts;
  std::string Error;
  EXPECT_FALSE(parseEnvironmentOptions("--dlb-distribute=never", Opts, Error));
  EXPECT_EQ(Error, "in DLB_OPTIONS: bad value 'never' for --dlb-distribute: "
                   "expected 'auto' or 'always'");
  EXPECT_FALSE(parseEnvironmentOptions("--dlb-verbose input.txt", Opts, Error));
  EXPECT_EQ(Error, "in DLB_OPTIONS: 'input.txt' is not a --dlb-* option");
}
