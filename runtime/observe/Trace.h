//===- Trace.h - The timeline of a run (--dlb-trace=FILE.json) ------------===//
//
// Owns the events every rank records while loops run (its executions, the
// pieces it computed, its synchronizations and idle waits, the work it sent
// and received, auto's choices, the emulated load), their alignment to rank
// 0's clock, their shipment to rank 0 at shutdown, and the writer of the
// Chrome trace-event format that Perfetto UI and chrome://tracing open.
// Recording is off unless the trace file ends in ".json": every recording
// site tests trace::on() first, one branch.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_TRACE_H
#define DLB_RUNTIME_TRACE_H

#include "model/Load.h"
#include "model/Model.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace dlb {
namespace trace {

enum class Kind : std::uint8_t {
  Execution,       ///< a loop execution on this rank
  Compute,         ///< a piece of iterations (or a pipeline block) run
  Synchronization, ///< a balancing interaction that synchronized or moved
  Idle,            ///< waiting for work or for the end of the execution
  Send,            ///< work sent to Peer (a flow to its Receive)
  Receive,         ///< work received from Peer
  Choice,          ///< auto's evaluation of the cost model (instant)
  Load             ///< the emulated load's level changed (counter)
};

/// One event of one rank, in its own steady clock (seconds). Trivially
/// copyable: it travels to rank 0 as bytes.
struct Event {
  Kind What = Kind::Compute;
  std::uint8_t Strat = 0; ///< a Strategy (Choice: the one chosen)
  std::uint8_t From = 0;  ///< Choice: the strategy before
  std::int32_t Loop = -1; ///< index into the rank's loop names; -1: none
  std::int64_t Execution = 0;
  double Start = 0;
  double End = 0; ///< == Start for instants and counters
  /// Compute and transfers: iterations; Synchronization and Choice: the
  /// synchronization's number.
  std::int64_t Count = 0;
  /// Compute: the first iteration; transfers: bytes.
  std::int64_t First = 0;
  std::int32_t Peer = -1;  ///< transfers: the rank at the other end
  std::uint32_t Seq = 0;   ///< transfers: the n-th from sender to receiver
  /// Choice: predicted seconds in ModelStrategies order; Load: the level.
  double Values[NumModelStrategies] = {};
};

/// What a rank recorded, as rank 0 receives it.
struct RankTrace {
  std::vector<Event> Events;
  std::vector<std::string> Loops;
  /// Add to this rank's clock to get rank 0's; the estimate's error bound
  /// (0 on rank 0's host, whose processes share one steady clock).
  double Offset = 0;
  double OffsetError = 0;
  long long Dropped = 0;
};

/// Events a rank keeps at most; later ones are counted as dropped.
inline constexpr std::size_t MaxEvents = 1000000;

/// Whether FILE asks for the JSON timeline (it ends in ".json").
bool isJson(const std::string &File);

class Recorder {
public:
  bool enabled() const { return Enabled; }
  void enable() { Enabled = true; }
  /// An event of Kind from Start to now, in the current execution.
  Event event(Kind What, double Start) const;
  void record(const Event &E);
  /// The execution of Loop this rank is in (WatchScope), until it ends.
  void beginExecution(const char *Loop, long long Execution);
  void endExecution();
  /// Transfers: the next sequence number to / from Peer.
  std::uint32_t nextSent(int Peer);
  std::uint32_t nextReceived(int Peer);
  /// The emulated load's level at Time: a counter event when it changed.
  void load(double Level, double Time);
  RankTrace &data() { return Data; }

private:
  bool Enabled = false;
  RankTrace Data;
  std::int32_t CurrentLoop = -1;
  long long CurrentExecution = 0;
  double ExecutionStart = 0;
  double LastLevel = -1;
  std::vector<std::uint32_t> Sent, Received;
};

Recorder &recorder();

inline bool on() { return recorder().enabled(); }

// Recording, for call sites that tested on(): spans from Start to now.
void span(Kind What, double Start, int Strat, long long Count = 0,
          long long First = 0);
void transfer(Kind What, double Start, int Peer, long long Iterations,
              long long Bytes);
void choice(long long Synchronization, int From, int Chosen,
            const double *Predicted);
/// The emulated load of a stretch of computing that starts at Start.
void load(const LoadModel &Load, double Start);

/// Every rank, at start-up after the clock's origin is set: enables
/// recording and estimates this rank's offset to rank 0's clock (a
/// ping-pong, the round trip of least latency out of a few).
void start();
/// A worker at shutdown: sends its events to rank 0.
void sendToRoot();
/// Rank 0 at shutdown: receives every worker's events and writes File
/// (Origin: its start time). Returns false with Error when it cannot.
bool gather(const std::string &File, double Origin, std::string &Error);

/// The Chrome trace-event JSON of Ranks (index = rank), times relative to
/// Origin on rank 0's clock.
void writeJson(std::FILE *Out, const std::vector<RankTrace> &Ranks,
               double Origin);

} // namespace trace
} // namespace dlb

#endif // DLB_RUNTIME_TRACE_H
