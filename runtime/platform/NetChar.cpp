//===- NetChar.cpp - Measuring the network profile ------------------------===//
#include "platform/NetChar.h"

#include "core/Context.h"
#include "platform/SlabMemory.h"
#include "transport/Comm.h"
#include "transport/Protocol.h"

#include <algorithm>
#include <cmath>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>
#include <fstream>
#include <set>
#include <sstream>

namespace dlb {
namespace {

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  const std::size_t N = V.size();
  return N % 2 ? V[N / 2] : (V[N / 2 - 1] + V[N / 2]) / 2;
}

/// Rank 0's Text on every rank.
std::string broadcastText(const std::string &Text) {
  const Context &C = context();
  if (C.Rank != 0) {
    std::vector<char> Buf = receive(0, NetTag, "a network measurement");
    return std::string(Buf.begin(), Buf.end());
  }
  Requests Reqs;
  for (int R = 1; R < C.Size; ++R)
    postSend(Text.data(), Text.size(), R, NetTag, Reqs);
  waitAll(Reqs);
  return Text;
}

/// One round trip of Buf between ranks 0 and 1 (the other ranks return).
void roundTrip(std::vector<char> &Buf) {
  const int Rank = context().Rank;
  if (Rank > 1)
    return;
  const int Peer = 1 - Rank;
  Requests Reqs;
  if (Rank == 1) {
    postRecv(Buf.data(), Buf.size(), Peer, NetTag, Reqs);
    waitAll(Reqs);
  }
  postSend(Buf.data(), Buf.size(), Peer, NetTag, Reqs);
  waitAll(Reqs);
  if (Rank == 0) {
    postRecv(Buf.data(), Buf.size(), Peer, NetTag, Reqs);
    waitAll(Reqs);
  }
}

/// Half the median round trip of Bytes between ranks 0 and 1, timed on
/// back-to-back round trips after an untimed one: the ranks leave a
/// barrier apart by up to the sleep a waiting rank was in (its backoff
/// doubles to 1 ms), and timed from a barrier, 2 ranks on 2 idle cores
/// measured latencies from 11 us to 0.71 ms in six start-ups, the first of
/// which the cache then kept for every later run.
double pingPong(double Bytes, int Repetitions) {
  std::vector<char> Buf(static_cast<std::size_t>(Bytes));
  std::vector<double> Times;
  sleepingBarrier();
  roundTrip(Buf);
  for (int Rep = 0; Rep < Repetitions; ++Rep) {
    const double Start = now();
    roundTrip(Buf);
    Times.push_back((now() - Start) / 2);
  }
  return median(Times);
}

/// The size of the message that measures the bandwidth: one whose transfer
/// takes about 20 latencies at the rate a 16 KiB message shows, within
/// [16 KiB, Largest] (on a 1 MB/s Ethernet a 256 KiB message takes a
/// quarter of a second each way; on shared memory 16 KiB take a few
/// latencies).
double bandwidthBytes(double Latency, double Largest, int Repetitions) {
  const double Small = std::min(16384.0, Largest);
  const double Transfer = pingPong(Small, Repetitions) - Latency;
  if (Transfer <= 0)
    return Largest;
  return std::clamp(20 * Latency * Small / Transfer, Small, Largest);
}

/// This rank's part of one exchange of pattern P among ranks [0, N).
void exchange(Pattern P, int N, std::vector<char> &Out,
              std::vector<std::vector<char>> &In) {
  const int Rank = context().Rank;
  if (Rank >= N)
    return;
  Requests Reqs;
  const bool Sends = P == Pattern::AllToAll ||
                     (P == Pattern::OneToAll ? Rank == 0 : Rank != 0);
  const bool Receives = P == Pattern::AllToAll ||
                        (P == Pattern::OneToAll ? Rank != 0 : Rank == 0);
  for (int Peer = 0; Peer < N; ++Peer) {
    if (Peer == Rank)
      continue;
    const bool Pair = P == Pattern::AllToAll || Peer == 0 || Rank == 0;
    if (!Pair)
      continue;
    if (Receives)
      postRecv(In[Peer].data(), In[Peer].size(), Peer, NetTag, Reqs);
    if (Sends)
      postSend(Out.data(), Out.size(), Peer, NetTag, Reqs);
  }
  waitAll(Reqs);
}

/// The cost of pattern P among N ranks with Bytes per message: per
/// repetition the slowest rank's time, then the median over repetitions.
double timePattern(Pattern P, int N, double Bytes, int Repetitions) {
  const Context &C = context();
  std::vector<char> Out(static_cast<std::size_t>(Bytes));
  std::vector<std::vector<char>> In(C.Size, std::vector<char>(Out.size()));
  std::vector<double> Mine;
  // An untimed repetition first, as for pingPong: a barrier lets the ranks
  // go as far apart as the sleep of the rank that waited in it, long after
  // the steps before (the repetitions' own barriers come close together).
  for (int Rep = -1; Rep < Repetitions; ++Rep) {
    sleepingBarrier();
    const double Start = now();
    exchange(P, N, Out, In);
    if (Rep >= 0)
      Mine.push_back(now() - Start);
  }
  if (C.Rank != 0) {
    Requests Reqs;
    postSend(Mine.data(), Mine.size() * sizeof(double), 0, NetTag, Reqs);
    waitAll(Reqs);
    return 0;
  }
  std::vector<double> Slowest = Mine;
  std::vector<double> Theirs(Mine.size());
  for (int R = 1; R < C.Size; ++R) {
    Requests Reqs;
    postRecv(Theirs.data(), Theirs.size() * sizeof(double), R, NetTag, Reqs);
    waitAll(Reqs);
    for (std::size_t K = 0; K < Slowest.size(); ++K)
      Slowest[K] = std::max(Slowest[K], Theirs[K]);
  }
  return median(Slowest);
}

bool readFile(const std::string &Path, std::string &Text) {
  std::ifstream In(Path);
  if (!In)
    return false;
  std::ostringstream OS;
  OS << In.rdbuf();
  Text = OS.str();
  return true;
}

/// mkdir -p of File's directory.
void makeParents(const std::string &File) {
  for (std::size_t Slash = File.find('/', 1); Slash != std::string::npos;
       Slash = File.find('/', Slash + 1))
    mkdir(File.substr(0, Slash).c_str(), 0777);
}

} // namespace

