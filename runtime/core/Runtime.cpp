//===- Runtime.cpp - Start-up, the workers' serve loop and shutdown -------===//
//
// Owns the life of the process: runMain initializes MPI and the runtime's
// communicator, takes the --dlb-* options out of argv, then runs the user's
// main on rank 0 while the other ranks serve commands; shutdown (on return
// from the user's main or from exit()) stops the workers, writes the
// statistics and finalizes MPI on every rank.
//
//===----------------------------------------------------------------------===//
#include "dlb/Runtime.h"

#include "platform/Binding.h"
#include "transport/Comm.h"
#include "core/Context.h"
#include "platform/NetChar.h"
#include "transport/Protocol.h"
#include "core/Registry.h"
#include "observe/Trace.h"
#include "transport/Transport.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <time.h>

#include <fcntl.h>
#include <unistd.h>

namespace dlb {
namespace {

/// The arguments the user's main sees: argv without the --dlb-* options.
struct UserArgs {
  std::vector<std::string> Strings;
  std::vector<char *> Pointers;
};

UserArgs &userArgs() {
  static UserArgs Args;
  return Args;
}

/// Parses the options and seals the loop registry.
bool startUp(int Argc, char **Argv, std::string &Error) {
  Context &C = context();
  UserArgs &Args = userArgs();
  Args.Strings.assign(Argv, Argv + Argc);
  if (!parseEnvironmentOptions(std::getenv("DLB_OPTIONS"), C.Opts, Error) ||
      !parseOptions(Args.Strings, C.Opts, Error) || !sealRegistry(Error))
    return false;
  for (std::string &S : Args.Strings)
    Args.Pointers.push_back(S.data());
  Args.Pointers.push_back(nullptr);
  return true;
}

} // namespace

void finish() {
  Context &C = context();
  sleepingBarrier();
  int Left = 0;
  MPI_Status Status;
  MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, C.Comm, &Left, &Status);
  if (Left)
    std::fprintf(stderr,
                 "dlb: warning: internal: rank %d was sent a message it never "
                 "received (tag %d, from rank %d)\n",
                 C.Rank, Status.MPI_TAG, Status.MPI_SOURCE);
  MPI_Comm_free(&C.Comm);
  MPI_Finalize();
}

namespace {

/// A worker's life: execute commands from rank 0 until SHUTDOWN.
void serve() {
  for (;;) {
    std::vector<char> Buf(CommandBytes);
    Requests Reqs;
    postRecv(Buf.data(), Buf.size(), 0, CommandTag, Reqs);
    waitAll(Reqs);
    const auto Cmd = decode<Command>(std::move(Buf));
    if (Cmd.Kind == Command::Shutdown)
      return;
    if (Cmd.Kind == Command::Gather)
      serveGather(Cmd.BodyBytes);
    else if (Cmd.Kind == Command::FetchRows)
      serveFetchRows(Cmd.BodyBytes);
    else
      serveRun(Cmd);
  }
}

void writeStats() {
  const Context &C = context();
  if (C.Opts.Verbose)
    C.Stats.printSummary(stderr);
  std::string Error;
  if (!C.Opts.StatsFile.empty() &&
      !C.Stats.writeJson(C.Opts.StatsFile, C.Size, Error))
    std::fprintf(stderr, "dlb: warning: statistics not written: %s\n",
                 Error.c_str());
  // A JSON timeline takes every rank's events (the workers send theirs
  // after SHUTDOWN); otherwise the CSV rows of rank 0.
  if (!C.Opts.TraceFile.empty() &&
      !(trace::on() ? trace::gather(C.Opts.TraceFile, C.StartTime, Error)
                    : C.Stats.writeTrace(C.Opts.TraceFile, Error)))
    std::fprintf(stderr, "dlb: warning: trace not written: %s\n",
                 Error.c_str());
}

/// Rank 0, once: stops the workers, reports, finalizes.
void shutdown() {
  Context &C = context();
  if (!C.Running)
    return;
  if (C.InKernel)
    fatal("exit() called inside a parallel loop");
  C.Running = false;
  const std::vector<char> Stop = encode(Command());
  Requests Reqs;
  for (int W = 1; W < C.Size; ++W)
    postSend(Stop.data(), Stop.size(), W, CommandTag, Reqs);
  waitAll(Reqs);
  writeStats();
  finish();
}

} // namespace

