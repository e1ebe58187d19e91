#!/usr/bin/env python3
"""Strategy selection benchmark of dlbcc/libdlb: the cost model's choice
(--dlb-strategy=auto) against the four strategies, after Table 1.4 of Zaki,
Parthasarathy & Li.

    python3 bench/selection.py [--quick] [--out DIR] [--reps N]
        [--only A|B | --phase] [--programs mxm,trfd,ac] [--ranks 2,4[,8]]
        [--phase-program mxm] [--phase-size N] [--phase-ranks 8]
        [--phase-until S] [--phase-load SCHEDULE] [--netprofile FILE]
        [--keep-build]
        [--no-wait-quiet] [--report]

Translates examples/{mxm,trfd,ac}.cpp with build/bin/dlbcc and compiles them
with mpicxx (into a temporary directory, linked against a private copy of
build/lib/libdlb.so; see bench/common.py), then runs:

Experiment A (Table 1.4): mxm, trfd and ac, two data sizes each, on P = 2
and 4 ranks (--ranks 2,4,8 adds 8), under the emulated external load
random:max=5,persist=0.5,seed=S, with each of gcdlb, gddlb, lcdlb, lddlb and
auto, repeated (3 times by default). Repetition r uses seed 1000 + r for
every strategy, so within a repetition all strategies face the same load
schedule. Each loop is a row of its own (trfd's two loops are L1 and L2, as
in the chapter): the median of the loop's elapsed_seconds (--dlb-stats) for
every strategy, the actual best (the lowest median among the fixed
strategies), the predicted best (the strategy the auto runs' first
selection chose, the most common over the repetitions; "?" while the
runtime does not report its selections), the auto runs' median and what it
lost against the actual best. Then a summary: matches, and the mean and
maximum loss of auto against the actual best over all rows (target: mean
<= 3%, max <= 8%), plus, over the mispredicted rows, the chapter's measure
(the predicted strategy's own fixed-strategy median against the actual
best: 2.7% mean and 8.2% maximum in the chapter) and auto's loss there.

Experiment B (--phase, or --only B; part of the default run): adaptive
re-selection under a load that changes pattern. mxm 1024 (uniform work, so
the load is the only imbalance) on P = 8 under the load schedule
  constant:load=3,ranks={slow},until=1.5;random:max=5,persist=0.05,seed=S
(--phase-load, --phase-until): for 1.5 s the first local group (ranks 0 ..
ceil(P/2)-1) runs 4 times slower than the other, so only global balancing
helps; then every rank's load is redrawn every 50 ms, the groups alike on
average, with many synchronizations, where the local strategies' smaller
synchronizations are cheaper. Variants: static, the four strategies, auto
(re-selection on, the default) and auto with --dlb-reselect=off. Each
repetition uses seed S = 1 + rep for every variant.

The auto runs need the cost model's network profile: libdlb reads a cached
one or measures it at start-up, after the emulated load's clock has
started, which would shift the load schedule against the auto runs' loops;
--netprofile FILE gives one to every run (fixed strategies too, so that all
start alike). The header says which applies.

Everything is printed as plain tables on stdout (progress goes to stderr),
with the date and the machine at the top, and written to --out (default
bench/results/selection/): output.txt (a copy of what is printed),
a_runs.csv and b_runs.csv (one row per run and loop), a_summary.csv and
b_summary.csv. --report prints the tables again from the CSV files. Python
standard library only. This is a benchmark, not a test: it prints figures
and checks targets, and its exit status is 0 unless a run fails.
"""

import argparse
import collections
import csv
import os
import sys

import common
from common import ROOT, Session, fmt_table, log, med, write_csv

PROGRAMS = ["mxm", "trfd", "ac"]
FIXED = ["gcdlb", "gddlb", "lcdlb", "lddlb"]
SHORT = {"gcdlb": "GC", "gddlb": "GD", "lcdlb": "LC", "lddlb": "LD",
         "static": "ST"}
# Data sizes (argv[1]): one run under the load takes about 1 to 4 s on 4
# ranks on this 2-core machine.
SIZES_FULL = {"mxm": [768, 1024], "trfd": [60, 75], "ac": [224, 256]}
SIZES_QUICK = {"mxm": [256], "trfd": [30], "ac": [64]}
LOAD_SPEC = "random:max=5,persist=0.5,seed={seed}"
SEED_BASE = 1000

