"""Counts the strategy switches that re-selection made in auto runs.

Usage: switches.py STATS.json...
Prints "S re-selection switches, E re-evaluations in R runs": the
evaluations after the first choice, and those that changed the strategy (a
run whose first synchronization ended the loop has no selection).
"""
import json
import sys

total = 0
evaluations = 0
for path in sys.argv[1:]:
    with open(path) as f:
        loops = json.load(f)["loops"]
    selections = [sel for s in loops.values() for sel in s.get("selections", [])]
    assert all(s["strategy"] == "auto" for s in loops.values()), path
    total += sum(1 for sel in selections if sel["switched"])
    evaluations += sum(1 for sel in selections if sel["from"] != "auto")
print("%d re-selection switches, %d re-evaluations in %d runs" %
      (total, evaluations, len(sys.argv) - 1))
