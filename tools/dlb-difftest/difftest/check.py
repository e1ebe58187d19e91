# check.py: the differential test of one program (or of a reduced variant):
# oracle, dlbcc, mpicxx, runs, in that order, stopping at the first
# failure; the outcome and its kind; saving a failure with a repro.sh.

import json
import os
import shlex
import shutil

from . import runner as R

FAIL = ("WRONG", "CRASH", "HANG")


def write_program(d, prog, removed, plain=frozenset()):
    text, meta = prog.render(removed, plain)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, meta["file"]), "w") as f:
        f.write(text)
    with open(os.path.join(d, "prog.json"), "w") as f:
        json.dump(meta, f, indent=1)
    return meta


def result(meta, outcome, kind="", detail="", **kw):
    r = {"seed": meta["seed"], "lang": meta["lang"], "outcome": outcome,
         "kind": kind, "detail": detail[:2000], "loops": meta["loops"],
         "diags": [], "times": {}, "config": None}
    r.update(kw)
    return r


def oracle(tools, d, meta, res_times):
    rc, _, se, t = R.sh(R.oracle_cmd(meta, tools.seqpch), d, 120)
    res_times["oracle_build"] = t
    if rc != 0:
        return None, "oracle build failed: " + se[-1500:]
    rc, so, se, t = R.sh(["./prog.seq"], d, 30, out="expected.txt")
    res_times["oracle_run"] = t
    if rc != 0:
        return None, "oracle run failed (%s): %s" % (rc, se[-800:])
    return so, None


def translate(tools, d, meta, times):
    """(status, diags, stderr): status accepted | rejected | CRASH | HANG."""
    rc, _, se, t = R.sh(R.dlbcc_cmd(tools, meta), d, 120)
    times["dlbcc"] = times.get("dlbcc", 0.0) + t
    with open(os.path.join(d, "dlbcc.stderr"), "w") as f:
        f.write(se)
    diags = R.parse_diags(se, meta["file"], meta["loops"])
    errors = [x for x in diags if x["severity"] == "error"]
    if rc == "timeout":
        return "HANG", diags, "dlbcc ran longer than 120 s"
    if rc == 0 and os.path.exists(os.path.join(d, "prog.dlb.cpp")):
        return "accepted", diags, se
    if rc == 1 and errors:
        return "rejected", diags, se
    return "CRASH", diags, "dlbcc exited with %s%s:\n%s" % (
        rc, "" if errors else " without a located error", se[-1500:])


def run_one(tools, d, meta, cfg, expected):
    """None if the run printed what the oracle did, else (kind, detail)."""
    rc, so, se, t = R.sh(R.run_cmd(cfg), d, R.RUN_TIMEOUT, env=tools.env(),
                         out="out.txt")
    with open(os.path.join(d, "run.stderr"), "w") as f:
        f.write(se)
    if rc == "timeout":
        return ("HANG", "killed after %d s" % R.RUN_TIMEOUT), t
    if rc == 3 and "dlb:" in se:
        return ("HANG", "watchdog: " + se[-1500:]), t
    if rc != 0:
        return ("CRASH", "run exited with %s: %s" % (rc, se[-1500:])), t
    if "dlb: warning: internal" in se:
        return ("CRASH", "left a message unreceived: " + se[-800:]), t
    diff = R.compare(expected, so, set(meta["tolerant"]))
    if diff:
        return ("WRONG", diff), t
    return None, t


ALONE_ROUNDS = 4


def rejected_loops(meta, diags):
    """Node ids of the annotated loops that dlbcc's errors are located in,
    or None when an error is located in no annotated loop."""
    nodes = set()
    for dg in diags:
        if dg["severity"] != "error":
            continue
        if dg["loop"] is None:
            return None
        nodes.add(meta["loops"][dg["loop"]]["node"])
    return nodes


def translate_alone(tools, d, prog, removed, plain, times):
    """Translates; with plain not None, after a rejection whose every error
    is located in an annotated loop, removes those loops' annotations and
    translates again (up to ALONE_ROUNDS times), so that every loop is
    judged on its own. Returns (status, meta, diags of every round, stderr,
    plain)."""
    meta = write_program(d, prog, removed, plain or frozenset())
    seen = []
    for _ in range(ALONE_ROUNDS):
        st, diags, se = translate(tools, d, meta, times)
        seen += diags
        if st != "rejected" or plain is None:
            return st, meta, seen, se, plain
        more = rejected_loops(meta, diags)
        if not more or more <= plain:
            break
        plain = plain | more
        meta = write_program(d, prog, removed, plain)
    return "rejected", meta, seen, se, plain


