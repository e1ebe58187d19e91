#!/usr/bin/env bash
# One-command set-up of dlbcc on Debian 12, as root: installs the packages it
# needs (only the missing ones), builds, then runs the demo or the test suite.
#   tools/setup.sh demo   translate examples/mxm.cpp, build it, run it on 4
#                         ranks under load, balanced by GDDLB
#   tools/setup.sh test   build and run the whole test suite (lit + unit
#                         tests), the randomized stress test of the runtime
#                         and the differential tester (each for a fixed
#                         time), then, in a build with AddressSanitizer and
#                         UBSan, the compiler, unit and runtime tests and a
#                         sample of the end-to-end tests, and the fuzzer
#                         (30 s). Each stage prints its duration.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-}
if [ "$mode" != demo ] && [ "$mode" != test ]; then
  echo "usage: tools/setup.sh demo|test" >&2
  exit 2
fi

# Each stage prints its duration when it ends; all of them are listed again
# when the script ends, whether it passes or fails.
durations=()
trap 'echo "== stage durations:"; printf "   %s\n" ${durations[@]+"${durations[@]}"}' EXIT
stage() {
  local name=$1 t0=$SECONDS
  shift
  echo "== $name"
  "$@"
  durations+=("$name: $((SECONDS - t0)) s")
  echo "== $name: $((SECONDS - t0)) s"
}

packages=(cmake make gcc g++ python3 clang-19 libclang-19-dev llvm-19-dev
          llvm-19-tools mpich libmpich-dev libboost-program-options-dev
          libgtest-dev libclang-rt-19-dev pkg-config python3-matplotlib
          libsimgrid-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
install_packages() {
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
}
[ ${#missing[@]} -eq 0 ] || stage "installing packages" install_packages

main_build() {
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build -j"$(nproc)"
}
stage "building" main_build

if [ "$mode" = demo ]; then
  mkdir -p build/demo
  echo "== dlbcc examples/mxm.cpp -o build/demo/mxm.dlb.cpp"
  build/bin/dlbcc examples/mxm.cpp -o build/demo/mxm.dlb.cpp
  mpicxx -std=c++17 -O2 build/demo/mxm.dlb.cpp $(build/bin/dlbcc --cflags) \
    $(build/bin/dlbcc --libs) -o build/demo/mxm
  # Ranks 1 and 2 share their cores with an emulated competing load that
  # changes at random; GDDLB moves rows of Z and X to the faster ranks.
  run=(mpiexec -n 4 build/demo/mxm 512 --dlb-strategy=gddlb
       --dlb-load=random:max=3,persist=0.2,seed=1,ranks=1-2 --dlb-verbose)
  echo "== ${run[*]}"
  "${run[@]}"
  exit 0
fi

# Prints the last lines of every failed test's output in lit log $1 again,
# after the totals, where a log cut in the middle still shows them.
failure_tails() {
  awk '/^\*+ TEST .* FAILED \*+$/ { name = substr($5, 1, length($5) - 1);
                                    n = 0; inside = 1; next }
       inside && /^\*+$/ { print "== output of failed " name ", its end:";
                            for (i = (n > 15 ? n - 15 : 0); i < n; i++)
                              print "   " tail[i];
                            inside = 0; next }
       inside { tail[n++] = $0 }' "$1"
}

# Runs lit over build directory $1's tests (the paths given after it,
# relative to $1/test, or all of them) and prints its totals; fails unless
# every test passed.
suite() {
  local dir=$1 log=$1/test-log.txt status passed failed lit paths=()
  shift
  lit=$(sed -n 's/^DLBCC_LIT:FILEPATH=//p' "$dir/CMakeCache.txt")
  for p in "${@:-.}"; do paths+=("$dir/test/$p"); done
  set +e
  python3 "$lit" -sv --time-tests "${paths[@]}" 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  set -e
  count() { sed -n "s/^ *$1 *: *\([0-9]*\).*/\1/p" "$log" | tail -n 1; }
  passed=$(count Passed)
  failed=$(( $(count Failed || true) + 0 ))
  echo "tests ($dir): ${passed:-0} passed, ${failed} failed"
  [ "$failed" -eq 0 ] || failure_tails "$log"
  [ "$status" -eq 0 ] && [ "${passed:-0}" -gt 0 ] && [ "$failed" -eq 0 ]
}

# -O1, as the sanitizers' documentation advises: builds faster than -O3.
sanitized_build() {
  cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
    -DCMAKE_C_FLAGS_RELEASE="-O1 -DNDEBUG" \
    -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" \
    -DDLB_SANITIZE=address,undefined -DDLB_FUZZ=ON >/dev/null
  cmake --build build-sanitize -j"$(nproc)"
}

fuzz() {
  local corpus
  corpus=$(mktemp -d)
  build-sanitize/bin/dlbcc-fuzz -max_total_time=30 -timeout=25 \
    -rss_limit_mb=4096 -print_final_stats=1 -dict=tools/dlbcc-fuzz/dlbcc.dict \
    -artifact_prefix=build-sanitize/fuzz- "$corpus" test/dlbcc examples
  rm -rf "$corpus"
}

# The sanitized build runs the compiler's tests, the unit and runtime tests,
# and these end-to-end tests (every data form, residency, pipelines, C
# sources, read windows), which cover the runtime's paths in a fraction of
# the time of all of them.
sanitized_e2e=(e2e/forms.test e2e/residency.test e2e/pipelines.test
               e2e/c-idioms.test e2e/windows.test)

stage "test suite (lit + unit tests)" suite build
stage "randomized stress test of the runtime (ctest -L stress)" \
  ctest --test-dir build -L stress -V
stage "differential test: random programs against the sequential build" \
  tools/dlb-difftest/dlb-difftest --ci --openmp 0.25 --budget 90 \
    --out build/difftest
stage "sanitized build (Clang, AddressSanitizer + UBSan)" sanitized_build
stage "sanitized suite: compiler, unit, runtime and sampled e2e tests" \
  suite build-sanitize dlbcc unit runtime "${sanitized_e2e[@]}"
stage "fuzzing dlbcc for 30 s (seeds: the lit tests' inputs and examples)" fuzz
