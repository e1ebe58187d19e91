#!/usr/bin/env python3
"""Speed against the program the user already has (issue 16), and against
OpenMP on the same cores (issue 38).

For each kernel: the sequential program (the same source, pragmas ignored,
g++ -O3) against the program dlbcc emits (mpicxx -O3), on 1 rank (emitted /
sequential, which should be 1.00; the MPI start-up, measured as a run that
stops at an unknown --dlb- option, is subtracted), on 2 ranks with `static`
and `auto`, and on 2 ranks next to a CPU-bound process pinned to core 0
(`static` and `auto`; 1.5 cores are left, so the limit is about 0.67 of the
sequential time; also against the sequential program beside the same hog,
since the hog slows the other core too on a virtual machine whose cores
share a physical one); for mxm the same next to a master-worker
self-scheduling baseline (adaptive weighted factoring, plain MPI:
bench/inputs/mxm6_awf.cpp). The OpenMP baseline: the same source with each
`#pragma dlb doall` turned into `#pragma omp parallel for` with
schedule(static) and schedule(dynamic) (openmp.openmp_source; a doacross
loop stays sequential, and its kernel's OpenMP columns say n/a), g++ -O3
-fopenmp, on OMP_NUM_THREADS=1 and 2; every output must equal the
sequential program's. Parallel efficiency: time on 1 rank (thread) over 2
times the time on 2. Whole-program wall times, medians and ranges of
--reps interleaved repetitions, each run after the machine went quiet.

    python3 bench/speed.py [--reps 5] [--out bench/results/speed] [--quick]
                           [--kernels mxm,sor] [--report]

--quick: tiny sizes, 1 repetition (a check of the harness, not a
measurement). Needs build/ (cmake --build build). Python standard library
only.
"""
import argparse
import collections
import csv
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
import openmp  # noqa: E402

# (name, source, -D flags, program arguments, what it is)
KERNELS = [
    ("mxm", "bench/inputs/mxm6.cpp", ["-DN=720"], [],
     "720 x 720 matrix product, 6 executions (X, Z distributed, Y whole)"),
    ("ac", "examples/ac.cpp", [], ["250"],
     "adjoint convolution, triangular, bitonic pairs"),
    ("mandel", "examples/mandel.cpp", [], ["2048"],
     "Mandelbrot rows, irregular work"),
    ("vecscale", "examples/vecscale.cpp", [], ["10000000"],
     "a short vector loop in a 20-step time loop"),
    ("sor", "examples/sor.cpp", [], ["2048", "100"],
     "SOR, a pipelined doacross loop"),
    ("jacobi2d", "bench/inputs/jacobi2d.cpp", ["-DN=1600", "-DTSTEPS=400"],
     [], "1600 x 1600 Jacobi, 400 steps of two sweeps, distribute(A, B)"),
    ("jacobi2d-whole", "bench/inputs/jacobi2d.cpp",
     ["-DN=1600", "-DTSTEPS=400", "-DWHOLE_READS"], [],
     "the same Jacobi, each sweep reading the other grid as whole()"),
]

# Tiny sizes for --quick: (-D flags, program arguments) in place of a
# kernel's.
QUICK = {
    "mxm": (["-DN=96"], []),
    "ac": ([], ["40"]),
    "mandel": ([], ["128"]),
    "vecscale": ([], ["20000"]),
    "sor": ([], ["128", "4"]),
    "jacobi2d": (["-DN=120", "-DTSTEPS=4"], []),
    "jacobi2d-whole": (["-DN=120", "-DTSTEPS=4", "-DWHOLE_READS"], []),
}


# A self-scheduling baseline of a kernel (plain MPI, no libdlb): the same
# loop balanced by a master handing out chunks by adaptive weighted
# factoring, every array replicated (bench/inputs/mxm6_awf.cpp).
BASELINES = {"mxm": "bench/inputs/mxm6_awf.cpp"}  # with mxm's -D flags


def compile_baseline(workdir, name, defines):
    prog = os.path.join(workdir, name + ".awf")
    subprocess.run(["mpicxx"] + common.CXXFLAGS + defines +
                   [os.path.join(common.ROOT, BASELINES[name]), "-o", prog],
                   check=True)
    return prog


