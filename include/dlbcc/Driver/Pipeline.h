//===- dlbcc/Driver/Pipeline.h - The stages of dlbcc as a frontend action --===//
//
// parse (pragma handler + binding) -> analyze (loop models) -> emit
// (rewriting). Each stage can be the last one, with its result dumped, so it
// can be tested alone.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_DRIVER_PIPELINE_H
#define DLBCC_DRIVER_PIPELINE_H

#include "clang/Tooling/Tooling.h"

#include <memory>
#include <string>

namespace dlbcc {

enum class Stage { Parse, Analyze, Emit };

struct PipelineOptions {
  /// The last stage to run; Parse and Analyze dump their result to Dump.
  Stage StopAfter = Stage::Emit;
  /// Report the work and data per iteration of each loop as remarks.
  bool Remarks = false;
};

struct PipelineResult {
  std::string Output; ///< the rewritten file (Emit)
  std::string Dump;   ///< the stage dump (Parse, Analyze)
  bool Ok = false;
};

std::unique_ptr<clang::tooling::FrontendActionFactory>
makePipelineFactory(const PipelineOptions &Opts, PipelineResult &Result);

} // namespace dlbcc

#endif // DLBCC_DRIVER_PIPELINE_H
