//===- Comm.cpp - Nonblocking transfers and the one sleeping wait ---------===//
//
// Owns the transport of the runtime's messages: chunked nonblocking
// point-to-point transfers and the backoff loop that completes them.
//
//===----------------------------------------------------------------------===//
#include "transport/Comm.h"

#include "core/Context.h"
#include "transport/Transport.h"

#include <algorithm>

namespace dlb {
namespace {

/// The largest MPI message of a transfer. Measured on 2 cores, 80 MB sent to
/// 3 ranks: 28 ms in 256 KiB chunks, 180 ms as one message (each protocol
/// step of a large message waits for a sleeping peer).
constexpr std::size_t ChunkBytes = 256 * 1024;

/// The sleeps of a wait grow by a quarter from the first to the longest. A
/// short first sleep answers a peer that is about to send (a time loop's
/// next command, the halo rows of a kept array): Jacobi 1600 x 1600, 120
/// executions on 2 ranks, 0.18 s of loop time with 20 us, 0.165 s with 5
/// us. A quarter, not doubling: a wait then overshoots the message by a
/// quarter of its length at most, not by its length, which matters where
/// the ranks wait for each other in turn (a kept array's halo rows, whose
/// rendezvous needs the sender awake: rank 0's share of a Jacobi sweep of
/// 1600 x 1600 on 2 ranks took 2.46 ms from start to results with
/// doubling sleeps, 1.0-1.13 ms with these, for 0.8 ms of computing), for
/// about 24 wake-ups before the longest sleep instead of 8.
constexpr long FirstSleepNs = 5 * 1000;
constexpr long LongestSleepNs = 1000 * 1000;

/// A wait that has lasted long (a worker while rank 0 runs sequential
/// code) may sleep longer: up to 1/64 of the time it has waited, never more
/// than 16 ms. Its wake-up is then late by under 2% of the wait, and it
/// wakes about 150 times in a 1.5 s wait instead of 1,500: 4-8 ranks on 2
/// cores, each worker used 1-5% of a core while idle with 1 ms sleeps
/// (5.3% in an ASan build), where other work on the machine should run.
constexpr double LongWaitShare = 1.0 / 64;
constexpr long LongestLongSleepNs = 16 * 1000 * 1000;

long longestSleepNs(double Waited) {
  const double Ns = Waited * LongWaitShare * 1e9;
  return Ns <= LongestSleepNs       ? LongestSleepNs
         : Ns >= LongestLongSleepNs ? LongestLongSleepNs
                                    : static_cast<long>(Ns);
}

template <class PostFn>
void postChunks(std::size_t Bytes, Requests &Reqs, PostFn Post) {
  for (std::size_t Offset = 0; Offset < Bytes; Offset += ChunkBytes) {
    Reqs.emplace_back();
    Post(Offset, std::min(ChunkBytes, Bytes - Offset), &Reqs.back());
  }
}

} // namespace

void postSend(const void *Buf, std::size_t Bytes, int Dest, int Tag,
              Requests &Reqs) {
  const char *Data = static_cast<const char *>(Buf);
  postChunks(Bytes, Reqs,
             [&](std::size_t Offset, std::size_t Count, MPI_Request *R) {
               MPI_Isend(Data + Offset, static_cast<int>(Count), MPI_BYTE, Dest,
                         Tag, context().Comm, R);
             });
}

void postRecv(void *Buf, std::size_t Bytes, int Source, int Tag,
              Requests &Reqs) {
  char *Data = static_cast<char *>(Buf);
  postChunks(Bytes, Reqs,
             [&](std::size_t Offset, std::size_t Count, MPI_Request *R) {
               MPI_Irecv(Data + Offset, static_cast<int>(Count), MPI_BYTE,
                         Source, Tag, context().Comm, R);
             });
}

void sendToEach(const std::vector<char> &Message, const std::vector<int> &Dests,
                int Tag) {
  Requests Reqs;
  for (int D : Dests)
    if (D != context().Rank)
      postSend(Message.data(), Message.size(), D, Tag, Reqs);
  waitAll(Reqs);
}

void sleepFor(double Seconds) {
  if (Seconds > 0)
    transport::sleep(Seconds);
}

void sleepingBarrier() {
  Requests Reqs(1);
  MPI_Ibarrier(context().Comm, &Reqs[0]);
  waitAll(Reqs);
}

void Backoff::pause() {
  const double T = now();
  if (Since < 0)
    Since = Quiet = T;
  else
    watchdog(For, T - Since);
  SleepNs = SleepNs ? std::min(SleepNs + SleepNs / 4, longestSleepNs(T - Quiet))
                    : FirstSleepNs;
  transport::sleep(static_cast<double>(SleepNs) * 1e-9);
}

void Backoff::reset() {
  SleepNs = 0;
  Quiet = now();
}

void waitAll(Requests &Reqs, WaitFor For) {
  if (transport::waitBlocking(Reqs)) {
    Reqs.clear();
    return;
  }
  std::vector<int> Done(Reqs.size());
  Backoff Wait(For);
  for (;;) {
    int Count = 0;
    MPI_Testsome(static_cast<int>(Reqs.size()), Reqs.data(), &Count,
                 Done.data(), MPI_STATUSES_IGNORE);
    if (Count == MPI_UNDEFINED)
      break;
    if (Count > 0)
      Wait.reset();
    else
      Wait.pause();
  }
  Reqs.clear();
}

void progress(PendingSends &Sends) {
  if (Sends.Reqs.empty())
    return;
  int Flag = 0;
  MPI_Testall(static_cast<int>(Sends.Reqs.size()), Sends.Reqs.data(), &Flag,
              MPI_STATUSES_IGNORE);
  if (Flag)
    Sends.Reqs.clear();
}

void PendingSends::finish(const char *What) { waitAll(Reqs, {What}); }

namespace {
/// Completes the receive the transport posted for Sender's message.
void completeReceive(Requests &Reqs, int Sender, int *From) {
  waitAll(Reqs);
  if (From)
    *From = Sender;
}
} // namespace

bool tryReceive(int Source, int Tag, std::vector<char> &Out, int *From) {
  Requests Reqs(1);
  const int Sender =
      transport::receiveArrived(Source, Tag, context().Comm, Out, Reqs[0]);
  if (Sender < 0)
    return false;
  completeReceive(Reqs, Sender, From);
  return true;
}

std::vector<char> receive(int Source, int Tag, const char *What, int *From) {
  std::vector<char> Out;
  Requests Reqs(1);
  Backoff Wait({What, Source});
  int Sender;
  while ((Sender = transport::receiveBlocking(Source, Tag, context().Comm, Out,
                                              Reqs[0])) < 0)
    Wait.pause();
  completeReceive(Reqs, Sender, From);
  return Out;
}

} // namespace dlb