bool saveProfile(const std::string &File, const NetProfile &Profile,
                 const std::string &Hosts, std::string &Error) {
  // Through a temporary file, so that a reader never sees half a profile.
  makeParents(File);
  const std::string Temp = File + ".tmp" + std::to_string(getpid());
  {
    std::ofstream Out(Temp);
    Out << formatNetProfile(Profile, Hosts);
    if (!Out.flush()) {
      Error = "cannot write '" + Temp + "': " + std::strerror(errno);
      std::remove(Temp.c_str());
      return false;
    }
  }
  if (std::rename(Temp.c_str(), File.c_str()) != 0) {
    Error = "cannot write '" + File + "': " + std::strerror(errno);
    std::remove(Temp.c_str());
    return false;
  }
  return true;
}

NetCharPlan fullPlan(int Ranks, int Repetitions) {
  NetCharPlan Plan;
  for (int N = 2; N <= Ranks; ++N)
    Plan.RankCounts.push_back(N);
  Plan.Sizes = {64, 1024, 16384, 131072};
  Plan.Repetitions = Repetitions;
  return Plan;
}

NetCharPlan quickPlan(int Ranks, int GroupSize) {
  NetCharPlan Plan;
  // At most QuickRanks ranks take part (the fits extrapolate beyond): an
  // all-to-all among all of 1024 ranks is a million messages at start-up
  // (under SimGrid it did not finish in 2 minutes on 256 ranks).
  const int Most = std::min(Ranks, QuickRanks);
  std::set<int> Counts = {2, std::clamp(GroupSize, 2, Most), Most};
  Plan.RankCounts.assign(Counts.begin(), Counts.end());
  Plan.Sizes = {64};
  Plan.Repetitions = 3;
  Plan.BandwidthBytes = 256 * 1024;
  Plan.Budget = StartupBudget;
  return Plan;
}

