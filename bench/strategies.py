#!/usr/bin/env python3
"""Load balancing benchmark of dlbcc/libdlb: static vs every strategy.

    python3 bench/strategies.py [--quick] [--out DIR] [--reps N] [--only A|B]
        [--examples mxm,ac,mandel] [--ranks 2,4] [--loads none,random]
        [--size-b N] [--keep-build] [--no-wait-quiet]

Translates examples/{mxm,ac,mandel}.cpp with build/bin/dlbcc and compiles
them with mpicxx (into a temporary directory, linked against a private copy
of build/lib/libdlb.so), then runs:

Experiment A (after Figure 1.7 of Zaki, Parthasarathy & Li): every example
on P = 2 and 4 ranks, without load and under the emulated external load
random:max=5,persist=0.5,seed=S; static and every balancing strategy of
include/dlb/Strategies.def (gcdlb, gddlb, lcdlb, lddlb, gss, fac, awf), each
repeated (3 times by default). Repetition r uses the same seed S for every
strategy, so all strategies face the same load schedule (the load level is
a function of the seed, the rank and the time since start-up; a strategy
that finishes earlier sees less of it). Reported: the median wall
time of mpiexec (measured here) and the median elapsed_seconds of the loop
(from --dlb-stats), both normalized to static, and static's absolute time.

Experiment B: mxm on 2 ranks bound one per core (mpiexec -bind-to core),
with a real CPU-bound process pinned to core 0 (started before and killed
after each run): static and the strategies (the local ones also with
--dlb-group=2, since their default group size on 2 ranks is 1). Reported: the
median times and each strategy's speedup over static, plus static without
the competitor and the ideal speedup computed from the static run's speeds.

Before each run the script waits (up to 60 s) until the machine is idle,
and it measures the CPU that other processes used during each run (column
"other"), since a shared 2-core machine makes timings meaningless otherwise.

Everything is printed as plain tables on stdout (progress goes to stderr)
and written to --out (default bench/results/): output.txt (a copy of what
is printed) and the CSV files a_runs.csv and
b_runs.csv (one row per run, with the per-rank statistics), a_summary.csv and
b_summary.csv (medians). Python standard library only; the parts shared with
bench/selection.py are in bench/common.py. This is a benchmark, not a test:
it prints figures and checks targets, and its exit status is 0 unless a run
fails.
"""

import argparse
import csv
import os
import statistics
import subprocess
import sys
import time

import common
from common import (LIVE, ROOT, Session, f2, f3, fmt_table, kill_group, log,
                    med, write_csv)

# static and every balancing strategy of include/dlb/Strategies.def (the
# four of Zaki et al. and the self-scheduling family), auto aside.
STRATEGIES = [s for s in subprocess.run(
    [sys.executable, os.path.join(ROOT, "tools", "strategies-table.py"),
     "--names"], check=True, capture_output=True, text=True).stdout.split()
              if s != "auto"]
EXAMPLES = ["mxm", "ac", "mandel"]
# Problem sizes (argv[1]): a static run on 4 ranks takes about 1 s here.
SIZES_FULL = {"mxm": 768, "ac": 256, "mandel": 2048}
SIZES_QUICK = {"mxm": 320, "ac": 100, "mandel": 512}
SIZE_B_FULL = 768
SIZE_B_QUICK = 512
LOAD_SPEC = "random:max=5,persist=0.5,seed={seed}"
SEED_BASE = 1000

# Targets of the issue.
NOLOAD_TOLERANCE = 1.03  # no load: every strategy within 3% of static
B_TARGET = 1.35          # experiment B: best strategy >= 1.35x static

# ---------------------------------------------------------------- running

def loop_stats(d):
    """Sums the loops of a --dlb-stats dict (every example has one loop)."""
    loops = list(d["loops"].values())
    s = {"elapsed": 0.0, "syncs": 0, "redists": 0, "moved": 0, "bytes": 0}
    ranks = d["ranks"]
    per_rank = {k: [0.0] * ranks for k in
                ("iterations", "compute", "load", "wait", "balance")}
    for lp in loops:
        s["elapsed"] += lp["elapsed_seconds"]
        s["syncs"] += lp["synchronizations"]
        s["redists"] += lp["redistributions"]
        s["moved"] += lp["iterations_moved"]
        s["bytes"] += lp["bytes_moved"]
        for key, field in (("iterations", "rank_iterations"),
                           ("compute", "rank_compute_seconds"),
                           ("load", "rank_load_seconds"),
                           ("wait", "rank_wait_seconds"),
                           ("balance", "rank_balance_seconds")):
            for r, v in enumerate(lp[field]):
                per_rank[key][r] += v
    s["strategy_reported"] = "+".join(sorted({lp["strategy"] for lp in loops}))
    s["per_rank"] = per_rank
    return s


