//===- Transport.h - What differs between a real MPI and SimGrid's SMPI ---===//
//
// The few operations whose implementation depends on the MPI the runtime is
// built for, one implementation per build: transport/Native.cpp in libdlb
// (a real MPI library, real time), transport/SMPI.cpp in libdlb-smpi
// (SimGrid's SMPI: every rank a simulated process, time the simulation's).
// Every other line of the runtime, protocols and decisions alike, is the
// same in both builds. See docs/simulation.md.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_TRANSPORT_H
#define DLB_RUNTIME_TRANSPORT_H

#include <mpi.h>

#include <vector>

namespace dlb {
namespace transport {

/// Starts duplicating MPI_COMM_WORLD into Comm; Done is the request that
/// completes it (MPI_REQUEST_NULL when the duplicate is already complete).
void duplicateWorld(MPI_Comm &Comm, MPI_Request &Done);

/// If a message from Source (or MPI_ANY_SOURCE) with Tag has arrived on
/// Comm: sizes Out to it, posts its receive into Out as Done and returns its
/// sender. Otherwise returns -1.
int receiveArrived(int Source, int Tag, MPI_Comm Comm, std::vector<char> &Out,
                   MPI_Request &Done);

/// Completes every request of Reqs, when this transport can wait without
/// using the CPU: under SMPI a rank blocked in MPI_Waitall costs nothing and
/// wakes when the simulation completes them (a polling wait would cost the
/// simulation an event per poll per rank). Natively false at once: a
/// blocking MPI call spins, so Comm.cpp polls with sleeps.
bool waitBlocking(std::vector<MPI_Request> &Reqs);

/// receiveArrived, waiting for the message where waitBlocking waits (SMPI:
/// MPI_Probe); natively the same as receiveArrived.
int receiveBlocking(int Source, int Tag, MPI_Comm Comm,
                    std::vector<char> &Out, MPI_Request &Done);

/// Seconds since an arbitrary origin: the host's steady clock, or the
/// simulated clock.
double clock();

/// Sleeps for Seconds (> 0), in real or in simulated time.
void sleep(double Seconds);

/// A kernel has just computed Work basic operations (W, cost-model.md):
/// nothing to do natively, where that took its time; under SMPI the
/// simulated host spends the time its speed gives them.
void computed(double Work);

/// Whether time is simulated: computed() then needs every execution's W.
bool simulated();

} // namespace transport
} // namespace dlb

#endif // DLB_RUNTIME_TRANSPORT_H
