#!/usr/bin/env python3
"""Table 1.4 of Zaki, Parthasarathy & Li on the simulated network of
workstations: actual against predicted best strategy.

    python3 bench/sim_table14.py [--bin DIR] [--out DIR] [--plot FILE.png]
        [--programs mxm,trfd,ac] [--ranks 4,16] [--persist S] [--seeds N,..]
        [--jobs J] [--own-profiles] [--keep-build] [--report]

Translates examples/{mxm,trfd,ac}.cpp with DIR/dlbcc (default build/bin),
builds them with smpicxx and `dlbcc --cflags/--libs
--sim`, and runs the chapter's configurations (section 1.5) under
DIR/dlb-simulate --platform=now -n P:

  MXM   n x r times r x m, m = 400: n = 400, 800 x r = 400, 800 at P = 4;
        n = 1600, 3200 x r = 400, 800 at P = 16 (100 and 200 rows a rank);
  TRFD  n = 30, 40, 50 at P = 4 and 16, its two loops (L1, L2) apart;
  AC    n = 100, 150, 200, 250 at P = 4 and 16;

each under static, gcdlb, gddlb, lcdlb, lddlb (--dlb-group=P/2: two
groups, as in the chapter) and auto, under the chapter's load: every rank's
load drawn from 0..5, redrawn every --persist simulated seconds (default
10), random:max=5,persist=S,seed=N with the same seed for every strategy;
with several --seeds every variant runs under each, and a row compares the
mean loop times over the seeds (one realization of the load moves a loop
of TRFD by up to 10%: its second loop starts when the first ends, at a
different time, so under different loads, for every strategy).
The programs are built per configuration with their arrays sized to it
(mxm -DMAXN=n -DMAXR=r -DMAXM=m, ac -DMAXN=n): the runtime sends rows at
their declared lengths, and the chapter's programs sent what the problem
has. Simulated time is deterministic, so each run is done once. Every run
gets the same network profile (--dlb-netprofile): the one auto measures at
start-up on P ranks of the platform, measured once per P (dlb-simulate
--cache); --own-profiles lets every run measure its own instead. A strategy's
time is its loop's elapsed_seconds from --dlb-stats (the
distribution of the data, the balancing and the collection of the results;
not the program's start-up nor auto's network measurement). Every run's
output is checked against the sequential build (g++) of the example.

For each row (a configuration, and a loop of TRFD): the actual order of the
four strategies, the order the cost model predicted at auto's first
selection (its predicted seconds from that synchronization on), whether the
strategy auto chose there is the actual best, auto's loss against the
actual best, and each strategy's time over static's. Summary against the
issue's targets: predicted best right in >= 85% of the rows (the chapter:
19 of 28), auto within 3% of the best on average and 8% at worst, every
DLB strategy faster than static at P = 16.

Writes to --out (default bench/results/sim_table14): output.txt (what is
printed), runs.csv (one row per run and loop), summary.csv, table.md (the
Markdown table) and the plot (--plot, default OUT/sim-table14.png) of the
times per row normalized to static's. --report prints and plots again from
runs.csv. Progress goes to stderr.
"""

import argparse
import collections
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import common
from common import ROOT, Reference, fmt_table, log, write_csv
from selection import chain

FIXED = ["gcdlb", "gddlb", "lcdlb", "lddlb"]
VARIANTS = ["static"] + FIXED + ["auto"]
SHORT = {"gcdlb": "GC", "gddlb": "GD", "lcdlb": "LC", "lddlb": "LD"}
LOAD_SPEC = "random:max=5,persist={persist:g},seed={seed}"
M_MXM = 400
TARGET_MATCH = 0.85
TARGET_MEAN, TARGET_MAX = 3.0, 8.0
RUN_TIMEOUT = 3600  # wall seconds per simulation
SIM_TIME = re.compile(r"dlb-simulate: simulated time (\S+) s")