def run(*args, **kw):
    """common.run with the example's loops summed (loop_stats) and the
    cores other processes used during the run recorded in them."""
    wall, out, st, aff, fc = common.run(*args, parse=loop_stats, **kw)
    st["foreign"] = fc
    return wall, out, st, aff, fc


class Competitor:
    """A CPU-bound process pinned to core 0."""

    def __enter__(self):
        self.proc = subprocess.Popen(
            ["taskset", "-c", "0", sys.executable, "-c", "while True: pass"],
            start_new_session=True)
        LIVE.add(self.proc)
        time.sleep(0.3)  # let it start spinning
        if self.proc.poll() is not None:
            raise RuntimeError("competing process did not start")
        aff = os.sched_getaffinity(self.proc.pid)
        if aff != {0}:
            raise RuntimeError("competing process bound to %s, not {0}" % aff)
        return self

    def __exit__(self, *exc):
        kill_group(self.proc)
        return False


# ---------------------------------------------------------------- output

RAW_HEADERS = ["experiment", "example", "size", "ranks", "load", "strategy",
               "rep", "seed", "wall_s", "loop_elapsed_s", "synchronizations",
               "redistributions", "iterations_moved", "bytes_moved",
               "rank_iterations", "rank_compute_s", "rank_load_s",
               "rank_wait_s", "rank_balance_s", "output_ok",
               "busy_cores_before", "foreign_cores_during"]


def raw_row(exp, ex, size, p, load, strat, rep, seed, wall, st, ok, busy,
            foreign):
    pr = st["per_rank"]
    j = lambda xs, fmt: " ".join(fmt % v for v in xs)
    return [exp, ex, size, p, load, strat, rep, seed, "%.4f" % wall,
            "%.4f" % st["elapsed"], st["syncs"], st["redists"], st["moved"],
            st["bytes"], j(pr["iterations"], "%d"), j(pr["compute"], "%.4f"),
            j(pr["load"], "%.4f"), j(pr["wait"], "%.4f"),
            j(pr["balance"], "%.4f"), int(ok), "%.2f" % busy,
            "%.2f" % foreign]

# ---------------------------------------------------------------- experiments

def experiment_a(progs, sizes, reps, workdir, quiet, reference, examples,
                 ranks, loads):
    results = {}  # (ex, p, load, strat) -> list of (wall, stats)
    raw = []
    total = len(examples) * len(ranks) * len(loads) * reps * len(STRATEGIES)
    done = 0
    statsfile = os.path.join(workdir, "stats.json")
    for ex in examples:
        for p in ranks:
            for load in loads:
                # Repetition outermost inside a configuration, so slow drifts
                # of the machine hit every strategy alike.
                for rep in range(reps):
                    seed = SEED_BASE + rep
                    for strat in STRATEGIES:
                        opts = ["--dlb-strategy=" + strat]
                        if load == "random":
                            opts.append("--dlb-load=" +
                                        LOAD_SPEC.format(seed=seed))
                        (wall, out, st, _, fc), busy = quiet.measured(
                            lambda: run(progs[ex], p, [sizes[ex]], opts,
                                        statsfile))
                        ok = reference.check(
                            (ex, sizes[ex]), out,
                            "%s P=%d %s %s rep %d" % (ex, p, load, strat, rep))
                        results.setdefault((ex, p, load, strat), []).append(
                            (wall, st))
                        raw.append(raw_row("A", ex, sizes[ex], p, load, strat,
                                           rep, seed if load == "random" else "",
                                           wall, st, ok, busy, fc))
                        done += 1
                        log("A %3d/%d %-6s P=%d %-6s %-6s rep %d: wall %.3f s,"
                            " loop %.3f s, %d syncs, %d moved, foreign %.2f"
                            " cores" %
                            (done, total, ex, p, load, strat, rep, wall,
                             st["elapsed"], st["syncs"], st["moved"], fc))
    return results, raw


def rank0_idle(s):
    """Loop time that rank 0's counters do not cover: distributing the work
    and waiting for the workers' results after its own (group's) work is
    done, which rank_wait_seconds does not count."""
    pr = s["per_rank"]
    return s["elapsed"] - (pr["compute"][0] + pr["load"][0] + pr["wait"][0] +
                           pr["balance"][0])


