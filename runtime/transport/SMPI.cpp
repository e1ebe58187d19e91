//===- SMPI.cpp - The transport of SimGrid's SMPI (libdlb-smpi) -----------===//
//
// Transport.h under SMPI, where every rank is a simulated process of one
// program: SMPI has no MPI_Comm_idup nor matched probes, so the duplication
// blocks (in simulated time) and a probe is followed by the receive of the
// probed sender and tag (a rank is one thread: nothing can take the message
// in between). Time is the simulation's: the clock is MPI_Wtime, a sleep
// advances only the simulated clock, and a kernel's operations are charged
// to the simulated host at its speed (run with smpi/simulate-computation:no,
// as dlb-simulate does, this is the only computation time there is).
//
//===----------------------------------------------------------------------===//
#include "transport/Transport.h"

#include <smpi/smpi_helpers_internal.h>

#include <ctime>

namespace dlb {
namespace transport {

void duplicateWorld(MPI_Comm &Comm, MPI_Request &Done) {
  MPI_Comm_dup(MPI_COMM_WORLD, &Comm);
  Done = MPI_REQUEST_NULL;
}

namespace {

/// Posts the receive of the message Status describes into Out.
int receiveProbed(const MPI_Status &Status, MPI_Comm Comm,
                  std::vector<char> &Out, MPI_Request &Done) {
  int Bytes = 0;
  MPI_Get_count(&Status, MPI_BYTE, &Bytes);
  Out.resize(Bytes);
  MPI_Irecv(Out.data(), Bytes, MPI_BYTE, Status.MPI_SOURCE, Status.MPI_TAG,
            Comm, &Done);
  return Status.MPI_SOURCE;
}

} // namespace

int receiveArrived(int Source, int Tag, MPI_Comm Comm, std::vector<char> &Out,
                   MPI_Request &Done) {
  int Found = 0;
  MPI_Status Status;
  MPI_Iprobe(Source, Tag, Comm, &Found, &Status);
  return Found ? receiveProbed(Status, Comm, Out, Done) : -1;
}

int receiveBlocking(int Source, int Tag, MPI_Comm Comm, std::vector<char> &Out,
                    MPI_Request &Done) {
  MPI_Status Status;
  MPI_Probe(Source, Tag, Comm, &Status);
  return receiveProbed(Status, Comm, Out, Done);
}

bool waitBlocking(std::vector<MPI_Request> &Reqs) {
  MPI_Waitall(static_cast<int>(Reqs.size()), Reqs.data(), MPI_STATUSES_IGNORE);
  return true;
}

double clock() { return MPI_Wtime(); }

void sleep(double Seconds) {
  timespec T;
  T.tv_sec = static_cast<time_t>(Seconds);
  T.tv_nsec = static_cast<long>((Seconds - static_cast<double>(T.tv_sec)) * 1e9);
  smpi_nanosleep(&T, nullptr);
}

void computed(double Work) {
  if (Work > 0)
    smpi_execute_flops(Work);
}

bool simulated() { return true; }

} // namespace transport
} // namespace dlb
