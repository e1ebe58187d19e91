#!/usr/bin/env python3
"""The strategies at scale on the simulated cluster1024: where the
centralized protocols stop scaling, what auto picks, what a simulation costs.

    python3 bench/sim_scale.py [--bin DIR] [--out DIR] [--plot FILE.png]
        [--quick] [--programs mxm,trfd,ac,mandel] [--ranks 64,256,1024]
        [--loads none,random] [--persist S] [--seed N] [--quantum S]
        [--jobs J] [--keep-build] [--report]

Translates examples/{mxm,trfd,ac,mandel}.cpp with DIR/dlbcc (default
build/bin), builds them with smpicxx and `dlbcc --cflags/--libs --sim`
(bench/sim_table14.py's `build`), and runs each under DIR/dlb-simulate
--platform=cluster1024 -n P, P = 64, 256, 1024, for static, gcdlb, gddlb,
lcdlb, lddlb and auto, without load and under the chapter's random load
(random:max=5,persist=S,seed=N). One problem size per program, the same at
every P (strong scaling; SIZES below: each rank runs the sequential parts
of the program, its initialization included, in its own copy of the
arrays, so what fits 1024 ranks in memory bounds the size).

The local strategies get --dlb-group=32: a group is a leaf switch of the
fat tree (32 hosts), so P = 64 has the chapter's two groups, 256 eight and
1024 thirty-two. Every run gets --dlb-quantum=Q (default 0.0001 s): the
balancing period is at least t_quantum x quantumscale (eq. 13, 10 x 10 ms
by default, the operating system's time slice), longer than a whole loop
here at P >= 256; a simulated host has no time slice. Every run gets
--dlb-distribute=always (under auto's own test rank 0 runs mandel alone:
dlbcc counts escape()'s while loop once, 17 operations a point), the
network profile auto measures at start-up on --profile-ranks ranks
(default 64; measured once: auto's own measurement on 256 ranks takes
minutes of wall time, below) and dlb-simulate
--cfg=smpi/grow-injected-times:no --cfg=smpi/iprobe:1e-6
--cfg=smpi/test:1e-6 (SIM_OPTS below).

Every run's output is checked against the sequential build (g++). For each
(program, loop, P, load): each strategy's loop time (elapsed_seconds of
--dlb-stats) over static's, the best, auto's pick and its loss against the
best, the synchronizations of the centralized and distributed strategies,
and the wall seconds of the six simulations (the longest, and their sum).
A second table gives the loop times against P (the scaling of each
strategy).

--quick: mandel and ac only, P = 64 and 256, under load only.

Writes to --out (default bench/results/sim_scale): output.txt, runs.csv
(one row per run and loop), summary.csv, table.md and the plot (--plot,
default OUT/sim-scale.png): loop time against P per strategy and program,
under load. --report prints and plots again from runs.csv. Progress goes to
stderr.
"""

import argparse
import collections
import csv
import os
import subprocess
import sys
import tempfile
import threading
import time

import common
import sim_table14 as t14
from common import ROOT, Reference, fmt_table, log, write_csv

FIXED = t14.FIXED
VARIANTS = t14.VARIANTS
SHORT = t14.SHORT
PLATFORM = "cluster1024"
GROUP = 32            # members of a local group: one leaf switch
# SMPI charges every MPI_Iprobe and MPI_Test a fixed simulated time, 100 us
# by default (smpi/iprobe, smpi/test): on this platform that is 100 network
# latencies, and it made a 64-rank static mandel loop take 25.5 ms instead
# of 2.2 ms (rank 0 probing for each of 63 messages). 1 us is about what
# a probe costs on a current InfiniBand cluster.
SIM_OPTS = ["--cfg=smpi/grow-injected-times:no", "--cfg=smpi/iprobe:1e-6",
            "--cfg=smpi/test:1e-6"]
# Simulations of at least this many ranks run one at a time (memory: 1024
# copies of a 5 MB problem).
BIG = 1024

