#!/usr/bin/env python3
"""Speed against the program the user already has (issue 16).

For each kernel: the sequential program (the same source, pragmas ignored,
the same compiler and flags: g++ -O2) against the program dlbcc emits, on 1
rank (the first column: emitted / sequential, which should be 1.00; the
MPI start-up, measured as a run that stops at an unknown --dlb- option, is
subtracted), on 2
ranks with `static` and `auto`, and on 2 ranks next to a CPU-bound process
pinned to core 0 (`static` and `auto`; 1.5 cores are left, so the limit is
about 0.67 of the sequential time; also against the sequential program
beside the same hog, since the hog slows the other core too on a virtual
machine whose cores share a physical one), and for mxm the same next to a
master-worker self-scheduling baseline (adaptive weighted factoring, plain
MPI: bench/inputs/mxm6_awf.cpp). Whole-program wall times, medians of
--reps paired repetitions, each run after the machine went quiet.

    python3 bench/speed.py [--reps 3] [--out bench/results/speed] [--quick]

Needs build/ (cmake --build build). Python standard library only.
"""
import argparse
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

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
    ("jacobi2d", "bench/inputs/jacobi2d.cpp", ["-DN=1600", "-DTSTEPS=60"], [],
     "1600 x 1600 Jacobi, 60 steps of two sweeps, grids kept on the ranks"),
]


# A self-scheduling baseline of a kernel (plain MPI, no libdlb): the same
# loop balanced by a master handing out chunks by adaptive weighted
# factoring, every array replicated (bench/inputs/mxm6_awf.cpp).
BASELINES = {
    "mxm": ("bench/inputs/mxm6_awf.cpp", ["-DN=720"]),
}


def compile_baseline(workdir, name):
    source, defines = BASELINES[name]
    prog = os.path.join(workdir, name + ".awf")
    subprocess.run(["mpicxx", "-std=c++17", "-O2"] + defines +
                   [os.path.join(common.ROOT, source), "-o", prog], check=True)
    return prog


def compile_kernel(workdir, name, source, defines, cflags, libs):
    src = os.path.join(common.ROOT, source)
    seq = os.path.join(workdir, name + ".seq")
    par = os.path.join(workdir, name + ".par")
    emitted = os.path.join(workdir, name + ".dlb.cpp")
    subprocess.run(["g++", "-std=c++17", "-O2", "-Wno-unknown-pragmas"] +
                   defines + [src, "-o", seq], check=True)
    subprocess.run([common.DLBCC, src, "-o", emitted, "--"] + defines,
                   check=True)
    subprocess.run(["mpicxx", "-std=c++17", "-O2"] + defines + [emitted] +
                   cflags + libs + ["-o", par], check=True)
    return seq, par


def timed(cmd):
    """(wall seconds, stdout) of cmd; raises RuntimeError if it fails."""
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, timeout=common.RUN_TIMEOUT)
    wall = time.perf_counter() - t0
    if r.returncode != 0:
        raise RuntimeError("exit %d: %s\n%s" % (
            r.returncode, " ".join(cmd), r.stderr.decode(errors="replace")))
    return wall, r.stdout


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


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--out", default=os.path.join(common.ROOT, "bench",
                                                  "results", "speed"))
    ap.add_argument("--kernels", default="",
                    help="comma list of kernel names (default: all)")
    ap.add_argument("--quick", action="store_true",
                    help="one repetition, short waits for quiet")
    common.add_common_options(ap)
    opts = ap.parse_args()
    reps = 1 if opts.quick else opts.reps
    chosen = [k for k in KERNELS
              if not opts.kernels or k[0] in opts.kernels.split(",")]
    with common.Session(opts.out, opts.quick, not opts.no_wait_quiet,
                        opts.keep_build) as s:
        cflags, libs = common.link_flags(s.workdir)
        print(common.fmt_table(["", ""], s.meta(), "speed against the "
                               "sequential program (issue 16)"))
        configs = [
            ("1 rank", 1, [], False),
            ("2 ranks static", 2, ["--dlb-strategy=static"], False),
            ("2 ranks auto", 2, [], False),
            ("hog: 2 static", 2, ["--dlb-strategy=static"], True),
            ("hog: 2 auto", 2, [], True),
        ]
        rows, csv_rows = [], []
        for name, source, defines, args, what in chosen:
            common.log("building %s" % name)
            seq, par = compile_kernel(s.workdir, name, source, defines,
                                      cflags, libs)
            awf = compile_baseline(s.workdir, name) \
                if name in BASELINES else None
            times = {c[0]: [] for c in configs}
            times["2 ranks awf"] = []
            times["hog: 2 awf"] = []
            times["sequential"] = []
            times["hog: seq"] = []
            times["start-up"] = []
            times["start-up 2"] = []
            for rep in range(reps):
                common.log("%s: repetition %d" % (name, rep + 1))
                s.quiet.wait()
                wall, out = timed([seq] + args)
                times["sequential"].append(wall)
                s.reference.check(name, out, name + " sequential")
                s.quiet.wait()
                with Hog():
                    wall, out = timed([seq] + args)
                times["hog: seq"].append(wall)
                s.reference.check(name, out, name + " sequential, hog")
                times["start-up"].append(startup(par, 1))
                times["start-up 2"].append(startup(par, 2))
                runs = [(label, ["mpiexec", "-n", str(ranks), par] + args + dlb,
                         hog) for label, ranks, dlb, hog in configs]
                if awf:
                    runs += [(label, ["mpiexec", "-n", "2", awf] + args, hog)
                             for label, hog in (("2 ranks awf", False),
                                                ("hog: 2 awf", True))]
                for label, cmd, hog in runs:
                    s.quiet.wait()
                    if hog:
                        with Hog():
                            wall, out = timed(cmd)
                    else:
                        wall, out = timed(cmd)
                    times[label].append(wall)
                    s.reference.check(name, out, "%s %s" % (name, label))
            m = {k: common.med(v) if v else None for k, v in times.items()}
            seq_t = m["sequential"]
            rows.append([name,
                         common.f2((m["1 rank"] - m["start-up"]) / seq_t),
                         common.f3(seq_t), common.f3(m["start-up"])] +
                        [common.f3(m[c[0]]) for c in configs] +
                        [common.f2(m["2 ranks static"] / seq_t),
                         common.f2((m["2 ranks static"] - m["start-up 2"]) /
                                   seq_t),
                         common.f2(m["hog: 2 auto"] / seq_t),
                         common.f2(m["hog: 2 auto"] / m["hog: seq"]),
                         common.f2(m["hog: 2 awf"] / seq_t)
                         if m["hog: 2 awf"] else "-"])
            csv_rows.append([name, what, seq_t, m["start-up"]] +
                            [m[c[0]] for c in configs] + [m["hog: seq"]])
        headers = ["kernel", "1 rank / seq", "seq s", "start-up s"] + \
            [c[0] + " s" for c in configs] + \
            ["static/seq", "static-start-up/seq", "hog auto/seq",
             "hog auto/hog seq", "hog awf/seq"]
        print()
        print(common.fmt_table(headers, rows, "medians of %d repetitions, "
                               "whole-program wall seconds" % reps))
        common.write_csv(os.path.join(opts.out, "speed.csv"),
                         ["kernel", "what", "sequential", "start-up"] +
                         [c[0] for c in configs] + ["hog: seq"], csv_rows)
    return s.status


if __name__ == "__main__":
    sys.exit(main())