def test(tools, prog, d, configs, removed=frozenset(), oracle_first=True,
         plain=frozenset(), alone=False):
    """The outcome of one program: a result dict. Without oracle_first the
    oracle is built only for programs dlbcc accepts (a campaign: the
    verdict on a rejected program does not need it). With alone, a
    rejected program is translated again without the annotations of the
    loops it was rejected for (translate_alone), and run if accepted."""
    meta = write_program(d, prog, removed, plain)
    times = {}
    if oracle_first:
        expected, err = oracle(tools, d, meta, times)
        if err:
            return result(meta, "GENBUG", "oracle", err, times=times)
    st, meta, diags, se, plain = translate_alone(
        tools, d, prog, removed, frozenset(plain) if alone else None, times)
    extra = {"plain": sorted(plain or ())}
    if st in ("CRASH", "HANG"):
        return result(meta, st, "dlbcc", se, diags=diags, times=times,
                      **extra)
    if st == "rejected":
        return result(meta, "rejected", "", "", diags=diags, times=times,
                      **extra)
    if not oracle_first:
        expected, err = oracle(tools, d, meta, times)
        if err:
            return result(meta, "GENBUG", "oracle", err, times=times)
    rc, _, se, t = R.sh(R.mpicxx_cmd(tools, meta), d, 300)
    times["mpicxx"] = t
    if rc != 0:
        with open(os.path.join(d, "mpicxx.stderr"), "w") as f:
            f.write(se)
        return result(meta, "CRASH", "mpicxx", "mpicxx failed (%s): %s" % (
            rc, se[-2000:]), diags=diags, times=times, **extra)
    times["runs"] = 0.0
    for cfg in configs:
        bad, t = run_one(tools, d, meta, cfg, expected)
        times["runs"] += t
        if bad:
            return result(meta, bad[0], "run", bad[1], diags=diags,
                          times=times, config=cfg, **extra)
    return result(meta, "ok", "", "", diags=diags, times=times,
                  runs=len(configs), **extra)


def repro_script(tools, meta, res):
    """A shell script with the exact commands that reproduce res."""
    q = shlex.join
    lines = ["#!/bin/sh", "# dlb-difftest seed %d: %s %s" % (
        meta["seed"], res["outcome"], res["kind"]),
        "# " + res["detail"].splitlines()[0][:300] if res["detail"] else "#",
        'cd "$(dirname "$0")"',
        "DLBCC=${DLBCC:-%s}" % tools.dlbcc,
        q(R.oracle_cmd(meta)) + " || exit 1",
        "./prog.seq > expected.txt || exit 1",
        '"$DLBCC" ' + q(R.dlbcc_cmd(tools, meta)[1:]) +
        '; echo "dlbcc exit status $?"']
    if res["kind"] == "dlbcc" or res["outcome"] == "rejected":
        return "\n".join(lines) + "\n"
    mc = R.mpicxx_cmd(tools, meta, pch=False)
    mc = mc[:mc.index("prog.dlb.cpp") + 1] + ['$("$DLBCC" --cflags)',
                                              '$("$DLBCC" --libs)',
                                              "-o", "prog.par"]
    lines.append(" ".join(x if x.startswith("$(") else shlex.quote(x)
                          for x in mc) + " || exit 1")
    if res["kind"] == "mpicxx":
        return "\n".join(lines) + "\n"
    cfg = res["config"]
    lines.append('export XDG_CACHE_HOME="${XDG_CACHE_HOME:-$PWD/cache}"')
    lines.append("timeout %d %s > out.txt; echo \"run exit status $?\"" % (
        R.RUN_TIMEOUT, q(R.run_cmd(cfg))))
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    lines.append("python3 %s --compare expected.txt out.txt --meta prog.json"
                 % shlex.quote(os.path.join(here, "dlb-difftest")))
    return "\n".join(lines) + "\n"


def save(tools, d, dest, res):
    """Copies the work directory of a failure to dest, with repro.sh."""
    if os.path.exists(dest):
        shutil.rmtree(dest)
    shutil.copytree(d, dest, ignore=shutil.ignore_patterns(
        "prog.seq", "prog.par", "cache"))
    with open(os.path.join(dest, "prog.json")) as f:
        meta = json.load(f)
    p = os.path.join(dest, "repro.sh")
    with open(p, "w") as f:
        f.write(repro_script(tools, meta, res))
    os.chmod(p, 0o755)
    with open(os.path.join(dest, "result.json"), "w") as f:
        json.dump(res, f, indent=1)
