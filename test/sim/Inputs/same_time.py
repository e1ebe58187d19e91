"""Checks that two runs of dlb-simulate (their standard error files) took
the same simulated time within 1%: same_time.py A.err B.err."""
import sys

from simtime import simulated

a, b = simulated(sys.argv[1]), simulated(sys.argv[2])
if abs(a - b) > 0.01 * max(a, b):
    sys.exit("simulated times differ by more than 1%%: %g s and %g s" % (a, b))
print("same simulated time: %g s and %g s" % (a, b))
