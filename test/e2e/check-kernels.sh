#!/usr/bin/env bash
# The kernel suite (examples/kernels): every kernel is translated as
# written. Those listed in KERNELS_REJECTED must be rejected with the
# diagnostic given there (a genuinely sequential loop, or a construct dlbcc
# does not support yet); every other kernel must be accepted and print what
# its sequential build prints on 1-4 ranks (check-example.sh), and under
# random load on 3 ranks with every third strategy, the third rotating from
# kernel to kernel so that every strategy meets a third of the kernels
# (DLB_MATRIX=full: every strategy). Usage:
#   check-kernels.sh KERNEL_DIR WORKDIR
# Environment (set by lit.cfg.py): DLBCC, MPICXX, MPIEXEC, SEQCXX.
set -euo pipefail
dir=$1 work=$2
here=$(dirname "$0")
mkdir -p "$work"
mapfile -t strategies < <(python3 "$here/../../tools/strategies-table.py" --names)
accepted=0 rejected=0 n=0
for src in "$dir"/*.cpp; do
  name=$(basename "$src" .cpp)
  expect=$(sed -n "s/^$name: //p" "$dir/KERNELS_REJECTED")
  if "$DLBCC" "$src" -o "$work/$name.dlb.cpp" 2> "$work/$name.diag"; then
    if [ -n "$expect" ]; then
      echo "FAIL: $name is accepted but listed as rejected"
      exit 1
    fi
    bash "$here/check-example.sh" "$src" "$work/$name" > "$work/$name.log" ||
      { cat "$work/$name.log"; exit 1; }
    for k in "${!strategies[@]}"; do
      [ "${DLB_MATRIX:-pairs}" = full ] || [ $(((k + n) % 3)) -eq 0 ] ||
        continue
      s=${strategies[$k]}
      timeout 120 $MPIEXEC -n 3 "$work/$name/$name.par" --dlb-strategy=$s \
        --dlb-load=random:max=3,persist=0.02,seed=5 > "$work/$name.out" ||
        { echo "FAIL: $name under $s exited with $?"; exit 1; }
      cmp -s "$work/$name/expected.txt" "$work/$name.out" ||
        { echo "FAIL: $name under $s and load differs"; exit 1; }
    done
    echo "accepted: $name"
    accepted=$((accepted + 1)) n=$((n + 1))
  else
    if [ -z "$expect" ] || ! grep -qF -- "$expect" "$work/$name.diag"; then
      echo "FAIL: $name is rejected:"
      cat "$work/$name.diag"
      exit 1
    fi
    echo "rejected as expected: $name: $expect"
    rejected=$((rejected + 1))
  fi
done
echo "kernels: $accepted accepted, $rejected rejected"
