//===- LateDirective.cpp - Rank 0's directives reach one rank late --------===//
//
// Preloaded into a run (LD_PRELOAD), it makes rank 0 post every load
// balancing directive (DirectiveTag) to rank DLB_TEST_LATE_RANK only
// DLB_TEST_LATE_SECONDS late, as when rank 0 loses its core in the middle
// of sending one to each member. The other members act on it first: the
// work they send the late rank arrives before the directive that tells it
// to wait for that work.
//
//===----------------------------------------------------------------------===//
#include "transport/Protocol.h"

#include <mpi.h>

#include <cstdlib>
#include <ctime>

int MPI_Isend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag,
              MPI_Comm Comm, MPI_Request *Req) {
  static const char *Late = std::getenv("DLB_TEST_LATE_RANK");
  static const char *Seconds = std::getenv("DLB_TEST_LATE_SECONDS");
  int Rank = 0;
  PMPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  if (Late && Rank == 0 && Tag == dlb::DirectiveTag &&
      Dest == std::atoi(Late)) {
    const double S = Seconds ? std::atof(Seconds) : 0.05;
    timespec T{static_cast<time_t>(S),
               static_cast<long>((S - static_cast<time_t>(S)) * 1e9)};
    nanosleep(&T, nullptr);
  }
  return PMPI_Isend(Buf, Count, Type, Dest, Tag, Comm, Req);
}
