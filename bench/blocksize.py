#!/usr/bin/env python3
"""Block size of a pipelined doacross loop: a sweep against the automatic
choice (Siegell & Steenkiste, section 4.2.4 and Figure 8).

For examples/sor.cpp at two sizes and P = 2 and 4, runs the program with
--dlb-blocksize=b for b = 1, 2, 4, ..., m (m = n - 2 rows of the pipelined
loop) and once with the block size that libdlb chooses by eq. (10), each
`--reps` times, balancing off (--dlb-strategy=static) so that only the block
size varies. For each block size it prints the measured time of the
pipelines (the stats' pipeline_seconds: first block to last, slowest rank,
all sweeps; median of the repetitions), the time eq. (9) predicts with the
measured t_fixed, t_incr and time per element, the bound M/(M+P-1) of
eq. (6) and the efficiency of eq. (2). The summary compares the automatic
block size with the best swept one. Target: within 10%.

Usage: bench/blocksize.py [--quick] [--reps N] [--out DIR] [--report]
Writes DIR/output.txt (what it prints), DIR/sweep.csv and DIR/summary.csv.
"""

import argparse
import os
import sys

from common import (Session, add_common_options, f2, fmt_table, log, med,
                    run, write_csv)

SIZES = [(1024, 4), (2048, 2)]  # (n, sweeps): SOR grids
QUICK_SIZES = [(512, 2)]
RANKS = [2, 4]


def pipeline_figures(stats):
    loop = next(iter(stats["loops"].values()))
    return loop["pipeline"]


def sweep_sizes(rows):
    sizes, b = [], 1
    while b < rows:
        sizes.append(b)
        b *= 2
    return sizes + [rows]


def measure(s, prog, n, sweeps, ranks, block, reps):
    """Median pipeline seconds over `reps` runs and the last run's figures."""
    opts = ["--dlb-strategy=static"]
    if block:
        opts.append("--dlb-blocksize=%d" % block)
    statsfile = os.path.join(s.workdir, "stats.json")
    times, last = [], None
    for rep in range(reps):
        (_, out, fig, _, _), _ = s.quiet.measured(
            lambda: run(prog, ranks, [n, sweeps], opts, statsfile,
                        parse=pipeline_figures))
        what = "sor %d %d on %d ranks %s" % (n, sweeps, ranks, " ".join(opts))
        s.reference.check((n, sweeps), out, what)
        times.append(fig["pipeline_seconds"])
        last = fig
    return med(times), last


HEADERS = ["n", "P", "b", "measured s", "predicted s", "bound", "efficiency"]
SUMMARY = ["n", "P", "auto b", "auto s", "best b", "best s", "auto/best"]


def report(sweep, summary):
    print(fmt_table(HEADERS, sweep, "Block-size sweep (SOR, static, median "
                    "pipeline seconds)"))
    print()
    print(fmt_table(SUMMARY, summary, "Automatic block size (eq. 10) vs the "
                    "best swept one; target auto/best <= 1.10"))
    worst = max(float(r[-1]) for r in summary) if summary else 0
    met = sum(1 for r in summary if float(r[-1]) <= 1.10)
    print("within 10%%: %d of %d configurations; worst auto/best %.3f"
          % (met, len(summary), worst))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help="one small size, one repetition (a smoke test)")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--out", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "results", "blocksize"))
    add_common_options(ap)
    a = ap.parse_args()
    if a.report:
        import csv
        with open(os.path.join(a.out, "sweep.csv")) as f:
            sweep = list(csv.reader(f))[1:]
        with open(os.path.join(a.out, "summary.csv")) as f:
            summary = list(csv.reader(f))[1:]
        report(sweep, summary)
        return 0
    sizes = QUICK_SIZES if a.quick else SIZES
    reps = 1 if a.quick else a.reps
    with Session(a.out, a.quick, not a.no_wait_quiet, a.keep_build) as s:
        progs = s.build(["sor"])
        print(fmt_table(["", ""], s.meta() + [("repetitions", reps)],
                        "bench/blocksize.py"))
        print()
        sweep, summary = [], []
        for n, sweeps in sizes:
            for ranks in RANKS:
                best = None
                for b in sweep_sizes(n - 2):
                    log("n=%d P=%d b=%d" % (n, ranks, b))
                    t, fig = measure(s, progs["sor"], n, sweeps, ranks, b,
                                     reps)
                    sweep.append([n, ranks, b, "%.4f" % t,
                                  "%.4f" % fig["predicted_seconds"],
                                  f2(fig["efficiency_bound"]),
                                  f2(fig["efficiency"])])
                    if best is None or t < best[1]:
                        best = (b, t)
                log("n=%d P=%d auto" % (n, ranks))
                t, fig = measure(s, progs["sor"], n, sweeps, ranks, 0, reps)
                sweep.append([n, ranks, "auto %d" % fig["block_size"],
                              "%.4f" % t, "%.4f" % fig["predicted_seconds"],
                              f2(fig["efficiency_bound"]),
                              f2(fig["efficiency"])])
                summary.append([n, ranks, fig["block_size"], "%.4f" % t,
                                best[0], "%.4f" % best[1],
                                "%.3f" % (t / best[1])])
        write_csv(os.path.join(a.out, "sweep.csv"), HEADERS, sweep)
        write_csv(os.path.join(a.out, "summary.csv"), SUMMARY, summary)
        report(sweep, summary)
    return s.status


if __name__ == "__main__":
    sys.exit(main())
