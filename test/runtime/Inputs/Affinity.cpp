//===- Affinity.cpp - On how many CPUs each rank may run ------------------===//
//
// A loop with one iteration per rank (block partition, static: iteration r
// runs on rank r) records how many CPUs its rank may run on.
//
//===----------------------------------------------------------------------===//
#include "Check.h"

#include <sched.h>

#include <vector>

namespace {

// for (int i = 0; i < Ranks; ++i) Cpus[i] = <CPUs this rank may use>;
void cpusKernel(dlb::Block &B) {
  dlb::Dist1D<int> Cpus = B.dist1D<int>(0);
  for (int i = B.begin(); i < B.end(); B.hook(i), ++i) {
    cpu_set_t Set;
    CPU_ZERO(&Set);
    sched_getaffinity(0, sizeof(Set), &Set);
    Cpus[i] = CPU_COUNT(&Set);
  }
}
dlb::LoopDesc CpusLoop("cpus", cpusKernel);

int userMain(int, char **) {
  std::vector<int> Cpus(dlb::size());
  dlb::LoopRun R(CpusLoop);
  R.bounds(0, static_cast<long long>(Cpus.size()));
  R.distVector(Cpus, written());
  R.run();
  for (std::size_t I = 0; I < Cpus.size(); ++I)
    std::printf("rank %zu may run on %d cpu(s)\n", I, Cpus[I]);
  return 0;
}

} // namespace

int main(int Argc, char **Argv) { return dlb::runMain(Argc, Argv, userMain); }
