//===- Idle.cpp - Idle workers must not use the CPU -----------------------===//
//
// Rank 0 runs sequential code (a sleep) between two loops; meanwhile the
// workers wait in the serve loop. Each loop has one iteration per rank (a
// block partition gives iteration r to rank r) that records the CPU time its
// rank has used, so the difference is what each worker burnt while idle.
//
//===----------------------------------------------------------------------===//
#include "Check.h"

#include <sys/resource.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <vector>

namespace {

double cpuSeconds() {
  rusage Usage;
  getrusage(RUSAGE_SELF, &Usage);
  return Usage.ru_utime.tv_sec + Usage.ru_stime.tv_sec +
         1e-6 * (Usage.ru_utime.tv_usec + Usage.ru_stime.tv_usec);
}

// for (int i = 0; i < Ranks; ++i) { Cpu[i] = cpuSeconds(); Seen[i] += 1; }
void stampKernel(dlb::Block &B) {
  dlb::Dist1D<double> Cpu = B.dist1D<double>(0);
  dlb::Dist1D<int> Seen = B.dist1D<int>(1);
  for (int i = B.begin(); i < B.end(); B.hook(i), ++i) {
    Cpu[i] = cpuSeconds();
    Seen[i] += 1;
  }
}
dlb::LoopDesc StampLoop("stamp", stampKernel);

void stamp(std::vector<double> &Cpu, std::vector<int> &Seen) {
  dlb::LoopRun R(StampLoop);
  R.bounds(0, static_cast<long long>(Cpu.size()));
  R.distVector(Cpu, written());
  R.distVector(Seen, written());
  R.run();
}

/// argv[1]: seconds to sleep; argv[2]: the largest share of that time a
/// worker may use.
int userMain(int Argc, char **Argv) {
  if (Argc != 3)
    return 1;
  const double Sleep = std::atof(Argv[1]);
  const double Limit = std::atof(Argv[2]);
  const int Ranks = dlb::size();
  std::vector<double> Before(Ranks);
  std::vector<double> After(Ranks);
  std::vector<int> Seen(Ranks);
  stamp(Before, Seen);
  timespec Nap{static_cast<time_t>(Sleep),
               static_cast<long>((Sleep - static_cast<time_t>(Sleep)) * 1e9)};
  nanosleep(&Nap, nullptr);
  stamp(After, Seen);

  bool Ok = true;
  for (int R = 0; R < Ranks; ++R)
    Ok = Ok && Seen[R] == 2;
  double Worst = 0;
  for (int R = 1; R < Ranks; ++R)
    Worst = std::max(Worst, (After[R] - Before[R]) / Sleep);
  std::fprintf(stderr, "largest idle worker CPU share: %.2f%%\n", 100 * Worst);
  std::printf("idle workers: %s\n", Ok && Worst <= Limit ? "ok" : "FAILED");
  return 0;
}

} // namespace

int main(int Argc, char **Argv) { return dlb::runMain(Argc, Argv, userMain); }
