//===- Pipeline.h - The messages of a pipelined loop's stages ---*- C++ -*-===//
//
// Owns the messages between the stages of a pipelined doacross loop
// (protocols/PipelineRun.cpp): the head of a block's boundary values and a
// stage's profile at a synchronization.
//
//===----------------------------------------------------------------------===//
#ifndef DLB_RUNTIME_MESSAGES_PIPELINE_H
#define DLB_RUNTIME_MESSAGES_PIPELINE_H

#include "model/Partition.h"

namespace dlb {

struct BlockHead {
  long long Lo = 0;
  long long Hi = 0;
  int SyncAtEnd = 0;
};

struct StageProfile {
  Range Cols;
  double Elements = 0;
  double Busy = 0;
};

} // namespace dlb

#endif // DLB_RUNTIME_MESSAGES_PIPELINE_H
