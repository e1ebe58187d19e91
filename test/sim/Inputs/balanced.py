"""Prints, from a --dlb-stats file, one loop's strategy, auto's first
choice, and whether it went on balancing after that choice (at least
MIN_SYNCS synchronizations and one redistribution):
balanced.py FILE MIN_SYNCS."""
import json
import sys

stats = json.load(open(sys.argv[1]))
(name, loop), = stats["loops"].items()
sels = loop.get("selections") or [{}]
ok = (loop["synchronizations"] >= int(sys.argv[2]) and
      loop["redistributions"] >= 1)
print("%s: %s, first choice %s, %s" % (
    name, loop["strategy"], sels[0].get("chosen", "-"),
    "balanced on" if ok else "stopped balancing (%d synchronizations, "
    "%d redistributions)" % (loop["synchronizations"],
                             loop["redistributions"])))