# One size per program, the same at every P. Memory: every rank holds the
# whole problem (each runs the program's sequential initialization), so
# 1024 ranks hold 1024 copies.
SIZES = {
    "mxm": ([2048, 256, 256], "n=2048, r=m=256",
            ["-DMAXN=2048", "-DMAXR=256", "-DMAXM=256"]),
    "trfd": ([40], "n=40(820)", []),
    "ac": ([200], "n=200(40000)", ["-DMAXN=200"]),
    "mandel": ([4096, 512], "4096 rows x 512",
               ["-DMAXN=4096", "-DMAXW=512"]),
}
PROGRAMS = ["mxm", "trfd", "ac", "mandel"]

RUN_HEADERS = t14.RUN_HEADERS[:4] + ["load"] + t14.RUN_HEADERS[4:] + \
    ["status"]
LOOPS = {"trfd": ["L1", "L2"]}


def configurations(programs, ranks):
    out = []
    for prog in programs:
        args, label, defines = SIZES[prog]
        for p in ranks:
            out.append(t14.Config(prog, p, args, label, defines))
    return out


def build_programs(args, configs, workdir, reference):
    """The simulated and sequential programs of every configuration (by
    build key), and the sequential output of each (program, size)."""
    dlbcc = os.path.join(args.bin, "dlbcc")
    programs = {}
    for cfg in configs:
        if cfg.build_key() not in programs:
            programs[cfg.build_key()] = t14.build(workdir, dlbcc,
                                                  cfg.build_key())
            seq = programs[cfg.build_key()][1]
            reference.ref[(cfg.program, cfg.label)] = subprocess.run(
                [seq] + [str(a) for a in cfg.args], check=True,
                capture_output=True).stdout
    return programs


def network_profile(args, programs, workdir):
    """auto's start-up measurement is an all-to-all among all P ranks (the
    quick profile): P^2 concurrent flows in SimGrid's network model, whose
    every event solves the sharing among all of them. So the profile is
    measured once, on --profile-ranks ranks, and given to every run: its
    --dlb-netprofile option."""
    log("measuring the network profile on %d ranks" % args.profile_ranks)
    t0 = time.monotonic()
    small = next((k for k in programs if k[0] == "mandel"),
                 next(iter(programs)))
    profile = t14.measure_profile(
        os.path.join(args.bin, "dlb-simulate"), programs[small][0],
        args.profile_ranks, os.path.join(workdir, "cache"),
        platform=PLATFORM,
        args=("8",) if small[0] == "mandel" else ("1",), sim_opts=SIM_OPTS)
    log("  %.1f s" % (time.monotonic() - t0))
    return "--dlb-netprofile=" + profile