def summarize_a(results, sizes, examples, ranks, loads):
    wall_rows, loop_rows, paired_rows, stat_rows, csv_rows = [], [], [], [], []
    checks = []
    for ex in examples:
        for p in ranks:
            for load in loads:
                base = results[(ex, p, load, "static")]
                sw = med([w for w, _ in base])
                sl = med([s["elapsed"] for _, s in base])
                lname = "none" if load == "none" else "random:max=5"
                wr = [ex, p, lname, f3(sw)]
                lr = [ex, p, lname, f3(sl)]
                pr_row = [ex, p, lname, f3(sl)]
                for strat in STRATEGIES:
                    runs = results[(ex, p, load, strat)]
                    w = [x for x, _ in runs]
                    e = [s["elapsed"] for _, s in runs]
                    mw, ml = med(w), med(e)
                    # Paired: repetition r of every strategy ran with the
                    # same seed (the same load schedule) as static's.
                    paired = [s["elapsed"] / s0["elapsed"]
                              for (_, s), (_, s0) in zip(runs, base)
                              if s0["elapsed"] > 0]
                    if strat != "static":
                        wr.append(f3(mw / sw))
                        lr.append(f3(ml / sl))
                        pr_row.append("%.3f (%.2f-%.2f)" % (
                            med(paired), min(paired), max(paired)))
                    sts = [s for _, s in runs]
                    syncs = med([s["syncs"] for s in sts])
                    moved = med([s["moved"] for s in sts])
                    bal = med([max(s["per_rank"]["balance"]) for s in sts])
                    wait = med([max(s["per_rank"]["wait"]) for s in sts])
                    ld = med([statistics.mean(s["per_rank"]["load"])
                              for s in sts])
                    imb = med([max(s["per_rank"]["compute"]) /
                               max(1e-12, statistics.mean(s["per_rank"]["compute"]))
                               for s in sts])
                    other = max(s["foreign"] for s in sts)
                    idle0 = med([rank0_idle(s) for s in sts])
                    stat_rows.append([ex, p, lname, strat, f3(mw), f3(ml),
                                      "%g" % syncs, "%g" % moved, f3(bal),
                                      f3(wait), f3(idle0), f3(ld), f2(imb),
                                      f2(other)])
                    csv_rows.append([ex, sizes[ex], p, load, strat, len(runs),
                                     "%.4f" % mw, "%.4f" % min(w),
                                     "%.4f" % max(w), "%.4f" % (mw / sw),
                                     "%.4f" % ml, "%.4f" % min(e),
                                     "%.4f" % max(e), "%.4f" % (ml / sl),
                                     "%g" % syncs, "%g" % moved, "%.4f" % bal,
                                     "%.4f" % wait, "%.4f" % idle0,
                                     "%.4f" % ld, "%.3f" % imb,
                                     "%.2f" % other, "%.4f" % med(paired),
                                     "%.4f" % min(paired),
                                     "%.4f" % max(paired)])
                    if load == "none" and strat != "static":
                        checks.append((ex, p, strat, mw / sw, ml / sl,
                                       med(paired)))
                wall_rows.append(wr)
                loop_rows.append(lr)
                paired_rows.append(pr_row)
    return wall_rows, loop_rows, paired_rows, stat_rows, csv_rows, checks