NetProfile characterize(const NetCharPlan &Plan,
                        std::vector<PatternSample> *Samples) {
  const Context &C = context();
  NetProfile Profile;
  std::vector<PatternSample> All;
  if (C.Size > 1) {
    const double L = pingPong(1, Plan.Repetitions);
    // Every rank takes rank 0's size.
    const double Bytes = std::stod(broadcastText(std::to_string(std::floor(
        bandwidthBytes(L, Plan.BandwidthBytes, Plan.Repetitions)))));
    const double Big = pingPong(Bytes, Plan.Repetitions);
    Profile.Latency = std::max(L, 1e-9);
    // The large message's time beyond the small one's; when noise left
    // (almost) none of it (a rank descheduled during the small ones), all of
    // it: that underrates the bandwidth instead of making it near infinite
    // (a cache once held 2.6e14 B/s measured so on 4 ranks of 2 cores).
    const double Transfer = Big - L > 0.1 * Big ? Big - L : Big;
    Profile.Bandwidth = Bytes / std::max(Transfer, 1e-9);
    // Counts in increasing order, all patterns at each: a budget that runs
    // out leaves every pattern measured at the smallest (rank 0 decides).
    const double Start = now();
    for (int N : Plan.RankCounts) {
      if (N != Plan.RankCounts.front() && Plan.Budget > 0 &&
          broadcastText(now() - Start < Plan.Budget ? "go" : "stop") !=
              "go")
        break;
      for (Pattern P :
           {Pattern::OneToAll, Pattern::AllToOne, Pattern::AllToAll})
        for (double Bytes : Plan.Sizes)
          All.push_back(
              {P, N, Bytes, timePattern(P, N, Bytes, Plan.Repetitions)});
    }
    for (Pattern P : {Pattern::OneToAll, Pattern::AllToOne, Pattern::AllToAll})
      Profile.Fits[static_cast<int>(P)] = fitPattern(All, P);
  }
  Profile.MeasuredRanks = C.Size;
  if (C.Rank == 0)
    Profile.FreshCopy = freshCopyByteSeconds();
  if (Samples)
    *Samples = All;
  // Rank 0 measured the patterns: its profile is everyone's.
  NetProfile Shared;
  std::string Hosts, Error;
  parseNetProfile(broadcastText(formatNetProfile(Profile, "")), Shared, Hosts,
                  Error);
  return Shared;
}

std::string hostList() {
  const Context &C = context();
  char Name[MPI_MAX_PROCESSOR_NAME] = {};
  int Length = 0;
  MPI_Get_processor_name(Name, &Length);
  std::string Mine(Name, static_cast<std::size_t>(Length));
  if (C.Rank != 0) {
    Requests Reqs;
    postSend(Mine.data(), Mine.size(), 0, NetTag, Reqs);
    waitAll(Reqs);
    return broadcastText("");
  }
  std::set<std::string> Hosts = {Mine};
  for (int R = 1; R < C.Size; ++R) {
    std::vector<char> Buf = receive(R, NetTag, "a network measurement");
    Hosts.insert(std::string(Buf.begin(), Buf.end()));
  }
  std::string List;
  for (const std::string &H : Hosts)
    List += (List.empty() ? "" : ",") + H;
  return broadcastText(List);
}

namespace {
/// Whether Ranks spread evenly over the comma-separated Hosts put more
/// ranks on a host than this host has CPUs online.
bool oversubscribed(int Ranks, const std::string &Hosts) {
  const long HostCount =
      1 + static_cast<long>(std::count(Hosts.begin(), Hosts.end(), ','));
  const long PerHost = (Ranks + HostCount - 1) / HostCount;
  return PerHost > sysconf(_SC_NPROCESSORS_ONLN);
}
} // namespace

