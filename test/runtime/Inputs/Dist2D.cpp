//===- Dist2D.cpp - 2-D arrays distributed by rows and by columns ---------===//
//
// Like dlbcc's output for loops over 2-D arrays stored as C arrays, pointers
// to rows (double (*)[M]) and row tables (double **): distributed by rows and
// by columns, read with a halo, and written arrays whose halo must not be
// written back. Every loop runs with both schedules and is compared with the
// sequential loop. As dlbcc does, the kernels view evenly spaced rows (C
// arrays, pointers to rows) as dlb::Strided2D and a row table as
// dlb::Dist2D.
//
//===----------------------------------------------------------------------===//
#include "Check.h"

namespace {

constexpr int N = 23;
constexpr int M = 17;

double ArrayIn[N][M];
double ArrayOut[N][M];
int Seen[N > M ? N : M];

/// A 2-D array in one of the stores that LoopRun distributes.
struct Grid {
  const char *Store;
  double (*Array)[N][M];
  double (*Rows)[M];
  double **Table;

  double &at(int I, int J) { return Table ? Table[I][J] : Rows[I][J]; }
  void distribute(dlb::LoopRun &R, unsigned Dim, dlb::Access Acc) {
    if (Array)
      R.distArray(*Array, Dim, Acc);
    else if (Rows)
      R.distPointer(Rows, N, Dim, Acc);
    else
      R.distPointer(Table, N, M, Dim, Acc);
  }
  void fill(int Seed) {
    for (int I = 0; I < N; ++I)
      for (int J = 0; J < M; ++J)
        at(I, J) = (I * 31 + J * 7 + Seed) % 13 - 6.25;
  }
};

Grid arrayGrid(double (*A)[N][M]) { return {"array", A, *A, nullptr}; }
Grid pointerGrid() { return {"pointer", nullptr, new double[N][M], nullptr}; }
Grid tableGrid() {
  double **T = new double *[N];
  for (int I = N - 1; I >= 0; --I)
    T[I] = new double[M];
  return {"table", nullptr, nullptr, T};
}

/// Slot's view: Strided2D for evenly spaced rows, Dist2D for a row table.
template <bool Strided> auto view2D(dlb::Block &B, unsigned Slot) {
  if constexpr (Strided)
    return B.strided2D<double>(Slot);
  else
    return B.dist2D<double>(Slot);
}

// for (int i = 1; i < N - 1; ++i) {
//   for (int j = 0; j < M; ++j)
//     Out[i][j] = In[i - 1][j] + 2 * In[i][j] + In[i + 1][j] + Shift;
//   Seen[i] += 1;
// }
template <bool Strided> void rowsKernel(dlb::Block &B) {
  auto Out = view2D<Strided>(B, 0);
  auto In = view2D<Strided>(B, 1);
  dlb::Dist1D<int> Seen = B.dist1D<int>(2);
  double Shift = B.scalar<double>(0);
  for (int i = B.begin(); i < B.end(); B.hook(i), ++i) {
    for (int j = 0; j < M; ++j)
      Out[i][j] = In[i - 1][j] + 2 * In[i][j] + In[i + 1][j] + Shift;
    Seen[i] += 1;
  }
}
dlb::LoopDesc RowsLoop[] = {{"rows", rowsKernel<false>},
                           {"rows_strided", rowsKernel<true>}};

// for (int j = 1; j < M - 1; ++j) {
//   for (int i = 0; i < N; ++i)
//     Out[i][j] = In[i][j - 1] - In[i][j + 1] + Shift * i;
//   Seen[j] += 1;
// }
template <bool Strided> void colsKernel(dlb::Block &B) {
  auto Out = view2D<Strided>(B, 0);
  auto In = view2D<Strided>(B, 1);
  dlb::Dist1D<int> Seen = B.dist1D<int>(2);
  double Shift = B.scalar<double>(0);
  for (int j = B.begin(); j < B.end(); B.hook(j), ++j) {
    for (int i = 0; i < N; ++i)
      Out[i][j] = In[i][j - 1] - In[i][j + 1] + Shift * i;
    Seen[j] += 1;
  }
}
dlb::LoopDesc ColsLoop[] = {{"cols", colsKernel<false>},
                           {"cols_strided", colsKernel<true>}};

// Written and read with a halo: row i writes Z[i][0] from the untouched
// column 1 of its neighbours; the neighbours' rows must come back unchanged.
// for (int i = 1; i < N - 1; ++i) { Z[i][0] = Z[i - 1][1] + Z[i + 1][1] + i;
//                                   Seen[i] += 1; }
template <bool Strided> void edgeRowsKernel(dlb::Block &B) {
  auto Z = view2D<Strided>(B, 0);
  dlb::Dist1D<int> Seen = B.dist1D<int>(1);
  for (int i = B.begin(); i < B.end(); B.hook(i), ++i) {
    Z[i][0] = Z[i - 1][1] + Z[i + 1][1] + i;
    Seen[i] += 1;
  }
}
dlb::LoopDesc EdgeRowsLoop[] = {{"edge_rows", edgeRowsKernel<false>},
                               {"edge_rows_strided", edgeRowsKernel<true>}};

// for (int j = 1; j < M - 1; ++j) { Z[0][j] = Z[1][j - 1] * Z[1][j + 1] + j;
//                                   Seen[j] += 1; }
template <bool Strided> void edgeColsKernel(dlb::Block &B) {
  auto Z = view2D<Strided>(B, 0);
  dlb::Dist1D<int> Seen = B.dist1D<int>(1);
  for (int j = B.begin(); j < B.end(); B.hook(j), ++j) {
    Z[0][j] = Z[1][j - 1] * Z[1][j + 1] + j;
    Seen[j] += 1;
  }
}
dlb::LoopDesc EdgeColsLoop[] = {{"edge_cols", edgeColsKernel<false>},
                               {"edge_cols_strided", edgeColsKernel<true>}};

void clearSeen() {
  for (int &S : Seen)
    S = 0;
}

bool sameAs(Grid &G, const double (&Ref)[N][M]) {
  for (int I = 0; I < N; ++I)
    for (int J = 0; J < M; ++J)
      if (G.at(I, J) != Ref[I][J])
        return false;
  return true;
}

/// Runs "rows" (Dim 0) or "cols" (Dim 1) from In to Out.
bool stencil(dlb::Schedule S, unsigned Dim, Grid &Out, Grid &In) {
  In.fill(1);
  Out.fill(2);
  clearSeen();
  double Ref[N][M];
  for (int I = 0; I < N; ++I)
    for (int J = 0; J < M; ++J)
      Ref[I][J] = Out.at(I, J);
  const double Shift = 0.5;
  const int Extent = Dim == 0 ? N : M;
  dlb::LoopRun R((Dim == 0 ? RowsLoop : ColsLoop)[!In.Table]);
  R.bounds(1, Extent - 1);
  R.schedule(S);
  R.scalar(Shift);
  Out.distribute(R, Dim, written());
  In.distribute(R, Dim, readOnly(-1, 1));
  R.distArray(Seen, written());
  R.run();

  for (int I = 0; I < N; ++I)
    for (int J = 0; J < M; ++J) {
      if (Dim == 0 && I >= 1 && I < N - 1)
        Ref[I][J] = In.at(I - 1, J) + 2 * In.at(I, J) + In.at(I + 1, J) + Shift;
      if (Dim == 1 && J >= 1 && J < M - 1)
        Ref[I][J] = In.at(I, J - 1) - In.at(I, J + 1) + Shift * I;
    }
  return ranOnce(Seen, Extent, 1, Extent - 1) && sameAs(Out, Ref);
}

/// Runs "edge_rows" (Dim 0) or "edge_cols" (Dim 1) on Z.
bool edge(dlb::Schedule S, unsigned Dim, Grid &Z) {
  Z.fill(3);
  clearSeen();
  double Ref[N][M];
  for (int I = 0; I < N; ++I)
    for (int J = 0; J < M; ++J)
      Ref[I][J] = Z.at(I, J);
  const int Extent = Dim == 0 ? N : M;
  for (int K = 1; K < Extent - 1; ++K) {
    if (Dim == 0)
      Ref[K][0] = Ref[K - 1][1] + Ref[K + 1][1] + K;
    else
      Ref[0][K] = Ref[1][K - 1] * Ref[1][K + 1] + K;
  }
  dlb::LoopRun R((Dim == 0 ? EdgeRowsLoop : EdgeColsLoop)[!Z.Table]);
  R.bounds(1, Extent - 1);
  R.schedule(S);
  Z.distribute(R, Dim, written(-1, 1));
  R.distArray(Seen, written());
  R.run();
  return ranOnce(Seen, Extent, 1, Extent - 1) && sameAs(Z, Ref);
}

int userMain(int, char **) {
  Grid Ins[] = {arrayGrid(&ArrayIn), pointerGrid(), tableGrid()};
  Grid Outs[] = {arrayGrid(&ArrayOut), pointerGrid(), tableGrid()};
  double Checksum = 0;
  for (dlb::Schedule S : {dlb::Schedule::Block, dlb::Schedule::Cyclic}) {
    for (int K = 0; K < 3; ++K) {
      for (unsigned Dim : {0u, 1u}) {
        const char *Loop = Dim == 0 ? "rows" : "cols";
        std::printf("%s %s ", Loop, Outs[K].Store);
        report("stencil", S, stencil(S, Dim, Outs[K], Ins[K]));
        Checksum += Outs[K].at(N / 2, M / 2);
        std::printf("%s %s ", Loop, Outs[K].Store);
        report("edge", S, edge(S, Dim, Outs[K]));
        Checksum += Outs[K].at(0, M / 2) + Outs[K].at(N / 2, 0);
      }
    }
  }
  std::printf("checksum %.17g\n", Checksum);
  return 0;
}

} // namespace

int main(int Argc, char **Argv) { return dlb::runMain(Argc, Argv, userMain); }
