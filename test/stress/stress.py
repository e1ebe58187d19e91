#!/usr/bin/env python3
"""Randomized stress test of libdlb's protocols (ctest label "stress").

Translates and builds a set of loop shapes (short runtime-sized loops
executed many times, many short executions, two loops per time step with
halos and a reduction, reductions, bitonic pairs, column distribution,
pipelines, irregular work, interleaved starts), then runs them under random combinations of
strategy x ranks (2-4) x --dlb-period (0 or default) x imbalance threshold
and cost-benefit test (on or off) x emulated load (kind and seed). The
combinations of program, strategy, ranks, period and gates are walked in a
random order (the seed's) until the time budget is spent; with --full-grid
every one runs before the budget counts, and random combinations fill the
rest of the budget once the grid is done.

A run passes when it ends within the limit with status 0, prints exactly
what the sequential program prints, and leaves no message unreceived (the
runtime itself stops with "dlb: fatal" when an iteration ran twice or not at
all, and its watchdog ends a run that waits too long in the protocol). A
failing run prints the exact command that reproduces it.

Usage: stress.py --source-root DIR --work DIR [--budget SECONDS] [--seed N]
                 [--full-grid]
Environment: DLBCC, MPICXX, MPIEXEC, SEQCXX (as for the lit tests).
"""
import argparse
import itertools
import os
import random
import shlex
import subprocess
import sys
import time

# Every strategy of include/dlb/Strategies.def.
STRATEGIES = subprocess.run(
    [sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                  "..", "..", "tools", "strategies-table.py"),
     "--names"], check=True, capture_output=True, text=True).stdout.split()
RANKS = [2, 3, 4]
PERIODS = ["0", "auto"]
GATES = ["on", "off"]
# A run that takes longer than this has hung; the watchdog's limit is lower
# so that a hang inside the protocol reports what it waited for.
RUN_SECONDS = 90
WATCHDOG_SECONDS = 30

# (program, source relative to the source root, arguments): each a shape of
# loop that the protocols must survive.
PROGRAMS = [
    ("rescale", "test/stress/Inputs/rescale.cpp", ["30000"]),
    ("floyd", "test/stress/Inputs/floyd.cpp", ["90"]),
    ("jacobi2", "test/stress/Inputs/jacobi2.cpp", ["64", "20"]),
    ("vecscale", "examples/vecscale.cpp", ["20000"]),
    ("dot", "examples/dot.cpp", ["100000"]),
    ("ac", "examples/ac.cpp", ["60"]),
    ("colsum", "examples/colsum.cpp", ["160"]),
    ("trfd", "examples/trfd.cpp", ["10"]),
    ("sor", "examples/sor.cpp", ["96", "4"]),
    ("mandel", "examples/mandel.cpp", ["96"]),
    ("pinned", "test/e2e/Inputs/pinned.cpp", []),
    ("linear", "test/e2e/Inputs/linear.cpp", []),
    ("seidel", "test/e2e/Inputs/seidel.cpp", ["60", "70", "3"]),
    ("stride", "test/e2e/Inputs/stride.cpp", ["120", "3"]),
    ("resident", "test/e2e/Inputs/resident.cpp", []),
    ("fdtd", "examples/kernels/fdtd-2d.cpp", []),
    # Under --dlb-distribute=auto its loop of unknown work starts from
    # interleaved blocks (Partition.h, interleavedPartition).
    ("distribute", "test/e2e/Inputs/distribute.cpp", []),
]


def load_spec(rng):
    """An emulated load: random (persistent or changing) or oscillating."""
    seed = rng.randrange(1, 1000)
    kind = rng.choice(["random", "random", "oscillate", "none"])
    if kind == "random":
        persist = rng.choice(["0.001", "0.01", "0.2"])
        return "random:max=%d,persist=%s,seed=%d" % (rng.choice([2, 3, 5]),
                                                     persist, seed)
    if kind == "oscillate":
        return "oscillate:period=%s,duty=0.5,ranks=%d" % (
            rng.choice(["0.005", "0.02"]), rng.randrange(0, 2))
    return None


