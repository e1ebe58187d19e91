# runner.py: one program through the differential test. Builds the oracle
# (g++/gcc -O1, pragmas ignored), translates with dlbcc and classifies its
# answer (accepted, rejected with located diagnostics, crashed), builds the
# emitted program with mpicxx, runs it under random run-time configurations
# (ranks, strategy, load, period, threshold, ...) and compares its output
# with the oracle's (bit-exact but for the tolerance the generator states).

import os
import re
import subprocess
import time

STRATEGIES = ["auto", "static", "gcdlb", "gddlb", "lcdlb", "lddlb", "gss",
              "fac", "awf", "tss"]
DIAG = re.compile(r"^(.*?):(\d+):(\d+): (error|warning|fatal error): (.*)$")
RUN_TIMEOUT = 60
WATCHDOG = 20


class Tools:
    def __init__(self, root, work, pch=True):
        self.root = root
        b = os.path.join(root, "build", "bin")
        self.dlbcc = os.path.join(b, "dlbcc")
        self.netchar = os.path.join(b, "dlb-netchar")
        self.cflags = subprocess.check_output([self.dlbcc, "--cflags"],
                                              text=True).split()
        self.libs = subprocess.check_output([self.dlbcc, "--libs"],
                                            text=True).split()
        self.cache = os.path.join(work, "cache")
        self.pch = self.seqpch = None
        if pch:
            self.pch = make_pch(work, self.cflags)
            self.seqpch = make_oracle_pch(work)

    def env(self):
        e = dict(os.environ)
        e["XDG_CACHE_HOME"] = self.cache
        e.pop("DLB_OPTIONS", None)
        return e

    def warm(self):
        """Measures the network profile once for the campaign."""
        os.makedirs(self.cache, exist_ok=True)
        subprocess.run(["mpiexec", "-n", "4", self.netchar],
                       env=self.env(), capture_output=True, timeout=120)


def make_pch(work, cflags):
    """A precompiled dlb/dlb.h for mpicxx (only the runtime's header, so
    that an emitted file missing a standard include still fails)."""
    d = os.path.join(work, "pch")
    os.makedirs(d, exist_ok=True)
    h = os.path.join(d, "dlbpch.h")
    with open(h, "w") as f:
        f.write('#include "dlb/dlb.h"\n')
    p = subprocess.run(["mpicxx", "-std=c++17", "-O1", "-c", "-x",
                        "c++-header", h, "-o", h + ".gch"] + cflags,
                       capture_output=True, text=True)
    return h if p.returncode == 0 else None


def sh(cmd, cwd, timeout, env=None, out=None):
    """Runs cmd; returns (status, stdout, stderr, seconds); status 'timeout'
    when killed after timeout seconds."""
    t = time.time()
    try:
        for attempt in range(30):
            try:
                p = subprocess.run(cmd, cwd=cwd, capture_output=True,
                                   text=True, timeout=timeout, env=env,
                                   errors="replace",
                                   stdin=subprocess.DEVNULL,
                                   start_new_session=True)
                break
            except OSError:
                # A tool being relinked by a concurrent build: wait.
                if attempt == 29:
                    raise
                time.sleep(2)
        rc, so, se = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        rc = "timeout"
        so = e.stdout.decode(errors="replace") if isinstance(
            e.stdout, bytes) else (e.stdout or "")
        se = e.stderr.decode(errors="replace") if isinstance(
            e.stderr, bytes) else (e.stderr or "")
    if out:
        with open(os.path.join(cwd, out), "w") as f:
            f.write(so)
    return rc, so, se, time.time() - t


def dflags(meta):
    return ["-D%s=%d" % kv for kv in sorted(meta["defines"].items())]


ORACLE_HEADERS = ["cstdio", "cstdlib", "cstring", "cmath", "vector",
                  "algorithm"]


def make_oracle_pch(work):
    """The standard headers of a generated C++ program, precompiled."""
    d = os.path.join(work, "pch")
    os.makedirs(d, exist_ok=True)
    h = os.path.join(d, "seqpch.h")
    with open(h, "w") as f:
        f.write("".join("#include <%s>\n" % x for x in ORACLE_HEADERS))
    p = subprocess.run(["g++", "-std=c++17", "-O1", "-c", "-x", "c++-header",
                        h, "-o", h + ".gch"], capture_output=True)
    return h if p.returncode == 0 else None


def oracle_cmd(meta, pch=None):
    src = meta["file"]
    if src.endswith(".c"):
        return ["gcc", "-O1", "-Wno-unknown-pragmas"] + dflags(meta) + \
            [src, "-o", "prog.seq", "-lm"]
    pre = ["-include", pch, "-Winvalid-pch"] if pch else []
    return ["g++", "-std=c++17", "-O1", "-Wno-unknown-pragmas"] + pre + \
        dflags(meta) + [src, "-o", "prog.seq"]


def dlbcc_cmd(tools, meta):
    omp = ["--openmp"] if meta.get("openmp") else []
    return [tools.dlbcc] + omp + [meta["file"]] + dflags(meta) + \
        ["-o", "prog.dlb.cpp"]


def mpicxx_cmd(tools, meta, pch=True):
    pre = ["-include", tools.pch, "-Winvalid-pch"] if pch and tools.pch \
        else []
    return ["mpicxx", "-std=c++17", "-O1"] + pre + dflags(meta) + \
        ["prog.dlb.cpp"] + tools.cflags + tools.libs + ["-o", "prog.par"]


