#!/bin/sh
# Runs "$@" (a program and its arguments) under MPI on 1, 2, 3 and 4 ranks,
# fails unless every run succeeds with the same stdout, and prints that
# stdout. MPIEXEC holds the launcher command (lit's %mpiexec).
set -e
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for p in 1 2 3 4; do
  $MPIEXEC -n $p "$@" > "$out/$p"
done
for p in 2 3 4; do
  diff "$out/1" "$out/$p" >&2 || { echo "output on $p ranks differs" >&2; exit 1; }
done
cat "$out/1"
