# reduce.py: automatic reduction of a failing program by hierarchical
# delta debugging over the generator's statement tree: whole statements,
# loops, helper functions and declarations are removed level by level
# (ddmin at each depth) as long as the oracle still builds and runs and the
# failure keeps its kind (WRONG stays WRONG, a dlbcc crash a dlbcc crash).

import os
import shutil
import time

from . import check


def same_failure(res, target):
    """target: (outcome, kind) of a failure, or ('rejected', class) of a
    false rejection (the variant must still report that class)."""
    if target[0] == "rejected":
        return res["outcome"] == "rejected" and any(
            d["class"] == target[1] for d in res["diags"]
            if d["severity"] == "error")
    return (res["outcome"], res["kind"]) == target


class Reducer:
    def __init__(self, tools, prog, res, work, budget, target=None):
        self.tools, self.prog = tools, prog
        self.target = target or (res["outcome"], res["kind"])
        # Loops whose annotations the campaign removed stay plain.
        self.plain = frozenset(res.get("plain", ()))
        cfg = res.get("config")
        # A failing run may depend on timing: a variant fails if either of
        # two runs of the configuration fails.
        self.configs = [cfg, cfg] if cfg else []
        self.work = work
        self.deadline = time.time() + budget
        self.cache = {}
        self.tests = 0
        self.last = None

    def fails(self, removed):
        if time.time() > self.deadline:
            return False
        text, _ = self.prog.render(frozenset(removed), self.plain)
        if text in self.cache:
            return self.cache[text]
        d = os.path.join(self.work, "variant")
        shutil.rmtree(d, ignore_errors=True)
        res = check.test(self.tools, self.prog, d, self.configs,
                         frozenset(removed), plain=self.plain)
        self.tests += 1
        ok = same_failure(res, self.target)
        if ok:
            self.last = res
            keep = os.path.join(self.work, "best")
            shutil.rmtree(keep, ignore_errors=True)
            shutil.copytree(d, keep, ignore=shutil.ignore_patterns(
                "prog.seq", "prog.par"))
        self.cache[text] = ok
        return ok

    def candidates(self, removed, depth):
        """Removable nodes at this depth whose ancestors are all kept."""
        out = []

        def walk(n, dep):
            if n.id in removed:
                return
            if dep == depth:
                if n.removable:
                    out.append(n.id)
                return
            for k in n.kids:
                walk(k, dep + 1)
        for n in self.prog.nodes:
            walk(n, 0)
        return out

    def ddmin(self, removed, items):
        n = 2
        while items:
            chunk = max(1, (len(items) + n - 1) // n)
            subsets = [items[i:i + chunk] for i in range(0, len(items), chunk)]
            for s in subsets:
                if self.fails(removed | set(s)):
                    removed |= set(s)
                    items = [x for x in items if x not in s]
                    n = max(n - 1, 2)
                    break
            else:
                if chunk == 1:
                    break
                n = min(len(items), n * 2)
            if time.time() > self.deadline:
                break
        return removed

    def run(self):
        removed = set()
        if not self.fails(removed):
            return None, "not reproduced"
        for _ in range(3):
            before = len(removed)
            for depth in range(0, 12):
                items = self.candidates(removed, depth)
                if items:
                    removed = self.ddmin(removed, items)
            if len(removed) == before or time.time() > self.deadline:
                break
        return removed, "%d tests" % self.tests


def reduce_failure(tools, prog, res, dest, budget, target=None):
    """Reduces the failure res of prog; saves it in dest/reduced."""
    work = os.path.join(dest, ".reduce")
    red = Reducer(tools, prog, res, work, budget, target)
    removed, note = red.run()
    if removed is None:
        shutil.rmtree(work, ignore_errors=True)
        return None, note
    out = os.path.join(dest, "reduced")
    best = os.path.join(work, "best")
    check.save(tools, best, out, red.last)
    shutil.rmtree(work, ignore_errors=True)
    with open(os.path.join(out, prog.render(frozenset(removed))[1]["file"])) \
            as f:
        lines = len(f.read().splitlines())
    return out, "%s, %d lines" % (note, lines)
