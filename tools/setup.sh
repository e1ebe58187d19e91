#!/usr/bin/env bash
# One-command set-up of dlbcc on Debian 12, as root: installs the packages it
# needs (only the missing ones), builds, then runs the demo or the test suite.
#   tools/setup.sh demo   translate examples/mxm.cpp, build it, run it on 4
#                         ranks under load, balanced by GDDLB
#   tools/setup.sh test   build and run the whole test suite, the randomized
#                         stress test, the suite again in a build with
#                         AddressSanitizer and UBSan, and the fuzzer (60 s)
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-}
if [ "$mode" != demo ] && [ "$mode" != test ]; then
  echo "usage: tools/setup.sh demo|test" >&2
  exit 2
fi

packages=(cmake make gcc g++ python3 clang-19 libclang-19-dev llvm-19-dev
          llvm-19-tools mpich libmpich-dev libboost-program-options-dev
          libgtest-dev libclang-rt-19-dev pkg-config python3-matplotlib
          libsimgrid-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi

echo "== building"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"

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

# Runs the lit suite of build directory $1 and prints its totals; fails
# unless every test passed.
suite() {
  local log=$1/test-log.txt status passed failed
  set +e
  cmake --build "$1" --target check 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  set -e
  count() { sed -n "s/^ *$1 *: *\([0-9]*\).*/\1/p" "$log" | tail -n 1; }
  passed=$(count Passed)
  failed=$(( $(count Failed || true) + 0 ))
  echo "tests ($1): ${passed:-0} passed, ${failed} failed"
  [ "$status" -eq 0 ] && [ "${passed:-0}" -gt 0 ] && [ "$failed" -eq 0 ]
}

echo "== running the test suite"
suite build

echo "== randomized stress test of the runtime (ctest -L stress)"
ctest --test-dir build -L stress -V

echo "== sanitized build (Clang, AddressSanitizer + UBSan) and the suite again"
cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
  -DDLB_SANITIZE=address,undefined -DDLB_FUZZ=ON >/dev/null
cmake --build build-sanitize -j"$(nproc)"
suite build-sanitize

echo "== fuzzing dlbcc for 60 s (seeds: the lit tests' inputs and examples)"
corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
build-sanitize/bin/dlbcc-fuzz -max_total_time=60 -timeout=25 \
  -rss_limit_mb=4096 -print_final_stats=1 -dict=tools/dlbcc-fuzz/dlbcc.dict \
  -artifact_prefix=build-sanitize/fuzz- "$corpus" test/dlbcc examples
