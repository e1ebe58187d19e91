//===- Result.h - A worker's result of an execution -------------*- C++ -*-===//
//
// Owns the head of a worker's result (ResultTag, after a HeadMsg with its
// size on ResultHeadTag): its counters, its reduction slots and the ranges
// of units it executed, in order. The slabs its pieces wrote travel apart,
// one ResultSlabTag message each in the order of the ranges
// (execution/ExecutionMessages.h, sendResult).
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_MESSAGES_RESULT_H
#define DLB_RUNTIME_MESSAGES_RESULT_H

#include "model/Partition.h"
#include "residency/Pieces.h"
#include "transport/Wire.h"

#include <vector>

namespace dlb {

struct ResultMessage {
  RankResult Work;
  std::vector<Range> Executed;
};

void encode(Writer &Out, const ResultMessage &M);
void decode(Reader &In, ResultMessage &M);

} // namespace dlb

#endif // DLB_RUNTIME_MESSAGES_RESULT_H
