#!/usr/bin/env bash
# Runs Stuck.cpp's program ($1) on 3 ranks with rank 1 asleep for 30 s under
# each dynamic strategy (include/dlb/Strategies.def) and --dlb-timeout=1; prints, per strategy, the exit
# status, the watchdog's report with the rank, the seconds waited (more than
# the limit when a long compute stretch raised it) and what it waited for
# replaced by R, N and X, and whether the job took too long (the sleep's
# end).
prog=$1
for s in $(python3 "$(dirname "$0")/../../../tools/strategies-table.py" --names |
           grep -vx static); do
  start=$(date +%s)
  timeout 25 $MPIEXEC -n 3 "$prog" 199 30 0 --dlb-strategy=$s --dlb-timeout=1 \
    > "$prog.$s.out" 2> "$prog.$s.err"
  echo "$s status $?"
  [ $(( $(date +%s) - start )) -lt 20 ] || echo "$s too slow"
  grep -o "dlb: error: rank [0-9] waited [0-9]* s for .* in execution 1 of loop stuck ($s, .*); the job ends" "$prog.$s.err" |
    head -n 1 | sed 's/rank [0-9] waited [0-9]* s/rank R waited N s/; s/ for .* in / for X in /; s/ (.*)/ (S)/'
  cat "$prog.$s.out"
done
