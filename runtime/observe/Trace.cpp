//===- Trace.cpp - The timeline of a run (--dlb-trace=FILE.json) ----------===//
//
// Owns the recorder, the clock offsets, the shipment of the events to rank
// 0, and the Chrome trace-event writer: one track per rank (pid 0, tid =
// rank), X spans, flow arrows from a Send to its Receive, instants for
// auto's choices and a counter per rank for the emulated load.
//
//===----------------------------------------------------------------------===//
#include "observe/Trace.h"

#include "transport/Comm.h"
#include "core/Context.h"
#include "transport/Protocol.h"
#include "observe/Stats.h"
#include "messages/Trace.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <numeric>
#include <tuple>

namespace dlb {
namespace trace {
namespace {

/// Rounds of the clock ping-pong; the one of least round trip counts.
constexpr int ClockRounds = 16;

/// T (seconds on a rank's clock) on rank 0's clock since Origin, in ns.
long long nanos(double T, double Offset, double Origin) {
  return std::llround((T + Offset - Origin) * 1e9);
}

class JsonWriter {
public:
  JsonWriter(std::FILE *Out, const std::vector<RankTrace> &Ranks,
             double Origin)
      : Out(Out), Ranks(Ranks), Origin(Origin) {}
  void write();

private:
  /// Opens an event of phase Ph on Rank's track at Ns; the caller closes it.
  void head(const char *Ph, const std::string &Name, const char *Cat,
            int Rank, long long Ns);
  void loopArgs(const RankTrace &R, const Event &E);
  void event(int Rank, const Event &E);
  /// Numbers every Send whose Receive is in the trace too (a capped rank
  /// may have dropped either end).
  void matchFlows();
  void metadata();
  long long ns(int Rank, double T) const {
    return nanos(T, Ranks[Rank].Offset, Origin);
  }

