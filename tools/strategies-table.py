#!/usr/bin/env python3
"""The table of load balancing strategies in docs/runtime-options.md,
generated from include/dlb/Strategies.def (the one list of strategies).

Usage: strategies-table.py --update DOC   rewrite the table in DOC
       strategies-table.py --check DOC    exit 1 if DOC's table is stale
       strategies-table.py --names        every strategy's name, a line each
                                          (the tests run each of them)
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEF = os.path.join(ROOT, "include", "dlb", "Strategies.def")
BEGIN = ("<!-- strategies: generated from include/dlb/Strategies.def by "
         "tools/strategies-table.py -->")
END = "<!-- end of strategies -->"


def entries():
    text = open(DEF).read()
    # DLB_STRATEGY(Id, "name", Local, Centralized, Modeled, Chunks,
    #              "description")
    pattern = re.compile(
        r'^DLB_STRATEGY\((\w+),\s*"([^"]+)",\s*(true|false),\s*(true|false),'
        r'\s*(true|false),\s*(true|false),\s*((?:"[^"]*"\s*)+)\)', re.M)
    for m in pattern.finditer(text):
        desc = "".join(re.findall(r'"([^"]*)"', m.group(7)))
        yield m.group(2), m.group(3) == "true", m.group(4) == "true", \
            m.group(5) == "true", m.group(6) == "true", desc


def table():
    rows = ["| name | scope | decision | cost model candidate | what it does |",
            "|---|---|---|---|---|"]
    for name, local, central, modeled, chunks, desc in entries():
        balances = name not in ("auto", "static")
        scope = ("local (groups of K)" if local else "global") \
            if balances else "-"
        decision = ("centralized" if central else "distributed") \
            if balances else "-"
        if chunks:
            decision = "rank 0 hands out chunks on request"
        rows.append("| `%s` | %s | %s | %s | %s |" % (
            name, scope, decision, "yes" if modeled else "no", desc))
    return "\n".join([BEGIN] + rows + [END])


def main():
    if sys.argv[1:] == ["--names"]:
        print("\n".join(e[0] for e in entries()))
        return
    if len(sys.argv) != 3 or sys.argv[1] not in ("--update", "--check"):
        sys.exit(__doc__)
    doc = sys.argv[2]
    text = open(doc).read()
    m = re.search(re.escape(BEGIN) + ".*?" + re.escape(END), text, re.S)
    if not m:
        sys.exit("%s: no generated strategies table (%s)" % (doc, BEGIN))
    new = text[:m.start()] + table() + text[m.end():]
    if sys.argv[1] == "--check":
        if new != text:
            sys.exit("%s: the strategies table is stale; run "
                     "tools/strategies-table.py --update %s" % (doc, doc))
        return
    open(doc, "w").write(new)


if __name__ == "__main__":
    main()
