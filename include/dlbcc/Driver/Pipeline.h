//===- dlbcc/Driver/Pipeline.h - The stages of dlbcc as a frontend action --===//
//
// parse (pragma handler + binding) -> analyze (loop models) -> emit
// (rewriting). Each stage can be the last one, with its result dumped, so it
// can be tested alone.
//
//===----------------------------------------------------------------------===//
#ifndef DLBCC_DRIVER_PIPELINE_H
#define DLBCC_DRIVER_PIPELINE_H

#include "clang/Frontend/DependencyOutputOptions.h"
#include "clang/Tooling/Tooling.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace dlbcc {

class ProgramFunctions;

/// Functions stops after parsing too and summarizes the file's functions
/// into PipelineOptions::Program (the program's other sources).
enum class Stage { Functions, Parse, Analyze, Emit };

struct PipelineOptions {
  /// The last stage to run; Parse and Analyze dump their result to Dump.
  Stage StopAfter = Stage::Emit;
  /// Report the work and data per iteration of each loop as remarks.
  bool Remarks = false;
  /// Read OpenMP's loop pragmas as annotations (dlbcc --openmp).
  bool OpenMP = false;
  /// Record the files the input includes as a Make rule (-MD, -MMD) into
  /// PipelineResult::Dependencies; OutputFile is not written.
  std::optional<clang::DependencyOutputOptions> Dependencies;
  /// The functions of the program's other sources: filled by the Functions
  /// stage, read by the analysis of the input's loops.
  ProgramFunctions *Program = nullptr;
};

struct PipelineResult {
  std::string Output; ///< the rewritten file (Emit)
  std::string Dump;   ///< the stage dump (Parse, Analyze)
  std::string Dependencies; ///< the dependency file's text (-MD, -MMD)
  bool Ok = false;
};

std::unique_ptr<clang::tooling::FrontendActionFactory>
makePipelineFactory(const PipelineOptions &Opts, PipelineResult &Result);

/// Runs the stages on \p Code, a C++17 file named \p FileName that exists
/// only in memory (it may include real headers), compiled with \p Args;
/// diagnostics go to \p Diags. Returns whether it succeeded. For tools that
/// translate text they hold, such as the fuzzer.
bool runPipelineOnCode(llvm::StringRef Code, llvm::StringRef FileName,
                       const std::vector<std::string> &Args,
                       const PipelineOptions &Opts, PipelineResult &Result,
                       clang::DiagnosticConsumer &Diags);

} // namespace dlbcc

#endif // DLBCC_DRIVER_PIPELINE_H
