//===- Residency.cpp - Arrays that stay where they were computed ----------===//
//
// Owns the ownership map of spread arrays, the exchange of halo rows before
// an execution, what workers keep after one, and gathering (Residency.h).
//
//===----------------------------------------------------------------------===//
#include "residency/Residency.h"

#include "transport/Comm.h"
#include "core/Context.h"
#include "messages/Residency.h"
#include "residency/Layout.h"
#include "transport/Protocol.h"
#include "transport/Wire.h"

#include <algorithm>
#include <deque>

namespace dlb {
namespace {

/// The bytes of rank 0's command of Kind, which Body follows.
std::vector<char> commandBytes(Command::KindType Kind,
                               const std::vector<char> &Body) {
  Command Cmd;
  Cmd.Kind = Kind;
  Cmd.BodyBytes = Body.size();
  return encode(Cmd);
}

/// Copies the rows Rows of array A from the slab From into the slab To:
/// straight from From where its rows are one stretch of memory (a buffer of
/// rows: 80 MB of jacobi rows merged into one slab took a packed copy and
/// its fresh memory more), else through a packed copy.
void copyRows(const ArrayArg &A, const Slab &From, const Slab &To,
              const Range &Rows) {
  const Range In{Rows.Begin - From.First, Rows.End - From.First};
  const Range Out{Rows.Begin - To.First, Rows.End - To.First};
  if (const char *Stretch = contiguousSlab(From.Layout, In)) {
    unpackSlab(To.Layout, Out, Stretch);
    return;
  }
  std::vector<char> Buf(slabBytes(A, Rows));
  packSlab(From.Layout, In, Buf.data());
  unpackSlab(To.Layout, Out, Buf.data());
}

/// Packs the rows R of array A that this worker keeps into Out, as
/// packSlab packs the slab R: each kept part is copied to its place in the
/// slab. A column slab packs each row's part in turn, so the packs of two
/// adjacent parts, one after the other, are not the pack of their union.
void packKept(const ArrayArg &A, const KeptArray &Kept, const Range &R,
              char *Out) {
  const Slab To{bufferLayout(A, R, Out), R.Begin};
  for (const KeptRows &E : Kept.Rows) {
    const Range Part{std::max(R.Begin, E.Owned.Begin),
                     std::min(R.End, E.Owned.End)};
    if (Part.size() > 0)
      copyRows(A, E.Rows, To, Part);
  }
}

/// Calls F(Run) for each longest run of consecutive rows within Within that
/// this worker keeps, in order: the units in which rank 0, whose ownership
/// map merges adjacent ranges of one owner, sends and receives them.
template <class Fn>
void forEachKeptRun(const KeptArray &Kept, const Range &Within, Fn F) {
  Range Run{0, 0};
  for (const KeptRows &E : Kept.Rows) {
    const Range Part{std::max(Within.Begin, E.Owned.Begin),
                     std::min(Within.End, E.Owned.End)};
    if (Part.size() <= 0)
      continue;
    if (Run.size() > 0 && Run.End == Part.Begin) {
      Run.End = Part.End;
      continue;
    }
    if (Run.size() > 0)
      F(Run);
    Run = Part;
  }
  if (Run.size() > 0)
    F(Run);
}

/// Packs the rows of Within that this worker keeps of an array, run by run
/// (the geometry is the array's: any kept slab's layout has it).
std::vector<char> packKeptRuns(const KeptArray &Kept, const Range &Within) {
  std::vector<char> Out;
  if (Kept.Rows.empty())
    return Out;
  const ArrayArg &A = Kept.Rows.front().Rows.Layout;
  forEachKeptRun(Kept, Within, [&](const Range &Run) {
    const std::size_t At = Out.size();
    Out.resize(At + slabBytes(A, Run));
    packKept(A, Kept, Run, Out.data() + At);
  });
  return Out;
}

/// Removes Rows from what this worker keeps of an array.
void forgetRows(KeptArray &Kept, const Range &Rows) {
  std::vector<KeptRows> Left;
  for (KeptRows &E : Kept.Rows) {
    if (E.Owned.Begin < Rows.Begin)
      Left.push_back({{E.Owned.Begin, std::min(E.Owned.End, Rows.Begin)},
                      E.Rows, E.Storage});
    if (E.Owned.End > Rows.End)
      Left.push_back({{std::max(E.Owned.Begin, Rows.End), E.Owned.End},
                      E.Rows, E.Storage});
  }
  Kept.Rows = std::move(Left);
}

/// A slab for the rows Need of array A on this worker: one it keeps that
/// covers them (reused in place), or new storage added to Holders. New
/// storage has Margin rows more on each side: the array, written here
/// without a halo, may be read with one by the next loop, from where it is.
Slab slabFor(const ArrayArg &A, const KeptArray *Kept, const Range &Need,
             long long Margin,
             std::vector<std::shared_ptr<SlabBuffer>> &Holders) {
  if (Kept)
    for (const KeptRows &E : Kept->Rows) {
      const long long Stored = distExtent(E.Rows.Layout);
      if (E.Rows.First <= Need.Begin && Need.End <= E.Rows.First + Stored) {
        if (std::find(Holders.begin(), Holders.end(), E.Storage) ==
            Holders.end())
          Holders.push_back(E.Storage);
        return E.Rows;
      }
    }
  const Range Rows{std::max(0LL, Need.Begin - Margin),
                   std::min(distExtent(A), Need.End + Margin)};
  auto Buffer = std::make_shared<SlabBuffer>(slabBytes(A, Rows));
  Holders.push_back(Buffer);
  return {bufferLayout(A, Rows, Buffer->data()), Rows.Begin};
}

/// The buffer of P that holds the slab S.
std::shared_ptr<SlabBuffer> holderOf(const Piece &P, const Slab &S) {
  for (const auto &Buffer : P.Storage)
    if (Buffer && S.Layout.Data >= Buffer->data() &&
        S.Layout.Data < Buffer->data() + Buffer->size())
      return Buffer;
  fatal("a kept slab lies in no buffer of its piece");
}

} // namespace

int Ownership::ownerOf(long long Row) const {
  auto It = std::upper_bound(
      Ranges.begin(), Ranges.end(), Row,
      [](long long R, const Range &X) { return R < X.Begin; });
  if (It == Ranges.begin())
    return 0;
  --It;
  return Row < It->End ? Owners[It - Ranges.begin()] : 0;
}

template <class Fn> void Ownership::forEachRun(const Range &R, Fn F) const {
  long long Pos = R.Begin;
  std::size_t I = std::upper_bound(Ranges.begin(), Ranges.end(), Pos,
                                   [](long long P, const Range &X) {
                                     return P < X.Begin;
                                   }) -
                  Ranges.begin();
  if (I > 0 && Pos < Ranges[I - 1].End)
    --I;
  while (Pos < R.End) {
    long long End = R.End;
    int Owner = 0;
    if (I < Ranges.size() && Ranges[I].Begin <= Pos) {
      End = std::min(End, Ranges[I].End);
      Owner = Owners[I++];
    } else if (I < Ranges.size()) {
      End = std::min(End, Ranges[I].Begin);
    }
    F(Range{Pos, End}, Owner);
    Pos = End;
  }
}

void Ownership::reassign(const Range &Within,
                         const std::vector<std::vector<Range>> &Executed) {
  std::vector<std::pair<Range, int>> All;
  for (std::size_t I = 0; I < Ranges.size(); ++I) {
    const Range &X = Ranges[I];
    if (X.Begin < Within.Begin)
      All.push_back({{X.Begin, std::min(X.End, Within.Begin)}, Owners[I]});
    if (X.End > Within.End)
      All.push_back({{std::max(X.Begin, Within.End), X.End}, Owners[I]});
  }
  for (std::size_t R = 1; R < Executed.size(); ++R)
    for (const Range &X : Executed[R])
      if (X.size() > 0)
        All.push_back({X, static_cast<int>(R)});
  std::sort(All.begin(), All.end(), [](const auto &A, const auto &B) {
    return A.first.Begin < B.first.Begin;
  });
  Ranges.clear();
  Owners.clear();
  for (const auto &[X, Owner] : All) {
    if (!Ranges.empty() && Ranges.back().End == X.Begin &&
        Owners.back() == Owner) {
      Ranges.back().End = X.End;
      continue;
    }
    Ranges.push_back(X);
    Owners.push_back(Owner);
  }
}

std::vector<std::vector<Range>> ownedPartition(const Ownership &O,
                                               long long Lb, long long Ub,
                                               int Ranks) {
  std::vector<std::vector<Range>> Parts(Ranks);
  O.forEachRun({Lb, Ub}, [&](const Range &Run, int Owner) {
    std::vector<Range> &P = Parts[Owner < Ranks ? Owner : 0];
    if (!P.empty() && P.back().End == Run.Begin)
      P.back().End = Run.End;
    else
      P.push_back(Run);
  });
  return Parts;
}

void exchangeKeptRows(const LoopSpec &Spec,
                      const std::vector<std::vector<Range>> &Parts,
                      const std::vector<Ownership> &Owners,
                      std::vector<Piece> &Pieces, PendingSends &Sends) {
  Context &C = context();
  const int Me = C.Rank;
  const char *What = "the halo rows of the arrays kept on the ranks";
  Requests Reqs;
  // The buffers of the halo rows sent and received, kept for the next
  // execution (Context::HaloBuffers); the sends of the last one completed.
  std::size_t Used = 0;
  auto Buffer = [&](std::size_t Bytes) -> std::vector<char> & {
    if (Used == C.HaloBuffers.size())
      C.HaloBuffers.emplace_back();
    std::vector<char> &B = C.HaloBuffers[Used++];
    B.resize(Bytes);
    return B;
  };
  struct Incoming {
    std::size_t K;
    Slab Into; ///< on rank 0: the program's array
    Range Rows;
    std::vector<char> *Buf;
  };
  std::vector<Incoming> In;
  const long long Margin = keptMargin(Spec);
  // Every rank walks the same (array, rank, block, run) order, so that the
  // messages between two ranks match in order.
  for (std::size_t K = 0; K < Spec.Arrays.size(); ++K) {
    const ArrayArg &A = Spec.Arrays[K];
    if (A.Role != ArrayArg::Distributed || !A.Kept)
      continue;
    const KeptArray *Mine = nullptr;
    if (Me != 0) {
      auto It = C.Residency.Kept.find(A.Id);
      Mine = It == C.Residency.Kept.end() ? nullptr : &It->second;
    }
    auto Keeps = [&]() -> const KeptArray & {
      if (!Mine)
        fatal("rank " + std::to_string(Me) + " owns rows of a kept array "
              "it does not keep");
      return *Mine;
    };
    for (std::size_t R = 0; R < Parts.size(); ++R)
      for (std::size_t B = 0; B < Parts[R].size(); ++B) {
        const Range Need = neededRange(Parts[R][B], A.Acc, distExtent(A));
        Slab Target{A, 0}; // rank 0: its own array
        if (static_cast<int>(R) == Me && Me != 0) {
          Piece &P = Pieces[B];
          Target = slabFor(A, Mine, Need, Margin, P.Storage);
          P.Slabs[K] = Target;
        }
        Owners[K].forEachRun(Need, [&](const Range &Run, int Owner) {
          if (Owner == static_cast<int>(R)) {
            // The receiver's own rows: in place on rank 0, else copied
            // from where it keeps them (unless kept right there).
            if (Owner == Me && Me != 0)
              for (const KeptRows &E : Keeps().Rows) {
                const Range Part{std::max(Run.Begin, E.Owned.Begin),
                                 std::min(Run.End, E.Owned.End)};
                if (Part.size() > 0 &&
                    E.Rows.Layout.Data != Target.Layout.Data)
                  copyRows(A, E.Rows, Target, Part);
              }
            return;
          }
          if (Owner == Me) {
            std::vector<char> &Out = Buffer(slabBytes(A, Run));
            if (Me == 0)
              packSlab(A, Run, Out.data());
            else
              packKept(A, Keeps(), Run, Out.data());
            postSend(Out.data(), Out.size(), static_cast<int>(R), ResidentTag,
                     Sends.Reqs);
          } else if (static_cast<int>(R) == Me) {
            In.push_back({K, Target, Run, &Buffer(slabBytes(A, Run))});
          }
        });
      }
  }
  // Receives are posted once In no longer grows (its buffers stay put).
  for (Incoming &I : In) {
    const int Owner = Owners[I.K].ownerOf(I.Rows.Begin);
    postRecv(I.Buf->data(), I.Buf->size(), Owner, ResidentTag, Reqs);
  }
  waitAll(Reqs, {What});
  for (Incoming &I : In)
    unpackSlab(I.Into.Layout,
               {I.Rows.Begin - I.Into.First, I.Rows.End - I.Into.First},
               I.Buf->data());
}

void keepExecutedRows(const LoopSpec &Spec, const Range &Space,
                      const std::vector<Piece> &Executed) {
  ResidencyState &S = context().Residency;
  for (std::size_t K = 0; K < Spec.Arrays.size(); ++K) {
    const ArrayArg &A = Spec.Arrays[K];
    if (A.Role == ArrayArg::Whole) {
      if (!A.Keep)
        S.Kept.erase(A.Id);
      continue;
    }
    if (!A.Keep && !A.Kept)
      continue;
    KeptArray &Kept = S.Kept[A.Id];
    // The loop's iterations now belong to the ranks that ran them; what is
    // not kept returns with the results.
    forgetRows(Kept, Space);
    if (A.Keep)
      for (const Piece &P : Executed)
        if (P.Iters.size() > 0)
          Kept.Rows.push_back({P.Iters, P.Slabs[K], holderOf(P, P.Slabs[K])});
    std::sort(Kept.Rows.begin(), Kept.Rows.end(),
              [](const KeptRows &X, const KeptRows &Y) {
                return X.Owned.Begin < Y.Owned.Begin;
              });
    if (Kept.Rows.empty() && !Kept.Whole)
      S.Kept.erase(A.Id);
  }
}

namespace {
/// The same array, seen the same way (a pointer may be reinterpreted), in
/// the same rows.
bool sameShape(const ArrayArg &A, const ArrayArg &B) {
  return A.Dims == B.Dims && A.DistDim == B.DistDim &&
         A.ElemSize == B.ElemSize && A.Extent[0] == B.Extent[0] &&
         A.Extent[1] == B.Extent[1] && A.Store == B.Store &&
         A.Role == B.Role && A.Skew == B.Skew &&
         (A.Store != ArrayArg::RowTable ||
          std::equal(A.Rows, A.Rows + A.Extent[0], B.Rows));
}

/// Rank 0: brings the current values of Rows of the kept array R (identity
/// Id) into the program's memory. Forget: the owners forget them and rank
/// 0 owns them from now on; else the owners keep them (a copy for reading).
void fetchKeptRows(std::uint64_t Id, Residence &R, Range Rows, bool Forget) {
  Context &C = context();
  Rows = {std::max(0LL, Rows.Begin), std::min(distExtent(R.User), Rows.End)};
  if (Rows.size() <= 0 || (!Forget && !R.Dirty))
    return;
  // Each worker that owns some of the rows sends them when a loop wrote
  // the array since it was handed out.
  std::vector<bool> Owns(C.Size, false);
  std::vector<std::vector<char>> In(C.Size);
  R.Owners.forEachRun(Rows, [&](const Range &Run, int Owner) {
    Owns[Owner] = true;
    if (R.Dirty)
      In[Owner].resize(In[Owner].size() + slabBytes(R.User, Run));
  });
  Requests Reqs;
  const std::vector<char> Body =
      encode(FetchRequest{Id, Rows, R.Dirty, Forget});
  const std::vector<char> Cmd = commandBytes(Command::FetchRows, Body);
  for (int W = 1; W < C.Size; ++W) {
    if (!Owns[W])
      continue;
    postSend(Cmd.data(), Cmd.size(), W, CommandTag, Reqs);
    postSend(Body.data(), Body.size(), W, BodyTag, Reqs);
    if (!In[W].empty())
      postRecv(In[W].data(), In[W].size(), W, ResidentTag, Reqs);
  }
  waitAll(Reqs, {"the kept rows that the program's code uses"});
  std::vector<const char *> From(C.Size);
  for (int W = 1; W < C.Size; ++W)
    From[W] = In[W].data();
  R.Owners.forEachRun(Rows, [&](const Range &Run, int Owner) {
    if (Owner == 0 || !R.Dirty)
      return;
    unpackSlab(R.User, Run, From[Owner]);
    From[Owner] += slabBytes(R.User, Run);
  });
  if (Forget)
    R.Owners.reassign(Rows, {});
}
} // namespace

const Ownership *
prepareResidency(std::vector<ArrayArg> &Arrays, bool Allowed,
                 std::vector<Ownership> &Owners,
                 const std::function<bool(const Ownership &)> &Fits) {
  auto &Table = context().Residency.Residences;
  std::vector<std::uint64_t> Gather;
  const Ownership *Partition = nullptr;
  for (std::size_t K = 0; K < Arrays.size(); ++K) {
    ArrayArg &A = Arrays[K];
    if (!A.Id)
      A.Id = reinterpret_cast<std::uintptr_t>(
          A.Store == ArrayArg::RowTable ? static_cast<const void *>(A.Rows)
                                        : A.Data);
    A.Kept = false;
    A.Keep = A.Keep && Allowed;
    auto It = Table.find(A.Id);
    if (It == Table.end())
      continue;
    Residence &R = It->second;
    const bool Usable = Allowed && sameShape(R.User, A);
    if (A.Role == ArrayArg::Distributed && R.Spread && Usable &&
        Fits(R.Owners) &&
        (!Partition || (Partition->Ranges == R.Owners.Ranges &&
                        Partition->Owners == R.Owners.Owners))) {
      A.Kept = true;
      Owners[K] = R.Owners;
      if (!Partition)
        Partition = &R.Owners;
    } else if (A.Role == ArrayArg::Whole && R.WholeSent && Usable) {
      A.Kept = true;
    } else {
      Gather.push_back(A.Id);
    }
  }
  // An array kept under another identity that shares memory with one of
  // this loop's (a pointer into it) comes back first.
  for (const auto &[Id, R] : Table)
    if (std::find(Gather.begin(), Gather.end(), Id) == Gather.end())
      for (const ArrayArg &A : Arrays)
        if (A.Id != Id && sharesMemory(A, R.User)) {
          Gather.push_back(Id);
          break;
        }
  if (!Gather.empty())
    gatherResident(Gather);
  // The rows every iteration reads (LoopRun::pin: LU's pivot row) go to the
  // workers from rank 0's memory: rank 0 takes a copy from their owners.
  for (const ArrayArg &A : Arrays)
    if (A.Kept && A.Role == ArrayArg::Distributed)
      for (unsigned P = 0; P < A.PinCount; ++P)
        fetchKeptRows(A.Id, Table.at(A.Id), {A.Pins[P], A.Pins[P] + 1},
                      /*Forget=*/false);
  return Partition;
}

void recordResidency(const std::vector<ArrayArg> &Arrays, const Range &Space,
                     const std::vector<std::vector<Range>> &Executed) {
  auto &Table = context().Residency.Residences;
  std::vector<std::uint64_t> Gather;
  for (const ArrayArg &A : Arrays) {
    if (!A.Keep) {
      if (!A.Kept)
        continue;
      if (A.Role == ArrayArg::Whole) {
        Table.erase(A.Id); // the workers dropped their copies
        continue;
      }
      // The loop's rows came back with the results; the others follow.
      Residence &R = Table[A.Id];
      R.Owners.reassign(Space, {});
      Gather.push_back(A.Id);
      continue;
    }
    Residence &R = Table[A.Id];
    const bool Was = A.Kept;
    R.User = A;
    if (A.Store == ArrayArg::RowTable) {
      R.RowTable.assign(A.Rows, A.Rows + A.Extent[0]);
      R.User.Rows = R.RowTable.data();
    }
    if (A.Role == ArrayArg::Whole) {
      R.WholeSent = true;
      continue;
    }
    R.Dirty = (Was && R.Dirty) || A.Acc.Written;
    if (!Was)
      R.Owners = Ownership();
    R.Owners.reassign(Space, Executed);
    R.Spread = true;
  }
  if (!Gather.empty())
    gatherResident(Gather);
}

void gatherResident(const std::vector<std::uint64_t> &Ids) {
  Context &C = context();
  auto &Table = C.Residency.Residences;
  GatherRequest Request;
  for (std::uint64_t Id : Ids) {
    auto It = Table.find(Id);
    if (It != Table.end())
      Request.Arrays.push_back({Id, It->second.Spread && It->second.Dirty});
  }
  if (Request.Arrays.empty())
    return;
  Requests Reqs;
  const std::vector<char> Body = encode(Request);
  const std::vector<char> Cmd = commandBytes(Command::Gather, Body);
  for (int W = 1; W < C.Size; ++W) {
    postSend(Cmd.data(), Cmd.size(), W, CommandTag, Reqs);
    postSend(Body.data(), Body.size(), W, BodyTag, Reqs);
  }
  // One message per worker and array, its rows in order.
  struct Incoming {
    const Residence *R;
    int From;
    std::vector<char> Buf;
  };
  std::vector<Incoming> In;
  for (const GatherRequest::Array &A : Request.Arrays) {
    if (!A.Send)
      continue;
    const Residence &R = Table[A.Id];
    for (int W = 1; W < C.Size; ++W) {
      std::size_t Bytes = 0;
      for (std::size_t I = 0; I < R.Owners.Ranges.size(); ++I)
        if (R.Owners.Owners[I] == W)
          Bytes += slabBytes(R.User, R.Owners.Ranges[I]);
      if (Bytes)
        In.push_back({&R, W, std::vector<char>(Bytes)});
    }
  }
  for (Incoming &I : In)
    postRecv(I.Buf.data(), I.Buf.size(), I.From, ResidentTag, Reqs);
  waitAll(Reqs, {"the rows of the arrays kept on the ranks"});
  for (const Incoming &I : In) {
    const char *P = I.Buf.data();
    const Ownership &O = I.R->Owners;
    for (std::size_t K = 0; K < O.Ranges.size(); ++K)
      if (O.Owners[K] == I.From) {
        unpackSlab(I.R->User, O.Ranges[K], P);
        P += slabBytes(I.R->User, O.Ranges[K]);
      }
  }
  for (const GatherRequest::Array &A : Request.Arrays)
    Table.erase(A.Id);
}

ResidentScope::~ResidentScope() {
  const Context &C = context();
  if (C.Running && C.Rank == 0 && !C.InKernel)
    gatherAllResident();
}

void gatherAllResident() {
  std::vector<std::uint64_t> Ids;
  for (const auto &Entry : context().Residency.Residences)
    Ids.push_back(Entry.first);
  gatherResident(Ids);
}

void fetchRows(const void *Array, long long Lo, long long Hi) {
  Context &C = context();
  if (!C.Running || C.Rank != 0 || C.InKernel)
    return;
  auto It = C.Residency.Residences.find(reinterpret_cast<std::uintptr_t>(Array));
  if (It != C.Residency.Residences.end() && It->second.Spread)
    fetchKeptRows(It->first, It->second, {Lo, Hi}, /*Forget=*/true);
}

namespace {
/// A worker: the body of rank 0's command.
std::vector<char> commandBody(std::uint64_t Bytes, const char *What) {
  std::vector<char> Body(Bytes);
  Requests Reqs;
  postRecv(Body.data(), Body.size(), 0, BodyTag, Reqs);
  waitAll(Reqs, {What, 0});
  return Body;
}
} // namespace

void serveFetchRows(std::uint64_t BodyBytes) {
  Context &C = context();
  const auto Request =
      decode<FetchRequest>(commandBody(BodyBytes, "the rows to fetch"));
  Requests Reqs;
  auto It = C.Residency.Kept.find(Request.Id);
  if (It == C.Residency.Kept.end())
    fatal("rank " + std::to_string(C.Rank) + " owns kept rows it does not "
          "keep");
  KeptArray &Kept = It->second;
  std::vector<char> Out;
  if (Request.Send)
    Out = packKeptRuns(Kept, Request.Rows);
  if (!Out.empty()) {
    postSend(Out.data(), Out.size(), 0, ResidentTag, Reqs);
    waitAll(Reqs, {"rank 0 to take the fetched rows", 0});
  }
  if (Request.Forget)
    forgetRows(Kept, Request.Rows);
}

void serveGather(std::uint64_t BodyBytes) {
  Context &C = context();
  const auto Request =
      decode<GatherRequest>(commandBody(BodyBytes, "the arrays to gather"));
  Requests Reqs;
  std::deque<std::vector<char>> Out;
  for (const GatherRequest::Array &A : Request.Arrays) {
    auto It = C.Residency.Kept.find(A.Id);
    if (It == C.Residency.Kept.end())
      continue;
    const KeptArray &Kept = It->second;
    if (A.Send && !Kept.Rows.empty()) {
      Out.push_back(packKeptRuns(Kept, {Kept.Rows.front().Owned.Begin,
                                        Kept.Rows.back().Owned.End}));
      postSend(Out.back().data(), Out.back().size(), 0, ResidentTag, Reqs);
    }
    C.Residency.Kept.erase(It);
  }
  waitAll(Reqs, {"rank 0 to take the kept rows", 0});
}

} // namespace dlb