def startup(prog, ranks):
    """Wall seconds of the MPI start-up of prog on ranks ranks: a run that
    stops at an unknown --dlb- option."""
    t0 = time.perf_counter()
    subprocess.run(["mpiexec", "-n", str(ranks), prog, "--dlb-startup"],
                   capture_output=True)
    return time.perf_counter() - t0


class Hog:
    """A CPU-bound process pinned to core 0, for the duration of a with."""

    def __enter__(self):
        self.proc = subprocess.Popen(
            ["taskset", "-c", "0", "sh", "-c", "while :; do :; done"],
            start_new_session=True)
        time.sleep(0.3)
        return self

    def __exit__(self, *exc):
        common.kill_group(self.proc)
        return False


CONFIGS = [  # (label, ranks, --dlb options, next to the hog)
    ("1 rank", 1, [], False),
    ("2 ranks static", 2, ["--dlb-strategy=static"], False),
    ("2 ranks auto", 2, [], False),
    ("hog: 2 static", 2, ["--dlb-strategy=static"], True),
    ("hog: 2 auto", 2, [], True),
]
OMP = [(sched, t) for sched in openmp.OMP_SCHEDULES
       for t in openmp.OpenMP.THREADS]


def omp_label(schedule, threads):
    return "omp %s %dt" % (schedule, threads)


def measure(s, kernel, reps, cflags, libs):
    """{label: [seconds per repetition]} of one kernel, and what its OpenMP
    column says."""
    name, source, defines, args, _ = kernel
    common.log("building %s" % name)
    seq, par = common.compile_kernel(s.workdir, name, source, defines,
                                     cflags, libs)
    awf = compile_baseline(s.workdir, name, defines) \
        if name in BASELINES else None
    omp = openmp.OpenMP(s.workdir, name, source, defines)
    times = {k: [] for k in ["sequential", "hog: seq", "start-up",
                             "start-up 2"] + [c[0] for c in CONFIGS]}
    if awf:
        times.update({"2 ranks awf": [], "hog: 2 awf": []})
    for rep in range(reps):
        common.log("%s: repetition %d" % (name, rep + 1))
        runs = [("sequential", [seq] + args, False),
                ("hog: seq", [seq] + args, True)]
        runs += [(label, ["mpiexec", "-n", str(ranks), par] + args + dlb, hog)
                 for label, ranks, dlb, hog in CONFIGS]
        if awf:
            runs += [(label, ["mpiexec", "-n", "2", awf] + args, hog)
                     for label, hog in (("2 ranks awf", False),
                                        ("hog: 2 awf", True))]
        for label, cmd, hog in runs:
            s.quiet.wait()
            if hog:
                with Hog():
                    wall, out = common.timed(cmd)
            else:
                wall, out = common.timed(cmd)
            times[label].append(wall)
            s.reference.check(name, out, "%s %s" % (name, label))
        times["start-up"].append(startup(par, 1))
        times["start-up 2"].append(startup(par, 2))
        omp.run(s, args, name)
    for sched, t in OMP:
        times[omp_label(sched, t)] = omp.seconds(sched, t)
    return times, omp.status()