# Experiment B.
PHASE_SEED_BASE = 1
# Phase 1: the first local group 4 times slower than the other (only global
# balancing helps); phase 2: a random load redrawn every 50 ms on every
# rank (many synchronizations, the groups alike on average).
PHASE_LOAD = ("constant:load=3,ranks={slow},until={until};"
              "random:max=5,persist=0.05,seed={seed}")
PHASE_DEFAULTS = {"program": "mxm", "size": 1024, "ranks": "8",
                  "until": 1.5}
PHASE_QUICK = {"size": 512, "until": 0.5}

# Targets: auto against the actual best, all rows.
TARGET_MEAN = 3.0
TARGET_MAX = 8.0
CHAPTER_MEAN, CHAPTER_MAX = 2.7, 8.2  # mispredicted rows of Table 1.4

RUN_HEADERS = [
    "experiment", "program", "size", "ranks", "load", "variant", "rep",
    "seed", "loop", "loop_name", "wall_s", "loop_s", "strategy_reported",
    "synchronizations", "iterations_moved", "selections_reported",
    "selections", "first_chosen", "chosen_chain", "switches"] + \
    ["predicted_" + s for s in FIXED] + \
    ["output_ok", "busy_cores_before", "foreign_cores_during"]


def size_label(prog, size):
    if prog == "trfd":
        return "n=%d(%d)" % (size, size * (size + 1) // 2)
    return "n=%d" % size


NETPROFILE = []  # ["--dlb-netprofile=FILE"] with --netprofile


def variant_opts(variant):
    """The --dlb options of a variant label."""
    if variant == "auto, no reselect":
        return ["--dlb-strategy=auto", "--dlb-reselect=off"] + NETPROFILE
    return ["--dlb-strategy=" + variant] + NETPROFILE


def netprofile_note(given):
    """How the auto runs get the cost model's network profile. Measuring it
    at start-up delays the program's main, and the emulated load's clock
    starts before it, so the run that measures it meets the load schedule
    later in its loops than the others do."""
    if given:
        return "%s (--dlb-netprofile, given to every run)" % given
    return ("measured at the start of the session's first auto run and "
            "cached for the others in the session's own cache (that run "
            "meets the load schedule later; give --netprofile FILE)")


# ---------------------------------------------------------------- records

def chain(chosen):
    """"a>b>a" for the chosen strategies in order, repeats collapsed."""
    out = []
    for c in chosen:
        if not out or out[-1] != c:
            out.append(c)
    return ">".join(out)


def records(exp, prog, size, p, load, variant, rep, seed, wall, stats, ok,
            busy, foreign):
    """One record (a CSV row as a dict) per loop of one run, loops labelled
    L1, L2, ... in source order ("-" when the program has one loop)."""
    loops = common.loops_in_order(stats)
    recs = []
    for i, (name, e) in enumerate(loops):
        sels = e.get("selections")
        first = sels[0] if sels else {}
        pred = first.get("predicted_seconds") or {}
        chosen = [s.get("chosen", "?") for s in sels or []]
        recs.append({
            "experiment": exp, "program": prog, "size": size, "ranks": p,
            "load": load, "variant": variant, "rep": rep, "seed": seed,
            "loop": "L%d" % (i + 1) if len(loops) > 1 else "-",
            "loop_name": name, "wall_s": "%.4f" % wall,
            "loop_s": "%.4f" % e["elapsed_seconds"],
            "strategy_reported": e.get("strategy", "?"),
            "synchronizations": e.get("synchronizations", 0),
            "iterations_moved": e.get("iterations_moved", 0),
            "selections_reported": int(sels is not None),
            "selections": len(sels or []),
            "first_chosen": first.get("chosen", ""),
            "chosen_chain": chain(chosen),
            "switches": sum(1 for s in sels or [] if s.get("switched")),
            **{"predicted_" + s: ("%.4f" % pred[s] if pred.get(s) is not None
               else "inf" if s in pred else "")
               for s in FIXED},
            "output_ok": int(ok), "busy_cores_before": "%.2f" % busy,
            "foreign_cores_during": "%.2f" % foreign})
    return recs


def read_records(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def write_records(path, recs):
    write_csv(path, RUN_HEADERS, [[r[h] for h in RUN_HEADERS] for r in recs])


def most_common(values):
    """The most common value, the earliest of equally common ones."""
    values = [v for v in values if v != ""]
    if not values:
        return ""
    counts = collections.Counter(values)
    top = max(counts.values())
    return next(v for v in values if counts[v] == top)


def pct(x):
    return "%+.1f%%" % x


def fsec(x):
    return "%.3f" % x if x == x else "?"


# ---------------------------------------------------------------- running

FAILED = []  # descriptions of the runs that failed


def measured_run(session, prog, p, size, opts, statsfile, what):
    """One run after waiting for quiet, checked against the reference
    output; None (and an entry in FAILED) if it fails, so that one failing
    run does not end the benchmark."""
    try:
        (wall, out, st, _, fc), busy = session.quiet.measured(
            lambda: common.run(prog, p, [size], opts, statsfile))
    except RuntimeError as e:
        FAILED.append(what)
        log("  error: run failed: %s\n%s" % (what, str(e)[-2000:]))
        return None
    ok = session.reference.check((os.path.basename(prog), size), out, what)
    return wall, st, ok, busy, fc


def variant_run(session, exp, progs, prog, size, p, variant, rep, seed,
                load, statsfile):
    """One run of a variant under a load: (its records, wall seconds, cores
    used by other processes), or None if it failed."""
    opts = variant_opts(variant) + ["--dlb-load=" + load]
    r = measured_run(session, progs[prog], p, size, opts, statsfile,
                     "%s %s %d P=%d %s rep %d" % (exp, prog, size, p, variant,
                                                  rep))
    if r is None:
        return None
    wall, st, ok, busy, fc = r
    return (records(exp, prog, size, p, load, variant, rep, seed, wall, st, ok,
                    busy, fc), wall, fc)


# ---------------------------------------------------------------- experiment A

def experiment_a(session, progs, sizes, programs, ranks, reps):
    recs = []
    variants = FIXED + ["auto"]
    total = sum(len(sizes[pr]) for pr in programs) * len(ranks) * reps * \
        len(variants)
    done = 0
    statsfile = os.path.join(session.workdir, "stats.json")
    for prog in programs:
        for size in sizes[prog]:
            for p in ranks:
                # Repetition outermost inside a configuration, so slow drifts
                # of the machine hit every strategy alike.
                for rep in range(reps):
                    seed = SEED_BASE + rep
                    load = LOAD_SPEC.format(seed=seed)
                    for variant in variants:
                        done += 1
                        run = variant_run(session, "A", progs, prog, size, p,
                                          variant, rep, seed, load, statsfile)
                        if run is None:
                            continue
                        new, wall, fc = run
                        recs += new
                        log("A %3d/%d %-4s %4d P=%d %-5s rep %d: wall %.3f s, "
                            "loops %s, foreign %.2f cores" %
                            (done, total, prog, size, p, variant, rep, wall,
                             " ".join("%s %s s %s" % (r["loop"], r["loop_s"],
                                                      r["chosen_chain"] or
                                                      r["strategy_reported"])
                                      for r in new), fc))
    return recs


def summarize_a(recs):
    """Rows of the Table 1.4 analogue and of the model table, summary
    figures, and the summary CSV rows."""
    groups = collections.OrderedDict()
    for r in recs:
        key = (r["program"], int(r["ranks"]), int(r["size"]), r["loop"])
        groups.setdefault(key, []).append(r)
    rows, model_rows, csv_rows, figures = [], [], [], []
    for (prog, p, size, loop), rs in groups.items():
        by = collections.defaultdict(list)
        for r in rs:
            by[r["variant"]].append(r)
        meds = {v: med([float(r["loop_s"]) for r in by[v]]) for v in by}
        fixed = [s for s in FIXED if s in meds]
        if not fixed:
            continue
        best = min(fixed, key=lambda s: meds[s])
        autos = by.get("auto", [])
        reported = any(int(r["selections_reported"]) for r in autos)
        predicted = most_common([r["first_chosen"] for r in autos])
        if not reported:
            predicted_shown = "?"
        else:
            predicted_shown = predicted or "none"
        auto = meds.get("auto", float("nan"))
        loss = auto - meds[best]
        loss_pct = loss / meds[best] * 100 if meds[best] > 0 else float("nan")
        # Paired: each auto run against the best strategy's run with the
        # same seed, which faced the same load schedule (the median ratio).
        best_by_rep = {r["rep"]: float(r["loop_s"]) for r in by[best]}
        ratios = [float(r["loop_s"]) / best_by_rep[r["rep"]] for r in autos
                  if best_by_rep.get(r["rep"], 0) > 0]
        paired_pct = (med(ratios) - 1) * 100 if ratios else float("nan")
        # The chapter's "Difference": the predicted strategy's own runs.
        if predicted in meds and predicted in FIXED:
            diff = meds[predicted] - meds[best]
            diff_pct = diff / meds[best] * 100
        else:
            diff = diff_pct = float("nan")
        ran = most_common([r["chosen_chain"] or r["strategy_reported"]
                           for r in autos])
        switches = med([int(r["switches"]) for r in autos])
        rows.append([prog, p, size_label(prog, size), loop, best.upper(),
                     predicted_shown.upper(), ran, fsec(auto), fsec(loss),
                     pct(loss_pct) if loss_pct == loss_pct else "?",
                     pct(paired_pct) if paired_pct == paired_pct else "?",
                     pct(diff_pct) if diff_pct == diff_pct else "",
                     ] + [fsec(meds.get(s, float("nan"))) for s in FIXED])
        figures.append({"match": (predicted == best) if reported and
                        predicted else None,
                        "loss_pct": loss_pct, "paired_pct": paired_pct,
                        "diff_pct": diff_pct})
        # The model's first-selection predictions against the measurement.
        preds = {}
        for s in FIXED:
            vals = [float(r["predicted_" + s]) for r in autos
                    if r["predicted_" + s] != ""]
            preds[s] = med(vals)
        if any(v == v for v in preds.values()):
            order_pred = "<".join(SHORT[s] for s in sorted(
                [s for s in FIXED if preds[s] == preds[s]],
                key=lambda s: preds[s]))
        else:
            order_pred = "?"
        order_act = "<".join(SHORT[s] for s in sorted(fixed,
                                                      key=lambda s: meds[s]))
        model_rows.append([prog, p, size_label(prog, size), loop, order_act,
                           order_pred] +
                          ["%s / %s" % (fsec(preds[s]),
                                        fsec(meds.get(s, float("nan"))))
                           for s in FIXED] +
                          ["%g" % switches if switches == switches else "?"])
        csv_rows.append([prog, size, p, loop, len(autos), best,
                         predicted_shown, ran, "%.4f" % auto, "%.4f" % loss,
                         "%.2f" % loss_pct,
                         "" if paired_pct != paired_pct else
                         "%.2f" % paired_pct,
                         "" if diff != diff else "%.4f" % diff,
                         "" if diff_pct != diff_pct else "%.2f" % diff_pct] +
                        ["%.4f" % meds.get(s, float("nan")) for s in FIXED] +
                        ["" if preds[s] != preds[s] else "%.4f" % preds[s]
                         for s in FIXED] + [order_act, order_pred])
    return rows, model_rows, csv_rows, figures


def mean_max(xs):
    xs = [x for x in xs if x == x]
    if not xs:
        return float("nan"), float("nan")
    return sum(xs) / len(xs), max(xs)


def report_a(recs, out):
    rows, model_rows, csv_rows, figures = summarize_a(recs)
    print(fmt_table(
        ["program", "P", "size", "loop", "actual best", "predicted",
         "auto ran", "auto s", "lost s", "lost %", "paired %",
         "pred diff %"] +
        [s + " s" for s in FIXED], rows,
        "Experiment A (Table 1.4): medians of the loop's elapsed_seconds "
        "under %s; actual best = lowest median of the fixed strategies; "
        "predicted = first selection of the auto runs (most common); lost = "
        "auto against the actual best; paired = median over the repetitions "
        "of auto's time over the actual best's time with the same seed; "
        "pred diff = the predicted strategy's "
        "own median against the actual best (the chapter's Difference)" %
        LOAD_SPEC.format(seed="%d+rep" % SEED_BASE)))
    print()
    print(fmt_table(
        ["program", "P", "size", "loop", "actual order", "predicted order"] +
        ["%s pred/meas s" % s for s in FIXED] + ["switches"], model_rows,
        "Experiment A: the model at the first selection (median predicted "
        "seconds from that synchronization on, '?' if not reported) and the "
        "measured medians of the whole loop; orders fastest first; switches: "
        "median number of strategy switches of the auto runs"))
    print()
    write_csv(os.path.join(out, "a_summary.csv"),
              ["program", "size", "ranks", "loop", "auto_reps",
               "actual_best", "predicted_best", "auto_ran", "auto_median_s",
               "auto_lost_s", "auto_lost_pct", "auto_paired_lost_pct",
               "predicted_diff_s",
               "predicted_diff_pct"] + [s + "_median_s" for s in FIXED] +
              [s + "_predicted_s" for s in FIXED] +
              ["actual_order", "predicted_order"], csv_rows)

    n = len(figures)
    known = [f for f in figures if f["match"] is not None]
    matches = sum(1 for f in known if f["match"])
    miss = [f for f in known if not f["match"]]
    am, ax = mean_max([f["loss_pct"] for f in figures])
    print("Summary over %d rows:" % n)
    if known:
        print("  predicted == actual best: %d of %d rows" % (matches,
                                                             len(known)))
    else:
        print("  predicted == actual best: ? (the runtime reported no "
              "selections: no 'selections' in the auto runs' statistics)")
    ok = am <= TARGET_MEAN and ax <= TARGET_MAX
    print("  auto against the actual best, all rows (signed; negative: "
          "auto faster): mean %s, max %s; "
          "target mean <= %.0f%%, max <= %.0f%%: %s" %
          (pct(am) if am == am else "?", pct(ax) if ax == ax else "?",
           TARGET_MEAN, TARGET_MAX, "met" if ok else "NOT met"))
    pm, px = mean_max([f["paired_pct"] for f in figures])
    print("  auto against the actual best, paired by seed (median ratio per "
          "row): mean %s, max %s; target: %s" %
          (pct(pm) if pm == pm else "?", pct(px) if px == px else "?",
           "met" if pm <= TARGET_MEAN and px <= TARGET_MAX else
           "mean %s, max %s" % (
               "met" if pm <= TARGET_MEAN else "NOT met",
               "met" if px <= TARGET_MAX else "NOT met")))
    if known:
        dm, dx = mean_max([f["diff_pct"] for f in miss])
        lm, lx = mean_max([f["loss_pct"] for f in miss])
        print("  mispredicted rows (%d): predicted strategy's median against "
              "the actual best (the chapter's measure; chapter: mean %.1f%%, "
              "max %.1f%%): mean %s, max %s; auto's own loss there: mean %s, "
              "max %s" % (len(miss), CHAPTER_MEAN, CHAPTER_MAX,
                          pct(dm) if dm == dm else "-",
                          pct(dx) if dx == dx else "-",
                          pct(lm) if lm == lm else "-",
                          pct(lx) if lx == lx else "-"))
        if miss:
            ok2 = dm <= TARGET_MEAN and dx <= TARGET_MAX
            print("  chapter's measure against the targets (mean <= %.0f%%, "
                  "max <= %.0f%%): %s" % (TARGET_MEAN, TARGET_MAX,
                                          "met" if ok2 else "NOT met"))
    print()


# ---------------------------------------------------------------- experiment B

def phase_load(template, p, seed):
    """Experiment B's load for P ranks: {slow} is the first local group
    (ranks 0 .. ceil(P/2)-1), {seed} the repetition's seed."""
    return template.format(slow="0-%d" % ((p + 1) // 2 - 1), seed=seed)


def experiment_b(session, progs, prog, size, ranks, reps, template):
    """Runs every variant under the phase-change load, one seed per
    repetition (the same for all variants)."""
    variants = ["static"] + FIXED + ["auto", "auto, no reselect"]
    recs = []
    total = len(ranks) * reps * len(variants)
    done = 0
    statsfile = os.path.join(session.workdir, "stats_b.json")
    for p in ranks:
        for rep in range(reps):
            seed = PHASE_SEED_BASE + rep
            load = phase_load(template, p, seed)
            for variant in variants:
                done += 1
                run = variant_run(session, "B", progs, prog, size, p, variant,
                                  rep, seed, load, statsfile)
                if run is None:
                    continue
                new, wall, fc = run
                recs += new
                log("B %2d/%d %s %d P=%d %-17s rep %d: wall %.3f s, loop %s "
                    "s, %s syncs, chosen %s, foreign %.2f cores" %
                    (done, total, prog, size, p, variant, rep, wall,
                     new[0]["loop_s"], new[0]["synchronizations"],
                     new[0]["chosen_chain"] or "-", fc))
    return recs


def report_b(recs, out):
    groups = collections.OrderedDict()
    for r in recs:
        key = (r["program"], int(r["size"]), int(r["ranks"]), r["loop"])
        groups.setdefault(key, collections.OrderedDict()).setdefault(
            r["variant"], []).append(r)
    csv_rows = []
    for (prog, size, p, loop), by in groups.items():
        meds = {v: med([float(r["loop_s"]) for r in rs])
                for v, rs in by.items()}
        fixed = [s for s in FIXED if s in meds]
        best = min(fixed, key=lambda s: meds[s]) if fixed else None
        rows = []
        for v, rs in by.items():
            wall = med([float(r["wall_s"]) for r in rs])
            vs = (meds[v] - meds[best]) / meds[best] * 100 if best else \
                float("nan")
            outside = med([float(r["wall_s"]) - float(r["loop_s"])
                           for r in rs])
            rows.append([v, fsec(meds[v]), fsec(wall), fsec(outside),
                         "%g" % med([int(r["synchronizations"]) for r in rs]),
                         "%g" % med([int(r["iterations_moved"]) for r in rs]),
                         most_common([r["chosen_chain"] for r in rs]) or
                         most_common([r["strategy_reported"] for r in rs]),
                         "%g" % med([int(r["switches"]) for r in rs]),
                         pct(vs) if vs == vs else "?"])
            csv_rows.append([prog, size, p, loop, v, len(rs),
                             "%.4f" % meds[v],
                             "%.4f" % wall, "%.4f" % outside, rows[-1][4],
                             rows[-1][5], rows[-1][6], rows[-1][7],
                             "" if vs != vs else "%.2f" % vs])
        print(fmt_table(["variant", "loop s", "wall s", "outside s", "syncs",
                         "moved",
                         "chosen (auto) / strategy", "switches",
                         "vs best fixed"], rows,
                        "Experiment B: %s %d%s on P = %d, load changing from "
                        "between-group imbalance to a fast random load "
                        "(medians "
                        "over %d seeds; outside: wall minus loop, i.e. "
                        "start-up, sequential code and, under auto without "
                        "a network profile, its measurement)" %
                        (prog, size, "" if loop == "-" else " " + loop, p,
                         len(next(iter(by.values()))))))
        line = "best fixed: %s %s s" % (best, fsec(meds[best])) if best \
            else "best fixed: ?"
        if "auto" in meds and best:
            line += "; auto (re-selection) %s" % pct(
                (meds["auto"] - meds[best]) / meds[best] * 100)
        if "auto, no reselect" in meds and best:
            line += "; auto without re-selection %s" % pct(
                (meds["auto, no reselect"] - meds[best]) / meds[best] * 100)
            if "auto" in meds:
                line += "; re-selection saves %s of the time without it" % \
                    pct((meds["auto, no reselect"] - meds["auto"]) /
                        meds["auto, no reselect"] * 100)
        print(line)
        print()
    write_csv(os.path.join(out, "b_summary.csv"),
              ["program", "size", "ranks", "loop", "variant", "reps",
               "loop_median_s",
               "wall_median_s", "outside_loop_median_s", "synchronizations",
               "iterations_moved",
               "chosen", "switches", "vs_best_fixed_pct"], csv_rows)


# ---------------------------------------------------------------- main

def report(out):
    """--report: prints the tables again from the CSV files in `out`."""
    a_path = os.path.join(out, "a_runs.csv")
    b_path = os.path.join(out, "b_runs.csv")
    if os.path.exists(a_path):
        report_a(read_records(a_path), out)
    if os.path.exists(b_path):
        report_b(read_records(b_path), out)


def int_list(text):
    return [int(x) for x in text.split(",") if x]


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help="1 repetition, one small size per program, a short "
                    "experiment B (a smoke test)")
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "results",
                                                  "selection"),
                    help="output directory (default bench/results/selection)")
    ap.add_argument("--reps", type=int, default=None,
                    help="repetitions (default 3, 1 with --quick)")
    ap.add_argument("--only", choices=["A", "B"], help="run one experiment")
    ap.add_argument("--phase", action="store_true",
                    help="run only experiment B (same as --only B)")
    ap.add_argument("--programs", default=",".join(PROGRAMS),
                    help="programs of experiment A (default %(default)s)")
    ap.add_argument("--ranks", default="2,4",
                    help="rank counts of experiment A (default %(default)s; "
                    "e.g. 2,4,8)")
    ap.add_argument("--phase-program", default=PHASE_DEFAULTS["program"],
                    choices=PROGRAMS,
                    help="program of experiment B (default %(default)s)")
    ap.add_argument("--phase-size", type=int, default=None,
                    help="its size (default %d, %d with --quick)" %
                    (PHASE_DEFAULTS["size"], PHASE_QUICK["size"]))
    ap.add_argument("--phase-ranks", default=PHASE_DEFAULTS["ranks"],
                    help="rank counts of experiment B (default %(default)s)")
    ap.add_argument("--phase-until", type=float, default=None,
                    help="seconds after which experiment B's load changes "
                    "pattern (default %g, %g with --quick)" %
                    (PHASE_DEFAULTS["until"], PHASE_QUICK["until"]))
    ap.add_argument("--phase-load", default=PHASE_LOAD,
                    help="experiment B's load schedule, with {slow} (the "
                    "first local group), {until} and {seed} (default "
                    "%(default)s)")
    ap.add_argument("--netprofile", metavar="FILE",
                    help="network profile for the cost model, passed to "
                    "every run as --dlb-netprofile=FILE (default: the "
                    "runtime's cached profile, or measured at the start of "
                    "each auto run)")
    common.add_common_options(ap)
    args = ap.parse_args()
    args.only = "B" if args.phase else args.only
    args.reps = args.reps or (1 if args.quick else 3)
    args.programs = [x for x in args.programs.split(",") if x]
    args.ranks = int_list(args.ranks)
    args.phase_ranks = int_list(args.phase_ranks)
    if any(x not in PROGRAMS for x in args.programs) or \
            any(p < 2 for p in args.ranks + args.phase_ranks) or args.reps < 1:
        ap.error("programs among %s, ranks >= 2, reps >= 1"
                 % ",".join(PROGRAMS))
    return args


def main():
    args = parse_args()
    if args.report:
        report(args.out)
        return 0
    if args.netprofile:
        NETPROFILE.append("--dlb-netprofile=" +
                          os.path.abspath(args.netprofile))
    only, reps, programs = args.only, args.reps, args.programs
    ranks, phase_ranks = args.ranks, args.phase_ranks
    sizes = SIZES_QUICK if args.quick else SIZES_FULL
    phase_size = args.phase_size or (PHASE_QUICK["size"] if args.quick else
                                     PHASE_DEFAULTS["size"])
    until = args.phase_until or (PHASE_QUICK["until"] if args.quick
                                 else PHASE_DEFAULTS["until"])
    template = args.phase_load.replace("{until}", "%g" % until)
    needed = set(programs if only != "B" else []) | \
        ({args.phase_program} if only != "A" else set())

    with Session(args.out, quick=args.quick,
                 wait_quiet=not args.no_wait_quiet,
                 keep_build=args.keep_build) as session:
        progs = session.build([x for x in PROGRAMS if x in needed])
        meta = session.meta() + [
            ("mode", "quick" if args.quick else "full"),
            ("repetitions", reps),
            ("network profile", netprofile_note(args.netprofile))]
        if only != "B":
            meta += [
                ("sizes A", "; ".join(
                    "%s %s" % (x, ", ".join(size_label(x, s)
                                            for s in sizes[x]))
                    for x in programs)),
                ("ranks A", ", ".join(str(p) for p in ranks)),
                ("load A", LOAD_SPEC.format(seed="%d+rep" % SEED_BASE)),
                ("variants A", ", ".join(FIXED + ["auto"]))]
        if only != "A":
            meta += [
                ("program B", "%s %s" % (args.phase_program,
                                         size_label(args.phase_program,
                                                    phase_size))),
                ("ranks B", ", ".join(str(p) for p in phase_ranks)),
                ("load B", template.replace("{seed}", "%d+rep" %
                                            PHASE_SEED_BASE))]
        print(fmt_table(["", ""], meta,
                        "dlbcc strategy selection benchmark"))
        print()

        if only in (None, "A"):
            recs = experiment_a(session, progs, sizes, programs, ranks, reps)
            write_records(os.path.join(args.out, "a_runs.csv"), recs)
            report_a(recs, args.out)
        if only in (None, "B"):
            recs = experiment_b(session, progs, args.phase_program,
                                phase_size, phase_ranks, reps, template)
            write_records(os.path.join(args.out, "b_runs.csv"), recs)
            report_b(recs, args.out)
        if FAILED:
            print("failed runs (left out of the tables): %d: %s" %
                  (len(FAILED), "; ".join(FAILED)))
    return 1 if FAILED else session.status


if __name__ == "__main__":
    sys.exit(main())
