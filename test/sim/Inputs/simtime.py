"""The simulated time on the last line of dlb-simulate's standard error."""
import re
import sys

LINE = re.compile(r"^dlb-simulate: simulated time (\S+) s$")


def simulated(path):
    last = open(path).read().splitlines()[-1]
    match = LINE.match(last)
    if not match:
        sys.exit("%s: no simulated time on its last line: %r" % (path, last))
    return float(match.group(1))
