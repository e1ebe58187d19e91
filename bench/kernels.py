#!/usr/bin/env python3
"""The kernel suite's table (issues 17, 38): examples/kernels as their
users write them.

For each kernel: whether dlbcc accepts it as written (or the first error it
gives), and for an accepted one the sequential program (g++ -O3, pragmas
ignored) against the emitted program (mpicxx -O3) on 1 rank and on 2 ranks
(static and auto), and against OpenMP on the same cores: the same source
with each `#pragma dlb doall` turned into `#pragma omp parallel for`,
schedule(static) and schedule(dynamic) (openmp.openmp_source; a doacross
loop stays sequential, and the kernel's OpenMP columns say n/a), g++ -O3
-fopenmp, on OMP_NUM_THREADS=1 and 2, every output checked against the
sequential program's. Sizes set by -D (SIZES). Whole-program wall times,
the MPI start-up (a run that stops at an unknown --dlb- option) subtracted
from dlbcc's; parallel efficiency = time on 1 rank (thread) over 2 times
the time on 2. Medians and ranges of the per-repetition ratios of --reps
interleaved repetitions, each run after the machine went quiet. Prints a
Markdown table for docs/benchmarks.md.

    python3 bench/kernels.py [--reps 5] [--out bench/results/kernels]
                             [--kernels gemm,lu] [--quick] [--report]

--quick: the kernels' own (test) sizes, 1 repetition (a check of the
harness, not a measurement). Needs build/ (cmake --build build). Python
standard library only.
"""
import argparse
import csv
import glob
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
import openmp  # noqa: E402
from speed import startup  # noqa: E402


# Sizes for 0.1-0.6 s of sequential run on this machine (the defaults are
# test sizes); the matrix-vector kernels at 8000 (0.5 GB a matrix), where
# 4000 left 0.05-0.14 s, too little beside the MPI start-up subtracted.
SIZES = {
    "gemm": ["-DNI=800", "-DNJ=800", "-DNK=800"],
    "gemm-vector": ["-DNI=800", "-DNJ=800", "-DNK=800"],
    "2mm": ["-DN=700"],
    "3mm": ["-DN=600"],
    "syrk": ["-DN=1000", "-DM=800"],
    "syr2k": ["-DN=900", "-DM=700"],
    "gemver": ["-DN=8000"],
    "atax": ["-DM=8000", "-DN=8000"],
    "bicg": ["-DM=8000", "-DN=8000"],
    "mvt": ["-DN=8000"],
    "gesummv": ["-DN=8000"],
    "trmm": ["-DM=1000", "-DN=1000"],
    "lu": ["-DN=1000"],
    "covariance": ["-DM=800", "-DN=1000"],
    "correlation": ["-DM=800", "-DN=1000"],
    "jacobi-1d": ["-DN=2000000", "-DTSTEPS=100"],
    "jacobi-2d": ["-DN=1600", "-DTSTEPS=60"],
    "jacobi-2d-vector": ["-DN=1600", "-DTSTEPS=60"],
    "heat-3d": ["-DN=120", "-DTSTEPS=100"],
    "fdtd-2d": ["-DNX=1500", "-DNY=1500", "-DTMAX=50"],
    "doitgen": ["-DNR=128", "-DNQ=128", "-DNP=128"],
    "cholesky": ["-DN=1500"],
    "trisolv": ["-DN=8000"],
    "seidel-2d": ["-DN=1500", "-DTSTEPS=20"],
}


def first_error(source):
    r = subprocess.run([common.DLBCC, source, "-o", os.devnull],
                       capture_output=True, text=True)
    if r.returncode == 0:
        return None
    for line in r.stderr.splitlines():
        if "error:" in line:
            return line.split("error:", 1)[1].strip()
    return r.stderr.strip() or "rejected"


HEADERS = ["kernel", "accepted as written", "sizes", "sequential s",
           "1 rank / seq", "2 ranks static / seq", "2 ranks auto / seq",
           "OpenMP static 2t / seq", "OpenMP dynamic 2t / seq",
           "eff dlbcc static", "eff dlbcc auto", "eff OpenMP static",
           "eff OpenMP dynamic", "OpenMP output"]