double now() { return transport::clock(); }

double threadSeconds() {
  timespec T;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return static_cast<double>(T.tv_sec) + 1e-9 * static_cast<double>(T.tv_nsec);
}

double runDelaySeconds() {
  // "cpu time, run delay, time slices" in nanoseconds; opened once per
  // thread, read with pread (one system call an execution).
  thread_local const int Fd =
      open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
  char Text[96];
  const ssize_t Got = Fd < 0 ? -1 : pread(Fd, Text, sizeof(Text) - 1, 0);
  if (Got <= 0)
    return 0;
  Text[Got] = 0;
  unsigned long long Cpu = 0, Delay = 0;
  if (std::sscanf(Text, "%llu %llu", &Cpu, &Delay) != 2)
    return 0;
  return 1e-9 * static_cast<double>(Delay);
}

Context &context() {
  static Context C;
  return C;
}

namespace {
[[noreturn]] void abortAll(const char *Kind, const std::string &Message) {
  std::fprintf(stderr, "dlb: %s: %s\n", Kind, Message.c_str());
  std::fflush(stderr);
  // mpiexec forwards what a rank wrote only while the rank lives: give it
  // time before the abort ends every rank.
  sleepFor(0.2);
  int Initialized = 0;
  int Finalized = 0;
  MPI_Initialized(&Initialized);
  MPI_Finalized(&Finalized);
  if (Initialized && !Finalized)
    MPI_Abort(MPI_COMM_WORLD, 1);
  std::_Exit(1);
}
} // namespace

void fatal(const std::string &Message) { abortAll("fatal", Message); }

void userError(const std::string &Message) { abortAll("error", Message); }

void watchdog(const WaitFor &For, double Waited) {
  const Context &C = context();
  const Watchdog &W = C.Watch;
  if (!W.Armed || C.Opts.Timeout <= 0)
    return;
  const double Limit = std::max(C.Opts.Timeout,
                                Watchdog::StretchMultiple * W.LongestStretch);
  if (Waited <= Limit)
    return;
  std::string Peer = For.Peer >= 0 ? " from rank " + std::to_string(For.Peer)
                                   : std::string();
  std::string State = W.State ? W.State() : std::string();
  // Armed without a loop: the start-up's waits (runMain).
  const std::string Where =
      W.Loop ? "in execution " + std::to_string(W.Execution) + " of loop " +
                   W.Loop
             : std::string("at start-up");
  std::fprintf(stderr,
               "dlb: error: rank %d waited %.0f s for %s%s %s%s%s%s; the job "
               "ends. With --dlb-timeout=%g, a rank that computes longer than "
               "that between two hooks looks stuck (raise the limit, or set it "
               "to off); otherwise this is a hang in libdlb (please report "
               "it)\n",
               C.Rank, Waited, For.What, Peer.c_str(), Where.c_str(),
               State.empty() ? "" : " (", State.c_str(),
               State.empty() ? "" : ")", Limit);
  std::fflush(stderr);
  sleepFor(0.2);
  MPI_Abort(MPI_COMM_WORLD, 3);
  std::abort();
}

WatchScope::WatchScope(const char *Loop, long long Execution) {
  Watchdog &W = context().Watch;
  W.Armed = true;
  W.Loop = Loop;
  W.Execution = Execution;
  if (Loop && trace::on())
    trace::recorder().beginExecution(Loop, Execution);
}

WatchScope::~WatchScope() {
  Watchdog &W = context().Watch;
  W.Armed = false;
  W.State = nullptr;
  if (W.Loop && trace::on())
    trace::recorder().endExecution();
}

void WatchScope::disarm() { context().Watch.Armed = false; }

int rank() { return context().Rank; }
int size() { return context().Size; }

