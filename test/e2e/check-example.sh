#!/usr/bin/env bash
# Translates an example with dlbcc, builds it with mpicxx, and checks that on
# 1, 2, 3 and 4 ranks it prints exactly what the sequential build prints.
# Usage: check-example.sh SOURCE WORKDIR [PROGRAM ARGS...]
# Environment (set by lit.cfg.py): DLBCC, MPICXX, MPIEXEC, SEQCXX.
set -euo pipefail
src=$1 work=$2
shift 2
name=$(basename "$src" .cpp)
mkdir -p "$work"
"$DLBCC" "$src" -o "$work/$name.dlb.cpp"
$MPICXX -std=c++17 -O2 "$work/$name.dlb.cpp" $("$DLBCC" --cflags) \
  $("$DLBCC" --libs) -o "$work/$name.par"
$SEQCXX -std=c++17 -O2 -Wno-unknown-pragmas "$src" -o "$work/$name.seq"
"$work/$name.seq" "$@" > "$work/expected.txt"
for p in 1 2 3 4; do
  timeout 300 $MPIEXEC -n "$p" "$work/$name.par" "$@" > "$work/out.$p.txt"
  if ! cmp -s "$work/expected.txt" "$work/out.$p.txt"; then
    echo "FAIL: $name $* on $p ranks differs from the sequential program:"
    diff "$work/expected.txt" "$work/out.$p.txt" | head -20
    exit 1
  fi
  echo "ok: $name $* on $p ranks"
done