def measure(s, name, rel, defines, reps, cflags, libs):
    """The table's cells of an accepted kernel."""
    common.log("building %s" % name)
    seq, par = common.compile_kernel(s.workdir, name, rel, defines, cflags,
                                     libs)
    omp = openmp.OpenMP(s.workdir, name, rel, defines)
    t = {k: [] for k in ("seq", "1", "static", "auto", "up1", "up2")}
    for rep in range(reps):
        s.quiet.wait()
        wall, out = common.timed([seq])
        t["seq"].append(wall)
        s.reference.check(name, out, name + " sequential")
        t["up1"].append(startup(par, 1))
        t["up2"].append(startup(par, 2))
        for label, ranks, dlb in (("1", 1, []),
                                  ("static", 2, ["--dlb-strategy=static"]),
                                  ("auto", 2, [])):
            s.quiet.wait()
            wall, out = common.timed(["mpiexec", "-n", str(ranks), par] + dlb)
            t[label].append(wall)
            s.reference.check(name, out, "%s %s" % (name, label))
        omp.run(s, [], name)
    # dlbcc's times without the MPI start-up of the same repetition
    net = {k: [a - b for a, b in zip(t[k], t["up2" if k != "1" else "up1"])]
           for k in ("1", "static", "auto")}
    seq_t = t["seq"]
    return [common.med_range(seq_t)] + [
        common.med_range(common.ratios(net[k], seq_t), "%.2f")
        for k in ("1", "static", "auto")] + [
        omp.over(sched, 2, seq_t) for sched in openmp.OMP_SCHEDULES] + [
        common.med_range(common.efficiency(net["1"], net[k]), "%.2f")
        for k in ("static", "auto")] + [
        omp.efficiency(sched) for sched in openmp.OMP_SCHEDULES] + [
        omp.status()]


def print_table(rows, reps):
    """The Markdown table of `rows` (cells as in HEADERS)."""
    accepted = sum(1 for r in rows if r[1] == "yes")
    print()
    print("%d of %d kernels accepted as written; median (min-max) of the "
          "ratios of %s, MPI start-up subtracted "
          "from dlbcc's times; eff = parallel efficiency, time on 1 rank "
          "(thread) over 2 x time on 2" % (accepted, len(rows), reps))
    print()
    print("| " + " | ".join(HEADERS) + " |")
    print("|" + "---|" * len(HEADERS))
    for r in rows:
        print("| " + " | ".join(r) + " |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--out", default=os.path.join(common.ROOT, "bench",
                                                  "results", "kernels"))
    ap.add_argument("--kernels", default="",
                    help="comma list of kernel names (default: all)")
    ap.add_argument("--quick", action="store_true",
                    help="the kernels' test sizes, one repetition, short "
                    "waits for quiet (checks the harness; the times mean "
                    "nothing)")
    common.add_common_options(ap)
    opts = ap.parse_args()
    reps = 1 if opts.quick else opts.reps
    wanted = set(filter(None, opts.kernels.split(",")))
    sources = [src for src in sorted(glob.glob(os.path.join(
        common.ROOT, "examples", "kernels", "*.cpp")))
        if not wanted or os.path.splitext(os.path.basename(src))[0] in wanted]
    table_csv = os.path.join(opts.out, "kernels.csv")
    if opts.report:
        with open(table_csv) as f:
            print_table(list(csv.reader(f))[1:], "the run's interleaved "
                        "repetitions (its output.txt says how many)")
        return 0
    with common.Session(opts.out, opts.quick, not opts.no_wait_quiet,
                        opts.keep_build) as s:
        print(common.fmt_table(["", ""], s.meta(), "the kernel suite "
                               "(issues 17, 38)"))
        cflags, libs = common.link_flags(s.workdir)
        rows = []
        for src in sources:
            name = os.path.splitext(os.path.basename(src))[0]
            rel = os.path.relpath(src, common.ROOT)
            sizes = [] if opts.quick else SIZES.get(name, [])
            error = first_error(src)
            if error:
                rows.append([name, "no: " + error, "-"] +
                            ["-"] * (len(HEADERS) - 3))
                continue
            rows.append([name, "yes", " ".join(sizes) or "test sizes"] +
                        measure(s, name, rel, sizes, reps, cflags, libs))
            common.write_csv(table_csv, HEADERS, rows)
        common.write_csv(table_csv, HEADERS, rows)
        print_table(rows, "%d interleaved repetitions" % reps)
    return s.status


if __name__ == "__main__":
    sys.exit(main())
