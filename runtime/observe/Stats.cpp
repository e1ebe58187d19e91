//===- Stats.cpp - Execution statistics of the loops ----------------------===//
//
// Owns the statistics table and its two renderings: the JSON file and the
// verbose summary.
//
//===----------------------------------------------------------------------===//
#include "observe/Stats.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <numeric>

namespace dlb {

void writeString(std::FILE *Out, const std::string &S) {
  std::fputc('"', Out);
  for (unsigned char C : S) {
    if (C == '"' || C == '\\')
      std::fprintf(Out, "\\%c", C);
    else if (C < 0x20)
      std::fprintf(Out, "\\u%04x", C);
    else
      std::fputc(C, Out);
  }
  std::fputc('"', Out);
}

void writePredictions(std::FILE *Out,
                      const double (&Predicted)[NumModelStrategies]) {
  std::fputc('{', Out);
  // JSON has no infinity: a strategy that cannot finish is null.
  for (int K = 0; K < NumModelStrategies; ++K) {
    std::fprintf(Out, "%s\"%s\": ", K ? ", " : "",
                 strategyName(ModelStrategies[K]));
    if (std::isfinite(Predicted[K]))
      std::fprintf(Out, "%.9g", Predicted[K]);
    else
      std::fputs("null", Out);
  }
  std::fputc('}', Out);
}

namespace {

template <class T, class Fn>
void writeList(std::FILE *Out, const std::vector<T> &Values, Fn WriteOne) {
  std::fputc('[', Out);
  for (std::size_t I = 0; I < Values.size(); ++I) {
    if (I)
      std::fputs(", ", Out);
    WriteOne(Values[I]);
  }
  std::fputc(']', Out);
}

/// The evaluations of the cost model of a loop under auto.
void writeSelections(std::FILE *Out,
                     const std::vector<SelectionStats> &Selections) {
  std::fputs(",\n      \"selections\": ", Out);
  writeList(Out, Selections, [&](const SelectionStats &Sel) {
    std::fprintf(Out,
                 "{\"execution\": %lld, \"synchronization\": %lld, "
                 "\"from\": ",
                 Sel.Execution, Sel.Synchronization);
    writeString(Out, Sel.From);
    std::fputs(", \"chosen\": ", Out);
    writeString(Out, Sel.Chosen);
    std::fprintf(Out, ", \"switched\": %s, \"predicted_seconds\": ",
                 Sel.From != "auto" && Sel.From != Sel.Chosen ? "true"
                                                              : "false");
    writePredictions(Out, Sel.Predicted);
    std::fputc('}', Out);
  });
}

/// A pipelined loop's figures.
void writePipeline(std::FILE *Out, const PipelineStats &P) {
  std::fprintf(
      Out,
      ",\n      \"pipeline\": {\"stages\": %d, \"block_size\": %lld, "
      "\"blocks\": %lld, \"model_blocks\": %.9g, \"t_fixed\": %.9g, "
      "\"t_incr\": %.9g, \"latency\": %.9g, \"element_seconds\": %.9g, "
      "\"sequential_seconds\": %.9g, \"predicted_seconds\": %.9g, "
      "\"pipeline_seconds\": %.9g, \"competing_seconds\": %.9g, "
      "\"efficiency_bound\": %.9g, \"efficiency\": %.9g}",
      P.Stages, P.BlockSize, P.Blocks, P.ModelBlocks, P.Shift.Fixed,
      P.Shift.PerByte, P.Shift.Latency, P.ElementSeconds, P.SeqSeconds,
      P.PredictedSeconds,
      P.Seconds, P.CompetingSeconds, P.EfficiencyBound,
      efficiency(P.SeqSeconds, P.Stages, P.Seconds, P.CompetingSeconds));
}

} // namespace

LoopStats &StatsTable::loop(std::string_view Name, int Ranks) {
  auto It = Loops.find(Name);
  if (It == Loops.end())
    It = Loops.emplace(std::string(Name), LoopStats()).first;
  LoopStats &S = It->second;
  S.RankIterations.resize(Ranks);
  for (std::vector<double> *V :
       {&S.RankComputeSeconds, &S.RankLoadSeconds, &S.RankWaitSeconds,
        &S.RankBalanceSeconds})
    V->resize(Ranks);
  return S;
}

bool StatsTable::writeJson(const std::string &File, int Ranks,
                           std::string &Error) const {
  std::FILE *Out = std::fopen(File.c_str(), "w");
  if (!Out) {
    Error = "cannot write '" + File + "': " + std::strerror(errno);
    return false;
  }
  std::fprintf(Out, "{\n  \"ranks\": %d,\n  \"loops\": {", Ranks);
  bool First = true;
  for (const auto &[Name, S] : Loops) {
    std::fputs(First ? "\n    " : ",\n    ", Out);
    First = false;
    writeString(Out, Name);
    std::fputs(": {\n      \"strategy\": ", Out);
    writeString(Out, S.Strategy);
    std::fprintf(Out,
                 ",\n      \"executions\": %lld,\n      \"iterations\": %lld,"
                 "\n      \"elapsed_seconds\": %.9g,"
                 "\n      \"synchronizations\": %lld,"
                 "\n      \"redistributions\": %lld,"
                 "\n      \"iterations_moved\": %lld,"
                 "\n      \"bytes_moved\": %lld,"
                 "\n      \"whole_bytes_sent\": %lld,"
                 "\n      \"kept_starts\": %lld,"
                 "\n      \"interleaved_starts\": %lld,"
                 "\n      \"alone_executions\": %lld,"
                 "\n      \"probed_executions\": %lld,"
                 "\n      \"between_executions\": %lld,\n"
                 "      \"rank_iterations\": ",
                 S.Executions, S.Iterations, S.ElapsedSeconds,
                 S.Synchronizations, S.Redistributions, S.IterationsMoved,
                 S.BytesMoved, S.WholeBytesSent, S.KeptStarts, S.InterleavedStarts,
                 S.AloneExecutions, S.ProbedExecutions,
                 S.BetweenExecutions);
    writeList(Out, S.RankIterations,
              [&](long long V) { std::fprintf(Out, "%lld", V); });
    const std::pair<const char *, const std::vector<double> *> Times[] = {
        {"rank_compute_seconds", &S.RankComputeSeconds},
        {"rank_load_seconds", &S.RankLoadSeconds},
        {"rank_wait_seconds", &S.RankWaitSeconds},
        {"rank_balance_seconds", &S.RankBalanceSeconds}};
    for (const auto &[Key, Values] : Times) {
      std::fprintf(Out, ",\n      \"%s\": ", Key);
      writeList(Out, *Values, [&](double V) { std::fprintf(Out, "%.9g", V); });
    }
    if (!S.Selections.empty())
      writeSelections(Out, S.Selections);
    if (S.Pipeline.Present)
      writePipeline(Out, S.Pipeline);
    std::fputs("\n    }", Out);
  }
  std::fputs(First ? "}\n}\n" : "\n  }\n}\n", Out);
  if (std::fclose(Out) != 0) {
    Error = "cannot write '" + File + "': " + std::strerror(errno);
    return false;
  }
  return true;
}

/// The pipeline's line of a loop's summary.
static void printPipeline(std::FILE *Out, const LoopStats &S) {
  const PipelineStats &P = S.Pipeline;
  if (!P.Present)
    return;
  std::fprintf(Out,
               "dlb:   pipeline of %d ranks: block size %lld (eq. 10: "
               "M = %.1f blocks), t_fixed %.1f us, t_incr %.3f ns/byte, "
               "latency %.1f us, "
               "%.1f ns per iteration; %.6f s pipelined (predicted "
               "%.6f s), efficiency %.2f (bound %.2f)\n",
               P.Stages, P.BlockSize, P.ModelBlocks, P.Shift.Fixed * 1e6,
               P.Shift.PerByte * 1e9, P.Shift.Latency * 1e6,
               P.ElementSeconds * 1e9, P.Seconds,
               P.PredictedSeconds,
               efficiency(P.SeqSeconds, P.Stages, P.Seconds,
                          P.CompetingSeconds),
               P.EfficiencyBound);
}

/// The cost model's lines of a loop's summary (under auto).
static void printSelections(std::FILE *Out, const LoopStats &S) {
  if (S.Selections.empty())
    return;
  // The first evaluation in full, then how often each strategy was
  // chosen and how many switches re-selection made.
  const SelectionStats &First = S.Selections.front();
  std::fprintf(Out,
               "dlb:   cost model at execution %lld, synchronization %lld: "
               "gcdlb %.4f s, gddlb %.4f s, lcdlb %.4f s, lddlb %.4f s: "
               "%s -> %s\n",
               First.Execution, First.Synchronization, First.Predicted[0],
               First.Predicted[1], First.Predicted[2], First.Predicted[3],
               First.From.c_str(), First.Chosen.c_str());
  std::map<std::string, long long> Chosen;
  long long Switches = 0;
  for (const SelectionStats &Sel : S.Selections) {
    Chosen[Sel.Chosen] += Sel.From == "auto";
    Switches += Sel.From != "auto" && Sel.From != Sel.Chosen;
  }
  std::fputs("dlb:   chosen at the first synchronization:", Out);
  for (const auto &[Name, Count] : Chosen)
    if (Count)
      std::fprintf(Out, " %s %lld", Name.c_str(), Count);
  std::fprintf(Out, "; %lld re-selection switches\n", Switches);
}

void StatsTable::printSummary(std::FILE *Out) const {
  for (const auto &[Name, S] : Loops) {
    const std::vector<double> &Compute = S.RankComputeSeconds;
    double Max = *std::max_element(Compute.begin(), Compute.end());
    double Mean = std::accumulate(Compute.begin(), Compute.end(), 0.0) /
                  static_cast<double>(Compute.size());
    std::fprintf(Out,
                 "dlb: loop %s: strategy %s, %lld executions, %lld "
                 "iterations, elapsed %.6f s, compute per rank max %.6f s "
                 "mean %.6f s, %lld synchronizations, %lld redistributions, "
                 "%lld iterations moved",
                 Name.c_str(), S.Strategy.c_str(), S.Executions, S.Iterations,
                 S.ElapsedSeconds, Max, Mean, S.Synchronizations,
                 S.Redistributions, S.IterationsMoved);
    if (S.WholeBytesSent)
      std::fprintf(Out, ", %lld bytes of whole arrays sent", S.WholeBytesSent);
    if (S.KeptStarts)
      std::fprintf(Out, ", %lld started from arrays kept on the ranks",
                   S.KeptStarts);
    if (S.InterleavedStarts)
      std::fprintf(Out, ", %lld started from interleaved blocks",
                   S.InterleavedStarts);
    if (S.BetweenExecutions)
      std::fprintf(Out, ", %lld balanced between executions only",
                   S.BetweenExecutions);
    std::fputc('\n', Out);
    if (S.ProbedExecutions)
      std::fprintf(Out,
                   "dlb:   distribution: %lld executions ran on rank 0 alone, "
                   "%lld sampled; the last sampled, predicted %.6f s alone "
                   "against %.6f s distributed with its data\n",
                   S.AloneExecutions, S.ProbedExecutions,
                   S.Distribution.AloneSeconds,
                   S.Distribution.DistributedSeconds);
    else if (S.AloneExecutions)
      // Sent alone by its history (its executions from kept arrays took
      // longer than their computing), or a pipeline judged so.
      std::fprintf(Out,
                   "dlb:   distribution: %lld executions ran on rank 0 alone, "
                   "none sampled (judged from its distributed executions)\n",
                   S.AloneExecutions);
    std::fputs("dlb:   iterations per rank:", Out);
    for (long long N : S.RankIterations)
      std::fprintf(Out, " %lld", N);
    std::fputc('\n', Out);
    printPipeline(Out, S);
    printSelections(Out, S);
  }
}

void StatsTable::trace(const std::string &Loop, const TraceRow &Row) {
  Trace.push_back({Loop, Row});
}

bool StatsTable::writeTrace(const std::string &File,
                            std::string &Error) const {
  std::FILE *Out = std::fopen(File.c_str(), "w");
  if (!Out) {
    Error = "cannot open '" + File + "' for writing";
    return false;
  }
  std::fprintf(Out, "time,loop,execution,rank,iterations,busy,load,"
                    "interacted,raw,filtered,weight\n");
  for (const auto &[Loop, R] : Trace)
    std::fprintf(Out, "%.6f,%s,%lld,%d,%lld,%.6f,%.6f,%d,%.6g,%.6g,%.6g\n",
                 R.Time, Loop.c_str(), R.Execution, R.Rank, R.Iterations,
                 R.BusySeconds, R.LoadSeconds, R.Interacted ? 1 : 0, R.Raw,
                 R.Filtered, R.Weight);
  if (std::fclose(Out) != 0) {
    Error = "cannot write '" + File + "'";
    return false;
  }
  return true;
}

} // namespace dlb
