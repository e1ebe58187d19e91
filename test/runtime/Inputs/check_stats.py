"""Checks a --dlb-stats JSON file and prints one loop's figures.

Usage: check_stats.py FILE RANKS LOOP
       check_stats.py FILE RANKS --pipelines
Fails unless FILE is well-formed JSON with the documented layout and
consistent numbers; then prints
"LOOP: strategy S, E executions, I iterations, per rank [..]", or with
--pipelines one line per pipelined loop, in name order:
"pipeline: S stages, block size B, N blocks, bound F, Y syncs, Z moves".
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
        per_rank = ["rank_iterations", "rank_compute_seconds",
                    "rank_load_seconds", "rank_wait_seconds",
                    "rank_balance_seconds"]
        counters = ["executions", "iterations", "synchronizations",
                    "redistributions", "iterations_moved", "bytes_moved",
                    "whole_bytes_sent",
                    "kept_starts", "interleaved_starts",
                    "alone_executions", "probed_executions",
                    "between_executions"]
        assert set(s) - {"selections", "pipeline"} == {"strategy", "elapsed_seconds",
                                           *counters, *per_rank}, \
            (name, s.keys())
        strategies = {"gcdlb", "gddlb", "lcdlb", "lddlb"}
        for sel in s.get("selections", []):
            assert s["strategy"] == "auto", name
            assert set(sel) == {"execution", "synchronization", "from",
                                "chosen", "switched",
                                "predicted_seconds"}, sel
            assert 1 <= sel["execution"] <= s["executions"], sel
            assert sel["synchronization"] >= 1, sel
            assert sel["chosen"] in strategies, sel
            assert sel["from"] in strategies | {"auto"}, sel
            assert set(sel["predicted_seconds"]) == strategies, sel
            assert all(v is None or v >= 0
                       for v in sel["predicted_seconds"].values()), sel
        if "pipeline" in s:
            p = s["pipeline"]
            assert set(p) == {"stages", "block_size", "blocks", "model_blocks",
                              "t_fixed", "t_incr", "latency",
                              "element_seconds", "sequential_seconds",
                              "predicted_seconds", "pipeline_seconds",
                              "competing_seconds", "efficiency_bound",
                              "efficiency"}, p
            assert 1 <= p["stages"] <= ranks, p
            assert p["block_size"] >= 1 and p["blocks"] >= s["executions"], p
            assert all(p[k] >= 0 for k in p), p
            assert 0 < p["efficiency_bound"] <= 1, p
            # eq. (2) from the figures the file gives.
            avail = p["stages"] * p["pipeline_seconds"] - p["competing_seconds"]
            if avail > 0:
                assert abs(p["efficiency"] -
                           p["sequential_seconds"] / avail) < 1e-6, p
            if p["stages"] > 1:
                assert p["t_fixed"] > 0 and p["latency"] > 0, p
        for key in per_rank:
            assert len(s[key]) == ranks, (name, key)
            assert all(v >= 0 for v in s[key]), (name, key)
        assert all(isinstance(s[k], int) and s[k] >= 0 for k in counters), name
        assert sum(s["rank_iterations"]) == s["iterations"], name
        assert s["redistributions"] <= s["synchronizations"], name
        assert s["executions"] > 0 and s["elapsed_seconds"] >= 0, name
    if loop == "--pipelines":
        for name, s in sorted(stats["loops"].items()):
            if "pipeline" in s:
                p = s["pipeline"]
                print("pipeline: %d stages, block size %d, %d blocks, bound "
                      "%.4f, %d syncs, %d moves" %
                      (p["stages"], p["block_size"], p["blocks"],
                       p["efficiency_bound"], s["synchronizations"],
                       s["redistributions"]))
        return
    s = stats["loops"][loop]
    print("%s: strategy %s, %d executions, %d iterations, per rank %s" %
          (loop, s["strategy"], s["executions"], s["iterations"],
           s["rank_iterations"]))


if __name__ == "__main__":
    main()
