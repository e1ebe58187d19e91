"""Checks a --dlb-stats JSON file and prints one loop's figures.

Usage: check_stats.py FILE RANKS LOOP
Fails unless FILE is well-formed JSON with the documented layout and
consistent numbers; then prints
"LOOP: strategy S, E executions, I iterations, per rank [..]".
"""
import json
import sys


def main():
    path, ranks, loop = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(path) as f:
        stats = json.load(f)
    assert set(stats) == {"ranks", "loops"}, stats.keys()
    assert stats["ranks"] == ranks, stats["ranks"]
    for name, s in stats["loops"].items():
        assert set(s) == {"strategy", "executions", "iterations",
                          "elapsed_seconds", "rank_iterations",
                          "rank_compute_seconds"}, (name, s.keys())
        assert len(s["rank_iterations"]) == ranks, name
        assert len(s["rank_compute_seconds"]) == ranks, name
        assert sum(s["rank_iterations"]) == s["iterations"], name
        assert s["executions"] > 0 and s["elapsed_seconds"] >= 0, name
        assert all(t >= 0 for t in s["rank_compute_seconds"]), name
    s = stats["loops"][loop]
    print("%s: strategy %s, %d executions, %d iterations, per rank %s" %
          (loop, s["strategy"], s["executions"], s["iterations"],
           s["rank_iterations"]))


if __name__ == "__main__":
    main()