def build(root, work, name, source):
    """Translates and builds one program; returns (parallel, expected)."""
    env = os.environ
    src = os.path.join(root, source)
    out = os.path.join(work, name)
    emitted = out + ".dlb.cpp"
    flags = (subprocess.check_output([env["DLBCC"], "--cflags"], text=True)
             .split() +
             subprocess.check_output([env["DLBCC"], "--libs"], text=True)
             .split())
    subprocess.check_call([env["DLBCC"], src, "-o", emitted])
    subprocess.check_call(shlex.split(env["MPICXX"]) +
                          ["-std=c++17", "-O2", emitted] + flags +
                          ["-o", out + ".par"])
    subprocess.check_call(shlex.split(env["SEQCXX"]) +
                          ["-std=c++17", "-O2", "-Wno-unknown-pragmas", src,
                           "-o", out + ".seq"])
    return out + ".par", out + ".seq"


def command(par, args, ranks, strategy, period, gates, load, distribute):
    cmd = ["timeout", str(RUN_SECONDS)] + shlex.split(os.environ["MPIEXEC"])
    cmd += ["-n", str(ranks), par] + args
    cmd += ["--dlb-strategy=" + strategy, "--dlb-period=" + period,
            "--dlb-timeout=%d" % WATCHDOG_SECONDS,
            "--dlb-distribute=" + distribute]
    if gates == "off":
        cmd += ["--dlb-threshold=off", "--dlb-costbenefit=off"]
    if load:
        cmd += ["--dlb-load=" + load]
    return cmd


def run_one(cmd, expected, work):
    """Runs cmd; returns None if it passed, else what went wrong."""
    start = time.time()
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=work,
                          stdin=subprocess.DEVNULL)
    seconds = time.time() - start
    if proc.returncode == 124:
        return "hung (killed after %d s)" % RUN_SECONDS, proc.stderr
    if proc.returncode != 0:
        return "exited with status %d" % proc.returncode, proc.stderr
    if "dlb: warning: internal" in proc.stderr:
        return "left a message unreceived", proc.stderr
    if proc.stdout != expected:
        return "printed something else than the sequential program", (
            proc.stdout[:2000])
    return None, seconds


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source-root", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--budget", type=float, default=240,
                        help="seconds after which no run starts (after the "
                        "whole grid with --full-grid)")
    parser.add_argument("--full-grid", action="store_true",
                        help="run every combination once whatever the budget")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--programs", default="",
                        help="comma list of program names (default: all)")
    opts = parser.parse_args()
    seed = opts.seed if opts.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    os.makedirs(opts.work, exist_ok=True)
    # Every auto run shares one network profile cache, measured once.
    os.environ["XDG_CACHE_HOME"] = os.path.join(opts.work, "cache")
    chosen = [p for p in PROGRAMS
              if not opts.programs or p[0] in opts.programs.split(",")]
    print("stress: seed %d (rerun with --seed %d), %d programs" %
          (seed, seed, len(chosen)), flush=True)

    programs = []
    for name, source, args in chosen:
        par, seq = build(opts.source_root, opts.work, name, source)
        expected = subprocess.run([seq] + args, capture_output=True,
                                  text=True, check=True).stdout
        programs.append((name, par, args, expected))

    # The combinations in random order, so that a budget that ends the walk
    # early still mixes them; random ones once the grid is done.
    grid = list(itertools.product(range(len(programs)), STRATEGIES, RANKS,
                                  PERIODS, GATES))
    rng.shuffle(grid)
    grid_size = len(grid)
    runs = failures = 0
    total = 0.0
    deadline = None if opts.full_grid else time.time() + opts.budget
    while True:
        if not grid and deadline is None:
            deadline = time.time() + opts.budget  # --full-grid: grid done
        if deadline is not None and time.time() >= deadline:
            break
        combo = grid.pop() if grid else (
            rng.randrange(len(programs)), rng.choice(STRATEGIES),
            rng.choice(RANKS), rng.choice(PERIODS), rng.choice(GATES))
        index, strategy, ranks, period, gates = combo
        name, par, args, expected = programs[index]
        # Mostly distributed, so that the protocols are exercised; now and
        # then as a user runs it, where rank 0 may keep a loop to itself.
        cmd = command(par, args, ranks, strategy, period, gates,
                      load_spec(rng), rng.choice(["always", "always", "auto"]))
        problem, detail = run_one(cmd, expected, opts.work)
        runs += 1
        if problem is None:
            total += detail
            continue
        failures += 1
        print("FAIL: %s %s" % (name, problem), flush=True)
        print("  reproduce: cd %s && %s" % (shlex.quote(opts.work),
                                            shlex.join(cmd)))
        for line in detail.strip().splitlines()[-8:]:
            print("    " + line)
    print("stress: %d runs (%d of the %d combinations of the grid; %.0f s in "
          "passing runs), %d failed, seed %d" %
          (runs, grid_size - len(grid), grid_size, total, failures, seed))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