RUN_HEADERS = ["program", "ranks", "size", "args", "seed", "strategy", "loop",
               "loop_name", "loop_s", "simulated_s", "wall_s",
               "synchronizations", "iterations_moved", "first_chosen",
               "chosen"] + ["predicted_" + s for s in FIXED] + ["output_ok"]


# ---------------------------------------------------------------- configurations

class Config:
    """One configuration of the chapter: a program, P, its arguments and
    the -D flags that size its arrays."""

    def __init__(self, program, ranks, args, label, defines=()):
        self.program, self.ranks, self.args = program, ranks, args
        self.label, self.defines = label, tuple(defines)

    def build_key(self):
        return (self.program,) + self.defines


def configurations(programs, ranks):
    out = []
    for p in ranks:
        per_rank = {4: (400, 800), 16: (1600, 3200)}.get(p, ())
        for n in per_rank if "mxm" in programs else ():
            for r in (400, 800):
                out.append(Config("mxm", p, [n, r, M_MXM],
                                  "n=%d, r=%d" % (n, r),
                                  ["-DMAXN=%d" % n, "-DMAXR=%d" % r,
                                   "-DMAXM=%d" % M_MXM]))
    for p in ranks:
        for n in (30, 40, 50) if "trfd" in programs else ():
            out.append(Config("trfd", p, [n], "n=%d(%d)" % (n, n * (n + 1) // 2)))
    for p in ranks:
        for n in (100, 150, 200, 250) if "ac" in programs else ():
            out.append(Config("ac", p, [n], "n=%d" % n, ["-DMAXN=%d" % n]))
    return out


# ---------------------------------------------------------------- building

def sim_flags(dlbcc):
    return [a for opt in ("--cflags", "--libs") for a in subprocess.run(
        [dlbcc, opt, "--sim"], check=True, capture_output=True,
        text=True).stdout.split()]


def build(workdir, dlbcc, key):
    """(simulated program, sequential program) of examples/PROGRAM.cpp with
    the -D flags of `key`."""
    program, defines = key[0], list(key[1:])
    name = "-".join([program] + [d[2:].replace("=", "") for d in defines])
    src = os.path.join(ROOT, "examples", program + ".cpp")
    emitted = os.path.join(workdir, name + ".dlb.cpp")
    sim, seq = os.path.join(workdir, name), os.path.join(workdir, name + ".seq")
    log("building %s" % name)
    subprocess.run([dlbcc, src] + defines + ["-o", emitted], check=True)
    subprocess.run(["smpicxx", "-std=c++17", "-O2", emitted] + defines +
                   sim_flags(dlbcc) + ["-o", sim], check=True,
                   capture_output=True)
    subprocess.run(["g++", "-std=c++17", "-O2", "-Wno-unknown-pragmas", src] +
                   defines + ["-o", seq], check=True)
    return sim, seq


# ---------------------------------------------------------------- running

def strategy_opts(strategy, ranks, group=None):
    """--dlb-strategy, and for the local strategies --dlb-group: `group`
    members (default P/2: two groups, as in the chapter)."""
    opts = ["--dlb-strategy=" + strategy]
    if strategy in ("lcdlb", "lddlb"):
        opts.append("--dlb-group=%d" % (group or ranks // 2))
    return opts


def measure_profile(simulator, prog, ranks, cache, platform="now",
                    args=("1",), sim_opts=()):
    """The network profile that auto measures at start-up on P ranks of
    `platform` (a short run of `prog args` under auto, its cache kept): the
    file to give every run."""
    subprocess.run([simulator, "--platform=" + platform] + list(sim_opts) +
                   ["--cache=" + cache, "-n", str(ranks), prog] +
                   [str(a) for a in args] + ["--dlb-strategy=auto"],
                   check=True, capture_output=True, timeout=RUN_TIMEOUT)
    return os.path.join(cache, "dlb", "netprofile")


def simulate(simulator, prog, cfg, strategy, load, statsfile, extra,
             platform="now", group=None, sim_opts=(), timeout=RUN_TIMEOUT):
    """One run under dlb-simulate --platform=PLATFORM (dlb-simulate's own
    options `sim_opts` first): (stdout, simulated s, wall s, stats)."""
    cmd = [simulator, "--platform=" + platform] + list(sim_opts) + \
        ["-n", str(cfg.ranks), prog] + \
        [str(a) for a in cfg.args] + strategy_opts(strategy, cfg.ranks,
                                                   group) + \
        ["--dlb-load=" + load, "--dlb-stats=" + statsfile] + extra
    t0 = time.monotonic()
    # Its own process group: on a timeout the simulator (smpimain, a child
    # of dlb-simulate's smpirun) is killed too.
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    common.LIVE.add(proc)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        common.kill_group(proc)
        raise
    common.LIVE.discard(proc)
    wall = time.monotonic() - t0
    err = err.decode(errors="replace")
    m = SIM_TIME.search(err)
    if proc.returncode != 0 or not m:
        raise RuntimeError("exit %d: %s\n%s" % (proc.returncode,
                                                " ".join(cmd), err[-2000:]))
    return out, float(m.group(1)), wall, common.read_stats(statsfile)


def records(cfg, seed, strategy, simulated, wall, stats, ok):
    """One runs.csv row (a dict) per loop of a run, in source order: L1, L2
    for TRFD, "-" for a program of one loop."""
    loops = common.loops_in_order(stats)
    out = []
    for i, (name, e) in enumerate(loops):
        sels = e.get("selections") or []
        pred = sels[0].get("predicted_seconds") or {} if sels else {}
        out.append({
            "program": cfg.program, "ranks": cfg.ranks, "size": cfg.label,
            "args": " ".join(str(a) for a in cfg.args), "seed": seed,
            "strategy": strategy,
            "loop": "L%d" % (i + 1) if len(loops) > 1 else "-",
            "loop_name": name, "loop_s": "%.6f" % e["elapsed_seconds"],
            "simulated_s": "%.6f" % simulated, "wall_s": "%.2f" % wall,
            "synchronizations": e.get("synchronizations", 0),
            "iterations_moved": e.get("iterations_moved", 0),
            "first_chosen": sels[0].get("chosen", "") if sels else "",
            "chosen": chain([s.get("chosen", "?") for s in sels]),
            **{"predicted_" + s: "" if pred.get(s) is None else
               "%.6f" % pred[s] for s in FIXED},
            "output_ok": int(ok)})
    return out


def run_all(args, configs, workdir, reference):
    """Builds what the configurations need and runs every variant of each,
    --jobs at a time; returns the runs.csv rows and the failed runs."""
    dlbcc = os.path.join(args.bin, "dlbcc")
    simulator = os.path.join(args.bin, "dlb-simulate")
    programs = {}
    for cfg in configs:
        if cfg.build_key() not in programs:
            programs[cfg.build_key()] = build(workdir, dlbcc, cfg.build_key())
        seq = programs[cfg.build_key()][1]
        reference.ref[(cfg.program, cfg.label)] = subprocess.run(
            [seq] + [str(a) for a in cfg.args], check=True,
            capture_output=True).stdout
    profiles = {}
    for p in sorted({c.ranks for c in configs}) if args.shared_profile else ():
        log("measuring the network profile on %d ranks" % p)
        profiles[p] = ["--dlb-netprofile=" + measure_profile(
            simulator, next(iter(programs.values()))[0], p,
            os.path.join(workdir, "cache-%d" % p))]
    jobs = [(cfg, seed, s) for seed in args.seeds for cfg in configs
            for s in VARIANTS]
    recs, failed = [], []

    def one(k, cfg, seed, strategy):
        what = "%s P=%d %s seed %d %s" % (cfg.program, cfg.ranks, cfg.label,
                                          seed, strategy)
        statsfile = os.path.join(workdir, "stats-%d.json" % k)
        out, simulated, wall, stats = simulate(
            simulator, programs[cfg.build_key()][0], cfg, strategy,
            LOAD_SPEC.format(persist=args.persist, seed=seed), statsfile,
            profiles.get(cfg.ranks, []))
        ok = reference.check((cfg.program, cfg.label), out, what)
        return what, records(cfg, seed, strategy, simulated, wall, stats, ok)

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {pool.submit(one, k, *job): job
                   for k, job in enumerate(jobs)}
        for done, f in enumerate(concurrent.futures.as_completed(futures), 1):
            cfg, seed, s = futures[f]
            try:
                what, new = f.result()
            except (RuntimeError, subprocess.SubprocessError) as e:
                failed.append("%s P=%d %s seed %d %s" % (
                    cfg.program, cfg.ranks, cfg.label, seed, s))
                log("  error: %s" % str(e)[-2000:])
                continue
            recs += new
            log("%3d/%d %-32s wall %6.1f s, simulated %8.2f s, loops %s" %
                (done, len(jobs), what, float(new[0]["wall_s"]),
                 float(new[0]["simulated_s"]),
                 " ".join("%s %s s %s" % (r["loop"], r["loop_s"], r["chosen"])
                          for r in new)))
    order = {(c.program, c.ranks, c.label): k for k, c in enumerate(configs)}
    recs.sort(key=lambda r: (order[(r["program"], int(r["ranks"]), r["size"])],
                             r["loop"], VARIANTS.index(r["strategy"])))
    return recs, failed


# ---------------------------------------------------------------- analysis

def rows_of(recs):
    """The table's rows, in the chapter's order (program, P, loop, size):
    dicts of the times per variant and what the model predicted, the means
    over the load seeds that every variant ran under (auto's first choice:
    the one it made under most seeds)."""
    groups = collections.OrderedDict()
    for r in recs:
        key = (r["program"], int(r["ranks"]), r["loop"], r["size"])
        groups.setdefault(key, {}).setdefault(r["strategy"], {})[
            r.get("seed", "1")] = r
    programs = list(dict.fromkeys(k[0] for k in groups))
    mean = lambda xs: sum(xs) / len(xs)
    rows = []
    for key in sorted(groups, key=lambda k: (programs.index(k[0]), k[1], k[2])):
        by = groups[key]
        if not all(v in by for v in VARIANTS):
            continue
        seeds = set.intersection(*(set(by[v]) for v in VARIANTS))
        if not seeds:
            continue
        t = {v: mean([float(by[v][k]["loop_s"]) for k in seeds])
             for v in VARIANTS}
        autos = [by["auto"][k] for k in sorted(seeds)]
        pred = {s: mean([float(a["predicted_" + s]) for a in autos])
                for s in FIXED if all(a["predicted_" + s] != "" for a in autos)}
        firsts = [a["first_chosen"] for a in autos]
        chains = list(dict.fromkeys(a["chosen"] for a in autos))
        best = min(FIXED, key=lambda s: t[s])
        rows.append({
            "program": key[0], "ranks": key[1], "loop": key[2],
            "size": key[3], "times": t, "best": best,
            "actual_order": sorted(FIXED, key=lambda s: t[s]),
            "predicted": pred, "seeds": len(seeds),
            "chosen": max(firsts, key=firsts.count),
            "predicted_order": sorted(pred, key=lambda s: pred[s]),
            "auto_chain": " | ".join(chains),
            "model_right": bool(pred) and min(pred, key=pred.get) == best,
            "auto_right": max(firsts, key=firsts.count) == best,
            "loss_pct": (t["auto"] / t[best] - 1) * 100,
            "vs_static": {s: t[s] / t["static"] for s in FIXED + ["auto"]},
            "ok": all(int(r["output_ok"]) for v in by.values()
                      for r in v.values())})
    return rows


def order_text(order):
    return "<".join(SHORT[s] for s in order) or "-"


def size_text(row):
    return row["size"] + (", " + row["loop"] if row["loop"] != "-" else "")


def markdown(rows):
    lines = ["| program | P | data size | actual order | predicted order | "
             "model right | auto chose | auto right | auto vs best | "
             "static s | " +
             " | ".join("%s / static" % SHORT[s] for s in FIXED) +
             " | auto / static |",
             "|" + "---|" * (11 + len(FIXED))]
    yes = lambda b: "yes" if b else "no"
    for r in rows:
        lines.append("| %s | %d | %s | %s | %s | %s | %s | %s | %+.1f%% | "
                     "%.1f | %s | %.3f |" % (
                         r["program"].upper(), r["ranks"], size_text(r),
                         order_text(r["actual_order"]),
                         order_text(r["predicted_order"]),
                         yes(r["model_right"]),
                         r["chosen"].upper() or "none",
                         yes(r["auto_right"]),
                         r["loss_pct"], r["times"]["static"],
                         " | ".join("%.3f" % r["vs_static"][s] for s in FIXED),
                         r["vs_static"]["auto"]))
    return "\n".join(lines) + "\n"


def summary_lines(rows):
    n = len(rows)
    right = sum(1 for r in rows if r["model_right"])
    chose = sum(1 for r in rows if r["auto_right"])
    losses = [r["loss_pct"] for r in rows]
    mean, worst = sum(losses) / n, max(losses)
    p16 = [r for r in rows if r["ranks"] == 16]
    slower = ["%s %s %s %.3f" % (r["program"], size_text(r), s,
                                 r["vs_static"][s])
              for r in p16 for s in FIXED if r["vs_static"][s] >= 1]
    met = lambda ok: "met" if ok else "NOT met"
    lines = [
        "predicted best right: %d of %d rows (%.0f%%; target >= %.0f%%, the "
        "chapter 19 of 28 = 68%%): %s" % (right, n, 100.0 * right / n,
                                          TARGET_MATCH * 100,
                                          met(right >= TARGET_MATCH * n)),
        "auto's choice (the predicted best, kept to gcdlb unless another is "
        "predicted faster by the re-selection margin) the actual best: %d of "
        "%d rows (%.0f%%)" % (chose, n, 100.0 * chose / n),
        "auto against the actual best: mean %+.1f%%, worst %+.1f%% (targets "
        "<= %.0f%% and <= %.0f%%): %s" % (
            mean, worst, TARGET_MEAN, TARGET_MAX,
            met(mean <= TARGET_MEAN and worst <= TARGET_MAX))]
    if p16:
        lines.append(
            "every DLB strategy faster than static at P = 16: %d of %d "
            "(strategy, row) pairs faster, best/worst ratio to static %.3f/"
            "%.3f: %s%s" % (
                len(p16) * len(FIXED) - len(slower), len(p16) * len(FIXED),
                min(r["vs_static"][s] for r in p16 for s in FIXED),
                max(r["vs_static"][s] for r in p16 for s in FIXED),
                met(not slower),
                "" if not slower else " (not faster: %s)" % "; ".join(slower)))
    bad = [size_text(r) for r in rows if not r["ok"]]
    lines.append("rows with an output mismatch: %d%s" % (
        len(bad), "" if not bad else " (%s)" % "; ".join(bad)))
    return lines


def report(rows, recs, out, plot):
    print(fmt_table(
        ["program", "P", "size", "actual order", "predicted order",
         "model right", "chose", "auto right", "auto chain", "auto vs best",
         "static s"] +
        ["%s/ST" % SHORT[s] for s in FIXED] + ["auto/ST"],
        [[r["program"], r["ranks"], size_text(r),
          order_text(r["actual_order"]), order_text(r["predicted_order"]),
          "yes" if r["model_right"] else "no", r["chosen"] or "none",
          "yes" if r["auto_right"] else "no",
          r["auto_chain"] or "-", "%+.1f%%" % r["loss_pct"],
          "%.2f" % r["times"]["static"]] +
         ["%.3f" % r["vs_static"][s] for s in FIXED + ["auto"]]
         for r in rows],
        "Table 1.4 on the simulated network of workstations (loop times in "
        "simulated seconds; orders fastest first; chose: auto's first "
        "selection; X/ST: time over static's)"))
    print()
    print(fmt_table(
        ["program", "P", "size"] + ["%s pred/actual s" % SHORT[s]
                                     for s in FIXED],
        [[r["program"], r["ranks"], size_text(r)] +
         ["%s / %.1f" % ("%.1f" % r["predicted"][s] if s in r["predicted"]
                         else "-", r["times"][s]) for s in FIXED]
         for r in rows],
        "The model at auto's first selection (predicted seconds from that "
        "synchronization on) and the strategies' loop times"))
    print()
    for line in summary_lines(rows):
        print(line)
    walls = [float(r["wall_s"]) for r in recs if r["loop"] in ("-", "L1")]
    print("simulations: %d, wall %.0f s in all, longest %.0f s" %
          (len(walls), sum(walls), max(walls)))
    write_csv(os.path.join(out, "summary.csv"),
              ["program", "ranks", "size", "loop", "actual_order",
               "predicted_order", "model_right", "auto_chose", "auto_right",
               "auto_chain",
               "auto_vs_best_pct"] + [v + "_s" for v in VARIANTS] +
              ["predicted_%s_s" % s for s in FIXED],
              [[r["program"], r["ranks"], r["size"], r["loop"],
                order_text(r["actual_order"]),
                order_text(r["predicted_order"]), int(r["model_right"]),
                r["chosen"], int(r["auto_right"]), r["auto_chain"],
                "%.2f" % r["loss_pct"]] +
               ["%.6f" % r["times"][v] for v in VARIANTS] +
               ["%.6f" % r["predicted"][s] if s in r["predicted"] else ""
                for s in FIXED] for r in rows])
    with open(os.path.join(out, "table.md"), "w") as f:
        f.write(markdown(rows))
        f.write("\n" + "\n".join("- " + l for l in summary_lines(rows)) + "\n")
    draw(rows, plot)


def draw(rows, path):
    """Grouped bars: every variant's loop time over static's, per row."""
    plotter = load_dlb_plot()
    values = {}
    groups = []
    for r in rows:
        g = "%s\nP=%d\n%s" % (r["program"].upper(), r["ranks"],
                             size_text(r).replace(", ", "\n"))
        groups.append(g)
        for v in VARIANTS[1:]:
            values[(g, v)] = r["vs_static"][v]
    fig, ax = plotter.plt.subplots(figsize=(0.9 * len(groups) + 3, 5))
    plotter.grouped_bars(ax, groups, VARIANTS[1:], values)
    ax.set_ylabel("loop time / static's (simulated)")
    ax.set_title("Table 1.4 configurations on the simulated NOW, random "
                 "load up to 5")
    plotter.save(fig, os.path.dirname(os.path.abspath(path)),
                 os.path.splitext(os.path.basename(path))[0])


def load_dlb_plot():
    """tools/dlb-plot as a module: its matplotlib set-up (with Debian's
    dist-packages as a fallback) and its grouped bars."""
    import importlib.machinery
    import importlib.util
    path = os.path.join(ROOT, "tools", "dlb-plot")
    loader = importlib.machinery.SourceFileLoader("dlb_plot", path)
    spec = importlib.util.spec_from_loader("dlb_plot", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


# ---------------------------------------------------------------- main

def run_and_report(run, args, workdir, runs_csv, plot, reference, started,
                   headers, rows_of, report):
    """Runs the simulations (run() -> records, failed runs), removes the
    programs unless --keep-build, writes runs.csv, reports and prints the
    summary lines; the exit status."""
    try:
        recs, failed = run()
    finally:
        if args.keep_build:
            log("programs kept in %s" % workdir)
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    write_csv(runs_csv, headers, [[r[h] for h in headers] for r in recs])
    report(rows_of(recs), recs, args.out, plot)
    print("output mismatches: %d%s" % (
        len(reference.mismatches), "" if not reference.mismatches else
        " (" + "; ".join(reference.mismatches) + ")"))
    if failed:
        print("failed runs (left out): %d: %s" % (len(failed),
                                                  "; ".join(failed)))
    print("total wall time %.1f min" % ((time.monotonic() - started) / 60))
    return 1 if failed or reference.mismatches else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"),
                    help="directory of dlbcc and dlb-simulate (default "
                    "%(default)s)")
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "results",
                                                  "sim_table14"),
                    help="output directory (default %(default)s)")
    ap.add_argument("--plot", help="the PNG (default OUT/sim-table14.png)")
    ap.add_argument("--programs", default="mxm,trfd,ac")
    ap.add_argument("--ranks", default="4,16")
    ap.add_argument("--persist", type=float, default=10.0,
                    help="simulated seconds between load redraws "
                    "(default %(default)g)")
    ap.add_argument("--seeds", default="1",
                    help="load seeds, comma-separated: every variant runs "
                    "under each, rows compare the mean times (default "
                    "%(default)s)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="simulations at a time (default: the cores)")
    ap.add_argument("--own-profiles", dest="shared_profile",
                    action="store_false",
                    help="the runtime's default: auto measures the network "
                    "at start-up, the fixed strategies run without a "
                    "profile (default: the profile auto measures on P "
                    "ranks, given to every run with --dlb-netprofile)")
    ap.add_argument("--keep-build", action="store_true")
    ap.add_argument("--report", action="store_true",
                    help="run nothing: report again from OUT/runs.csv")
    args = ap.parse_args()
    plot = args.plot or os.path.join(args.out, "sim-table14.png")
    runs_csv = os.path.join(args.out, "runs.csv")
    os.makedirs(args.out, exist_ok=True)
    if args.report:
        import csv
        with open(runs_csv, newline="") as f:
            recs = list(csv.DictReader(f))
        report(rows_of(recs), recs, args.out, plot)
        return 0

    args.seeds = [int(k) for k in args.seeds.split(",") if k]
    programs = [p for p in args.programs.split(",") if p]
    ranks = [int(p) for p in args.ranks.split(",") if p]
    configs = configurations(programs, ranks)
    if not configs:
        ap.error("no configuration: programs among mxm,trfd,ac, ranks 4,16")
    sys.stdout = common.Tee(sys.stdout, os.path.join(args.out, "output.txt"))
    started = time.monotonic()
    workdir = tempfile.mkdtemp(prefix="dlb-sim-table14-")
    reference = Reference(save_dir=args.out)
    print(fmt_table(["", ""], [
        ("git HEAD", common.git_head()),
        ("cpu", "%s, nproc %d" % (common.cpu_model(), os.cpu_count())),
        ("tools", args.bin),
        ("platform", "now (dlb-simulate --platform=now)"),
        ("load", LOAD_SPEC.format(persist=args.persist, seed="N") +
         ", N in " + ",".join(map(str, args.seeds))),
        ("variants", ", ".join(VARIANTS) + " (locals: --dlb-group=P/2)"),
        ("network profile", "measured by auto on P ranks, given to every "
         "run" if args.shared_profile else "the runtime's default (auto "
         "measures it at start-up; fixed strategies have none)"),
        ("simulations at a time", args.jobs)],
        "Table 1.4 on the simulated network of workstations"))
    print()
    return run_and_report(
        lambda: run_all(args, configs, workdir, reference), args, workdir,
        runs_csv, plot, reference, started, RUN_HEADERS, rows_of, report)

if __name__ == "__main__":
    sys.exit(main())
