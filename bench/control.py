#!/usr/bin/env python3
"""Run-time control of libdlb (Siegell & Steenkiste, sections 5.2 and 6):
hook overhead without load, and the rate filter, imbalance threshold and
cost-benefit test under an oscillating load (after their Figures 22-24).

    python3 bench/control.py [--quick] [--reps N] [--reps2 N] [--out DIR]
        [--part 1|2|all] [--ranks2 P] [--short S] [--long S]
        [--max-wait S] [--retries N] [--keep-build] [--no-wait-quiet]
        [--report]

Part 1, hook overhead (no load). examples/mxm.cpp (n x n rows of n^2
multiply-adds each: expensive iterations) and examples/vecscale.cpp (one
square root per iteration, 20 executions: cheap iterations) are built twice:
(a) the sequential program with `g++ -O3` (no hooks) and (b, c) the
dlbcc-translated program. They run as (a) the sequential program, (b) the
translated one on 1 rank (every iteration runs the hook; one rank never
balances), (c) on 2 ranks under --dlb-strategy=static (balancer off),
auto (the default) and gddlb. The configurations of one repetition run
one after the other (interleaved, so that slow drifts of the shared
machine hit all of them), --reps times. The table gives the median wall
time of each with its range, and the overheads: (b) against (a), and auto
and gddlb against static on 2 ranks, both as the ratio of the medians and
as the median (range) of the per-repetition ratios. Program start-up (MPI
initialization, mpiexec) is not hook overhead: it is measured with the
size-1 run of each program and reported, and the (b)/(a) overhead is also
given with it subtracted. Target: <= 1%. Since differences of a few percent
between whole runs are within this machine's noise, the table also gives
the balancer's own share, measured inside the runs: the ranks' time in
synchronizations and work movement (rank_balance_seconds of --dlb-stats)
over their loop time. In-process figures of the hook itself:
bench/hookcost.cpp.

Part 2, oscillating load. bench/inputs/relax.cpp (a Jacobi-like relaxation:
two doall loops over the rows per time step, each execution some tens of
milliseconds on 4 ranks) runs on --ranks2 ranks (4) with
--dlb-load=oscillate:period=S,duty=0.5,ranks=1, for a short S (--short,
0.1 s: shorter than the balancing period) and a long S (--long, 4 s: many
balancing periods), under: all mechanisms on (the defaults); --dlb-filter=off;
--dlb-threshold=off; --dlb-costbenefit=off; all three off; and, for
reference, --dlb-strategy=static with the same load and static without load.
Each run's output must equal the sequential program's. The balanced runs
write --dlb-trace; for each period the script draws one PNG with a panel per
configuration, like Figures 22-24: for the loaded rank 1 and the first loop,
over time, the iterations it ran normalized to the equal share
(iterations / ((n - 2) / P)), its start share (the partition the filtered
rates gave the execution), and its raw and filtered rates at interactions
normalized to its largest raw rate; the phases with the load on are shaded
(long period). It also summarizes each trace: rank 1's mean normalized
allocation in executions with and without load, how often the start
weights changed, and the time between interactions.

Results go to --out (default bench/results/control/): output.txt (what is
printed), overhead_runs.csv, overhead_summary.csv, load_runs.csv,
load_summary.csv, trace-<period>-<config>.csv (the trace of the first
repetition) and control-<period>.png. --report prints the tables and draws
the figures again from those files. Plots need matplotlib
(`apt-get install -y python3-matplotlib`); without it the script says so
and skips them. This is a benchmark, not a test: it prints figures and
never asserts timing targets.
"""

import argparse
import csv
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

import common
from common import (ROOT, DLBCC, Foreign, LIVE, Session, add_common_options,
                    fmt_table, kill_group, log, med, write_csv)

HERE = os.path.dirname(os.path.abspath(__file__))

# Part 1: (example, size) such that the sequential run takes about 1-3 s.
OVERHEAD_FULL = [("mxm", 768), ("vecscale", 10000000)]
OVERHEAD_QUICK = [("mxm", 384), ("vecscale", 2000000)]
OVERHEAD_CONFIGS = [
    # (name, ranks or 0 for the sequential program, --dlb options)
    ("seq", 0, []),
    ("dlb P=1", 1, []),
    ("P=2 static", 2, ["--dlb-strategy=static"]),
    ("P=2 auto", 2, []),
    ("P=2 gddlb", 2, ["--dlb-strategy=gddlb"]),
]

