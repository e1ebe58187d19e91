//===- BadSteps.cpp - Skews and strides the runtime refuses ----------------===//
//
// A program calling libdlb directly (not dlbcc's output) with a pipeline
// skew or a loop stride that the runtime must refuse before any iteration
// runs: argv[1] is negative-skew, skew-1d (a skew with a 1-D distributed
// array), stride-pipeline, or stride-zero.
//
//===----------------------------------------------------------------------===//
#include "Check.h"

#include <cstring>

namespace {

double Grid[8][8];
double Line[8];

void emptyKernel(dlb::Block &) {}
dlb::LoopDesc BadLoop("bad", emptyKernel);

int userMain(int Argc, char **Argv) {
  if (Argc != 2)
    return 1;
  const char *Mode = Argv[1];
  dlb::LoopRun R(BadLoop);
  if (!std::strcmp(Mode, "negative-skew") || !std::strcmp(Mode, "skew-1d"))
    R.pipeline(1, 7, 0, !std::strcmp(Mode, "negative-skew") ? -1 : 1);
  if (!std::strcmp(Mode, "stride-pipeline")) {
    R.pipeline(1, 7, 0);
    R.stride(2, 1);
  }
  if (!std::strcmp(Mode, "stride-zero"))
    R.stride(0, 1);
  R.bounds(1, 7);
  if (!std::strcmp(Mode, "skew-1d"))
    R.distArray(Line, dlb::Access{true, 0, 0});
  else
    R.distArray(Grid, 1, dlb::Access{true, -1, 1});
  R.run();
  return 0;
}

} // namespace

int main(int Argc, char **Argv) { return dlb::runMain(Argc, Argv, userMain); }