def experiment_b(progs, size, reps, workdir, quiet, reference):
    variants = [(s, s, []) for s in STRATEGIES] + [
        ("lcdlb K=2", "lcdlb", ["--dlb-group=2"]),
        ("lddlb K=2", "lddlb", ["--dlb-group=2"]),
        ("auto", "auto", [])]
    statsfile = os.path.join(workdir, "stats_b.json")
    prog = progs["mxm"]
    results = {}
    raw = []
    # An untimed run first: checks that rank 0 is bound to core 0 alone (so
    # that it shares its core with the competitor) and warms up.
    quiet.wait()
    with Competitor():
        _, _, _, affinity, _ = run(prog, 2, [size], ["--dlb-strategy=static"],
                                   statsfile, bind=True, check_affinity=True)
    log("B rank affinity (from /proc/<pid>/status): %s" % affinity)
    total = reps * (len(variants) + 1)
    done = 0
    for rep in range(reps):
        # Reference without the competitor: the loop on two free cores.
        (wall, out, st, _, fc), busy = quiet.measured(
            lambda: run(prog, 2, [size], ["--dlb-strategy=static"], statsfile,
                        bind=True))
        ok = reference.check(("mxm", size), out, "B alone rep %d" % rep)
        results.setdefault("static, no competitor", []).append((wall, st))
        raw.append(raw_row("B", "mxm", size, 2, "none (no competitor)",
                           "static", rep, "", wall, st, ok, busy, fc))
        done += 1
        log("B %2d/%d static without competitor rep %d: wall %.3f s, loop "
            "%.3f s" % (done, total, rep, wall, st["elapsed"]))
        for label, strat, extra in variants:
            def with_competitor():
                with Competitor() as comp:
                    return run(prog, 2, [size],
                               ["--dlb-strategy=" + strat] + extra, statsfile,
                               bind=True, exclude=[comp.proc.pid])
            (wall, out, st, _, fc), busy = quiet.measured(with_competitor)
            ok = reference.check(("mxm", size), out,
                                 "B %s rep %d" % (label, rep))
            results.setdefault(label, []).append((wall, st))
            raw.append(raw_row("B", "mxm", size, 2, "competitor on core 0",
                               label, rep, "", wall, st, ok, busy, fc))
            done += 1
            log("B %2d/%d %-9s rep %d: wall %.3f s, loop %.3f s, %d syncs, "
                "%d moved, iterations %s, foreign %.2f cores" %
                (done, total, label, rep, wall, st["elapsed"], st["syncs"],
                 st["moved"], st["per_rank"]["iterations"], fc))
    return results, raw, affinity, [v[0] for v in variants]


def summarize_b(results, labels):
    base = results["static"]
    sw = med([w for w, _ in base])
    sl = med([s["elapsed"] for _, s in base])
    rows, csv_rows = [], []
    for label in ["static, no competitor"] + labels:
        runs = results[label]
        w = [x for x, _ in runs]
        e = [s["elapsed"] for _, s in runs]
        sts = [s for _, s in runs]
        mw, ml = med(w), med(e)
        it = [med([s["per_rank"]["iterations"][r] for s in sts])
              for r in range(2)]
        syncs = med([s["syncs"] for s in sts])
        moved = med([s["moved"] for s in sts])
        bal = med([max(s["per_rank"]["balance"]) for s in sts])
        wait = med([max(s["per_rank"]["wait"]) for s in sts])
        other = max(s["foreign"] for s in sts)
        idle0 = med([rank0_idle(s) for s in sts])
        rows.append([label, f3(mw), f3(ml), f2(sw / mw), f2(sl / ml),
                     "%g/%g" % tuple(it), "%g" % syncs, "%g" % moved, f3(bal),
                     f3(wait), f3(idle0), f2(other)])
        csv_rows.append([label, len(runs), "%.4f" % mw, "%.4f" % min(w),
                         "%.4f" % max(w), "%.4f" % ml, "%.4f" % min(e),
                         "%.4f" % max(e), "%.4f" % (sw / mw),
                         "%.4f" % (sl / ml), "%g" % it[0], "%g" % it[1],
                         "%g" % syncs, "%g" % moved, "%.4f" % bal,
                         "%.4f" % wait, "%.4f" % idle0, "%.2f" % other])
    # Ideal: the static run's per-rank speeds (iterations per compute second)
    # with all the iterations shared in proportion to them.
    ideals = []
    for _, s in base:
        pr = s["per_rank"]
        speeds = [i / c for i, c in zip(pr["iterations"], pr["compute"]) if c > 0]
        t_ideal = sum(pr["iterations"]) / sum(speeds)
        ideals.append(max(pr["compute"]) / t_ideal)
    return rows, csv_rows, med(ideals)


