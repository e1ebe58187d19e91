//===- Comm.h - Nonblocking transfers and the one sleeping wait -----------===//
//
// Every wait of the runtime goes through waitAll, which tests its requests
// and sleeps between tests instead of spinning, so that idle ranks leave the
// cores to the ranks that compute. Large transfers are split into chunks so
// that completions keep the sleeps short while data is flowing.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_COMM_H
#define DLB_RUNTIME_COMM_H

#include <mpi.h>

#include <cstddef>
#include <vector>

namespace dlb {

using Requests = std::vector<MPI_Request>;

/// Posts the sends of Bytes bytes at Buf to Dest on the runtime's
/// communicator. The receiver posts postRecv with the same size and tag.
void postSend(const void *Buf, std::size_t Bytes, int Dest, int Tag,
              Requests &Reqs);
void postRecv(void *Buf, std::size_t Bytes, int Source, int Tag,
              Requests &Reqs);

/// Completes every request in Reqs (then empties it). Sleeps between tests:
/// 20 us doubling up to 1 ms while nothing completes, back to 20 us when
/// something does.
void waitAll(Requests &Reqs);

/// Sleeps for Seconds (nothing for none): the emulated load's delay.
void sleepFor(double Seconds);

/// Every rank: waits (sleeping) until all ranks are here.
void sleepingBarrier();

/// The sleeps between two checks of a condition that is not met yet.
class Backoff {
public:
  /// Sleeps, each time twice as long, up to the longest sleep.
  void pause();
  void reset();

private:
  long SleepNs = 0;
};

/// Receives a whole (small) message from Source (or MPI_ANY_SOURCE) with
/// Tag if one has arrived; sets From to its sender.
bool tryReceive(int Source, int Tag, std::vector<char> &Out, int *From);
/// Sleeps until such a message arrives, then receives it.
std::vector<char> receive(int Source, int Tag, int *From = nullptr);

} // namespace dlb

#endif // DLB_RUNTIME_COMM_H
