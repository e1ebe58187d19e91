// mxm6_awf.cpp - mxm6.cpp balanced the way a self-scheduling library does
// it (the baseline of issue 16): a master on rank 0 hands out chunks of
// rows by adaptive weighted factoring (chunk = weight * remaining / 2P, each
// rank's weight its measured rate over the mean rate, updated after every
// chunk), every rank holds all of X and Y, workers send the rows of Z they
// computed with their next request, and rank 0 computes chunks too,
// answering requests between its rows. The loop body is the user's. Plain
// MPI, no libdlb; built with mpicxx -O2 -DN=720. Prints what mxm6 prints.
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#ifndef N
#define N 720
#endif

static double X[N][N], Y[N][N], Z[N][N];

namespace {

// Requests of execution E carry tag FirstRequestTag + E: a worker done with
// one execution asks for work of the next while rank 0 may still compute
// its last rows of the current one.
enum { AssignTag = 1, FirstRequestTag = 2 };

void row(int i) {
  for (int j = 0; j < N; ++j) {
    double s = 0.0;
    for (int k = 0; k < N; ++k)
      s += X[i][k] * Y[k][j];
    Z[i][j] = s;
  }
}

/// The master's side of one execution.
class Master {
public:
  explicit Master(int Ranks) : Ranks(Ranks), Rate(Ranks, 0.0) {}

  void run(int Execution) {
    Tag = FirstRequestTag + Execution;
    Next = 0;
    Done = 0;
    while (Next < N || Done < Ranks - 1) {
      serve();
      if (Next < N) {
        auto [Lo, Hi] = chunk(0);
        double Start = MPI_Wtime();
        for (int i = Lo; i < Hi; ++i) {
          row(i);
          serve();
        }
        measured(0, Hi - Lo, MPI_Wtime() - Start);
      } else if (Done < Ranks - 1) {
        // Nothing left to compute: wait for the workers' last rows.
        MPI_Status St;
        MPI_Probe(MPI_ANY_SOURCE, Tag, MPI_COMM_WORLD, &St);
      }
    }
  }

private:
  /// The next chunk for rank R by adaptive weighted factoring.
  std::pair<int, int> chunk(int R) {
    double Mean = 0;
    int Known = 0;
    for (double X : Rate)
      if (X > 0) {
        Mean += X;
        ++Known;
      }
    double Weight = Known && Rate[R] > 0 ? Rate[R] / (Mean / Known) : 1.0;
    int Size = static_cast<int>(
        std::ceil(Weight * (N - Next) / (2.0 * Ranks)));
    Size = std::max(1, std::min(Size, N - Next));
    int Lo = Next;
    Next += Size;
    return {Lo, Next};
  }

  void measured(int R, int Rows, double Seconds) {
    if (Rows > 0 && Seconds > 0)
      Rate[R] = Rows / Seconds;
  }

  /// Answers every request that has arrived.
  void serve() {
    for (;;) {
      int Flag = 0;
      MPI_Status St;
      MPI_Iprobe(MPI_ANY_SOURCE, Tag, MPI_COMM_WORLD, &Flag, &St);
      if (!Flag)
        return;
      int Count = 0;
      MPI_Get_count(&St, MPI_DOUBLE, &Count);
      std::vector<double> Msg(Count);
      MPI_Recv(Msg.data(), Count, MPI_DOUBLE, St.MPI_SOURCE, Tag,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      // Header: the rows it computed and how long they took, then the rows.
      int Lo = static_cast<int>(Msg[0]), Hi = static_cast<int>(Msg[1]);
      std::copy(Msg.begin() + 3, Msg.end(), &Z[Lo][0]);
      measured(St.MPI_SOURCE, Hi - Lo, Msg[2]);
      int Assign[2] = {N, N};
      if (Next < N) {
        auto [L, H] = chunk(St.MPI_SOURCE);
        Assign[0] = L;
        Assign[1] = H;
      } else {
        ++Done;
      }
      MPI_Send(Assign, 2, MPI_INT, St.MPI_SOURCE, AssignTag, MPI_COMM_WORLD);
    }
  }

  int Ranks;
  int Tag = FirstRequestTag;
  int Next = 0, Done = 0;
  std::vector<double> Rate;
};

void worker(int Execution) {
  int Lo = 0, Hi = 0;
  double Seconds = 0;
  for (;;) {
    std::vector<double> Msg = {double(Lo), double(Hi), Seconds};
    Msg.insert(Msg.end(), &Z[Lo][0], &Z[Lo][0] + (Hi - Lo) * N);
    MPI_Send(Msg.data(), static_cast<int>(Msg.size()), MPI_DOUBLE, 0,
             FirstRequestTag + Execution, MPI_COMM_WORLD);
    int Assign[2];
    MPI_Recv(Assign, 2, MPI_INT, 0, AssignTag, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    if (Assign[0] >= N)
      return;
    Lo = Assign[0];
    Hi = Assign[1];
    double Start = MPI_Wtime();
    for (int i = Lo; i < Hi; ++i)
      row(i);
    Seconds = MPI_Wtime() - Start;
  }
}

} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int Rank, Ranks;
  MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  MPI_Comm_size(MPI_COMM_WORLD, &Ranks);
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      X[i][j] = ((i * 7 + j * 3) % 11 - 5) / 4.0;
      Y[i][j] = ((i * 5 + j * 2) % 13 - 6) / 4.0;
    }
  double trace = 0;
  Master M(Ranks);
  for (int rep = 0; rep < 6; ++rep) {
    if (Rank == 0)
      M.run(rep);
    else
      worker(rep);
    trace += Z[rep][rep];
  }
  if (Rank == 0) {
    double sum = 0;
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < N; ++j)
        sum += Z[i][j] * ((i + 2 * j) % 7 + 1);
    std::printf("mxm6 N=%d trace=%.6e sum=%.6e\n", N, trace, sum);
  }
  MPI_Finalize();
  return 0;
}