def report_a(results, sizes, examples, ranks, loads, out):
    """Prints experiment A's tables and writes a_summary.csv."""
    wall_rows, loop_rows, paired_rows, stat_rows, csv_rows, checks = \
        summarize_a(results, sizes, examples, ranks, loads)
    hdr = ["example", "P", "load", "static s"] + STRATEGIES[1:]
    print(fmt_table(hdr, wall_rows,
                    "Experiment A: median wall time of mpiexec, "
                    "normalized to static (static in seconds)"))
    print()
    print(fmt_table(hdr, loop_rows,
                    "Experiment A: median loop elapsed_seconds "
                    "(--dlb-stats), normalized to static"))
    print()
    print(fmt_table(hdr, paired_rows,
                    "Experiment A: loop elapsed_seconds, median (min-max) "
                    "over the repetitions of the ratio to the static run "
                    "of the same repetition (same seed)"))
    print()
    print(fmt_table(["example", "P", "load", "strategy", "wall s",
                     "loop s", "syncs", "moved", "balance s",
                     "wait s", "r0 rest s", "load s", "imbal", "other"],
                    stat_rows,
                    "Experiment A: medians of the statistics "
                    "(balance/wait: max over ranks; r0 rest: loop "
                    "time not in rank 0's compute/load/wait/balance "
                    "counters, i.e. distribution and waiting for the "
                    "workers' results; load: mean over ranks; imbal: "
                    "max/mean compute seconds; other: max over the "
                    "repetitions of the cores used by other processes "
                    "during the run)"))
    print()
    write_csv(os.path.join(out, "a_summary.csv"),
              ["example", "size", "ranks", "load", "strategy", "reps",
               "wall_median_s", "wall_min_s", "wall_max_s",
               "wall_vs_static", "loop_median_s", "loop_min_s",
               "loop_max_s", "loop_vs_static", "synchronizations",
               "iterations_moved", "max_balance_s", "max_wait_s",
               "rank0_rest_s", "mean_load_s", "compute_imbalance",
               "max_foreign_cores", "loop_paired_median",
               "loop_paired_min", "loop_paired_max"], csv_rows)
    check_rows = []
    for ex, p, strat, rw, rl, rp in checks:
        check_rows.append([ex, p, strat, f3(rw), f3(rl), f3(rp),
                           "yes" if rw <= NOLOAD_TOLERANCE else "NO",
                           "yes" if rl <= NOLOAD_TOLERANCE else "NO"])
    if check_rows:
        print(fmt_table(["example", "P", "strategy", "wall/static",
                         "loop/static", "loop paired", "wall <=1.03",
                         "loop <=1.03"], check_rows,
                        "Target: no load, every strategy within 3% of "
                        "static (ratios of medians; paired: median of "
                        "per-repetition ratios)"))
        print()


def report_b(results, labels, size_b, affinity, out):
    """Prints experiment B's table and writes b_summary.csv."""
    rows, csv_rows, ideal = summarize_b(results, labels)
    print(fmt_table(["variant", "wall s", "loop s", "speedup wall",
                     "speedup loop", "iters r0/r1", "syncs", "moved",
                     "balance s", "wait s", "r0 rest s", "other"],
                    rows,
                    "Experiment B: mxm %d, mpiexec -bind-to core -n 2, "
                    "CPU-bound process pinned to core 0 (medians; "
                    "speedup = static / variant)" % size_b))
    write_csv(os.path.join(out, "b_summary.csv"),
              ["variant", "reps", "wall_median_s", "wall_min_s",
               "wall_max_s", "loop_median_s", "loop_min_s",
               "loop_max_s", "speedup_wall", "speedup_loop",
               "rank0_iterations", "rank1_iterations",
               "synchronizations", "iterations_moved",
               "max_balance_s", "max_wait_s", "rank0_rest_s",
               "max_foreign_cores"],
              csv_rows)
    print("rank -> allowed CPUs (read from /proc/<pid>/status of the "
          "running ranks): %s" % (affinity if affinity is not None else
                                  "not measured (--report)"))
    if affinity and affinity.get(0) != "0":
        print("WARNING: rank 0 is not bound to core 0 alone; the "
              "competitor does not share its core")
    print("ideal speedup of the loop (static run's per-rank speeds, "
          "work shared in proportion): %.2f" % ideal)
    best = max(rows[2:], key=lambda r: float(r[3]))
    best_loop = max(rows[2:], key=lambda r: float(r[4]))
    print("best strategy: %s, %sx static (wall); best on the loop: "
          "%s, %sx; target >= %.2fx: %s" %
          (best[0], best[3], best_loop[0], best_loop[4], B_TARGET,
           "met" if float(best[3]) >= B_TARGET else "NOT met"))
    print()


def load_runs(path):
    """Reads a_runs.csv or b_runs.csv back into the results of the
    experiments (for --report)."""
    rows = []
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            floats = lambda k: [float(x) for x in r[k].split()]
            st = {"elapsed": float(r["loop_elapsed_s"]),
                  "syncs": int(r["synchronizations"]),
                  "redists": int(r["redistributions"]),
                  "moved": int(r["iterations_moved"]),
                  "bytes": int(r["bytes_moved"]),
                  "foreign": float(r.get("foreign_cores_during") or 0),
                  "per_rank": {"iterations": floats("rank_iterations"),
                               "compute": floats("rank_compute_s"),
                               "load": floats("rank_load_s"),
                               "wait": floats("rank_wait_s"),
                               "balance": floats("rank_balance_s")}}
            rows.append((r, float(r["wall_s"]), st))
    return rows


