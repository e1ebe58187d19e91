"""Shared parts of the dlbcc/libdlb benchmarks (bench/*.py): building the
examples with dlbcc and mpicxx, the sequential baseline (the OpenMP one is
in openmp.py), waiting for an idle machine and measuring what other
processes use during a run, running mpiexec and reading the --dlb-stats file, medians, plain tables,
CSV files and the scaffolding of a benchmark session (output directory with
output.txt, temporary build directory, clean-up, the closing summary).

Python standard library only.
"""

import csv
import datetime
import hashlib
import json
import os
import platform
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DLBCC = os.path.join(ROOT, "build", "bin", "dlbcc")
RUN_TIMEOUT = 300  # seconds per mpiexec run

# Every program a benchmark compares is compiled alike: the sequential
# program (g++), the program dlbcc emits (mpicxx) and the OpenMP one
# (g++ -fopenmp). A user who cares about speed builds with -O3.
CXXFLAGS = ["-std=c++17", "-O3"]


def log(msg):
    """Progress messages go to stderr (stdout holds the tables)."""
    print(msg, file=sys.stderr, flush=True)


# ---------------------------------------------------------------- machine

def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def git_head():
    try:
        out = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                             capture_output=True, text=True, timeout=10)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def libdlb_id(path):
    """sha256 prefix and modification time of the libdlb the programs use."""
    try:
        with open(path, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()[:12]
        mtime = datetime.datetime.fromtimestamp(
            os.path.getmtime(path)).astimezone().strftime("%Y-%m-%d %H:%M:%S")
        return "sha256 %s, built %s" % (digest, mtime)
    except OSError:
        return "unknown"


class Tee:
    """Copies what the script prints to a file as well."""

    def __init__(self, stream, path):
        self.stream = stream
        self.file = open(path, "w")

    def write(self, text):
        self.stream.write(text)
        self.file.write(text)

    def flush(self):
        self.stream.flush()
        self.file.flush()


def cpu_times():
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return sum(fields[:8]), idle


def busy_cores(interval):
    """CPU used by the whole machine over `interval` seconds, in cores."""
    t0, i0 = cpu_times()
    time.sleep(interval)
    t1, i1 = cpu_times()
    total = t1 - t0
    if total <= 0:
        return 0.0
    return (total - (i1 - i0)) / total * os.cpu_count()


class Quiet:
    """Waits before each run until the machine is idle (other jobs running
    on it would distort the timings) and records what it saw."""

    def __init__(self, enabled, threshold=0.3, max_wait=60.0, retries=3,
                 disturbed=0.25):
        self.enabled = enabled
        self.retries = retries
        self.disturbed = disturbed
        self.repeated = 0
        self.threshold = threshold
        self.max_wait = max_wait
        self.noisy_runs = 0
        self.waited = 0.0
        self.foreign = []

    def record(self, cores):
        self.foreign.append(cores)

    def measured(self, fn):
        """Calls fn() (a run returning (..., foreign cores) last) after
        waiting for quiet; repeats it, up to `retries` times, when other
        processes used more than `disturbed` cores during it. Returns fn's
        result and the busy cores seen before the kept run."""
        for attempt in range(self.retries + 1):
            busy = self.wait()
            result = fn()
            fc = result[-1]
            if not self.enabled or fc <= self.disturbed or \
                    attempt == self.retries:
                break
            self.repeated += 1
            log("  other processes used %.2f cores during the run; "
                "repeating it" % fc)
        self.record(fc)
        return result, busy

    def wait(self):
        if not self.enabled:
            return float("nan")
        start = time.monotonic()
        while True:
            b = busy_cores(0.25)
            if b < self.threshold:
                break
            if time.monotonic() - start > self.max_wait:
                self.noisy_runs += 1
                log("  warning: machine busy (%.2f cores) before a run; "
                    "running anyway" % b)
                break
            time.sleep(1.0)
        self.waited += time.monotonic() - start
        return b

    def summary(self):
        disturbed = sum(1 for c in self.foreign if c > self.disturbed)
        return ("runs started on a busy machine: %d; waited %.0f s for "
                "quiet; runs repeated because other processes used > %.2f "
                "core during them: %d; kept runs still so disturbed: %d of "
                "%d (max %.2f cores)" %
                (self.noisy_runs, self.waited, self.disturbed, self.repeated,
                 disturbed, len(self.foreign),
                 max(self.foreign, default=0.0)))


# ---------------------------------------------------------------- building

def link_flags(workdir):
    """(cflags, libs) for mpicxx from `dlbcc --cflags/--libs`, the libs
    pointing at a private copy of libdlb in workdir/lib, so that a rebuild
    of build/ during a benchmark does not change the library under it."""
    cflags = subprocess.run([DLBCC, "--cflags"], capture_output=True,
                            text=True, check=True).stdout.split()
    libs = subprocess.run([DLBCC, "--libs"], capture_output=True,
                          text=True, check=True).stdout.split()
    libdir = next((a[2:] for a in libs if a.startswith("-L")), None)
    privlib = os.path.join(workdir, "lib")
    os.makedirs(privlib, exist_ok=True)
    if libdir and os.path.exists(os.path.join(libdir, "libdlb.so")):
        shutil.copy2(os.path.join(libdir, "libdlb.so"), privlib)
        libs = ["-L" + privlib, "-Wl,-rpath," + privlib, "-ldlb"]
    return cflags, libs


def compile_sequential(src, defines, prog):
    """The sequential program: `src` with its dlb pragmas ignored."""
    subprocess.run(["g++"] + CXXFLAGS + ["-Wno-unknown-pragmas"] + defines +
                   [src, "-o", prog], check=True)


def compile_emitted(src, defines, prog, cflags, libs):
    """dlbcc's program of `src`: translated to prog.dlb.cpp, then mpicxx."""
    emitted = prog + ".dlb.cpp"
    subprocess.run([DLBCC, src, "-o", emitted, "--"] + defines, check=True)
    subprocess.run(["mpicxx"] + CXXFLAGS + defines + [emitted] + cflags +
                   libs + ["-o", prog], check=True)


def compile_kernel(workdir, name, source, defines, cflags, libs):
    """(sequential program, emitted program) of `source` (relative to the
    repository) with the -D flags `defines`, in `workdir`."""
    src = os.path.join(ROOT, source)
    seq = os.path.join(workdir, name + ".seq")
    par = os.path.join(workdir, name + ".par")
    compile_sequential(src, defines, seq)
    compile_emitted(src, defines, par, cflags, libs)
    return seq, par


def build(workdir, examples, log_fn=log):
    """Translates examples/NAME.cpp for each NAME of `examples` with dlbcc
    and compiles it with mpicxx into `workdir`; returns {NAME: program}.
    Links against a private copy of libdlb (workdir/lib) so that a rebuild
    of build/ during the benchmark does not change the library under it."""
    if not os.path.exists(DLBCC):
        sys.exit("error: %s not found; run `cmake --build %s -j2` first"
                 % (DLBCC, os.path.join(ROOT, "build")))
    cflags, libs = link_flags(workdir)
    progs = {}
    for ex in examples:
        src = os.path.join(ROOT, "examples", ex + ".cpp")
        out_cpp = os.path.join(workdir, ex + ".dlb.cpp")
        prog = os.path.join(workdir, ex)
        log_fn("building %s" % ex)
        subprocess.run([DLBCC, src, "-o", out_cpp], check=True)
        subprocess.run(["mpicxx"] + CXXFLAGS + [out_cpp] + cflags +
                       libs + ["-o", prog], check=True)
        progs[ex] = prog
    return progs


INF = float("inf")
_NUMBER = re.compile(rb"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def rounding(expected, out):
    """The largest relative difference between the numbers of two outputs
    whose text is otherwise the same (a floating-point reduction regrouped
    may round differently); infinity if the rest of the text differs."""
    if _NUMBER.sub(b"#", expected) != _NUMBER.sub(b"#", out):
        return INF
    worst = 0.0
    for a, b in zip(_NUMBER.findall(expected), _NUMBER.findall(out)):
        a, b = float(a), float(b)
        if a != b:
            worst = max(worst, abs(a - b) / max(abs(a), abs(b)))
    return worst


def efficiency(one, two, p=2):
    """Per-repetition parallel efficiency: time on one over p times the
    time on p (ranks or threads)."""
    return [r / p for r in ratios(one, two)]


# ---------------------------------------------------------------- statistics

_NONFINITE = re.compile(r"(?<=[:\[,\s])(-?)(inf|nan)(?=\s*[,\]\}])")
_warned_nonfinite = []


def read_stats(path):
    """The --dlb-stats file as a dict (docs/runtime-options.md). Bare
    'inf'/'nan' numbers (printf's rendering of non-finite doubles, which is
    not JSON) are read as float('inf')/float('nan'), with a warning once."""
    with open(path) as f:
        text = f.read()
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        fixed = _NONFINITE.sub(
            lambda m: m.group(1) + ("Infinity" if m.group(2) == "inf"
                                    else "NaN"), text)
        d = json.loads(fixed)  # still invalid: let the error propagate
        if not _warned_nonfinite:
            _warned_nonfinite.append(path)
            log("  warning: %s has non-finite numbers written as inf/nan "
                "(not JSON); read them as such" % path)
        return d


def _source_key(name):
    """Sort key of a loop name: dlbcc names loops FILE:LINE:COL, so that
    loops sort in source order (numerically, not as strings)."""
    m = re.match(r"^(.*):(\d+):(\d+)$", name)
    if m:
        return (m.group(1), int(m.group(2)), int(m.group(3)), name)
    return (name, 0, 0, name)


def loops_in_order(stats):
    """[(name, entry)] of the loops of a stats dict, in source order."""
    return sorted(stats["loops"].items(), key=lambda kv: _source_key(kv[0]))


# ---------------------------------------------------------------- running

LIVE = set()  # process groups to kill if the script is stopped


def kill_group(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait()
    LIVE.discard(proc)


def rank_affinities(prog, proc, settle=0.4, timeout=5.0):
    """While `proc` (mpiexec) runs, finds the ranks of `prog` and returns
    {rank: Cpus_allowed_list} read from /proc, `settle` seconds after both
    ranks appeared: during their first ~50 ms the ranks' affinity was seen
    to flip between the cores (start-up; hwloc's topology discovery binds to
    each core in turn), so an early reading can be wrong."""
    found = {}
    deadline = time.monotonic() + timeout
    seen_both = None
    while time.monotonic() < deadline and proc.poll() is None:
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                with open("/proc/%s/cmdline" % pid, "rb") as f:
                    argv0 = f.read().split(b"\0")[0].decode()
                if os.path.realpath(argv0) != os.path.realpath(prog):
                    continue
                with open("/proc/%s/environ" % pid, "rb") as f:
                    env = dict(kv.split(b"=", 1) for kv in f.read().split(b"\0")
                               if b"=" in kv)
                rank = int(env.get(b"PMI_RANK", b"-1"))
                with open("/proc/%s/status" % pid) as f:
                    for line in f:
                        if line.startswith("Cpus_allowed_list"):
                            found[rank] = line.split(":", 1)[1].strip()
            except (OSError, ValueError):
                continue
        if len(found) >= 2:
            if seen_both is None:
                seen_both = time.monotonic()
            elif time.monotonic() - seen_both >= settle:
                break
        time.sleep(0.05)
    return found


def proc_cpu_ticks(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])  # utime + stime
    except (OSError, IndexError, ValueError):
        return 0


def children_cpu():
    """CPU seconds of this process and its reaped descendants."""
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        r = resource.getrusage(who)
        total += r.ru_utime + r.ru_stime
    return total


class Foreign:
    """CPU that the rest of the machine used during a run, in cores: busy
    time of all CPUs (/proc/stat) minus what our reaped children (mpiexec and
    the ranks) and the processes in `exclude` (e.g. a competitor) used."""

    def __init__(self, exclude=()):
        self.exclude = list(exclude)
        self.tick = os.sysconf("SC_CLK_TCK")

    def __enter__(self):
        self.t0, self.i0 = cpu_times()
        self.c0 = children_cpu()
        self.x0 = sum(proc_cpu_ticks(p) for p in self.exclude)
        self.w0 = time.perf_counter()
        return self

    def stop(self):
        t1, i1 = cpu_times()
        wall = time.perf_counter() - self.w0
        busy = ((t1 - self.t0) - (i1 - self.i0)) / self.tick
        ours = children_cpu() - self.c0 + \
            (sum(proc_cpu_ticks(p) for p in self.exclude) - self.x0) / self.tick
        self.cores = max(0.0, busy - ours) / max(wall, 1e-9)
        return self.cores

    def __exit__(self, *exc):
        return False


def run(prog, nranks, args, dlb_opts, statsfile, bind=False,
        check_affinity=False, exclude=(), parse=None):
    """One mpiexec run of `prog` on `nranks` ranks with the program
    arguments `args` and the --dlb-* options `dlb_opts` (--dlb-stats is
    added). Returns (wall seconds, stdout bytes, stats, affinities, foreign
    cores): stats is the --dlb-stats file as a dict, or parse(that dict);
    affinities is {rank: allowed CPUs} with check_affinity, else None.
    Raises RuntimeError if the run fails or times out."""
    cmd = ["mpiexec"]
    if bind:
        cmd += ["-bind-to", "core"]
    cmd += ["-n", str(nranks), prog] + [str(a) for a in args] + \
        list(dlb_opts) + ["--dlb-stats=" + statsfile]
    if os.path.exists(statsfile):
        os.remove(statsfile)
    foreign = Foreign(exclude).__enter__()
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    LIVE.add(proc)
    aff = rank_affinities(prog, proc) if check_affinity else None
    try:
        out, err = proc.communicate(timeout=RUN_TIMEOUT)
    except subprocess.TimeoutExpired:
        kill_group(proc)
        raise RuntimeError("timeout: " + " ".join(cmd))
    wall = time.perf_counter() - t0
    LIVE.discard(proc)
    fcores = foreign.stop()
    if proc.returncode != 0:
        raise RuntimeError("exit %d: %s\n%s" % (proc.returncode, " ".join(cmd),
                                                err.decode(errors="replace")))
    stats = read_stats(statsfile)
    if parse is not None:
        stats = parse(stats)
    return wall, out, stats, aff, fcores


def timed(cmd, env=None):
    """(wall seconds, stdout) of one run of cmd (with the environment
    variables `env` added); raises RuntimeError if it fails."""
    full = None if env is None else dict(os.environ, **env)
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, timeout=RUN_TIMEOUT,
                       env=full)
    wall = time.perf_counter() - t0
    if r.returncode != 0:
        raise RuntimeError("exit %d: %s\n%s" % (
            r.returncode, " ".join(cmd), r.stderr.decode(errors="replace")))
    return wall, r.stdout


def omp_env(threads):
    """The environment of an OpenMP run on `threads` threads."""
    return {"OMP_NUM_THREADS": str(threads)}


def accepts_option(prog, option):
    """Whether the runtime linked into `prog` accepts the --dlb option
    `option` (an unknown option stops every run with status 2): a one-rank
    run with an invalid program argument, which the examples reject at
    once after the options are parsed."""
    try:
        r = subprocess.run(["mpiexec", "-n", "1", prog, "x", option],
                           capture_output=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return False
    return b"dlb: error" not in r.stderr


# ---------------------------------------------------------------- output

def add_common_options(ap):
    """The options every benchmark script has."""
    ap.add_argument("--keep-build", action="store_true",
                    help="keep the directory of the built programs")
    ap.add_argument("--no-wait-quiet", action="store_true",
                    help="do not wait for an idle machine before each run")
    ap.add_argument("--report", action="store_true",
                    help="run nothing: print the tables again from the CSV "
                    "files of --out (rewrites its summary CSV files)")


def command_line():
    """The command that ran this script, as run from the repository."""
    script = os.path.relpath(os.path.abspath(sys.argv[0]), ROOT)
    return " ".join(["python3", script] + sys.argv[1:])


def machine():
    return "%s, nproc %d" % (cpu_model(), os.cpu_count())


def meta(workdir, started=None):
    """(key, value) rows describing when and where a run happens: date, git
    HEAD, the libdlb copied into `workdir` (link_flags), machine, command."""
    started = started or datetime.datetime.now().astimezone()
    return [
        ("date", started.strftime("%Y-%m-%d %H:%M %Z")),
        ("git HEAD", git_head()),
        ("libdlb.so", libdlb_id(os.path.join(workdir, "lib", "libdlb.so"))),
        ("cpu", machine()),
        ("command", command_line()),
    ]


def fmt_table(headers, rows, title=None):
    cells = [[str(h) for h in headers]] + [[str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = []
    if title:
        lines.append(title)
    line = "  ".join(h.rjust(w) for h, w in zip(cells[0], widths))
    lines.append(line)
    lines.append("  ".join("-" * w for w in widths))
    for r in cells[1:]:
        lines.append("  ".join(c.rjust(w) for c, w in zip(r, widths)))
    return "\n".join(lines)


def write_csv(path, headers, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(headers)
        for r in rows:
            w.writerow(r)


def med(xs):
    return statistics.median(xs) if xs else float("nan")


def f3(x):
    return "%.3f" % x


def med_range(xs, fmt="%.3f"):
    """'median (min-max)' of xs, or 'n/a' when there are none."""
    xs = [x for x in xs if x is not None]
    if not xs:
        return "n/a"
    if len(xs) == 1:
        return fmt % xs[0]
    return (fmt + " (" + fmt + "-" + fmt + ")") % (med(xs), min(xs), max(xs))


def ratios(num, den):
    """Per-repetition ratios num[r] / den[r] of two interleaved series."""
    return [a / b for a, b in zip(num, den) if a is not None and b]


def f2(x):
    return "%.2f" % x


class Reference:
    """The stdout of each (example, size) must not depend on strategy/ranks.
    With save_dir, a differing output is kept there (mismatch-N.txt, with
    the first run's output) for diagnosis."""

    def __init__(self, save_dir=None):
        self.ref = {}
        self.mismatches = []
        self.save_dir = save_dir

    def check(self, key, out, what):
        if key not in self.ref:
            self.ref[key] = out
            return True
        if self.ref[key] != out:
            self.mismatches.append(what)
            log("  warning: output differs from the first run: " + what)
            if self.save_dir:
                path = os.path.join(self.save_dir, "mismatch-%d.txt" %
                                    len(self.mismatches))
                with open(path, "wb") as f:
                    f.write(("%s\n--- first run's output:\n" % what).encode())
                    f.write(self.ref[key])
                    f.write(b"--- this run's output:\n")
                    f.write(out)
                log("  both outputs are in " + path)
            return False
        return True


# ---------------------------------------------------------------- session

class Session:
    """The scaffolding of a benchmark run, as a context manager:

        with Session(out, quick, wait_quiet, keep_build) as s:
            progs = s.build(["mxm", "ac"])
            print(fmt_table(["", ""], s.meta() + [...], "title"))
            ... s.quiet.measured(...), s.reference.check(...), s.workdir ...
        return s.status

    On entry: creates `out`, copies stdout to out/output.txt, makes a
    temporary build directory, turns SIGTERM into an exit. On exit: a failed
    run (RuntimeError, CalledProcessError) is logged and sets status 1
    instead of propagating; stray mpiexec process groups are killed; the
    build directory is removed (unless keep_build); the output mismatches,
    what the quiet-machine guard saw and the total time are printed."""

    def __init__(self, out, quick=False, wait_quiet=True, keep_build=False):
        self.out = out
        self.keep_build = keep_build
        self.quiet = Quiet(wait_quiet, max_wait=10.0 if quick else 60.0)
        self.reference = Reference(save_dir=out)
        self.status = 0
        self.workdir = None

    def __enter__(self):
        os.makedirs(self.out, exist_ok=True)
        sys.stdout = Tee(sys.stdout, os.path.join(self.out, "output.txt"))
        self.started = datetime.datetime.now().astimezone()
        self.workdir = tempfile.mkdtemp(prefix="dlb-bench-")
        # The programs measure their network profile at the first start-up
        # and cache it here, not in the user's cache, where one measured
        # at a disturbed moment (or by an older libdlb) would stand for
        # every later run.
        os.environ["XDG_CACHE_HOME"] = os.path.join(self.workdir, "cache")

        def stop(signum, frame):
            raise SystemExit(128 + signum)

        signal.signal(signal.SIGTERM, stop)
        return self

    def build(self, examples):
        return build(self.workdir, examples)

    def meta(self):
        return meta(self.workdir, self.started)

    def __exit__(self, exc_type, exc, tb):
        handled = False
        if exc_type is not None and issubclass(
                exc_type, (RuntimeError, subprocess.CalledProcessError)):
            log("error: %s" % exc)
            self.status = 1
            handled = True
        for proc in list(LIVE):
            kill_group(proc)
        profile = os.path.join(self.workdir, "cache", "dlb", "netprofile")
        if os.path.exists(profile):
            with open(profile) as f:
                print("network profile of the run: " + ", ".join(
                    line.strip() for line in f
                    if line.startswith(("ranks", "latency", "bandwidth"))))
        if self.keep_build:
            log("programs kept in %s" % self.workdir)
        else:
            shutil.rmtree(self.workdir, ignore_errors=True)
        minutes = (datetime.datetime.now().astimezone() -
                   self.started).total_seconds() / 60
        mm = self.reference.mismatches
        print("output mismatches: %d%s" % (len(mm), "" if not mm else
                                           " (" + "; ".join(mm) + ")"))
        print("%s; total %.1f min" % (self.quiet.summary(), minutes))
        print("CSV files in %s" % self.out)
        return handled
