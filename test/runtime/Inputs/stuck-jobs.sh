#!/usr/bin/env bash
# Runs Stuck.cpp's program ($1) on 3 ranks with rank 1 asleep for 30 s under
# each dynamic strategy of include/dlb/Strategies.def and --dlb-timeout=1.
# Prints "S: ..." for a strategy S whose job did not end with status 3, took
# too long (the sleep's end) or has no watchdog report naming the rank, the
# seconds waited, what it waited for and the strategy; what the program
# printed; and last the number of strategies run.
prog=$1
count=0
for s in $(python3 "$(dirname "$0")/../../../tools/strategies-table.py" --names |
           grep -vx static); do
  count=$((count + 1))
  start=$(date +%s)
  timeout 25 $MPIEXEC -n 3 "$prog" 199 30 0 --dlb-strategy=$s --dlb-timeout=1 \
    --dlb-distribute=always \
    > "$prog.$s.out" 2> "$prog.$s.err"
  status=$?
  [ $status -eq 3 ] || echo "$s: status $status"
  [ $(( $(date +%s) - start )) -lt 20 ] || echo "$s: too slow"
  grep -q "dlb: error: rank [0-9] waited [0-9]* s for .* in execution 1 of loop stuck ($s, .*); the job ends" "$prog.$s.err" ||
    { echo "$s: no report"; head -n 3 "$prog.$s.err"; }
  cat "$prog.$s.out"
done
echo "stuck jobs: $count strategies"