# Part 2: relax n steps inner.
RELAX_FULL = (256, 100, 128)
RELAX_QUICK = (256, 24, 128)
LOAD_CONFIGS = [
    # (name, options, traced)
    ("defaults", [], True),
    ("filter off", ["--dlb-filter=off"], True),
    ("threshold off", ["--dlb-threshold=off"], True),
    ("costbenefit off", ["--dlb-costbenefit=off"], True),
    ("all three off", ["--dlb-filter=off", "--dlb-threshold=off",
                       "--dlb-costbenefit=off"], True),
    ("static", ["--dlb-strategy=static"], False),
]
LOADED_RANK = 1


def slug(text):
    return "".join(c if c.isalnum() else "-" for c in text).strip("-")


def period_label(p):
    return ("%g" % p) + "s"


# ---------------------------------------------------------------- building

HOOKS = {}  # program: where dlbcc placed its hooks (dlb::HookLevel)


def build_programs(workdir, sources):
    """{name: (translated program, sequential program)} for the sources
    {name: path}: dlbcc + mpicxx linked against a private copy of libdlb
    (as common.build does), and the sequential program of the same
    source (common.compile_sequential: g++ -O3)."""
    cflags, libs = common.link_flags(workdir)
    progs = {}
    for name, src in sources.items():
        log("building %s" % name)
        out_cpp = os.path.join(workdir, name + ".dlb.cpp")
        prog = os.path.join(workdir, name)
        seq = os.path.join(workdir, name + ".seq")
        for attempt in range(3):
            try:
                subprocess.run([DLBCC, src, "-o", out_cpp], check=True)
                break
            except (subprocess.CalledProcessError, OSError):
                if attempt == 2:
                    raise
                log("  dlbcc failed (being rebuilt?); retrying in 60 s")
                time.sleep(60)
        with open(out_cpp) as f:
            text = f.read()
        levels = sorted({m for m in ("Body", "Strip", "Execution")
                         if "HookLevel::" + m in text})
        HOOKS[name] = "+".join(levels) or "Body (no hooks() call)"
        subprocess.run(["mpicxx"] + common.CXXFLAGS + [out_cpp] + cflags +
                       libs + ["-o", prog], check=True)
        common.compile_sequential(src, [], seq)
        progs[name] = (prog, seq)
    return progs