def tables(results, reps):
    """The three tables of a run: seconds, dlbcc's ratios, the baselines."""
    r = common.ratios

    def minus(xs, ys):
        return [x - y for x, y in zip(xs, ys)]

    seconds, dlb, base = [], [], []
    for name, t, status in results:
        t = collections.defaultdict(list, t)
        seq = t["sequential"]
        seconds.append([name] + [common.med_range(t[k]) for k in
                                 ["sequential", "start-up"] +
                                 [c[0] for c in CONFIGS] +
                                 ["hog: seq", "2 ranks awf", "hog: 2 awf"] +
                                 [omp_label(*o) for o in OMP]])
        dlb.append([name] + [common.med_range(x, "%.2f") for x in (
            r(minus(t["1 rank"], t["start-up"]), seq),
            r(t["2 ranks static"], seq),
            r(minus(t["2 ranks static"], t["start-up 2"]), seq),
            r(t["2 ranks auto"], seq),
            r(t["hog: 2 auto"], seq),
            r(t["hog: 2 auto"], t["hog: seq"]),
            r(t["hog: 2 awf"], seq))])
        base.append([name] + [common.med_range(x, "%.2f") for x in (
            r(t["2 ranks auto"], seq),
            r(t[omp_label("static", 2)], seq),
            r(t[omp_label("dynamic", 2)], seq),
            common.efficiency(t["1 rank"], t["2 ranks static"]),
            common.efficiency(t["1 rank"], t["2 ranks auto"]),
            common.efficiency(t[omp_label("static", 1)],
                              t[omp_label("static", 2)]),
            common.efficiency(t[omp_label("dynamic", 1)],
                              t[omp_label("dynamic", 2)]))] + [status])
    what = "median (min-max) of %d interleaved repetitions" % reps
    return [
        common.fmt_table(
            ["kernel", "seq s", "start-up s"] + [c[0] + " s" for c in CONFIGS]
            + ["hog: seq s", "2 ranks awf s", "hog: 2 awf s"] +
            [omp_label(*o) + " s" for o in OMP], seconds,
            "whole-program wall seconds, " + what),
        common.fmt_table(
            ["kernel", "1 rank-start-up / seq", "static / seq",
             "static-start-up / seq", "auto / seq", "hog auto / seq",
             "hog auto / hog seq", "hog awf / seq"], dlb,
            "dlbcc against the sequential program (g++ -O3), per-repetition "
            "ratios, " + what),
        common.fmt_table(
            ["kernel", "dlbcc auto / seq", "omp static 2t / seq",
             "omp dynamic 2t / seq", "eff dlbcc static", "eff dlbcc auto",
             "eff omp static", "eff omp dynamic", "OpenMP output"], base,
            "baselines on the same 2 cores (2 ranks or 2 threads over the "
            "sequential program; eff = parallel efficiency, time on 1 over "
            "2 x time on 2), " + what),
    ]


def write_runs(path, results):
    rows = [[name, label, rep, x] for name, t, _ in results
            for label, xs in t.items() for rep, x in enumerate(xs)]
    rows += [[name, "OpenMP output", "", status]
             for name, _, status in results]
    common.write_csv(path, ["kernel", "config", "rep", "seconds"], rows)


def read_runs(path):
    results = {}
    with open(path) as f:
        for row in csv.DictReader(f):
            t, status = results.setdefault(row["kernel"], ({}, [""]))
            if row["config"] == "OpenMP output":
                status[0] = row["seconds"]
            else:
                t.setdefault(row["config"], []).append(float(row["seconds"]))
    reps = max(len(xs) for t, _ in results.values() for xs in t.values())
    return [(k, t, st[0]) for k, (t, st) in results.items()], reps


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--out", default=os.path.join(common.ROOT, "bench",
                                                  "results", "speed"))
    ap.add_argument("--kernels", default="",
                    help="comma list of kernel names (default: all)")
    ap.add_argument("--quick", action="store_true",
                    help="tiny sizes, one repetition, short waits for quiet "
                    "(checks the harness; the times mean nothing)")
    common.add_common_options(ap)
    opts = ap.parse_args()
    runs_csv = os.path.join(opts.out, "speed_runs.csv")
    if opts.report:
        results, reps = read_runs(runs_csv)
        print("\n\n".join(tables(results, reps)))
        return 0
    reps = 1 if opts.quick else opts.reps
    chosen = [k for k in KERNELS
              if not opts.kernels or k[0] in opts.kernels.split(",")]
    if opts.quick:
        chosen = [(n, src) + QUICK[n] + (what,)
                  for n, src, _, _, what in chosen]
    with common.Session(opts.out, opts.quick, not opts.no_wait_quiet,
                        opts.keep_build) as s:
        cflags, libs = common.link_flags(s.workdir)
        print(common.fmt_table(["", ""], s.meta(), "speed against the "
                               "sequential program and OpenMP (issues 16, "
                               "38)"))
        results = []
        for kernel in chosen:
            times, status = measure(s, kernel, reps, cflags, libs)
            results.append((kernel[0], times, status))
            write_runs(runs_csv, results)
        for table in tables(results, reps):
            print()
            print(table)
        common.write_csv(
            os.path.join(opts.out, "speed.csv"),
            ["kernel", "what", "sizes", "config", "median s", "min s",
             "max s"],
            [[k[0], k[4], " ".join(k[2] + k[3]), label, common.med(xs),
              min(xs), max(xs)]
             for k, (_, t, _) in zip(chosen, results)
             for label, xs in t.items() if xs])
    return s.status


if __name__ == "__main__":
    sys.exit(main())
