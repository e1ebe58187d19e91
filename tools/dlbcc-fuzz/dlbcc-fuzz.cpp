//===- dlbcc-fuzz.cpp - libFuzzer target of dlbcc's stages ----------------===//
//
// Feeds each input, as a C++ file held in memory, through parsing, analysis
// and emission (with remarks), diagnostics silenced and nothing written.
// Built with -DDLB_FUZZ=ON (Clang); tools/setup.sh test runs it.
//
//===----------------------------------------------------------------------===//
#include "dlbcc/Driver/Pipeline.h"

#include "clang/Basic/Diagnostic.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  clang::IgnoringDiagConsumer Silent;
  dlbcc::PipelineOptions Opts;
  Opts.Remarks = true;
  dlbcc::PipelineResult Result;
  dlbcc::runPipelineOnCode(
      llvm::StringRef(reinterpret_cast<const char *>(Data), Size),
      "/dlbcc-fuzz/fuzz.cpp", {}, Opts, Result, Silent);
  return 0;
}