def run_seq(prog, args):
    """One run of a sequential program: (wall, stdout, foreign cores)."""
    foreign = Foreign().__enter__()
    t0 = time.perf_counter()
    proc = subprocess.Popen([prog] + [str(a) for a in args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    LIVE.add(proc)
    try:
        out, err = proc.communicate(timeout=common.RUN_TIMEOUT)
    except subprocess.TimeoutExpired:
        kill_group(proc)
        raise RuntimeError("timeout: %s" % prog)
    wall = time.perf_counter() - t0
    LIVE.discard(proc)
    fc = foreign.stop()
    if proc.returncode != 0:
        raise RuntimeError("exit %d: %s\n%s" % (proc.returncode, prog,
                                                err.decode(errors="replace")))
    return wall, out, fc


def loops_total(stats):
    """Sums over the loops of a --dlb-stats dict."""
    t = {"elapsed": 0.0, "syncs": 0, "redist": 0, "moved": 0,
         "balance": 0.0, "rank_elapsed": 0.0}
    for lp in stats["loops"].values():
        t["elapsed"] += lp["elapsed_seconds"]
        t["balance"] += sum(lp["rank_balance_seconds"])
        t["rank_elapsed"] += lp["elapsed_seconds"] * len(
            lp["rank_balance_seconds"])
        t["syncs"] += lp["synchronizations"]
        t["redist"] += lp["redistributions"]
        t["moved"] += lp["iterations_moved"]
    return t


def netprofile_opts():
    """A fixed network profile for every run, so that no run measures one
    at start-up (which would shift the load's clock against the loops)."""
    path = os.path.join(HERE, "results", "selection", "netprofile.txt")
    return ["--dlb-netprofile=" + path] if os.path.exists(path) else []


def spread(xs):
    return "%.3f-%.3f" % (min(xs), max(xs)) if xs else "-"


def balancer_share(xs):
    """Median (range) of balancer time shares, in percent."""
    if not xs:
        return "-"
    return "%.2f%% (%.2f-%.2f)" % (100 * med(xs), 100 * min(xs),
                                    100 * max(xs))


def pct(x):
    return "%+.1f%%" % (100 * (x - 1))


# ---------------------------------------------------------------- part 1

OV_RUN_HEADERS = ["example", "size", "config", "rep", "wall_s",
                  "loop_elapsed_s", "other_cores", "output_ok", "cpu_s",
                  "balancer_share", "synchronizations"]


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def with_cpu(fn):
    """fn's result with the CPU seconds of the processes it ran (user +
    system, all ranks, reaped descendants) inserted before its last item
    (the foreign cores that Quiet.measured reads)."""
    c0 = child_cpu()
    res = fn()
    return res[:-1] + (child_cpu() - c0, res[-1])


def part1(s, progs, cases, reps, rows):
    statsfile = os.path.join(s.workdir, "stats.json")
    net = netprofile_opts()
    for ex, size in cases:
        prog, seq = progs[ex]
        ref = run_seq(seq, [size])[1]
        for rep in range(reps):
            # Start-up: the size-1 run of each program.
            for cfg, args in (("startup seq", [1]), ("startup dlb P=1", [1])):
                if cfg == "startup seq":
                    (w, _, cpu, fc), _ = s.quiet.measured(
                        lambda: with_cpu(lambda: run_seq(seq, args)))
                else:
                    (w, _, st, _, cpu, fc), _ = s.quiet.measured(
                        lambda: with_cpu(lambda: common.run(
                            prog, 1, args, net, statsfile)))
                rows.append([ex, size, cfg, rep, "%.4f" % w, "",
                             "%.2f" % fc, 1, "%.4f" % cpu, "", ""])
            for cfg, ranks, opts in OVERHEAD_CONFIGS:
                log("%s %d %s rep %d" % (ex, size, cfg, rep))
                if ranks == 0:
                    (w, out, cpu, fc), _ = s.quiet.measured(
                        lambda: with_cpu(lambda: run_seq(seq, [size])))
                    el = share = syncs = ""
                else:
                    (w, out, st, _, cpu, fc), _ = s.quiet.measured(
                        lambda: with_cpu(lambda: common.run(
                            prog, ranks, [size], opts + net, statsfile)))
                    t = loops_total(st)
                    el = "%.4f" % t["elapsed"]
                    share = "%.6f" % (t["balance"] / t["rank_elapsed"]
                                      if t["rank_elapsed"] > 0 else 0)
                    syncs = t["syncs"]
                ok = out == ref
                if not ok:
                    s.reference.mismatches.append("%s %d %s rep %d" %
                                                  (ex, size, cfg, rep))
                    log("  warning: output differs from the sequential one")
                rows.append([ex, size, cfg, rep, "%.4f" % w, el, "%.2f" % fc,
                             int(ok), "%.4f" % cpu, share, syncs])


OV_SUM_HEADERS = ["example", "size", "comparison", "base median s",
                  "median s", "ratio of medians", "paired ratio median",
                  "paired range", "<= 1%?"]


def summarize1(rows):
    """Tables of part 1 from the run rows."""
    by = {}
    for r in rows:
        by.setdefault((r[0], int(r[1]), r[2]), {})[int(r[3])] = r
    cases = []
    for r in rows:
        if (r[0], int(r[1])) not in cases:
            cases.append((r[0], int(r[1])))
    times, summary = [], []
    for ex, size in cases:
        def wall(cfg):
            d = by.get((ex, size, cfg), {})
            return {k: float(v[4]) for k, v in d.items()}

        def loop(cfg):
            d = by.get((ex, size, cfg), {})
            return {k: float(v[5]) for k, v in d.items() if v[5] != ""}

        def cpu(cfg):
            d = by.get((ex, size, cfg), {})
            return {k: float(v[8]) for k, v in d.items()
                    if len(v) > 8 and v[8] != ""}

        def column(cfg, i):
            d = by.get((ex, size, cfg), {})
            return [float(v[i]) for v in d.values() if len(v) > i and v[i] != ""]

        for cfg in ["startup seq", "startup dlb P=1"] + \
                [c[0] for c in OVERHEAD_CONFIGS]:
            w = wall(cfg)
            lp = loop(cfg)
            cp = list(cpu(cfg).values())
            if not w:
                continue
            xs = list(w.values())
            times.append([ex, size, cfg, len(xs), "%.3f" % med(xs), spread(xs),
                          "%.1f%%" % (100 * (max(xs) - min(xs)) / med(xs)),
                          "%.3f" % med(list(lp.values())) if lp else "-",
                          "%.3f" % med(cp) if cp else "-",
                          spread(cp) if cp else "-",
                          balancer_share(column(cfg, 9)),
                          "%g" % med(column(cfg, 10))
                          if column(cfg, 10) else "-"])
        st_seq = med(list(wall("startup seq").values()))
        st_dlb = med(list(wall("startup dlb P=1").values()))
        cs_seq = med(list(cpu("startup seq").values()))
        cs_dlb = med(list(cpu("startup dlb P=1").values()))

        def compare(name, base, other, sub_base=0.0, sub_other=0.0):
            common_reps = sorted(set(base) & set(other))
            if not common_reps:
                return
            ratios = [(other[k] - sub_other) / (base[k] - sub_base)
                      for k in common_reps]
            mb = med(list(base.values())) - sub_base
            mo = med(list(other.values())) - sub_other
            pr = med(ratios)
            met = "yes" if max(mo / mb, pr) <= 1.01 else "no"
            summary.append([ex, size, name, "%.3f" % mb, "%.3f" % mo,
                            pct(mo / mb), pct(pr),
                            "%s..%s" % (pct(min(ratios)), pct(max(ratios))),
                            met])

        compare("dlb P=1 vs seq (wall)", wall("seq"), wall("dlb P=1"))
        compare("dlb P=1 vs seq (wall - startup)", wall("seq"),
                wall("dlb P=1"), st_seq, st_dlb)
        if cpu("seq"):
            compare("dlb P=1 vs seq (cpu)", cpu("seq"), cpu("dlb P=1"))
            compare("dlb P=1 vs seq (cpu - startup)", cpu("seq"),
                    cpu("dlb P=1"), cs_seq, cs_dlb)
        compare("P=2 auto vs static (wall)", wall("P=2 static"),
                wall("P=2 auto"))
        compare("P=2 gddlb vs static (wall)", wall("P=2 static"),
                wall("P=2 gddlb"))
        compare("P=2 auto vs static (loop)", loop("P=2 static"),
                loop("P=2 auto"))
        compare("P=2 gddlb vs static (loop)", loop("P=2 static"),
                loop("P=2 gddlb"))
        if cpu("P=2 static"):
            compare("P=2 auto vs static (cpu)", cpu("P=2 static"),
                    cpu("P=2 auto"))
            compare("P=2 gddlb vs static (cpu)", cpu("P=2 static"),
                    cpu("P=2 gddlb"))
    return times, summary


def report1(times, summary):
    print(fmt_table(["example", "size", "config", "reps", "median s",
                     "range s", "range/med", "loop s (stats)", "cpu s",
                     "cpu range s", "balancer % (range)", "syncs"], times,
                    "Part 1: hook overhead without load: wall time of the "
                    "run (mpiexec or the sequential program), median and "
                    "range over the repetitions; loop s = sum of the loops' "
                    "elapsed_seconds (--dlb-stats); cpu s = user + system "
                    "CPU seconds of all its processes; balancer % = the "
                    "ranks' time in synchronizations and work movement "
                    "(rank_balance_seconds) over the ranks' loop time, "
                    "median (range); syncs = synchronizations, median"))
    print()
    print(fmt_table(OV_SUM_HEADERS, summary,
                    "Part 1: overheads (positive = slower than the base); "
                    "paired = ratio within a repetition; target <= 1%; "
                    "'<= 1%?' = both the ratio of medians and the paired "
                    "median within 1%"))


# ---------------------------------------------------------------- part 2

LOAD_RUN_HEADERS = ["period_s", "config", "rep", "wall_s", "loop_elapsed_s",
                    "synchronizations", "redistributions", "iterations_moved",
                    "other_cores", "output_ok"]


def part2(s, progs, relax, ranks, periods, reps, rows, out):
    prog, seq = progs["relax"]
    n, steps, inner = relax
    args = [n, steps, inner]
    ref = run_seq(seq, args)[1]
    net = netprofile_opts()
    statsfile = os.path.join(s.workdir, "stats.json")
    tracefile = os.path.join(s.workdir, "trace.csv")
    jobs = [(p, name, opts, traced) for p in periods
            for name, opts, traced in LOAD_CONFIGS]
    jobs.append((0.0, "static, no load", ["--dlb-strategy=static"], False))
    for rep in range(reps):
        for period, name, opts, traced in jobs:
            log("relax P=%d period %s %s rep %d" % (ranks, period, name, rep))
            load = ["--dlb-load=oscillate:period=%g,duty=0.5,ranks=%d" %
                    (period, LOADED_RANK)] if period > 0 else []
            extra = ["--dlb-trace=" + tracefile] if traced else []
            if os.path.exists(tracefile):
                os.remove(tracefile)
            (w, o, st, _, fc), _ = s.quiet.measured(
                lambda: common.run(prog, ranks, args,
                                   opts + load + net + extra, statsfile))
            ok = o == ref
            if not ok:
                what = "relax period %g %s rep %d" % (period, name, rep)
                s.reference.mismatches.append(what)
                log("  warning: output differs from the sequential one: "
                    + what)
                with open(os.path.join(out, "mismatch-%s-%s-%d.txt" % (
                        period_label(period), slug(name), rep)), "wb") as f:
                    f.write(b"--- sequential:\n" + ref + b"--- this run:\n" + o)
            t = loops_total(st)
            rows.append(["%g" % period, name, rep, "%.4f" % w,
                         "%.4f" % t["elapsed"], t["syncs"], t["redist"],
                         t["moved"], "%.2f" % fc, int(ok)])
            if traced and rep == 0 and os.path.exists(tracefile):
                shutil.copy(tracefile, os.path.join(out, "trace-%s-%s.csv" % (
                    period_label(period), slug(name))))


def read_trace(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        for k in ("time", "busy", "load", "raw", "filtered", "weight"):
            r[k] = float(r[k])
        for k in ("execution", "rank", "iterations", "interacted"):
            r[k] = int(r[k])
    return rows


def trace_series(rows, rank=LOADED_RANK):
    """The first loop's rows of `rank`, and the per-execution weight
    shares: {execution: weight of rank / sum of weights}."""
    loops = sorted({r["loop"] for r in rows},
                   key=lambda x: common._source_key(x))
    first = loops[0]
    mine = [r for r in rows if r["loop"] == first]
    share = {}
    by_exec = {}
    for r in mine:
        by_exec.setdefault(r["execution"], {})[r["rank"]] = r
    ranks = max(r["rank"] for r in mine) + 1
    for e, rs in by_exec.items():
        tot = sum(x["weight"] for x in rs.values())
        if tot > 0 and rank in rs:
            share[e] = rs[rank]["weight"] / tot * ranks
    return first, [r for r in mine if r["rank"] == rank], share, ranks


def trace_summary(path, period, iters):
    """Per trace: rank 1's mean allocation (normalized to the equal share)
    in executions with the load on (load > 25% of busy) and off, start
    weight changes, interactions and the mean time between them."""
    rows = read_trace(path)
    loop, mine, share, ranks = trace_series(rows)
    eq = iters / ranks
    on = [r["iterations"] / eq for r in mine if r["busy"] > 0 and
          r["load"] / r["busy"] > 0.25]
    off = [r["iterations"] / eq for r in mine if r["busy"] > 0 and
           r["load"] / r["busy"] <= 0.05]
    # The loaded rank's raw rate against the mean raw rate of the others
    # in the same interaction, with the load on and off: how much of the
    # emulated load the measurements see.
    others = {}
    for r in rows:
        if r["loop"] == loop and r["rank"] != LOADED_RANK and \
                r["interacted"] and r["raw"] > 0:
            others.setdefault(r["execution"], []).append(r["raw"])
    rel_on, rel_off = [], []
    for r in mine:
        if r["interacted"] and r["raw"] > 0 and others.get(r["execution"]):
            rel = r["raw"] / statistics.mean(others[r["execution"]])
            frac = r["load"] / r["busy"] if r["busy"] > 0 else 0
            if frac > 0.25:
                rel_on.append(rel)
            elif frac <= 0.05:
                rel_off.append(rel)
    inter = [r["time"] for r in mine if r["interacted"]]
    gaps = [b - a for a, b in zip(inter, inter[1:])]
    weights = [r["weight"] for r in mine]
    changes = sum(1 for a, b in zip(weights, weights[1:]) if a != b)
    execs = [r["time"] for r in mine]
    egaps = [b - a for a, b in zip(execs, execs[1:])]
    return {
        "loop": loop,
        "alloc_on": statistics.mean(on) if on else float("nan"),
        "alloc_off": statistics.mean(off) if off else float("nan"),
        "n_on": len(on), "n_off": len(off),
        "interactions": len(inter),
        "executions": len(mine),
        "interaction_gap": med(gaps),
        "execution_gap": med(egaps),
        "weight_changes": changes,
        "rate_on": med(rel_on), "rate_off": med(rel_off),
    }


LOAD_SUM_HEADERS = ["period", "config", "reps", "wall s", "range s",
                    "vs defaults", "vs static", "loop s", "syncs", "redist",
                    "moved", "outputs ok"]
TRACE_HEADERS = ["period", "config", "rate on", "rate off", "alloc on",
                 "alloc off", "execs on/off",
                 "interactions", "interaction gap s", "execution gap s",
                 "start-weight changes"]


def summarize2(rows, out, n):
    groups = {}
    for r in rows:
        groups.setdefault((r[0], r[1]), []).append(r)
    periods = []
    for r in rows:
        if r[0] not in periods:
            periods.append(r[0])
    summary, traces = [], []
    noload = groups.get(("0", "static, no load"), [])
    for p in periods:
        base = med([float(r[3]) for r in groups.get((p, "defaults"), [])])
        stat = med([float(r[3]) for r in groups.get((p, "static"), [])])
        names = [c[0] for c in LOAD_CONFIGS] if p != "0" else \
            ["static, no load"]
        for name in names:
            g = groups.get((p, name))
            if not g:
                continue
            w = [float(r[3]) for r in g]
            summary.append([
                "%ss" % p if p != "0" else "none", name, len(g),
                "%.3f" % med(w), spread(w),
                "%.3f" % (med(w) / base) if p != "0" else "-",
                "%.3f" % (med(w) / stat) if p != "0" else "-",
                "%.3f" % med([float(r[4]) for r in g]),
                "%g" % med([int(r[5]) for r in g]),
                "%g" % med([int(r[6]) for r in g]),
                "%g" % med([int(r[7]) for r in g]),
                "%d/%d" % (sum(int(r[9]) for r in g), len(g))])
            path = os.path.join(out, "trace-%ss-%s.csv" % (p, slug(name)))
            if os.path.exists(path):
                t = trace_summary(path, float(p), n - 2)
                traces.append(["%ss" % p, name, "%.2f" % t["rate_on"],
                               "%.2f" % t["rate_off"], "%.2f" % t["alloc_on"],
                               "%.2f" % t["alloc_off"],
                               "%d/%d" % (t["n_on"], t["n_off"]),
                               "%d/%d" % (t["interactions"], t["executions"]),
                               "%.3f" % t["interaction_gap"],
                               "%.3f" % t["execution_gap"],
                               t["weight_changes"]])
    return summary, traces


def report2(summary, traces, ranks):
    print(fmt_table(LOAD_SUM_HEADERS, summary,
                    "Part 2: relax on %s ranks, oscillating load (duty 0.5) "
                    "on rank %d: median wall time of mpiexec and range; "
                    "loop s, syncs (balancing synchronizations), redist "
                    "(those that moved work), moved (iterations moved): "
                    "medians, both loops, from --dlb-stats"
                    % (ranks, LOADED_RANK)))
    print()
    print(fmt_table(TRACE_HEADERS, traces,
                    "Part 2: traces (first repetition, first loop, rank %d): "
                    "rate = its raw rate / the other ranks' mean raw rate at "
                    "the same interaction (median); alloc = "
                    "mean iterations run / equal share in executions with "
                    "the load on (load > 25%% of busy) and off (< 5%%); "
                    "interactions = executions whose rates were taken in; "
                    "gaps = median time between interactions / executions "
                    "of the loop; start-weight changes = executions whose "
                    "start partition differed from the one before"
                    % LOADED_RANK))


def plot(out, periods, ranks, n):
    try:
        import matplotlib
    except ImportError:
        # Debian's python3-matplotlib, for a Python of the same version
        # that does not search dist-packages (e.g. one from pyenv).
        dist = "/usr/lib/python3/dist-packages"
        if os.path.isdir(os.path.join(dist, "matplotlib")):
            sys.path.append(dist)
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no figures "
              "(apt-get install -y python3-matplotlib)")
        return []
    made = []
    configs = [c[0] for c in LOAD_CONFIGS if c[2]]
    for p in periods:
        pl = period_label(p)
        paths = [(c, os.path.join(out, "trace-%s-%s.csv" % (pl, slug(c))))
                 for c in configs]
        paths = [(c, x) for c, x in paths if os.path.exists(x)]
        if not paths:
            continue
        fig, axes = plt.subplots(len(paths), 1, figsize=(11, 2.6 * len(paths)),
                                 sharex=True, squeeze=False)
        for ax, (cfg, path) in zip(axes[:, 0], paths):
            rows = read_trace(path)
            loop, mine, share, rk = trace_series(rows)
            eq = (n - 2) / rk
            t = [r["time"] for r in mine]
            alloc = [r["iterations"] / eq for r in mine]
            st = [share.get(r["execution"], float("nan")) for r in mine]
            inter = [r for r in mine if r["interacted"] and r["raw"] > 0]
            top = max([r["raw"] for r in inter], default=1.0)
            tmax = max(t) if t else 1.0
            if p >= 0.5:
                k = 0
                while k * p < tmax:
                    ax.axvspan(k * p, k * p + 0.5 * p, color="0.9", lw=0)
                    k += 1
            ax.step(t, alloc, where="pre", color="C0", lw=1.2,
                    label="iterations run / equal share")
            # A row's weight is the start partition of the loop's next
            # execution: it holds from this execution's end on.
            ax.step(t, st, where="post", color="C0", lw=0.8, ls=":",
                    label="start share of the next execution")
            ax.plot([r["time"] for r in inter],
                    [r["raw"] / top for r in inter], ".", color="C3", ms=3,
                    label="raw rate / max")
            ax.plot([r["time"] for r in inter],
                    [r["filtered"] / top for r in inter], "-", color="C2",
                    lw=1, label="filtered rate / max")
            ax.axhline(1.0, color="0.5", lw=0.5)
            ax.set_ylim(0, 2.0)
            ax.set_ylabel("normalized")
            ax.set_title("%s  (period %s, loop %s, rank %d of %d)"
                         % (cfg, pl, loop, LOADED_RANK, rk), fontsize=9)
        axes[0, 0].legend(loc="upper right", fontsize=7, ncol=4)
        axes[-1, 0].set_xlabel("time since start (s)"
                               + ("; shaded: load on" if p >= 0.5 else
                                  "; load on for the first half of every "
                                  "%s" % pl))
        fig.tight_layout()
        png = os.path.join(out, "control-%s.png" % pl)
        fig.savefig(png, dpi=90)
        plt.close(fig)
        made.append(png)
    for m in made:
        print("figure: %s" % m)
    return made


# ---------------------------------------------------------------- main

def read_rows(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return list(csv.reader(f))[1:]


def finish1(rows, out):
    """Part 1's summary CSV and tables from its run rows."""
    times, summary = summarize1(rows)
    write_csv(os.path.join(out, "overhead_summary.csv"), OV_SUM_HEADERS,
              summary)
    report1(times, summary)
    print()


def finish2(rows, out, ranks, n, periods):
    """Part 2's summary CSVs, tables and figures from its run rows."""
    summary, traces = summarize2(rows, out, n)
    write_csv(os.path.join(out, "load_summary.csv"), LOAD_SUM_HEADERS,
              summary)
    write_csv(os.path.join(out, "trace_summary.csv"), TRACE_HEADERS, traces)
    report2(summary, traces, ranks)
    print()
    plot(out, periods, ranks, n)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help="smaller sizes, fewer repetitions (a smoke test)")
    ap.add_argument("--reps", type=int, default=7,
                    help="repetitions of part 1 (default 7; quick 2)")
    ap.add_argument("--reps2", type=int, default=3,
                    help="repetitions of part 2 (default 3; quick 1)")
    ap.add_argument("--part", choices=["1", "2", "all"], default="all")
    ap.add_argument("--ranks2", type=int, default=4,
                    help="ranks of part 2 (default 4)")
    ap.add_argument("--short", type=float, default=0.1,
                    help="short oscillation period, s (default 0.1)")
    ap.add_argument("--long", type=float, default=4.0,
                    help="long oscillation period, s (default 4)")
    ap.add_argument("--max-wait", type=float, default=20.0,
                    help="longest wait for an idle machine before a run, s "
                    "(default 20)")
    ap.add_argument("--retries", type=int, default=1,
                    help="repeat a run disturbed by other processes (> 0.25 "
                    "cores) up to this many times (default 1)")
    ap.add_argument("--out", default=os.path.join(HERE, "results", "control"))
    add_common_options(ap)
    a = ap.parse_args()
    relax = RELAX_QUICK if a.quick else RELAX_FULL
    periods = [a.short, a.long]
    ov_csv = os.path.join(a.out, "overhead_runs.csv")
    ld_csv = os.path.join(a.out, "load_runs.csv")
    if a.report:
        r1, r2 = read_rows(ov_csv), read_rows(ld_csv)
        if r1:
            finish1(r1, a.out)
        if r2:
            finish2(r2, a.out, a.ranks2, relax[0],
                    sorted({float(r[0]) for r in r2 if r[0] != "0"}))
        return 0
    reps1 = 2 if a.quick else a.reps
    reps2 = 1 if a.quick else a.reps2
    with Session(a.out, a.quick, not a.no_wait_quiet, a.keep_build) as s:
        s.quiet.max_wait = a.max_wait
        s.quiet.retries = a.retries
        sources = {}
        if a.part in ("1", "all"):
            for ex in ("mxm", "vecscale"):
                sources[ex] = os.path.join(ROOT, "examples", ex + ".cpp")
        if a.part in ("2", "all"):
            sources["relax"] = os.path.join(HERE, "inputs", "relax.cpp")
        progs = build_programs(s.workdir, sources)
        print(fmt_table(["", ""], s.meta() + [
            ("repetitions", "part 1: %d, part 2: %d" % (reps1, reps2)),
            ("part 2", "relax n=%d steps=%d inner=%d on %d ranks, periods "
             "%s" % (relax + (a.ranks2, ", ".join(period_label(p)
                                                  for p in periods)))),
            ("hook placement", ", ".join("%s %s" % kv
                                          for kv in sorted(HOOKS.items()))),
            ("load average", "%.2f %.2f %.2f" % os.getloadavg())],
            "bench/control.py"))
        print()
        if a.part in ("1", "all"):
            rows = []
            part1(s, progs, OVERHEAD_QUICK if a.quick else OVERHEAD_FULL,
                  reps1, rows)
            write_csv(ov_csv, OV_RUN_HEADERS, rows)
            finish1(rows, a.out)
        if a.part in ("2", "all"):
            rows = []
            part2(s, progs, relax, a.ranks2, periods, reps2, rows, a.out)
            write_csv(ld_csv, LOAD_RUN_HEADERS, rows)
            finish2(rows, a.out, a.ranks2, relax[0], periods)
            print()
    return s.status


if __name__ == "__main__":
    sys.exit(main())
