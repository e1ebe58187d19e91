"""Checks that two runs of dlb-simulate (their standard error files) took
the same simulated time within 1%: same_time.py A.err B.err."""
import re
import sys

LINE = re.compile(r"^dlb-simulate: simulated time (\S+) s$")


def simulated(path):
    last = open(path).read().splitlines()[-1]
    match = LINE.match(last)
    if not match:
        sys.exit("%s: no simulated time on its last line: %r" % (path, last))
    return float(match.group(1))


a, b = simulated(sys.argv[1]), simulated(sys.argv[2])
if abs(a - b) > 0.01 * max(a, b):
    sys.exit("simulated times differ by more than 1%%: %g s and %g s" % (a, b))
print("same simulated time: %g s and %g s" % (a, b))
