"""Checks that a run of dlb-simulate (its standard error file) took a
simulated time within [LO, HI] seconds: time_within.py A.err LO HI."""
import sys

from simtime import simulated

t, lo, hi = simulated(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
if not lo <= t <= hi:
    sys.exit("simulated time %g s outside [%g, %g] s" % (t, lo, hi))
print("simulated time within bounds")
