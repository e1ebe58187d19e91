#!/usr/bin/env python3
"""The kernel suite's table (issue 17): examples/kernels as their users
write them.

For each kernel: whether dlbcc accepts it as written (or the first error it
gives), and for an accepted one the sequential program (g++ -O2, pragmas
ignored) against the emitted program on 1 rank and on 2 ranks (static and
auto), at sizes set by -D (SIZES), whole-program wall times with the MPI
start-up (a run that stops at an unknown --dlb- option) subtracted from the
parallel ones; medians of --reps paired repetitions, each run after the
machine went quiet. Prints a Markdown table for docs/benchmarks.md.

    python3 bench/kernels.py [--reps 3] [--out bench/results/kernels]

Needs build/ (cmake --build build). Python standard library only.
"""
import argparse
import glob
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from speed import compile_kernel, startup, timed  # noqa: E402


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


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--out", default=os.path.join(common.ROOT, "bench",
                                                  "results", "kernels"))
    ap.add_argument("--quick", action="store_true",
                    help="one repetition, short waits for quiet")
    common.add_common_options(ap)
    opts = ap.parse_args()
    reps = 1 if opts.quick else opts.reps
    sources = sorted(glob.glob(os.path.join(common.ROOT, "examples",
                                            "kernels", "*.cpp")))
    with common.Session(opts.out, opts.quick, not opts.no_wait_quiet,
                        opts.keep_build) as s:
        print(common.fmt_table(["", ""], s.meta(), "the kernel suite "
                               "(issue 17)"))
        cflags, libs = common.link_flags(s.workdir)
        rows, accepted = [], 0
        for src in sources:
            name = os.path.splitext(os.path.basename(src))[0]
            rel = os.path.relpath(src, common.ROOT)
            error = first_error(src)
            if error:
                rows.append("| %s | no: %s | - | - | - | - | - |" %
                            (name, error))
                continue
            accepted += 1
            common.log("building %s" % name)
            seq, par = compile_kernel(s.workdir, name, rel,
                                      SIZES.get(name, []), cflags, libs)
            t = {k: [] for k in ("seq", "1", "static", "auto", "up1", "up2")}
            for rep in range(reps):
                s.quiet.wait()
                wall, out = timed([seq])
                t["seq"].append(wall)
                s.reference.check(name, out, name + " sequential")
                t["up1"].append(startup(par, 1))
                t["up2"].append(startup(par, 2))
                for label, ranks, dlb in (("1", 1, []),
                                          ("static", 2,
                                           ["--dlb-strategy=static"]),
                                          ("auto", 2, [])):
                    s.quiet.wait()
                    wall, out = timed(["mpiexec", "-n", str(ranks), par] +
                                      dlb)
                    t[label].append(wall)
                    s.reference.check(name, out, "%s %s" % (name, label))
            m = {k: common.med(v) for k, v in t.items()}
            rows.append("| %s | yes | %s | %.3f | %.2f | %.2f | %.2f |" % (
                name, " ".join(SIZES.get(name, [])), m["seq"], (m["1"] - m["up1"]) / m["seq"],
                (m["static"] - m["up2"]) / m["seq"],
                (m["auto"] - m["up2"]) / m["seq"]))
        print()
        print("%d of %d kernels accepted as written; medians of %d "
              "repetitions, MPI start-up subtracted" %
              (accepted, len(sources), reps))
        print()
        print("| kernel | accepted as written | sizes | sequential s "
              "| 1 rank / seq | 2 ranks static / seq | 2 ranks auto / seq |")
        print("|---|---|---|---|---|---|---|")
        for r in rows:
            print(r)
    return s.status


if __name__ == "__main__":
    sys.exit(main())