std::string cachedProfilePath(int Ranks, const std::string &Hosts) {
  std::string Dir;
  if (const char *Cache = std::getenv("XDG_CACHE_HOME"); Cache && *Cache)
    Dir = std::string(Cache) + "/dlb";
  else if (const char *Home = std::getenv("HOME"); Home && *Home)
    Dir = std::string(Home) + "/.cache/dlb";
  else
    return "";
  if (Ranks == 0)
    return Dir + "/netprofile";
  std::uint64_t Hash = 1469598103934665603ull; // FNV-1a
  for (unsigned char Ch : Hosts)
    Hash = (Hash ^ Ch) * 1099511628211ull;
  char Key[40];
  std::snprintf(Key, sizeof Key, ".p%d.%016llx", Ranks,
                static_cast<unsigned long long>(Hash));
  return Dir + "/netprofile" + Key;
}

namespace {
/// Rank 0's search for a profile: the given file (Status "ok" or why it
/// cannot be used), else the first usable cache; "none" when there is none.
std::string findProfile(const std::string &Given, const std::string &Hosts,
                        std::string &Text, std::string &Source) {
  NetProfile Read;
  std::string ReadHosts, Why;
  if (!Given.empty()) {
    if (!readFile(Given, Text))
      return "cannot read network profile '" + Given + "'";
    if (!parseNetProfile(Text, Read, ReadHosts, Why))
      return "network profile '" + Given + "': " + Why;
    Source = Given;
    return "ok";
  }
  const int Ranks = context().Size;
  for (const std::string &Path :
       {cachedProfilePath(Ranks, Hosts), cachedProfilePath()}) {
    // A cached profile is only good for the machines that measured it,
    // with as many ranks or more, and with its hosts' cores as shared as
    // now: one measured with more ranks than cores (latencies of
    // descheduled ranks: 0.73 ms and 0.36 GB/s from 4 ranks on 2 cores)
    // made 2 ranks on 2 cores judge distributing 3mm's loops not to pay.
    if (!Path.empty() && readFile(Path, Text) &&
        parseNetProfile(Text, Read, ReadHosts, Why) && ReadHosts == Hosts &&
        Read.MeasuredRanks >= Ranks &&
        oversubscribed(Read.MeasuredRanks, Hosts) ==
            oversubscribed(Ranks, Hosts)) {
      Source = Path;
      return "ok";
    }
  }
  return "none";
}
} // namespace

bool acquireNetProfile(NetProfile &Profile, std::string &Source,
                       std::string &Error) {
  const Context &C = context();
  const std::string &Given = C.Opts.NetProfileFile;
  const std::string Hosts = hostList();
  // Rank 0 finds the profile and tells everyone what it holds, or why not.
  std::string Text, Status;
  if (C.Rank == 0)
    Status = findProfile(Given, Hosts, Text, Source);
  Status = broadcastText(Status);
  if (Status == "ok") {
    std::string ReadHosts, Why;
    parseNetProfile(broadcastText(Text), Profile, ReadHosts, Why);
    // A cache written before profiles had the fresh copy gets it now, once.
    if (C.Rank == 0 && Given.empty() && Profile.FreshCopy <= 0) {
      Profile.FreshCopy = freshCopyByteSeconds();
      saveProfile(Source, Profile, Hosts, Why);
    }
    return true;
  }
  if (Status != "none") {
    Error = Status;
    return false;
  }
  const int K = C.Opts.GroupSize ? C.Opts.GroupSize : (C.Size + 1) / 2;
  Profile = characterize(quickPlan(C.Size, K));
  Source = "measured at start-up";
  // Cached for the next runs of this configuration, and as the last one
  // measured (dlb-netchar measures a thorough one); a cache that cannot be
  // written only costs the next run this measurement.
  const std::string Mine = cachedProfilePath(C.Size, Hosts);
  std::string Ignored;
  if (C.Rank == 0 && !Mine.empty() &&
      saveProfile(Mine, Profile, Hosts, Ignored)) {
    saveProfile(cachedProfilePath(), Profile, Hosts, Ignored);
    Source += ", cached in " + Mine;
  }
  return true;
}

} // namespace dlb
