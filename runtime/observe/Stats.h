//===- Stats.h - Execution statistics of the loops ------------------------===//
//
// Rank 0 accumulates, per loop name, what the executions of the loop did;
// shutdown writes the table as JSON (--dlb-stats) and as a summary on
// stderr (--dlb-verbose).
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_STATS_H
#define DLB_RUNTIME_STATS_H

#include "model/Model.h"
#include "model/PipelineModel.h"

#include <cstdio>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace dlb {

/// One evaluation of the cost model under auto.
struct SelectionStats {
  long long Execution = 0;       ///< 1 for the loop's first execution
  long long Synchronization = 0; ///< within the execution, from 1
  std::string From;              ///< "auto" at the first choice
  std::string Chosen;
  /// Predicted seconds to the end of the execution, per strategy.
  double Predicted[NumModelStrategies] = {}; ///< in ModelStrategies order
};

/// A pipelined loop's figures, summed over its executions where a sum
/// makes sense (the last value otherwise).
struct PipelineStats {
  bool Present = false;
  int Stages = 0;
  long long BlockSize = 0;
  long long Blocks = 0;
  ShiftCost Shift;
  double ElementSeconds = 0;
  double ModelBlocks = 0;
  double PredictedSeconds = 0;
  double EfficiencyBound = 0;
  /// t_sequential estimated from the time per element, the pipelines' time
  /// (first block to last, slowest rank), and the emulated competing load.
  double SeqSeconds = 0;
  double Seconds = 0;
  double CompetingSeconds = 0;
};

struct LoopStats {
  std::string Strategy;
  long long Executions = 0;
  long long Iterations = 0;
  /// Wall time of the executions on rank 0, from start to results folded.
  double ElapsedSeconds = 0;
  std::vector<long long> RankIterations;
  /// Time spent in the kernel, per rank.
  std::vector<double> RankComputeSeconds;
  /// Per rank: sleeping for the emulated load, idle, and balancing.
  std::vector<double> RankLoadSeconds;
  std::vector<double> RankWaitSeconds;
  std::vector<double> RankBalanceSeconds;
  /// Synchronizations and redistributions, summed over groups.
  long long Synchronizations = 0;
  long long Redistributions = 0;
  long long IterationsMoved = 0;
  long long BytesMoved = 0;
  /// Bytes of whole arrays that rank 0 sent to the workers at the
  /// executions' starts.
  long long WholeBytesSent = 0;
  /// Executions that started from arrays kept on the ranks (Residency.h).
  long long KeptStarts = 0;
  /// Executions that started from interleaved blocks (their loop's samples
  /// found it irregular: ExecutionPlan.cpp, startPartition).
  long long InterleavedStarts = 0;
  /// Executions that rank 0 ran alone because distributing them was
  /// predicted not to pay (Profit.h), and the last such prediction.
  long long AloneExecutions = 0;
  /// Executions balanced only between executions (shorter than the
  /// balancing period: ExecutionPlan.cpp, betweenExecutions).
  long long BetweenExecutions = 0;
  /// Executions whose samples rank 0 ran to predict (the rest followed an
  /// earlier prediction or the loop's history), and the last prediction.
  long long ProbedExecutions = 0;
  DistributionPrediction Distribution;
  /// Under auto, every evaluation of the model (at most MaxSelections).
  std::vector<SelectionStats> Selections;
  static constexpr std::size_t MaxSelections = 1000;
  PipelineStats Pipeline;
};

/// One rank in one execution (--dlb-trace): when the execution ended
/// (seconds since start-up), what the rank ran and measured, and the weight
/// its next block partition starts from.
struct TraceRow {
  double Time = 0;
  long long Execution = 0;
  int Rank = 0;
  long long Iterations = 0;
  double BusySeconds = 0;
  double LoadSeconds = 0;
  /// At an interaction: the raw and filtered rates (iterations per second).
  bool Interacted = false;
  double Raw = 0;
  double Filtered = 0;
  double Weight = 0;
};

/// S as a JSON string, quoted and escaped (also the JSON trace's).
void writeString(std::FILE *Out, const std::string &S);
/// The cost model's predicted seconds as a JSON object by strategy name.
void writePredictions(std::FILE *Out,
                      const double (&Predicted)[NumModelStrategies]);

class StatsTable {
public:
  /// The statistics of loop Name, created empty for Ranks ranks.
  LoopStats &loop(std::string_view Name, int Ranks);

  /// Writes the table as JSON; on failure sets Error.
  bool writeJson(const std::string &File, int Ranks, std::string &Error) const;

  /// One line per loop on Out.
  void printSummary(std::FILE *Out) const;
  void trace(const std::string &Loop, const TraceRow &Row);
  /// Writes the trace as CSV; on failure sets Error.
  bool writeTrace(const std::string &File, std::string &Error) const;

private:
  /// Looked up by name without building a string (std::less<>): at every
  /// execution, some of which last microseconds.
  std::map<std::string, LoopStats, std::less<>> Loops;
  std::vector<std::pair<std::string, TraceRow>> Trace;
};

} // namespace dlb

#endif // DLB_RUNTIME_STATS_H