def run_cmd(cfg):
    return ["mpiexec", "-n", str(cfg["ranks"]), "./prog.par"] + cfg["opts"]


def diag_class(msg):
    """The diagnostic with names, numbers and types stripped."""
    m = re.sub(r"'[^']*'", "'_'", msg)
    m = re.sub(r"\b\d+\b", "N", m)
    m = re.sub(r"\s*\[-W[^\]]*\]$", "", m)
    return m[:160]


def parse_diags(stderr, src, loops):
    """Errors and warnings of dlbcc located in src, each mapped to the
    annotated loop whose lines contain it (index, or None)."""
    out = []
    base = os.path.basename(src)
    for line in stderr.splitlines():
        m = DIAG.match(line)
        if not m or os.path.basename(m.group(1)) != base:
            continue
        ln = int(m.group(2))
        loop = None
        # Reported at each other statement of a time loop around a lone
        # doacross loop (another annotated loop among them): the doacross
        # loop's mistake, the nearest one.
        lone = [lp for lp in loops if "doacross-lone" in lp["features"]
                and lp["status"] == "illegal"]
        for lp in loops:
            if lp["line"] <= ln <= lp["end_line"]:
                loop = lp["index"]
        if "may contain nothing but the doacross" in m.group(5) and lone:
            loop = min(lone, key=lambda lp: abs(lp["line"] - ln))["index"]
        if loop is None:
            # The pipelined loop (and a time loop) around a doacross.
            for lp in loops:
                if lp["kind"] == "doacross" and lp["line"] - 2 <= ln <= \
                        lp["end_line"] + 2:
                    loop = lp["index"]
        out.append({"line": ln, "severity": m.group(4).replace("fatal ", ""),
                    "message": m.group(5), "class": diag_class(m.group(5)),
                    "loop": loop})
    return out


def close(fa, fb, tolerant, rel):
    """Whether two printed lines (split) of a tolerant name agree within
    rel: `name value`, `name hash sum` of an array (the hash ignored: its
    elements may round differently) and `tsN name value` in a time loop."""
    if len(fa) != len(fb) or not fa or fa[0] != fb[0]:
        return False
    if len(fa) == 2 and fa[0] in tolerant:
        pairs = [(fa[1], fb[1])]
    elif len(fa) == 3 and fa[0] in tolerant:
        pairs = [(fa[2], fb[2])]
    elif len(fa) == 3 and fa[1] in tolerant and fa[1] == fb[1]:
        pairs = [(fa[2], fb[2])]
    else:
        return False
    try:
        for u, v in pairs:
            x, y = float(u), float(v)
            if abs(x - y) > rel * max(abs(x), abs(y), 1e-300):
                return False
    except ValueError:
        return False
    return True


def compare(expected, got, tolerant, rel=1e-9):
    """None if equal (tolerant names within rel), else the first
    differing line pair."""
    if expected == got:
        return None
    el, gl = expected.splitlines(), got.splitlines()
    for n, (a, b) in enumerate(zip(el, gl)):
        if a == b:
            continue
        fa, fb = a.split(), b.split()
        if close(fa, fb, tolerant, rel):
            continue
        return "line %d: expected %r, got %r" % (n + 1, a, b)
    if len(el) != len(gl):
        return "expected %d lines, got %d" % (len(el), len(gl))
    return None


def random_config(rng, pipelined):
    """A run-time configuration: ranks and --dlb-* options."""
    ranks = rng.choice([1, 2, 2, 3, 3, 4, 4, 4])
    o = ["--dlb-timeout=%d" % WATCHDOG]
    s = rng.choice(STRATEGIES + ["default"])
    if s != "default":
        o.append("--dlb-strategy=" + s)
    if rng.random() < 0.75:
        o.append("--dlb-distribute=always")
    o.append("--dlb-period=" + rng.choice(["0", "0", "auto", "0.001"]))
    if rng.random() < 0.3:
        o.append("--dlb-threshold=" + rng.choice(["off", "0.5"]))
    if rng.random() < 0.3:
        o.append("--dlb-costbenefit=off")
    x = rng.random()
    seed = rng.randrange(1, 10000)
    if x < 0.4:
        o.append("--dlb-load=random:max=%d,persist=%s,seed=%d" % (
            rng.choice([2, 3, 5]), rng.choice(["0.001", "0.01", "0.2"]),
            seed))
    elif x < 0.5:
        o.append("--dlb-load=oscillate:period=0.005,duty=0.5,ranks=%d" %
                 rng.randrange(ranks))
    elif x < 0.55:
        o.append("--dlb-load=constant:load=2,ranks=0")
    if rng.random() < 0.1:
        o.append("--dlb-filter=" + rng.choice(["off", "0.5"]))
    if rng.random() < 0.1:
        o.append("--dlb-reselect=" + rng.choice(["off", "0.5"]))
    if rng.random() < 0.1:
        o.append("--dlb-future-load=persistent")
    if rng.random() < 0.15 and ranks > 2:
        o.append("--dlb-group=%d" % rng.randint(1, ranks))
    if pipelined and rng.random() < 0.4:
        o.append("--dlb-blocksize=%d" % rng.choice([1, 2, 3, 7]))
    if rng.random() < 0.2:
        o.append("--dlb-bind=none")
    return {"ranks": ranks, "opts": o}