  std::FILE *Out;
  const std::vector<RankTrace> &Ranks;
  double Origin;
  bool First = true;
  /// (sender, receiver, sequence) -> flow id, 0: unmatched.
  std::map<std::tuple<int, int, std::uint32_t>, long long> Flows;
};

void JsonWriter::head(const char *Ph, const std::string &Name,
                      const char *Cat, int Rank, long long Ns) {
  std::fputs(First ? "\n" : ",\n", Out);
  First = false;
  std::fprintf(Out, "{\"ph\": \"%s\", \"name\": ", Ph);
  writeString(Out, Name);
  std::fprintf(Out, ", \"cat\": \"%s\", \"pid\": 0, \"tid\": %d, \"ts\": %.3f",
               Cat, Rank, static_cast<double>(Ns) / 1e3);
}

void JsonWriter::loopArgs(const RankTrace &R, const Event &E) {
  if (E.Loop < 0 || static_cast<std::size_t>(E.Loop) >= R.Loops.size())
    return;
  std::fputs("\"loop\": ", Out);
  writeString(Out, R.Loops[E.Loop]);
  std::fprintf(Out, ", \"execution\": %lld, ",
               static_cast<long long>(E.Execution));
}

void JsonWriter::event(int Rank, const Event &E) {
  const RankTrace &R = Ranks[Rank];
  const long long Start = ns(Rank, E.Start);
  const double Dur = static_cast<double>(ns(Rank, E.End) - Start) / 1e3;
  const char *Strat = strategyName(static_cast<Strategy>(E.Strat));
  switch (E.What) {
  case Kind::Execution:
    head("X", E.Loop >= 0 ? R.Loops[E.Loop] : "execution", "execution", Rank,
         Start);
    std::fprintf(Out, ", \"dur\": %.3f, \"args\": {", Dur);
    loopArgs(R, E);
    std::fputs("\"rank\": ", Out);
    std::fprintf(Out, "%d}}", Rank);
    return;
  case Kind::Compute:
  case Kind::Synchronization:
  case Kind::Idle: {
    const bool Compute = E.What == Kind::Compute;
    head("X",
         Compute ? "compute"
         : E.What == Kind::Idle ? "idle"
                                : "synchronization",
         Compute ? "compute" : E.What == Kind::Idle ? "wait" : "balance", Rank,
         Start);
    std::fprintf(Out, ", \"dur\": %.3f, \"args\": {", Dur);
    loopArgs(R, E);
    std::fprintf(Out, "\"strategy\": \"%s\"", Strat);
    if (Compute)
      std::fprintf(Out, ", \"iterations\": %lld, \"first\": %lld",
                   static_cast<long long>(E.Count),
                   static_cast<long long>(E.First));
    else if (E.What == Kind::Synchronization)
      std::fprintf(Out, ", \"synchronization\": %lld",
                   static_cast<long long>(E.Count));
    std::fputs("}}", Out);
    return;
  }
  case Kind::Send:
  case Kind::Receive: {
    const bool Send = E.What == Kind::Send;
    head("X", Send ? "send work" : "receive work", "transfer", Rank, Start);
    std::fprintf(Out, ", \"dur\": %.3f, \"args\": {", Dur);
    loopArgs(R, E);
    std::fprintf(Out, "\"%s\": %d, \"iterations\": %lld, \"bytes\": %lld}}",
                 Send ? "to" : "from", E.Peer, static_cast<long long>(E.Count),
                 static_cast<long long>(E.First));
    auto It = Flows.find(Send ? std::make_tuple(Rank, E.Peer, E.Seq)
                              : std::make_tuple(E.Peer, Rank, E.Seq));
    if (It == Flows.end() || It->second == 0)
      return;
    // Inside the span, which it binds to (a finish binds to its enclosing
    // slice with "bp": "e").
    head(Send ? "s" : "f", "work", "transfer", Rank, Start + (ns(Rank, E.End) - Start) / 2);
    std::fprintf(Out, ", \"id\": %lld%s}", It->second,
                 Send ? "" : ", \"bp\": \"e\"");
    return;
  }
  case Kind::Choice: {
    const char *Chosen = strategyName(static_cast<Strategy>(E.Strat));
    head("i", std::string("auto: ") + Chosen, "choice", Rank, Start);
    std::fputs(", \"s\": \"t\", \"args\": {", Out);
    loopArgs(R, E);
    std::fprintf(Out,
                 "\"synchronization\": %lld, \"from\": \"%s\", \"chosen\": "
                 "\"%s\", \"predicted_seconds\": ",
                 static_cast<long long>(E.Count),
                 strategyName(static_cast<Strategy>(E.From)), Chosen);
    writePredictions(Out, E.Values);
    std::fputs("}}", Out);
    return;
  }
  case Kind::Load:
    head("C", "load rank " + std::to_string(Rank), "load", Rank, Start);
    std::fprintf(Out, ", \"args\": {\"load\": %.9g}}", E.Values[0]);
    return;
  }
}

void JsonWriter::matchFlows() {
  for (std::size_t R = 0; R < Ranks.size(); ++R)
    for (const Event &E : Ranks[R].Events)
      if (E.What == Kind::Send)
        Flows[{static_cast<int>(R), E.Peer, E.Seq}] = 0;
  long long Next = 0;
  for (std::size_t R = 0; R < Ranks.size(); ++R)
    for (const Event &E : Ranks[R].Events)
      if (E.What == Kind::Receive) {
        auto It = Flows.find({E.Peer, static_cast<int>(R), E.Seq});
        if (It != Flows.end())
          It->second = ++Next;
      }
}

void JsonWriter::metadata() {
  head("M", "process_name", "__metadata", 0, 0);
  std::fputs(", \"args\": {\"name\": \"dlb program\"}}", Out);
  for (std::size_t R = 0; R < Ranks.size(); ++R) {
    const int Rank = static_cast<int>(R);
    head("M", "thread_name", "__metadata", Rank, 0);
    std::fprintf(Out, ", \"args\": {\"name\": \"rank %d\"}}", Rank);
    head("M", "thread_sort_index", "__metadata", Rank, 0);
    std::fprintf(Out, ", \"args\": {\"sort_index\": %d}}", Rank);
  }
}

void JsonWriter::write() {
  matchFlows();
  std::fputs("{\"traceEvents\": [", Out);
  metadata();
  long long Dropped = 0;
  for (std::size_t R = 0; R < Ranks.size(); ++R) {
    const std::vector<Event> &Events = Ranks[R].Events;
    // Start order, the longer of two spans that start together first: the
    // order in which viewers nest them.
    std::vector<std::size_t> Order(Events.size());
    std::iota(Order.begin(), Order.end(), 0);
    std::stable_sort(Order.begin(), Order.end(),
                     [&](std::size_t A, std::size_t B) {
                       return std::make_pair(Events[A].Start, -Events[A].End) <
                              std::make_pair(Events[B].Start, -Events[B].End);
                     });
    for (std::size_t I : Order)
      event(static_cast<int>(R), Events[I]);
    Dropped += Ranks[R].Dropped;
  }
  std::fprintf(Out,
               "\n],\n\"displayTimeUnit\": \"ms\",\n\"otherData\": {"
               "\"ranks\": %zu, \"time_origin\": \"rank 0's start-up\", "
               "\"max_events_per_rank\": %zu, \"truncated\": %s",
               Ranks.size(), MaxEvents, Dropped ? "true" : "false");
  const std::pair<const char *, double RankTrace::*> PerRank[] = {
      {"clock_offset_us", &RankTrace::Offset},
      {"clock_error_us", &RankTrace::OffsetError}};
  for (const auto &[Key, Field] : PerRank) {
    std::fprintf(Out, ", \"%s\": [", Key);
    for (std::size_t R = 0; R < Ranks.size(); ++R)
      std::fprintf(Out, "%s%.3f", R ? ", " : "", Ranks[R].*Field * 1e6);
    std::fputc(']', Out);
  }
  std::fputs(", \"dropped_events\": [", Out);
  for (std::size_t R = 0; R < Ranks.size(); ++R)
    std::fprintf(Out, "%s%lld", R ? ", " : "", Ranks[R].Dropped);
  std::fputs("]}}\n", Out);
}

} // namespace

bool isJson(const std::string &File) {
  const std::string Ext = ".json";
  return File.size() > Ext.size() &&
         File.compare(File.size() - Ext.size(), Ext.size(), Ext) == 0;
}

Recorder &recorder() {
  static Recorder R;
  return R;
}

Event Recorder::event(Kind What, double Start) const {
  Event E;
  E.What = What;
  E.Loop = CurrentLoop;
  E.Execution = CurrentExecution;
  E.Start = Start;
  E.End = now();
  return E;
}

void Recorder::record(const Event &E) {
  if (Data.Events.size() < MaxEvents)
    Data.Events.push_back(E);
  else
    ++Data.Dropped;
}

void Recorder::beginExecution(const char *Loop, long long Execution) {
  auto It = std::find(Data.Loops.begin(), Data.Loops.end(), Loop);
  CurrentLoop = static_cast<std::int32_t>(It - Data.Loops.begin());
  if (It == Data.Loops.end())
    Data.Loops.push_back(Loop);
  CurrentExecution = Execution;
  ExecutionStart = now();
}

void Recorder::endExecution() {
  record(event(Kind::Execution, ExecutionStart));
  CurrentLoop = -1;
  CurrentExecution = 0;
}

std::uint32_t Recorder::nextSent(int Peer) {
  if (Sent.size() <= static_cast<std::size_t>(Peer))
    Sent.resize(Peer + 1);
  return Sent[Peer]++;
}

std::uint32_t Recorder::nextReceived(int Peer) {
  if (Received.size() <= static_cast<std::size_t>(Peer))
    Received.resize(Peer + 1);
  return Received[Peer]++;
}

void Recorder::load(double Level, double Time) {
  if (Level == LastLevel)
    return;
  LastLevel = Level;
  Event E = event(Kind::Load, Time);
  E.End = Time;
  E.Values[0] = Level;
  record(E);
}

void span(Kind What, double Start, int Strat, long long Count,
          long long First) {
  Recorder &R = recorder();
  Event E = R.event(What, Start);
  E.Strat = static_cast<std::uint8_t>(Strat);
  E.Count = Count;
  E.First = First;
  R.record(E);
}

void transfer(Kind What, double Start, int Peer, long long Iterations,
              long long Bytes) {
  Recorder &R = recorder();
  Event E = R.event(What, Start);
  E.Peer = Peer;
  E.Count = Iterations;
  E.First = Bytes;
  E.Seq = What == Kind::Send ? R.nextSent(Peer) : R.nextReceived(Peer);
  R.record(E);
}

void choice(long long Synchronization, int From, int Chosen,
            const double *Predicted) {
  Recorder &R = recorder();
  Event E = R.event(Kind::Choice, now());
  E.Start = E.End;
  E.Count = Synchronization;
  E.From = static_cast<std::uint8_t>(From);
  E.Strat = static_cast<std::uint8_t>(Chosen);
  std::copy(Predicted, Predicted + NumModelStrategies, E.Values);
  R.record(E);
}

void load(const LoadModel &Load, double Start) {
  if (Load.active())
    recorder().load(Load.levelAt(Start - context().StartTime), Start);
}

void start() {
  Context &C = context();
  recorder().enable();
  char Host[MPI_MAX_PROCESSOR_NAME] = {};
  int Length = 0;
  MPI_Get_processor_name(Host, &Length);
  Requests Reqs;
  if (C.Rank == 0) {
    // Each worker in turn: the host's name, then its pings answered with
    // this clock's time.
    for (int W = 1; W < C.Size; ++W) {
      postSend(Host, sizeof(Host), W, TraceTag, Reqs);
      waitAll(Reqs);
      for (int I = 0; I < ClockRounds; ++I) {
        double T = 0;
        postRecv(&T, sizeof(T), W, TraceTag, Reqs);
        waitAll(Reqs, {"a clock ping", W});
        T = now();
        postSend(&T, sizeof(T), W, TraceTag, Reqs);
        waitAll(Reqs);
      }
    }
    return;
  }
  char RootHost[MPI_MAX_PROCESSOR_NAME] = {};
  postRecv(RootHost, sizeof(RootHost), 0, TraceTag, Reqs);
  waitAll(Reqs, {"rank 0's host name", 0});
  RankTrace &Mine = recorder().data();
  double Best = std::numeric_limits<double>::infinity();
  for (int I = 0; I < ClockRounds; ++I) {
    const double Sent = now();
    double Root = 0;
    postSend(&Sent, sizeof(Sent), 0, TraceTag, Reqs);
    postRecv(&Root, sizeof(Root), 0, TraceTag, Reqs);
    waitAll(Reqs, {"rank 0's clock", 0});
    const double Back = now();
    if (Back - Sent < Best) {
      Best = Back - Sent;
      Mine.Offset = Root - (Sent + Back) / 2;
      Mine.OffsetError = Best / 2;
    }
  }
  // The processes of one host read one steady clock (CLOCK_MONOTONIC).
  if (std::strcmp(Host, RootHost) == 0)
    Mine.Offset = Mine.OffsetError = 0;
}

void sendToRoot() {
  const std::vector<char> Body = encode(recorder().data());
  const std::vector<char> Head = encode(HeadMsg{Body.size()});
  Requests Reqs;
  postSend(Head.data(), Head.size(), 0, TraceTag, Reqs);
  postSend(Body.data(), Body.size(), 0, TraceTag, Reqs);
  waitAll(Reqs, {"rank 0 to take the trace", 0});
}

bool gather(const std::string &File, double Origin, std::string &Error) {
  const Context &C = context();
  std::vector<RankTrace> All(C.Size);
  All[0] = std::move(recorder().data());
  for (int W = 1; W < C.Size; ++W) {
    const char *What = "a rank's trace";
    const auto Head = decode<HeadMsg>(receive(W, TraceTag, What));
    std::vector<char> Body(Head.Bytes);
    Requests Reqs;
    postRecv(Body.data(), Body.size(), W, TraceTag, Reqs);
    waitAll(Reqs, {What, W});
    All[W] = decode<RankTrace>(std::move(Body));
  }
  std::FILE *Out = std::fopen(File.c_str(), "w");
  if (!Out) {
    Error = "cannot open '" + File + "' for writing";
    return false;
  }
  writeJson(Out, All, Origin);
  if (std::fclose(Out) != 0) {
    Error = "cannot write '" + File + "': " + std::strerror(errno);
    return false;
  }
  return true;
}

void writeJson(std::FILE *Out, const std::vector<RankTrace> &Ranks,
               double Origin) {
  JsonWriter(Out, Ranks, Origin).write();
}

} // namespace trace
} // namespace dlb
