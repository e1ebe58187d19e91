//===- ExecutionRecord.h - What an execution did ----------------*- C++ -*-===//
//
// Owns the account of an execution once it ran: a rank's share run with
// its CPU seconds, the ranks' counters summed, the check that every
// iteration ran exactly once, the loop's statistics, and the rates that the
// next execution's first partition starts from.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_EXECUTIONRECORD_H
#define DLB_RUNTIME_EXECUTIONRECORD_H

#include "core/Context.h"
#include "execution/ExecParams.h"
#include "residency/Pieces.h"
#include "protocols/Runner.h"
#include "observe/Stats.h"

#include <vector>

namespace dlb {

/// Runs R's share of an execution; its result, with the rank's CPU seconds
/// and run delay over it where Shared (an execution of more than one rank:
/// they weigh the ranks' rates and judge it, two system calls each, which
/// trisolv's 8000 executions of microseconds on one rank paid 32000 times).
RankResult runCounted(Runner &R, bool Shared = true);

void addCounters(WorkCounters &Into, const WorkCounters &From);

/// Rows: how many times each iteration runs (a pipelined loop's iterations
/// run once per iteration of the strip-mined loop).
void verify(const char *Name, long long Lb, long long Ub, long long Rows,
            const std::vector<RankResult> &Work);

/// Run: what rank 0's runner reported (none when rank 0 ran the loop
/// alone).
void record(LoopStats &S, const ExecParams &Params, const RunReport &Run,
            const std::vector<RankResult> &Work, double Elapsed);

/// The hook after the distributed loop (LoopHistory): rank 0 takes in what
/// the execution measured; with --dlb-trace, one row per rank.
void afterExecution(const LoopDesc &Desc, const ExecParams &Params,
                    const std::vector<RankResult> &Work, double Seconds);

} // namespace dlb

#endif // DLB_RUNTIME_EXECUTIONRECORD_H