namespace {
/// When the launcher says every rank runs on this host (Hydra's
/// MPI_LOCALNRANKS equal to PMI_SIZE), no network card is chosen, so MPI's
/// hwloc need not read the PCI and I/O devices: that read is most of
/// MPI_Init's 40-90 ms here, and under a competing load it grows. A user's
/// own HWLOC_COMPONENTS wins.
void skipIoTopologyOnOneHost() {
  const char *Local = std::getenv("MPI_LOCALNRANKS");
  const char *World = std::getenv("PMI_SIZE");
  if (Local && World && std::string(Local) == World)
    setenv("HWLOC_COMPONENTS", "-pci,-linuxio", /*overwrite=*/0);
}
} // namespace

void initProcess(int &Argc, char **&Argv) {
  skipIoTopologyOnOneHost();
  MPI_Init(&Argc, &Argv);
  Context &C = context();
  C.StartTime = now();
  Requests Reqs(1);
  transport::duplicateWorld(C.Comm, Reqs[0]);
  waitAll(Reqs);
  MPI_Comm_rank(C.Comm, &C.Rank);
  MPI_Comm_size(C.Comm, &C.Size);
}

namespace {
/// The start-up's collective steps: binds the rank and acquires the network
/// profile (the cost model of auto, the balancing period and move costs of
/// every strategy, and whether distributing a loop pays at all, Profit.h,
/// price communication with it). Watched like a loop's waits: a rank that
/// never arrives ends the job with a message, not a silent hang.
bool bindAndMeasure(std::string &Error) {
  Context &C = context();
  WatchScope StartUp(nullptr, 0);
  double Share = 1;
  const std::string Bound = bindRank(C.Opts.Bind, Share);
  if (C.Opts.Verbose) {
    std::fprintf(stderr, "dlb: rank %d %s\n", C.Rank, Bound.c_str());
    if (Share < 1)
      std::fprintf(stderr,
                   "dlb: rank %d expects %.2f of its core (other processes "
                   "are busy there)\n",
                   C.Rank, Share);
  }
  if (C.Size == 1)
    return true;
  // Rank 0 decides whether a loop pays to distribute (Profit.h): it needs
  // every rank's share of its core.
  C.CoreShares.assign(C.Rank == 0 ? C.Size : 0, 1.0);
  Requests Gather(1);
  MPI_Igather(&Share, 1, MPI_DOUBLE, C.CoreShares.data(), 1, MPI_DOUBLE, 0,
              C.Comm, &Gather[0]);
  waitAll(Gather, {"the ranks' shares of their cores"});
  if (!acquireNetProfile(C.Net, C.NetSource, Error))
    return false;
  if (C.Rank == 0 && C.Opts.Verbose)
    std::fprintf(stderr,
                 "dlb: network profile (%s): latency %.3g s, bandwidth "
                 "%.3g B/s\n",
                 C.NetSource.c_str(), C.Net.Latency, C.Net.Bandwidth);
  // The program starts now: the emulated load's clock too, so that a
  // measurement does not shift its schedule.
  sleepingBarrier();
  C.StartTime = now();
  return true;
}

} // namespace

int runMain(int Argc, char **Argv, UserMainFn UserMain) {
  // Every rank parses the same arguments and gets rank 0's answer about
  // the network profile, so every rank fails alike. The options come
  // first: --dlb-bind says whether to bind before MPI_Init.
  Context &C = context();
  std::string Error;
  const bool Parsed = startUp(Argc, Argv, Error);
  if (Parsed)
    bindEarly(C.Opts.Bind);
  initProcess(Argc, Argv);
  if (!Parsed || !bindAndMeasure(Error)) {
    if (C.Rank == 0)
      std::fprintf(stderr, "dlb: error: %s\n", Error.c_str());
    finish();
    return 2;
  }
  if (trace::isJson(C.Opts.TraceFile))
    trace::start();
  C.Running = true;
  if (C.Rank != 0) {
    serve();
    C.Running = false;
    if (trace::on())
      trace::sendToRoot();
    finish();
    return 0;
  }
  std::atexit(shutdown);
  UserArgs &Args = userArgs();
  const int Status =
      UserMain(static_cast<int>(Args.Strings.size()), Args.Pointers.data());
  shutdown();
  return Status;
}

} // namespace dlb