class Campaign:
    """Every variant of every configuration under every load, --jobs
    simulations at a time: each worker takes the first job it may run, the
    biggest simulations first, never two of >= BIG ranks at once (memory).
    A (strategy, P) whose simulation timed out is not tried again with
    another program or load: it is recorded as skipped."""

    def __init__(self, args, configs, loads, programs, options, workdir,
                 reference):
        self.args, self.programs, self.options = args, programs, options
        self.workdir, self.reference = workdir, reference
        self.jobs = [(cfg, load, s) for cfg in configs for load in loads
                     for s in VARIANTS]
        self.pending = sorted(enumerate(self.jobs),
                              key=lambda kj: -kj[1][0].ranks)
        self.cond = threading.Condition()
        self.big = self.done = 0
        self.gave_up = set()
        self.recs, self.failed = [], []

    def simulate(self, k, cfg, load, strategy):
        """One simulation: what it was, and its runs.csv rows."""
        what = "%s P=%d %s %s %s" % (cfg.program, cfg.ranks, cfg.label,
                                     "load" if load != "none" else "no load",
                                     strategy)
        statsfile = os.path.join(self.workdir, "stats-%d.json" % k)
        out, simulated, wall, stats = t14.simulate(
            os.path.join(self.args.bin, "dlb-simulate"),
            self.programs[cfg.build_key()][0], cfg, strategy, load,
            statsfile, self.options, platform=PLATFORM, group=GROUP,
            sim_opts=SIM_OPTS, timeout=self.args.timeout)
        ok = self.reference.check((cfg.program, cfg.label), out, what)
        new = t14.records(cfg, self.args.seed, strategy, simulated, wall,
                          stats, ok)
        for r in new:
            r["load"] = "none" if load == "none" else "random"
            r["status"] = "ok"
        return what, new

    def unfinished(self, cfg, load, strategy, status, wall):
        """The rows of a simulation that timed out or was skipped."""
        return [{"program": cfg.program, "ranks": cfg.ranks,
                 "size": cfg.label, "args": " ".join(map(str, cfg.args)),
                 "seed": self.args.seed,
                 "load": "none" if load == "none" else "random",
                 "strategy": strategy, "loop": loop, "loop_name": "",
                 "loop_s": "", "simulated_s": "", "wall_s": "%.2f" % wall,
                 "synchronizations": "", "iterations_moved": "",
                 "first_chosen": "", "chosen": "", "output_ok": 1,
                 "status": status,
                 **{"predicted_" + s: "" for s in FIXED}}
                for loop in LOOPS.get(cfg.program, ["-"])]

    def take(self):
        """The next job this worker may run (under the lock), None when
        none is left; skipped jobs are recorded on the way."""
        while True:
            pick = next((i for i, (k, j) in enumerate(self.pending)
                         if j[0].ranks < BIG or not self.big), None)
            if pick is None:
                if not self.pending:
                    return None
                self.cond.wait()
                continue
            k, (cfg, load, s) = self.pending.pop(pick)
            if (s, cfg.ranks) in self.gave_up:
                self.done += 1
                self.recs.extend(self.unfinished(cfg, load, s, "skipped", 0))
                continue
            self.big += cfg.ranks >= BIG
            return k, cfg, load, s

    def finish(self, cfg, load, s, what, new):
        """Records a simulation's outcome (under the lock)."""
        self.big -= cfg.ranks >= BIG
        self.done += 1
        self.cond.notify_all()
        if what == "timeout":
            self.gave_up.add((s, cfg.ranks))
            self.recs.extend(new)
            log("%3d/%d %s P=%d %s %s: timeout after %.0f s wall; %s is not "
                "simulated again at P=%d" % (
                    self.done, len(self.jobs), cfg.program, cfg.ranks,
                    load[:6], s, self.args.timeout, s, cfg.ranks))
        elif what is None:
            self.failed.append("%s P=%d %s %s %s" % (
                cfg.program, cfg.ranks, cfg.label, load, s))
            log("  error: %s" % new[-2000:])
        else:
            self.recs.extend(new)
            log("%3d/%d %-40s wall %6.1f s, simulated %8.4f s, loops %s" % (
                self.done, len(self.jobs), what, float(new[0]["wall_s"]),
                float(new[0]["simulated_s"]),
                " ".join("%s %s s %s syncs %s" % (
                    r["loop"], r["loop_s"], r["chosen"] or "-",
                    r["synchronizations"]) for r in new)))

    def worker(self):
        while True:
            with self.cond:
                job = self.take()
            if job is None:
                return
            k, cfg, load, s = job
            t0 = time.monotonic()
            try:
                what, new = self.simulate(k, cfg, load, s)
            except subprocess.TimeoutExpired:
                what, new = "timeout", self.unfinished(
                    cfg, load, s, "timeout", time.monotonic() - t0)
            except (RuntimeError, subprocess.SubprocessError) as e:
                what, new = None, str(e)
            with self.cond:
                self.finish(cfg, load, s, what, new)

    def run(self):
        threads = [threading.Thread(target=self.worker)
                   for _ in range(self.args.jobs)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()


def run_all(args, configs, loads, workdir, reference):
    """Builds what the configurations need and runs every variant of each
    under each load; returns the runs.csv rows and the failed runs."""
    programs = build_programs(args, configs, workdir, reference)
    options = ["--dlb-quantum=%g" % args.quantum, "--dlb-distribute=always",
               network_profile(args, programs, workdir)]
    campaign = Campaign(args, configs, loads, programs, options, workdir,
                        reference)
    campaign.run()
    order = {c.program: k for k, c in enumerate(configs)}
    campaign.recs.sort(key=lambda r: (order[r["program"]], r["loop"],
                                      r["load"], int(r["ranks"]),
                                      VARIANTS.index(r["strategy"])))
    return campaign.recs, campaign.failed


def read_runs(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def merge_runs(recs, extra):
    """recs with the runs of `extra` in place of theirs (same program,
    loop, load, P and strategy); an unfinished run of extra replaces
    nothing."""
    def key(r):
        return (r["program"], r["loop"], r["load"], int(r["ranks"]),
                r["strategy"])
    new = {key(r): r for r in extra if r.get("status", "ok") == "ok"}
    out = [new.pop(key(r), r) for r in recs]
    return out + list(new.values())


# ---------------------------------------------------------------- analysis

def rows_of(recs):
    """One row per (program, loop, load, P) that has all six variants (run,
    timed out or skipped); the times of unfinished variants are None."""
    groups = collections.OrderedDict()
    for r in recs:
        key = (r["program"], r["loop"], r["load"], int(r["ranks"]), r["size"])
        groups.setdefault(key, {})[r["strategy"]] = r
    rows = []
    for key, by in groups.items():
        if not all(v in by for v in VARIANTS):
            continue
        t = {v: float(by[v]["loop_s"]) if by[v]["loop_s"] != "" else None
             for v in VARIANTS}
        ran = [v for v in VARIANTS[:-1] if t[v] is not None]
        best = min(ran, key=lambda s: t[s])
        dlb = [s for s in FIXED if t[s] is not None]
        auto = by["auto"]
        pred = {s: float(auto["predicted_" + s]) for s in FIXED
                if auto["predicted_" + s] != ""}
        walls = [float(by[v]["wall_s"]) for v in VARIANTS]
        rows.append({
            "program": key[0], "loop": key[1], "load": key[2],
            "ranks": key[3], "size": key[4], "times": t, "best": best,
            "best_dlb": min(dlb, key=lambda s: t[s]) if dlb else "",
            "complete": len(dlb) == len(FIXED),
            "chosen": auto["first_chosen"], "auto_chain": auto["chosen"],
            "predicted": pred,
            "loss_pct": (t["auto"] / t[best] - 1) * 100
            if t["auto"] is not None else None,
            "vs_static": {s: t[s] / t["static"] if t[s] is not None
                          else None for s in VARIANTS},
            "status": {v: by[v].get("status", "ok") for v in VARIANTS},
            "syncs": {s: by[s]["synchronizations"] for s in VARIANTS},
            "wall": {v: float(by[v]["wall_s"]) for v in VARIANTS},
            "wall_max": max(walls), "wall_sum": sum(walls),
            "ok": all(int(r["output_ok"]) for r in by.values())})
    return rows


def what(row):
    return "%s%s" % (row["program"].upper(),
                     " " + row["loop"] if row["loop"] != "-" else "")


def name(s):
    return SHORT.get(s, s)


def ratio(row, v):
    if row["vs_static"][v] is not None:
        return "%.3f" % row["vs_static"][v]
    return {"timeout": "timeout", "skipped": "skipped"}.get(
        row["status"][v], "-")


def table_rows(rows):
    return [[what(r), r["size"], r["load"], r["ranks"],
             "%.4f" % r["times"]["static"]] +
            [ratio(r, s) for s in FIXED + ["auto"]] +
            [name(r["best"]), name(r["chosen"]) or "-",
             "%+.1f%%" % r["loss_pct"] if r["loss_pct"] is not None
             else "-",
             "%s/%s" % (r["syncs"]["gcdlb"] or "-",
                        r["syncs"]["gddlb"] or "-"),
             "%.0f" % r["wall_max"], "%.0f" % r["wall_sum"]]
            for r in rows]


HEADERS = ["loop", "size", "load", "P", "static s"] + \
    ["%s/ST" % SHORT[s] for s in FIXED] + \
    ["auto/ST", "best", "auto chose", "auto vs best", "syncs GC/GD",
     "wall max s", "wall sum s"]


def markdown(rows):
    lines = ["| " + " | ".join(HEADERS) + " |",
             "|" + "---|" * len(HEADERS)]
    for cells in table_rows(rows):
        lines.append("| " + " | ".join(str(c) for c in cells) + " |")
    return "\n".join(lines) + "\n"


def scaling_rows(rows):
    """Per (loop, load): each variant's loop time at every P."""
    by = collections.OrderedDict()
    for r in rows:
        by.setdefault((what(r), r["load"]), {})[r["ranks"]] = r
    out = []
    for (w, load), per in by.items():
        ps = sorted(per)
        for v in VARIANTS:
            ts = [per[p]["times"][v] for p in ps]
            out.append([w, load, name(v)] +
                       ["%.4f" % x if x is not None else
                        per[p]["status"][v] for x, p in zip(ts, ps)] +
                       ["%.2f" % (ts[0] / ts[-1]) if None not in ts
                        else "-"])
    return out


def summary_lines(rows):
    n = len(rows)
    full = [r for r in rows if r["complete"] and r["chosen"]]
    right = sum(1 for r in full if r["chosen"] == r["best_dlb"])
    losses = [r["loss_pct"] for r in rows if r["loss_pct"] is not None]
    lines = [
        "auto's first pick is the fastest of the four DLB strategies in %d "
        "of %d rows where all four ran" % (right, len(full)),
        "auto against the fastest variant that ran (static included): "
        "mean %+.1f%%, worst %+.1f%% (%d rows)" % (
            sum(losses) / max(len(losses), 1), max(losses, default=0),
            len(losses)),
        "static is the fastest in %d of %d rows" % (
            sum(1 for r in rows if r["best"] == "static"), n)]
    unfinished = sorted({"%s P=%d" % (name(v), r["ranks"]) for r in rows
                         for v in VARIANTS if r["status"][v] != "ok"})
    if unfinished:
        lines.append("not simulated to the end (timeout, then skipped): " +
                     ", ".join(unfinished))
    bad = ["%s P=%d %s" % (what(r), r["ranks"], r["load"])
           for r in rows if not r["ok"]]
    lines.append("rows with an output mismatch: %d%s" % (
        len(bad), "" if not bad else " (%s)" % "; ".join(bad)))
    return lines


def report(rows, recs, out, plot):
    print(fmt_table(HEADERS, table_rows(rows),
                    "Strategies on cluster1024 (loop times in simulated "
                    "seconds; X/ST: time over static's; best: fastest of "
                    "all six; syncs: synchronizations of gcdlb/gddlb; wall: "
                    "the six simulations' longest and sum)"))
    print()
    ps = sorted({r["ranks"] for r in rows})
    print(fmt_table(["loop", "load", "strategy"] +
                    ["P=%d s" % p for p in ps] +
                    ["P=%d/P=%d speedup" % (ps[-1], ps[0])],
                    [r for r in scaling_rows(rows)
                     if len(r) == 4 + len(ps)],
                    "Scaling: loop time (simulated s) against P"))
    print()
    print(fmt_table(
        ["loop", "load", "P"] + ["%s pred/actual s" % SHORT[s]
                                 for s in FIXED],
        [[what(r), r["load"], r["ranks"]] +
         ["%s / %s" % ("%.4f" % r["predicted"][s] if s in r["predicted"]
                       else "-", "%.4f" % r["times"][s]
                       if r["times"][s] is not None else r["status"][s])
          for s in FIXED]
         for r in rows],
        "The model at auto's first selection (predicted seconds from that "
        "synchronization on) and the strategies' loop times"))
    print()
    for line in summary_lines(rows):
        print(line)
    walls = [float(r["wall_s"]) for r in recs if r["loop"] in ("-", "L1")
             and r.get("status", "ok") != "skipped"]
    if walls:
        print("simulations: %d, wall %.0f s in all, longest %.0f s" %
              (len(walls), sum(walls), max(walls)))
    write_csv(os.path.join(out, "summary.csv"),
              ["program", "loop", "size", "load", "ranks", "best",
               "auto_chose", "auto_chain", "auto_vs_best_pct"] +
              [v + "_s" for v in VARIANTS] +
              [v + "_syncs" for v in VARIANTS] +
              ["predicted_%s_s" % s for s in FIXED] +
              ["wall_max_s", "wall_sum_s"],
              [[r["program"], r["loop"], r["size"], r["load"], r["ranks"],
                r["best"], r["chosen"], r["auto_chain"],
                "" if r["loss_pct"] is None else "%.2f" % r["loss_pct"]] +
               ["%.6f" % r["times"][v] if r["times"][v] is not None else
                r["status"][v] for v in VARIANTS] +
               [r["syncs"][v] for v in VARIANTS] +
               ["%.6f" % r["predicted"][s] if s in r["predicted"] else ""
                for s in FIXED] +
               ["%.1f" % r["wall_max"], "%.1f" % r["wall_sum"]]
               for r in rows])
    with open(os.path.join(out, "table.md"), "w") as f:
        f.write(markdown(rows))
        f.write("\n" + "\n".join("- " + l for l in summary_lines(rows)) +
                "\n")
    draw(rows, plot)


def draw(rows, path):
    """Loop time against P, one panel per loop, a line per variant."""
    plotter = t14.load_dlb_plot()
    plt = plotter.plt
    loaded = [r for r in rows if r["load"] == "random"] or rows
    loops = list(dict.fromkeys(what(r) for r in loaded))
    if not loops:
        return
    fig, axes = plt.subplots(1, len(loops), figsize=(3.6 * len(loops), 3.8),
                             squeeze=False)
    for ax, w in zip(axes[0], loops):
        mine = sorted((r for r in loaded if what(r) == w),
                      key=lambda r: r["ranks"])
        ps = [r["ranks"] for r in mine]
        for v in VARIANTS:
            pts = [(r["ranks"], r["times"][v]) for r in mine
                   if r["times"][v] is not None]
            ax.plot([p for p, _ in pts], [t for _, t in pts], marker="o",
                    label=name(v))
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xticks(ps)
        ax.set_xticklabels([str(p) for p in ps])
        ax.set_title("%s %s" % (w, mine[0]["size"]), fontsize=9)
        ax.set_xlabel("P")
    axes[0][0].set_ylabel("loop time (simulated s)")
    axes[0][-1].legend(fontsize=7)
    fig.suptitle("cluster1024, %s" % ("random load up to 5" if
                                      loaded[0]["load"] == "random"
                                      else "no load"), fontsize=10)
    plotter.save(fig, os.path.dirname(os.path.abspath(path)),
                 os.path.splitext(os.path.basename(path))[0])


# ---------------------------------------------------------------- main

def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"),
                    help="directory of dlbcc and dlb-simulate (default "
                    "%(default)s)")
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "results",
                                                  "sim_scale"),
                    help="output directory (default %(default)s)")
    ap.add_argument("--plot", help="the PNG (default OUT/sim-scale.png)")
    ap.add_argument("--quick", action="store_true",
                    help="mandel and ac at P = 64, 256, under load")
    ap.add_argument("--programs", default=None,
                    help="default " + ",".join(PROGRAMS))
    ap.add_argument("--ranks", default=None, help="default 64,256,1024")
    ap.add_argument("--loads", default=None,
                    help="none,random (default both)")
    ap.add_argument("--persist", type=float, default=0.01,
                    help="simulated seconds between load redraws "
                    "(default %(default)g)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quantum", type=float, default=1e-4,
                    help="--dlb-quantum of every run (default %(default)g)")
    ap.add_argument("--timeout", type=float, default=300,
                    help="wall seconds a simulation may take; a (strategy, "
                    "P) that timed out is not simulated again (default "
                    "%(default)g)")
    ap.add_argument("--profile-ranks", type=int, default=64,
                    help="ranks of the one network profile measurement "
                    "(default %(default)s)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="simulations at a time (default: the cores)")
    ap.add_argument("--keep-build", action="store_true")
    ap.add_argument("--report", action="store_true",
                    help="run nothing: report again from OUT/runs.csv")
    ap.add_argument("--add-runs", action="append", default=[],
                    metavar="DIR", help="with --report: the runs of "
                    "DIR/runs.csv (e.g. a run of some variants with a "
                    "longer --timeout) replace those of OUT/runs.csv of the "
                    "same program, loop, load, P and strategy, and OUT/"
                    "runs.csv is rewritten with them")
    args = ap.parse_args()
    if not args.report:
        unknown = [p for p in (args.programs or "").split(",")
                   if p and p not in SIZES]
        if unknown:
            ap.error("unknown programs: %s" % ",".join(unknown))
    return args


def main():
    args = parse_args()
    plot = args.plot or os.path.join(args.out, "sim-scale.png")
    runs_csv = os.path.join(args.out, "runs.csv")
    os.makedirs(args.out, exist_ok=True)
    if args.report:
        recs = read_runs(runs_csv)
        for extra_dir in args.add_runs:
            recs = merge_runs(recs, read_runs(os.path.join(extra_dir,
                                                           "runs.csv")))
        write_csv(runs_csv, RUN_HEADERS, [[r.get(h, "") for h in RUN_HEADERS]
                                          for r in recs])
        report(rows_of(recs), recs, args.out, plot)
        return 0

    programs = (args.programs or ("mandel,ac" if args.quick else
                                  ",".join(PROGRAMS))).split(",")
    ranks = [int(p) for p in (args.ranks or ("64,256" if args.quick else
                                             "64,256,1024")).split(",")]
    loads = (args.loads or ("random" if args.quick else
                            "none,random")).split(",")
    load_spec = t14.LOAD_SPEC.format(persist=args.persist, seed=args.seed)
    loads = ["none" if l == "none" else load_spec for l in loads]
    configs = configurations(programs, ranks)
    sys.stdout = common.Tee(sys.stdout, os.path.join(args.out, "output.txt"))
    started = time.monotonic()
    workdir = tempfile.mkdtemp(prefix="dlb-sim-scale-")
    reference = Reference(save_dir=args.out)
    print(fmt_table(["", ""], [
        ("git HEAD", common.git_head()),
        ("cpu", "%s, nproc %d" % (common.cpu_model(), os.cpu_count())),
        ("tools", args.bin),
        ("platform", "%s (dlb-simulate --platform=%s %s)" % (
            PLATFORM, PLATFORM, " ".join(SIM_OPTS))),
        ("sizes", "; ".join("%s %s" % (p, SIZES[p][1]) for p in programs)),
        ("loads", ", ".join(loads)),
        ("variants", ", ".join(VARIANTS) +
         " (locals: --dlb-group=%d)" % GROUP),
        ("every run", "--dlb-quantum=%g --dlb-distribute=always, the "
         "network profile auto measures on %d ranks" % (args.quantum,
                                                       args.profile_ranks)),
        ("simulations at a time", args.jobs)],
        "The strategies at scale on the simulated cluster1024"))
    print()
    return t14.run_and_report(
        lambda: run_all(args, configs, loads, workdir, reference), args,
        workdir, runs_csv, plot, reference, started, RUN_HEADERS, rows_of,
        report)

if __name__ == "__main__":
    sys.exit(main())
