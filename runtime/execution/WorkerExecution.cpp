//===- WorkerExecution.cpp - A worker's side of an execution --------------===//
//
// Owns a worker's side of one execution (serveRun): it receives its body,
// the slabs its blocks need and the whole arrays, runs its share under the
// execution's protocol, keeps the rows the ranks keep, and sends rank 0 its
// result.
//
//===----------------------------------------------------------------------===//
#include "core/Context.h"
#include "protocols/BalancingRunner.h"
#include "execution/ExecutionMessages.h"
#include "execution/ExecutionPlan.h"
#include "execution/ExecutionRecord.h"
#include "residency/Layout.h"
#include "protocols/PipelineRunner.h"
#include "transport/Protocol.h"
#include "core/Registry.h"
#include "residency/Residency.h"
#include "transport/Transport.h"
#include "transport/Wire.h"

namespace dlb {

namespace {

/// Runs a worker's pieces under the execution's protocol, keeps the rows
/// the ranks keep, and sends rank 0 the result.
void runWorkerShare(const LoopSpec &Spec, KernelFn Kernel,
                    const ExecParams &Params, const WorkCurve &Curve,
                    std::vector<ArrayView> &Views, std::vector<Piece> Pieces,
                    WatchScope &Watch) {
  std::unique_ptr<Runner> Run =
      makeRunner(Spec, Kernel, Params, Curve, Views, nullptr);
  for (Piece &P : Pieces)
    Run->add(std::move(P));
  RankResult Result = runCounted(*Run);
  // A skewed pipeline distributes j + Skew * i (runtime/model/PipelineModel.h).
  keepExecutedRows(Spec,
                   Params.Skew ? Params.skewed().space() : Spec.Pairs.space(),
                   Run->executed());
  sendResult(std::move(Result), Run->executed(), Spec, Watch,
             endTogether(Run->strategy(), Params.Pipelined));
}

} // namespace

void serveRun(const Command &Cmd) {
  const LoopDesc &Desc = loopById(Cmd.LoopId);
  WatchScope Watch(Desc.name(), static_cast<long long>(Cmd.Execution));
  const char *What = "the start of an execution";
  auto Body = std::make_shared<SlabBuffer>(Cmd.BodyBytes);
  Requests Reqs;
  postRecv(Body->data(), Body->size(), 0, BodyTag, Reqs);
  waitAll(Reqs, {What, 0});
  // The pinned rows, used in place in the body.
  std::vector<std::vector<const char *>> Pinned;
  const StartMessage Start = unpackBody(*Body, Pinned);
  const std::vector<ArrayArg> &Arrays = Start.Arrays;
  const LoopSpec Spec{Start.Scalars, Start.ScalarOffsets, Arrays,
                      Start.Reductions, Start.Pairs};
  const WorkCurve Curve = WorkCurve::decode(Start.Curve);
  const std::vector<std::shared_ptr<SlabBuffer>> Whole =
      receiveWholeArrays(Arrays, Start.Tree);
  std::vector<ArrayView> Views(Arrays.size());
  std::vector<std::vector<char *>> Tables(Arrays.size());
  for (std::size_t K = 0; K < Arrays.size(); ++K) {
    const ArrayArg &A = Arrays[K];
    if (A.Role == ArrayArg::Whole)
      pointWhole(Views[K], A,
                 bufferLayout(A, {0, distExtent(A)}, Whole[K]->data()),
                 Tables[K]);
    std::copy(Pinned[K].begin(), Pinned[K].end(), Views[K].Pinned);
  }
  const KernelFn Kernel = Desc.kernel();
  std::vector<Piece> Pieces = receiveBlockSlabs(Start.Blocks, Spec);
  // Arrays kept from earlier executions: their rows from their owners.
  PendingSends KeptSends;
  if (startsFromKept(Spec))
    exchangeKeptRows(Spec, Start.Parts, Start.Owners, Pieces, KeptSends);
  context().InFlight = &KeptSends;
  runWorkerShare(Spec, Kernel, Start.Params, Curve, Views, std::move(Pieces),
                 Watch);
  context().InFlight = nullptr;
  KeptSends.finish("the halo rows of the kept arrays to be received");
}

} // namespace dlb
