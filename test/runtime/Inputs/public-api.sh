#!/usr/bin/env bash
# The public headers hold what emitted code calls, and keep the runtime's
# state out of its reach. Translates every example that dlbcc accepts,
# checks that the emitted code names nothing in dlb::detail (the runtime's
# internals) and compiles with include/ alone on the include path; then
# compiles small kernels and call sites that touch a block's or a LoopRun's
# state, each of which must be refused. Usage:
#   public-api.sh SOURCE_ROOT WORKDIR COMPILER...
# Prints one line per check; FileCheck the output.
set -uo pipefail
root=$1 work=$2
shift 2
inc="$root/include"
mkdir -p "$work"
programs=0 naming=0 failed=0
for src in "$root"/examples/*.cpp; do
  name=$(basename "$src" .cpp)
  out="$work/$name.dlb.cpp"
  "$DLBCC" "$src" -o "$out" 2>/dev/null || continue
  programs=$((programs + 1))
  if grep -q "detail::" "$out"; then
    echo "names dlb::detail: $name"
    naming=$((naming + 1))
  fi
  if ! "$@" -std=c++17 -fsyntax-only -I"$inc" "$out" 2> "$work/$name.err"; then
    echo "does not compile: $name"
    head -5 "$work/$name.err"
    failed=$((failed + 1))
  fi
done
echo "emitted: $programs programs, $naming name dlb::detail, $failed fail"

# Each snippet is a kernel or call site that reaches into the runtime.
refused() {
  local what=$1 body=$2
  shift 2
  printf '#include "dlb/dlb.h"\n%s\n' "$body" > "$work/reach.cpp"
  if "$@" -std=c++17 -fsyntax-only -I"$inc" "$work/reach.cpp" \
       > "$work/reach.err" 2>&1; then
    echo "accepted: $what"
  elif grep -Eq "private|inaccessible|protected" "$work/reach.err"; then
    echo "refused: $what"
  else
    echo "refused for another reason: $what"
    head -5 "$work/reach.err"
  fi
}
compiler=("$@")
refused_by() { refused "$1" "$2" "${compiler[@]}"; }
refused_by "a kernel writing its block's bounds" \
  'void k(dlb::Block &B) { B.End = 0; }'
refused_by "a kernel polling the runtime itself" \
  'void k(dlb::Block &B) { B.Poll(B); }'
refused_by "a call site writing the loop's bounds" \
  'void f(dlb::LoopRun &L) { L.Ub = 0; }'
refused_by "a call site adding an array description" \
  'void f(dlb::LoopRun &L) { L.Arrays.clear(); }'