def report(out):
    """--report: prints the tables again from the CSV files in `out`."""
    a_path = os.path.join(out, "a_runs.csv")
    b_path = os.path.join(out, "b_runs.csv")
    if os.path.exists(a_path):
        results, sizes = {}, {}
        examples, ranks, loads = [], [], []
        for r, wall, st in load_runs(a_path):
            ex, p, load = r["example"], int(r["ranks"]), r["load"]
            sizes[ex] = int(r["size"])
            for lst, v in ((examples, ex), (ranks, p), (loads, load)):
                if v not in lst:
                    lst.append(v)
            results.setdefault((ex, p, load, r["strategy"]), []).append(
                (wall, st))
        report_a(results, sizes, examples, ranks, loads, out)
    if os.path.exists(b_path):
        results, labels, size_b = {}, [], 0
        for r, wall, st in load_runs(b_path):
            label = r["strategy"]
            if r["load"].startswith("none"):
                label = "static, no competitor"
            elif label not in labels:
                labels.append(label)
            size_b = int(r["size"])
            results.setdefault(label, []).append((wall, st))
        report_b(results, labels, size_b, None, out)


# ---------------------------------------------------------------- main
def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help="1 repetition, smaller sizes (a smoke test)")
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "results"),
                    help="directory of the CSV files (default bench/results)")
    ap.add_argument("--reps", type=int, default=None,
                    help="repetitions (default 3, 1 with --quick)")
    ap.add_argument("--only", choices=["A", "B"], help="run one experiment")
    ap.add_argument("--examples", default=",".join(EXAMPLES),
                    help="examples of experiment A (default %(default)s)")
    ap.add_argument("--ranks", default="2,4",
                    help="rank counts of experiment A (default %(default)s)")
    ap.add_argument("--loads", default="none,random",
                    help="loads of experiment A (default %(default)s)")
    ap.add_argument("--size-b", type=int, default=None,
                    help="mxm size of experiment B (default %d, %d with "
                    "--quick)" % (SIZE_B_FULL, SIZE_B_QUICK))
    common.add_common_options(ap)
    args = ap.parse_args()
    if args.report:
        report(args.out)
        return 0

    reps = args.reps or (1 if args.quick else 3)
    examples = [e for e in args.examples.split(",") if e]
    ranks = [int(p) for p in args.ranks.split(",") if p]
    loads = [l for l in args.loads.split(",") if l]
    if any(e not in EXAMPLES for e in examples) or \
            any(l not in ("none", "random") for l in loads) or \
            any(p < 2 for p in ranks):
        ap.error("examples among %s, loads among none,random, ranks >= 2"
                 % ",".join(EXAMPLES))
    sizes = SIZES_QUICK if args.quick else SIZES_FULL
    size_b = args.size_b or (SIZE_B_QUICK if args.quick else SIZE_B_FULL)
    with Session(args.out, quick=args.quick,
                 wait_quiet=not args.no_wait_quiet,
                 keep_build=args.keep_build) as session:
        progs = session.build(EXAMPLES)
        workdir, quiet = session.workdir, session.quiet
        reference = session.reference
        meta = session.meta() + [
            ("mode", "quick" if args.quick else "full"),
            ("repetitions", reps),
            ("sizes A", ", ".join("%s %d" % (e, sizes[e]) for e in examples)),
            ("ranks A", ", ".join(str(p) for p in ranks)),
            ("size B", "mxm %d" % size_b),
            ("load A", LOAD_SPEC.format(seed="%d+rep" % SEED_BASE)),
        ]
        print(fmt_table(["", ""], meta, "dlbcc load balancing benchmark"))
        print()

        if args.only in (None, "A"):
            results, raw = experiment_a(progs, sizes, reps, workdir, quiet,
                                        reference, examples, ranks, loads)
            write_csv(os.path.join(args.out, "a_runs.csv"), RAW_HEADERS, raw)
            report_a(results, sizes, examples, ranks, loads, args.out)
        if args.only in (None, "B"):
            results, raw, affinity, labels = experiment_b(
                progs, size_b, reps, workdir, quiet, reference)
            write_csv(os.path.join(args.out, "b_runs.csv"), RAW_HEADERS, raw)
            report_b(results, labels, size_b, affinity, args.out)
    return session.status


if __name__ == "__main__":
    sys.exit(main())
