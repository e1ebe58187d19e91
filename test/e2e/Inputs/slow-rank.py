"""Checks that a slow rank gave its work away.

Usage: slow-rank.py STATS.json RANK MAX_SHARE
Fails unless RANK ran at most MAX_SHARE of the iterations of every loop, and
the loop's work was moved at least once.
"""
import json
import sys

path, rank, max_share = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
with open(path) as f:
    loops = json.load(f)["loops"]
assert loops, "no loop in " + path
for name, s in loops.items():
    share = s["rank_iterations"][rank] / s["iterations"]
    assert share <= max_share, "%s: rank %d ran %.0f%% (%s)" % (
        name, rank, 100 * share, s["rank_iterations"])
    assert s["iterations_moved"] > 0, name
    print("%s %s: rank %d ran %.1f%%, %d moved" % (
        path, name, rank, 100 * share, s["iterations_moved"]))
