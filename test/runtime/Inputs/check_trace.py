#!/usr/bin/env python3
"""Checks a --dlb-trace=FILE.json timeline against the trace-event schema.

Usage: check_trace.py TRACE.json RANKS [--stats STATS.json] [--expect CAT]...

Every event has ph, pid, tid and ts; X events a dur >= 0; every flow start
("s") a finish ("f") with the same id and every finish a start; each rank
has a thread_name "rank R"; a rank's compute spans do not overlap; the
iterations of each loop's compute spans sum to its iterations in the
--dlb-stats file of the same run; each --expect category
(compute, balance, transfer, choice, load, ...) occurs. Prints "trace ok"
and a count per phase, or the first violations, and exits 1.
"""
import argparse
import collections
import json
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("trace")
    ap.add_argument("ranks", type=int)
    ap.add_argument("--stats")
    ap.add_argument("--expect", action="append", default=[])
    a = ap.parse_args()
    doc = json.load(open(a.trace))
    errors = []
    events = doc.get("traceEvents")
    if not isinstance(events, list) or doc.get("displayTimeUnit") != "ms":
        sys.exit("not a trace-event document")
    phases = collections.Counter()
    cats = set()
    names = {}
    flows = collections.defaultdict(lambda: [0, 0])
    compute = collections.defaultdict(list)
    iterations = collections.Counter()
    for e in events:
        for key in ("ph", "pid", "tid", "ts"):
            if key not in e:
                errors.append("no %s: %r" % (key, e))
        ph = e.get("ph")
        phases[ph] += 1
        cats.add(e.get("cat"))
        if ph == "X":
            if not isinstance(e.get("dur"), (int, float)) or e["dur"] < 0:
                errors.append("bad dur: %r" % e)
        if ph in ("s", "f"):
            flows[e.get("id")][ph == "f"] += 1
        if ph == "M" and e.get("name") == "thread_name":
            names[e["tid"]] = e["args"]["name"]
        if ph == "X" and e.get("cat") == "compute":
            compute[e["tid"]].append((e["ts"], e["ts"] + e["dur"]))
            iterations[e["args"]["loop"]] += e["args"]["iterations"]
    for r in range(a.ranks):
        if names.get(r) != "rank %d" % r:
            errors.append("rank %d has no thread_name 'rank %d'" % (r, r))
    for fid, (starts, finishes) in flows.items():
        if starts != 1 or finishes != 1:
            errors.append("flow %r: %d starts, %d finishes" %
                          (fid, starts, finishes))
    for tid, spans in compute.items():
        spans.sort()
        for (b0, e0), (b1, e1) in zip(spans, spans[1:]):
            if b1 < e0:
                errors.append("rank %s: compute spans overlap at %.3f us" %
                              (tid, b1))
    loops = json.load(open(a.stats))["loops"] if a.stats else {}
    for loop, stats in loops.items():
        if iterations[loop] != stats["iterations"]:
            errors.append("loop %s: %d iterations in compute spans, not %d" %
                          (loop, iterations[loop], stats["iterations"]))
    for cat in a.expect:
        if cat not in cats:
            errors.append("no event of category %s" % cat)
    if errors:
        print("\n".join(errors[:20]))
        sys.exit(1)
    print("trace ok:", " ".join("%s=%d" % (p, phases[p])
                                 for p in sorted(phases)))


if __name__ == "__main__":
    main()
