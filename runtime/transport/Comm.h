//===- Comm.h - Nonblocking transfers and the one sleeping wait -----------===//
//
// Every wait of the runtime goes through waitAll, which tests its requests
// and sleeps between tests instead of spinning, so that idle ranks leave the
// cores to the ranks that compute. Large transfers are split into chunks so
// that completions keep the sleeps short while data is flowing. Every wait
// also says what it waits for (WaitFor): while a loop executes, the
// watchdog (Context.h) ends the job with that description when a wait
// outlasts --dlb-timeout.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_COMM_H
#define DLB_RUNTIME_COMM_H

#include <mpi.h>

#include <cstddef>
#include <vector>

namespace dlb {

using Requests = std::vector<MPI_Request>;

/// What a wait is for, in words for the watchdog's report ("the PROFILEs of
/// a synchronization"), and from which rank (-1: any or several).
struct WaitFor {
  const char *What = "a message";
  int Peer = -1;
};

/// Posts the sends of Bytes bytes at Buf to Dest on the runtime's
/// communicator. The receiver posts postRecv with the same size and tag.
void postSend(const void *Buf, std::size_t Bytes, int Dest, int Tag,
              Requests &Reqs);
void postRecv(void *Buf, std::size_t Bytes, int Source, int Tag,
              Requests &Reqs);

/// Sends a rank posted that it need not see completed before it goes on
/// (exchangeKeptRows), whose buffers stay put until they complete.
struct PendingSends {
  Requests Reqs;
  /// Waits for them; What says for what, to the watchdog.
  void finish(const char *What);
};

/// Lets MPI progress the sends of Sends, and forgets those complete: a rank
/// computing makes no MPI call, and the receiver of a large message may
/// wait for the sender's part of the rendezvous (heat-3d 120^3 on 2 ranks:
/// rank 1 received rank 0's halo planes only once rank 0 had computed its
/// share, 1.6 ms a step). Runners call it at their polls.
void progress(PendingSends &Sends);

/// Sends Message to each rank of Dests but this one, and waits for the
/// sends to complete.
void sendToEach(const std::vector<char> &Message, const std::vector<int> &Dests,
                int Tag);

/// Completes every request in Reqs (then empties it), sleeping between
/// tests as a Backoff does.
void waitAll(Requests &Reqs, WaitFor For = {});

/// Sleeps for Seconds (nothing for none): the emulated load's delay.
void sleepFor(double Seconds);

/// Every rank: waits (sleeping) until all ranks are here.
void sleepingBarrier();

/// The sleeps between two checks of a condition that is not met yet.
class Backoff {
public:
  explicit Backoff(WaitFor For = {}) : For(For) {}
  /// Sleeps, each time a quarter longer, up to the longest sleep (longer
  /// the longer nothing has happened); reports to the watchdog how long the
  /// condition has been waited for.
  void pause();
  /// Something happened: the next sleep is short again (the wait goes on).
  void reset();

private:
  WaitFor For;
  long SleepNs = 0;
  double Since = -1;
  double Quiet = -1; ///< When the wait began or something last happened.
};

/// Receives a whole (small) message from Source (or MPI_ANY_SOURCE) with
/// Tag if one has arrived; sets From to its sender.
bool tryReceive(int Source, int Tag, std::vector<char> &Out, int *From);
/// Sleeps until such a message arrives, then receives it; What names it
/// for the watchdog.
std::vector<char> receive(int Source, int Tag, const char *What,
                          int *From = nullptr);

} // namespace dlb

#endif // DLB_RUNTIME_COMM_H
