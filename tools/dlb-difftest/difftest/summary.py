# summary.py: the tally of a campaign: outcomes per program, rejections
# per diagnostic class, per-loop verdicts (legal loops accepted or falsely
# rejected, illegal loops flagged or accepted), timings, the failures; as
# a dict (summary.json) and as a Markdown table (summary.md, stdout).

from collections import Counter, defaultdict

FAILS = ("WRONG", "CRASH", "HANG", "GENBUG")


def loop_verdicts(res, tally):
    """Per-loop verdicts of one program result into tally. A loop whose
    annotation the driver removed after a rejection (check.translate_alone)
    counts for its own errors, not for the translation that ran."""
    own = defaultdict(list)
    for dg in res["diags"]:
        if dg["severity"] == "error":
            own[dg["loop"]].append(dg["class"])
    ran = res["outcome"] in ("ok", "WRONG", "CRASH", "HANG") and \
        res["kind"] != "dlbcc"
    judged = ran or res["outcome"] == "rejected"
    for lp in res["loops"]:
        st = lp["status"]
        tally["loops"][st] += 1
        if not judged:
            continue
        errs = own.get(lp["index"], [])
        accepted = ran and lp.get("annotated", True) and not errs
        if st == "legal":
            if accepted:
                tally["legal"]["accepted"] += 1
            elif errs:
                tally["legal"]["falsely rejected"] += 1
                for c in set(errs):
                    tally["false_rejections"][c] += 1
                    tally["false_examples"].setdefault(c, (res["seed"],
                                                           lp["line"]))
            else:
                tally["legal"]["blocked by other loops"] += 1
            for f in lp["features"]:
                tally["features"][f][0 if accepted else 1 if errs else 2] += 1
        else:
            key = "%s:%s" % (st, lp["reason"])
            if errs:
                tally["illegal"][key]["flagged"] += 1
            elif accepted:
                ok = res["outcome"] == "ok"
                tally["illegal"][key]["accepted, output right" if ok else
                                      "accepted, output WRONG"] += 1
            else:
                tally["illegal"][key]["not flagged (others rejected)"] += 1


def summarize(results, elapsed, saved):
    t = {"loops": Counter(), "legal": Counter(), "false_rejections": Counter(),
         "false_examples": {}, "illegal": defaultdict(Counter),
         "features": defaultdict(lambda: [0, 0, 0])}
    outcomes = Counter(r["outcome"] for r in results)
    rejected = Counter()
    times = defaultdict(float)
    for r in results:
        if any(d["severity"] == "error" for d in r["diags"]):
            for c in set(d["class"] for d in r["diags"]
                         if d["severity"] == "error"):
                rejected[c] += 1
        for k, v in r["times"].items():
            times[k] += v
        loop_verdicts(r, t)
    n = max(1, len(results))
    legal = t["loops"]["legal"]
    judged = sum(t["legal"].values())
    return {
        "programs": len(results), "elapsed_seconds": round(elapsed, 1),
        "programs_per_minute": round(len(results) * 60 / max(elapsed, 1), 2),
        "outcomes": dict(outcomes),
        "accepted": outcomes["ok"] + outcomes["WRONG"] +
        sum(1 for r in results if r["outcome"] in ("CRASH", "HANG")
            and r["kind"] != "dlbcc"),
        "accepted_alone": sum(1 for r in results if r.get("plain") and
                              r["outcome"] != "rejected"),
        "runs": sum(r.get("runs", 0) for r in results),
        "rejected_by_class": dict(rejected.most_common()),
        "loops": dict(t["loops"]), "legal_loops": dict(t["legal"]),
        "legal_accepted_fraction": round(t["legal"]["accepted"] /
                                         max(1, judged), 3),
        "legal_loops_total": legal,
        "false_rejections": dict(t["false_rejections"].most_common()),
        "false_rejection_examples": {k: "seed %d line %d" % v for k, v in
                                     t["false_examples"].items()},
        "illegal_loops": {k: dict(v) for k, v in sorted(t["illegal"].items())},
        "features": {k: {"accepted": v[0], "rejected": v[1], "blocked": v[2]}
                     for k, v in sorted(t["features"].items())},
        "mean_seconds": {k: round(v / n, 3) for k, v in sorted(times.items())},
        "failures": saved,
    }


def markdown(s):
    L = ["# dlb-difftest summary", "",
         "%d programs in %.0f s (%.1f programs/minute), %d runs of emitted "
         "programs" % (s["programs"], s["elapsed_seconds"],
                       s["programs_per_minute"], s["runs"]), "",
         "| Outcome | Programs |", "|---|---|"]
    for k in ("ok", "rejected", "WRONG", "CRASH", "HANG", "GENBUG"):
        L.append("| %s | %d |" % (k, s["outcomes"].get(k, 0)))
    L += ["", "Programs accepted once the annotations of the loops they were "
          "rejected for were removed (counted above by how they ran): %d" %
          s.get("accepted_alone", 0)]
    L += ["", "Legal loops: %d, judged %d, accepted fraction %.3f (%s)" % (
        s["legal_loops_total"], sum(s["legal_loops"].values()),
        s["legal_accepted_fraction"], ", ".join(
            "%s %d" % kv for kv in sorted(s["legal_loops"].items()))), ""]
    table(L, "False rejections of legal loops (loops)",
          s["false_rejections"], s["false_rejection_examples"])
    table(L, "Programs with an error of each diagnostic class (programs)",
          s["rejected_by_class"])
    L += ["", "| Illegal/unsupported loop | Verdicts |", "|---|---|"]
    for k, v in s["illegal_loops"].items():
        L.append("| %s | %s |" % (k, ", ".join("%s %d" % kv for kv in
                                                sorted(v.items()))))
    L += ["", "Mean seconds per program: " + ", ".join(
        "%s %.2f" % kv for kv in s["mean_seconds"].items()), ""]
    if s["failures"]:
        L += ["| Failure | Seed | Kind | Detail | Saved in |", "|---|---|---|"
              "---|---|"]
        for f in s["failures"]:
            L.append("| %s | %d | %s | %s | %s |" % (
                f["outcome"], f["seed"], f["kind"],
                f["detail"].replace("|", "/")[:120], f["dir"]))
    return "\n".join(L) + "\n"


def table(L, title, counts, examples=None):
    L += ["", "| %s | Count |%s" % (title, " Example |" if examples else ""),
          "|---|---|%s" % ("---|" if examples else "")]
    for k, v in counts.items():
        k2 = k.replace("|", "/")
        if examples:
            L.append("| %s | %d | %s |" % (k2, v, examples.get(k, "")))
        else:
            L.append("| %s | %d |" % (k2, v))
