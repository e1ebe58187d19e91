#!/usr/bin/env bash
# Translates an example with dlbcc, builds it with mpicxx, and checks that it
# prints exactly what the sequential build prints, on 1, 2, 3 and 4 ranks.
# With --all-strategies it also runs every strategy (auto too) under every
# kind of emulated load, on 2, 3 or 4 ranks: the rank count rotates so that
# every strategy meets every load and every rank count, and every load every
# rank count (all pairs, 3 runs a strategy). DLB_MATRIX=full runs every
# strategy x load x 1-4 ranks instead; DLB_MATRIX=sample (the sanitized
# suite, whose runs are several times slower) one run a strategy, its load
# and rank count rotating. The runtime itself checks in each run
# that every iteration ran exactly once (it stops with "dlb: fatal"
# otherwise), and a run that hangs is killed by the timeout and fails the
# test.
# Each --with OPTION adds a run-time option to every parallel run.
# Each --other FILE is another source of the program: dlbcc reads it, and
# both builds compile it (a C one with the C compiler, into an object).
# --openmp translates with dlbcc --openmp; the sequential program is then
# the OpenMP build (-fopenmp) run on one thread.
# Usage: check-example.sh [--all-strategies] [--openmp] [--with OPTION]...
#                         [--other FILE]... SOURCE WORKDIR [PROGRAM ARGS...]
# Environment (set by lit.cfg.py): DLBCC, MPICXX, MPIEXEC, SEQCXX; a C
# SOURCE (.c) is built sequentially by SEQCC (default cc).
set -euo pipefail
strategies=(default)
loads=(none)
if [ "$1" = --all-strategies ]; then
  mapfile -t strategies < <(python3 "$(dirname "$0")/../../tools/strategies-table.py" --names)
  loads=(none random:max=3,persist=0.01,seed=7
         oscillate:period=0.02,duty=0.5,ranks=1)
  shift
fi
openmp=()
seqflags=(-Wno-unknown-pragmas)
if [ "$1" = --openmp ]; then
  openmp=(--openmp)
  seqflags=(-fopenmp)
  export OMP_NUM_THREADS=1
  shift
fi
extra=() others=()
while [ "$1" = --with ] || [ "$1" = --other ]; do
  if [ "$1" = --with ]; then extra+=("$2"); else others+=("$2"); fi
  shift 2
done
src=$1 work=$2
shift 2
name=$(basename "${src%.c}" .cpp)
mkdir -p "$work"
"$DLBCC" ${openmp[@]+"${openmp[@]}"} "$src" ${others[@]+"${others[@]}"} \
  -o "$work/$name.dlb.cpp"
# The other sources as the parallel build takes them: C ones as objects.
parothers=()
for o in ${others[@]+"${others[@]}"}; do
  if [ "${o%.c}" != "$o" ]; then
    ${SEQCC:-cc} -O2 -c "$o" -o "$work/$(basename "$o").o"
    parothers+=("$work/$(basename "$o").o")
  else
    parothers+=("$o")
  fi
done
# The emitted file includes the source's own headers from its directory.
$MPICXX -std=c++17 -O2 -iquote "$(dirname "$src")" "$work/$name.dlb.cpp" \
  ${parothers[@]+"${parothers[@]}"} $("$DLBCC" --cflags) $("$DLBCC" --libs) \
  -o "$work/$name.par"
if [ "${src%.c}" != "$src" ]; then
  # A C source: the sequential program is the C compiler's build of it.
  ${SEQCC:-cc} -O2 "${seqflags[@]}" "$src" ${others[@]+"${others[@]}"} \
    -o "$work/$name.seq" -lm
else
  $SEQCXX -std=c++17 -O2 "${seqflags[@]}" "$src" ${others[@]+"${others[@]}"} \
    -o "$work/$name.seq"
fi
"$work/$name.seq" "$@" > "$work/expected.txt"
# The runs, as "strategy|load|ranks".
runs=()
for p in 1 2 3 4; do runs+=("default|none|$p"); done
matrix=${DLB_MATRIX:-pairs}
case $matrix in
  full|pairs|sample) ;;
  *) echo "check-example.sh: DLB_MATRIX=$matrix: full, pairs or sample" >&2
     exit 2 ;;
esac
k=0
for s in "${strategies[@]}"; do
  m=0
  for load in "${loads[@]}"; do
    if [ "$s" = default ]; then
      :
    elif [ "$matrix" = full ]; then
      for p in 1 2 3 4; do runs+=("$s|$load|$p"); done
    elif [ "$matrix" = pairs ] || [ "$m" -eq $((k % ${#loads[@]})) ]; then
      runs+=("$s|$load|$((2 + (k + m) % 3))")
    fi
    m=$((m + 1))
  done
  k=$((k + 1))
done
for r in "${runs[@]}"; do
  IFS='|' read -r s load p <<< "$r"
  opts=(${extra[@]+"${extra[@]}"})
  [ "$s" = default ] || opts+=("--dlb-strategy=$s")
  [ "$load" = none ] || opts+=("--dlb-load=$load")
  run="$name $* on $p ranks ${opts[*]}"
  timeout 120 $MPIEXEC -n "$p" "$work/$name.par" "$@" "${opts[@]}" \
    > "$work/out.txt" 2> "$work/err.txt" ||
    { echo "FAIL: $run exited with $?"; cat "$work/err.txt"; exit 1; }
  if grep "dlb: warning: internal" "$work/err.txt"; then
    echo "FAIL: $run left a message unreceived"
    exit 1
  fi
  if ! cmp -s "$work/expected.txt" "$work/out.txt"; then
    echo "FAIL: $run differs from the sequential program:"
    diff "$work/expected.txt" "$work/out.txt" | head -20
    exit 1
  fi
  echo "ok: $run"
done
