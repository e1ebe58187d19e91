//===- Native.cpp - The transport of a real MPI library (libdlb) ----------===//
//
// Transport.h for a real MPI: a nonblocking communicator duplication,
// matched probes (so that a probed message cannot be taken by another
// receive), the steady clock, and sleeps with a short timer slack.
//
//===----------------------------------------------------------------------===//
#include "transport/Transport.h"

#include <chrono>
#include <ctime>
#include <sys/prctl.h>

namespace dlb {
namespace transport {

void duplicateWorld(MPI_Comm &Comm, MPI_Request &Done) {
  MPI_Comm_idup(MPI_COMM_WORLD, &Comm, &Done);
}

int receiveArrived(int Source, int Tag, MPI_Comm Comm, std::vector<char> &Out,
                   MPI_Request &Done) {
  int Found = 0;
  MPI_Message Msg;
  MPI_Status Status;
  MPI_Improbe(Source, Tag, Comm, &Found, &Msg, &Status);
  if (!Found)
    return -1;
  int Bytes = 0;
  MPI_Get_count(&Status, MPI_BYTE, &Bytes);
  Out.resize(Bytes);
  MPI_Imrecv(Out.data(), Bytes, MPI_BYTE, &Msg, &Done);
  return Status.MPI_SOURCE;
}

bool waitBlocking(std::vector<MPI_Request> &) { return false; }

int receiveBlocking(int Source, int Tag, MPI_Comm Comm, std::vector<char> &Out,
                    MPI_Request &Done) {
  return receiveArrived(Source, Tag, Comm, Out, Done);
}

double clock() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

void sleep(double Seconds) {
  // Linux lets a sleep overrun by the thread's timer slack (50 us by
  // default): more than the first sleep of a wait itself (Comm.cpp). One
  // microsecond keeps the wake-up close to the time asked for.
  static const bool Slack = prctl(PR_SET_TIMERSLACK, 1000UL) == 0;
  (void)Slack;
  timespec T;
  T.tv_sec = static_cast<time_t>(Seconds);
  T.tv_nsec = static_cast<long>((Seconds - static_cast<double>(T.tv_sec)) * 1e9);
  nanosleep(&T, nullptr);
}

void computed(double) {}

bool simulated() { return false; }

} // namespace transport
} // namespace dlb
