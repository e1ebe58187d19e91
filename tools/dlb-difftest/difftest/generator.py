# generator.py: a whole random program from a seed: language (C++ or C),
# -D and #define macros, arrays of every supported storage, scalars, pure
# helper functions, functions that write through pointer parameters, helper functions holding loops (arrays passed as
# parameters), main with its sites, and the checksums printed at the end.
# Same seed, same program, byte for byte. Run as a script to write one:
#   python3 -m difftest.generator --seed 7 -o DIR

import json
import os
import random

from .exprs import Arr
from .prog import Node, block, number, render, stmt
from .site import Scope
from . import csr, nests

STRATEGIES = ["auto", "static", "gcdlb", "gddlb", "lcdlb", "lddlb", "gss",
              "fac", "awf", "tss"]
CHECKSUM = """static unsigned long long dt_h = 1469598103934665603ULL;
static double dt_s = 0;
static void dt_mix(unsigned long long b) { dt_h = (dt_h ^ b) * 1099511628211ULL; }
static void dt_d(double v, long w) { unsigned long long b; memcpy(&b, &v, sizeof b); dt_mix(b); dt_s += v * (double)(w % 13 + 1); }
static void dt_i(long long v, long w) { dt_mix((unsigned long long)v); dt_s += (double)v * (double)(w % 13 + 1); }
static void dt_out(const char *name) { printf("%s %016llx %.17g\\n", name, dt_h, dt_s); dt_h = 1469598103934665603ULL; dt_s = 0; }"""
PURE = [
    ("d", 2, "static double {n}(double x, double y) {{ return 0.5 * x - "
     "0.25 * y; }}"),
    ("d", 1, "static double {n}(double x) {{ double r = x; for (int q = 0; "
     "q < 3; q++) r = 0.5 * r + 0.125; return r; }}"),
    ("d", 2, "static double {n}(double x, double y) {{ return x > y ? "
     "sqrt(fabs(x - y)) : y * 0.5; }}"),
    ("i", 2, "static int {n}(int a, int b) {{ return (a * 3 + b) % 1000; }}"),
    ("i", 1, "static int {n}(int a) {{ int s = 0; for (int q = 0; q < a % 5;"
     " q++) s += q * a; return s % 1000; }}"),
]
# Functions that write through their pointer (or reference) parameters: a
# loop may call them with storage of its iteration's own (docs/annotations.md
# section 5). kind: "scalar" (one double through a pointer), "ref" (C++: a
# reference), "fill" (a row of len doubles; "fill2" does it through a second
# function given pointers into the row).
WRITERS = [
    ("scalar", "static void {n}(double *o, double x) {{ *o = *o * 0.5 + "
     "x; }}"),
    ("ref", "static void {n}(double &o, double x) {{ o = o * 0.25 - x; }}"),
    ("fill", "static void {n}(double *b, int len, double x) {{ for (int q = "
     "0; q < len; q++) b[q] = x * 0.5 + q; }}"),
    ("fill2", "static void {n}_at(double *o, double x) {{ *o = x * 0.75 + "
     "0.125; }}\nstatic void {n}(double *b, int len, double x) {{ for (int "
     "q = 0; q < len; q++) {n}_at(b + q, x - q); }}"),
]

# Functions given rows, whole arrays and elements of the loop's own arrays
# (docs/annotations.md section 5, "Arrays of the loop passed to a
# function"): aset through a pointer to one element, arow filling a row of
# len elements, arsum reading one (or a whole 1-D array).
ARRAY_FUNCS = [
    "static void aset(double *o, double x) { *o = x * 0.5 + 0.25; }",
    "static void arow(double *r, int len, double x) { for (int q = 0; q < "
    "len; q++) r[q] = x * 0.25 + q; }",
    "static double arsum(const double *r, int len) { double s = 0; for (int "
    "q = 0; q < len; q++) s += r[q] * (q % 3 + 1); return s * 0.001; }",
]


class Gen:
    def __init__(self, seed, p_illegal=0.05, lang=None, p_openmp=0.0):
        self.seed = seed
        self.rng = random.Random(seed)
        r = self.rng
        # Written in OpenMP's style (dlbcc --openmp): decided, and its
        # choices made, by a generator of its own, so that a seed gives the
        # same program but for its pragmas whatever p_openmp is.
        self.omp_rng = random.Random(seed * 7919 + 17)
        self.openmp = p_openmp > 0 and self.omp_rng.random() < p_openmp
        self.lang = lang or ("c" if r.random() < 0.2 else "cpp")
        self.p_illegal = p_illegal
        self.counter = {}
        self.macros = r.random() < 0.5      # MAX/MIN defined
        self.defines = {}                   # -D macros: name -> value
        self.hashdefs = {}                  # #define in the file
        self.tolerant = set()
        self.funcs = []
        self.statics = []                   # static arrays of the file
        self.writers = []                   # [(name, WRITERS kind)]
        self.strategies = STRATEGIES
        self.arrays = []                    # base arrays
        self.idx = None

    def fresh(self, stem):
        n = self.counter.get(stem, 0)
        self.counter[stem] = n + 1
        return "%s%d" % (stem, n)

    def macro_for(self, value):
        for d in (self.defines, self.hashdefs):
            for k, v in d.items():
                if v == value and self.rng.random() < 0.7:
                    return k
        name = self.fresh("N")
        (self.defines if self.rng.random() < 0.5 else self.hashdefs)[name] = \
            value
        return name

    def idx_view(self, sc):
        return self.idx

    # ------------------------------------------------------ arrays
    def ext_txt(self, e):
        return self.macro_for(e) if self.rng.random() < 0.4 else str(e)

    def new_array(self, grid):
        r = self.rng
        name = self.fresh(r.choice(["A", "B", "u", "v", "w", "x"]))
        kinds = (["global", "global", "local", "vector", "vecrows", "lin",
                  "ptr", "rows"] if self.lang == "cpp" else
                 ["global", "global", "local", "vla", "lin", "ptr", "rows"])
        if self.openmp:
            # dlbcc --openmp does not infer the rows of a pointer to rows of
            # run-time length from its allocation (campaign part 11).
            kinds.remove("rows")
        kind = r.choice(kinds)
        if kind in ("vector", "ptr"):
            nd = 1
        elif kind in ("vecrows", "lin"):
            nd = 2
        elif kind == "rows":
            nd = r.choice([2, 2, 3])
        else:
            nd = r.choice([1, 2, 2, 2, 3]) if kind != "vla" else \
                r.choice([1, 2])
        if nd == 1:
            ext = [r.choice([grid[0], r.randint(8, 200)])]
        elif nd == 2:
            ext = list(grid) if r.random() < 0.6 else \
                [r.randint(8, 40), r.randint(8, 40)]
        else:
            ext = [r.randint(8, 14) for _ in range(3)]
        et = r.choice(["double"] * 7 + ["int", "int", "long", "unsigned"])
        a = Arr(name, et, ext, kind, [self.ext_txt(e) for e in ext])
        if kind == "lin":
            a.rowvar = name + "_m"
            a.lin_form = r.randrange(3)
        if kind in ("lin", "ptr"):
            a.size_txt = " * ".join(a.ext_txt)
        if kind == "rows":
            a.size_txt = a.ext_txt[0]
        return a

    def decl(self, a):
        """(global declaration or None, main statement lines)."""
        t = a.et
        init = self.init_lines(a)
        e = a.ext_txt
        if a.kind == "global":
            return "%s%s %s%s;" % (self.rng.choice(["static ", ""]), t, a.name,
                                   "".join("[%s]" % x for x in e)), init
        if a.kind == "local":
            return None, ["%s %s%s;" % (t, a.name, "".join(
                "[%s]" % x for x in e))] + init
        if a.kind == "vla":
            n = a.name + "_n"
            return None, ["int %s = %d;" % (n, a.ext[0]), "%s %s[%s]%s;" % (
                t, a.name, n, "".join("[%s]" % x for x in e[1:]))] + init
        if a.kind == "vector":
            return None, ["std::vector<%s> %s(%s);" % (t, a.name, e[0])] + init
        if a.kind == "vecrows":
            return None, ["std::vector<std::vector<%s>> %s(%s, std::vector<%s>"
                          "(%s));" % (t, a.name, e[0], t, e[1])] + init
        if a.kind == "rows":
            return None, self.rows_decl(a) + init
        cast = "(%s *)" % t if self.lang == "cpp" or self.rng.random() < 0.3 \
            else ""
        lines = ["%s *%s = %scalloc(%s, sizeof(%s));" % (t, a.name, cast,
                                                         a.size_txt, t)]
        if a.kind == "lin":
            lines.append("int %s = %s;" % (a.rowvar, e[1]))
        return None, lines + init

    def rows_decl(self, a):
        """A pointer to rows of run-time extents (variables), calloc'ed: in
        C++ `auto` declares it (docs/annotations.md 4.1)."""
        lines, dims = [], ""
        for d, e in enumerate(a.ext_txt[1:]):
            n = "%s_e%d" % (a.name, d + 1)
            lines.append("int %s = %s;" % (n, e))
            dims += "[%s]" % n
        ty = "%s (*)%s" % (a.et, dims)
        alloc = "calloc(%s, sizeof(%s))" % (" * ".join(a.ext_txt), a.et)
        if self.lang == "cpp":
            lines.append("auto %s = (%s)%s;" % (a.name, ty, alloc))
        else:
            cast = "(%s)" % ty if self.rng.random() < 0.5 else ""
            lines.append("%s (*%s)%s = %s%s;" % (a.et, a.name, dims, cast,
                                                alloc))
        return lines

    def init_lines(self, a):
        qs = ["q%d" % d for d in range(a.ndim)]
        loops = " ".join("for (int %s = 0; %s < %d; %s++)" % (q, q, e, q)
                         for q, e in zip(qs, a.ext))
        lin = " + ".join("%s * %d" % (q, 7 + 6 * d) for d, q in enumerate(qs))
        c = self.rng.randint(0, 9)
        if a.special == "idx":
            v = "(%s * 5 + 3) %% 8" % qs[0]
        elif a.et == "double":
            v = "((%s + %d) %% 23) * 0.125 - 1.0" % (lin, c)
        elif a.et == "unsigned":
            v = "(unsigned)(%s) * 2654435761u + %du" % (lin, c)
        else:
            v = "(%s + %d) %% 50 - 10" % (lin, c)
        return ["%s %s = %s;" % (loops, a.at(qs), v)]

    def checksum(self, a):
        qs = ["q%d" % d for d in range(a.ndim)]
        loops = " ".join("for (int %s = 0; %s < %d; %s++)" % (q, q, e, q)
                         for q, e in zip(qs, a.ext))
        w = " + ".join("%s * %d" % (q, 3 + 4 * d) for d, q in enumerate(qs))
        f = "dt_d" if a.et == "double" else "dt_i"
        return stmt('%s %s(%s, %s); dt_out("%s");' % (loops, f, a.at(qs), w,
                                                      a.name))

    # --------------------------------------------------- helpers
    def param_view(self, a, params, args, sc_params):
        """Passes base array a to a helper; returns its view there."""
        r = self.rng
        pn = "p" + a.name
        dims = "".join("[%s]" % x for x in a.ext_txt)
        if a.kind in ("global", "local", "vla"):
            if self.lang == "c" and (a.kind == "vla" or r.random() < 0.5):
                n = "n" + a.name
                params.append("int %s" % n)
                args.append(str(a.ext[0]))
                sc_params.append((n, a.ext[0]))
                params.append("%s %s[%s]%s" % (a.et, pn, n, "".join(
                    "[%s]" % x for x in a.ext_txt[1:])))
                v = a.view(pn, "vlaparam", [n] + a.ext_txt[1:])
            else:
                params.append("%s %s%s" % (a.et, pn, dims))
                v = a.view(pn, "param")
        elif a.kind == "vector":
            params.append("std::vector<%s> &%s" % (a.et, pn))
            v = a.view(pn, "vector")
        elif a.kind == "vecrows":
            params.append("std::vector<std::vector<%s>> &%s" % (a.et, pn))
            v = a.view(pn, "vecrows")
        else:
            params.append("%s *%s" % (a.et, pn))
            v = a.view(pn, a.kind)
            if a.kind == "lin":
                v.rowvar = "m" + pn
                args.append(a.name)
                params.append("int %s" % v.rowvar)
                args.append(a.rowvar)
                return v
        args.append(a.name)
        return v

    def helper(self, main_sc):
        r = self.rng
        name = self.fresh("step")
        # Rows of run-time extents cannot be a C++ parameter.
        bases = [a for a in self.arrays if a.special is None and
                 a.kind != "rows"]
        chosen = r.sample(bases, min(len(bases), r.randint(2, 4)))
        params, args, sc_params, views = [], [], [], []
        for a in chosen:
            if a.kind == "global" and r.random() < 0.5:
                views.append(a)
            else:
                views.append(self.param_view(a, params, args, sc_params))
        for v in r.sample(views, min(2, len(views))):
            n = self.fresh("n")
            params.append("int %s" % n)
            args.append(str(v.ext[0]))
            sc_params.append((n, v.ext[0]))
        specials = [a for a in self.arrays if a.special == "idx" or
                    (a.special == "red" and a.kind == "global")]
        sc = Scope(self, name, views + specials, self.lang)
        sc.params = sc_params
        sc.dscalars = list(self.gdoubles)
        sc.iscalars = list(self.gints)
        if r.random() < 0.5:
            params.append("double alpha")
            args.append(r.choice(["0.75", "-0.5", "1.25"]))
            sc.dscalars.append(("alpha", 0.0))
        kids = []
        for _ in range(r.randint(1, 2)):
            kids += nests.gen_item(sc)
        top = [stmt(d) for d in sc.top.values()]
        fn = block("static void %s(%s) {" % (name, ", ".join(params)),
                   top + kids)
        call = "%s(%s);" % (name, ", ".join(args))
        if r.random() < 0.4:
            main_sc.declare_top("ts", "int ts = 0;")
            body = [stmt(call)]
            s = nests.seq_stmt(main_sc)
            if s is not None:
                body.append(s)
            return fn, block("for (ts = 0; ts < %d; ts++) {" %
                             r.randint(2, 3), body)
        return fn, stmt(call)

    # ---------------------------------------------------- program
    def build(self):
        r = self.rng
        grid = (r.randint(8, 48), r.randint(8, 48))
        for _ in range(r.randint(3, 6)):
            self.arrays.append(self.new_array(grid))
        self.idx = Arr("idx", "int", [64], "global")
        self.idx.special = "idx"
        self.arrays.append(self.idx)
        if r.random() < 0.5:
            red = Arr(self.fresh("h"), r.choice(["double", "long", "int"]),
                      [r.randint(8, 16)], r.choice(["global", "local"]))
            red.special = "red"
            self.arrays.append(red)
        self.func_texts = []
        for i, (kind, arity, text) in enumerate(r.sample(PURE,
                                                         r.randint(1, 3))):
            self.funcs.append(("pf%d" % i, kind, arity))
            self.func_texts.append(text.format(n="pf%d" % i))
        # Drawn apart, so that a seed's program is otherwise the same.
        if random.Random(self.seed * 104729 + 3).random() < 0.4:
            self.funcs.append(("arsum", "row", 2))
            self.func_texts += ARRAY_FUNCS
        kinds = [w for w in WRITERS if self.lang == "cpp" or w[0] != "ref"]
        self.writers = []
        for i, (kind, text) in enumerate(r.sample(kinds, r.randint(0, 2))):
            self.writers.append(("wf%d" % i, kind))
            self.func_texts += text.format(n="wf%d" % i).split("\n")
        self.gdoubles = [("g0", 0.5)]
        self.gints = [("K0", r.randint(0, 3))]
        main_sc = Scope(self, "main", self.arrays, self.lang)
        main_sc.dscalars = self.gdoubles + [("al0", 0.75)]
        main_sc.iscalars = list(self.gints)
        main_sc.mutable = ["g0", "al0"]
        helpers, items = [], []
        for _ in range(r.randint(2, 4)):
            if r.random() < 0.2:
                fn, call = self.helper(main_sc)
                helpers.append(fn)
                items.append(call)
            else:
                items += nests.gen_item(main_sc)
        # A CSR site, drawn apart too (csr.py).
        pick = random.Random(self.seed * 15485863 + 5)
        if pick.random() < 0.3:
            items.insert(pick.randint(0, len(items)),
                         csr.gen_csr(self, self.seed * 7 + 1)[0])
        return Program(self, helpers, items, main_sc)


class Program:
    """The generated program: its node tree and what the driver needs."""

    def __init__(self, gen, helpers, items, main_sc):
        self.seed = gen.seed
        self.lang = gen.lang
        self.openmp = gen.openmp
        self.defines = dict(gen.defines)
        self.tolerant = sorted(gen.tolerant)
        self.nodes = self.assemble(gen, helpers, items, main_sc)
        self.all = number(self.nodes)

    @property
    def ext(self):
        return ".c" if self.lang == "c" else ".cpp"

    def assemble(self, gen, helpers, items, main_sc):
        r = gen.rng
        cpp = self.lang == "cpp"
        inc = (["#include <cstdio>", "#include <cstdlib>",
                "#include <cstring>", "#include <cmath>", "#include <vector>",
                "#include <algorithm>"]
               if cpp else ["#include <stdio.h>", "#include <stdlib.h>",
                            "#include <string.h>", "#include <math.h>"])
        head = ["// dlb-difftest program, seed %d" % gen.seed] + inc
        for k, v in sorted(gen.hashdefs.items()):
            head.append("#define %s %d" % (k, v))
        if gen.macros:
            head += ["#define MAX(a, b) ((a) > (b) ? (a) : (b))",
                     "#define MIN(a, b) ((a) < (b) ? (a) : (b))"]
        nodes = [Node(head, removable=False),
                 Node(CHECKSUM.split("\n"), removable=False)]
        nodes += [stmt(t) for t in gen.func_texts]
        nodes += [stmt(t) for t in gen.statics]
        ginit = []
        for a in gen.arrays:
            g, lines = gen.decl(a)
            if g:
                nodes.append(stmt(g))
                ginit.append(Node(lines))
        k = "const int" if not cpp or r.random() < 0.5 else "constexpr int"
        nodes.append(stmt("%s K0 = %d;" % (k, gen.gints[0][1])))
        nodes.append(stmt("double g0 = 0.5;"))
        nodes += helpers
        main = "int main(void) {" if not cpp else r.choice(
            ["int main() {", "int main(int argc, char **argv) {"])
        kids = [stmt(d) for d in main_sc.top.values()]
        for a in gen.arrays:
            g, lines = gen.decl(a)
            if not g:
                kids.append(Node(lines))
        kids += ginit
        kids.append(stmt("double al0 = 0.75;"))
        kids += items
        for a in gen.arrays:
            if a.special != "idx":
                kids.append(gen.checksum(a))
        kids.append(stmt('printf("g0 %.17g al0 %.17g\\n", g0, al0);'))
        kids.append(stmt("return 0;", removable=False))
        nodes.append(block(main, kids, removable=False))
        return nodes

    def render(self, removed=frozenset(), plain=frozenset()):
        text, loops = render(self.nodes, removed, plain)
        for n, m in enumerate(loops):
            m["index"] = n
        meta = {"seed": self.seed, "lang": self.lang,
                "file": "prog" + self.ext,
                "defines": self.defines, "tolerant": self.tolerant,
                "removed": sorted(removed), "plain": sorted(plain),
                "openmp": self.openmp, "loops": loops}
        return text, meta


def generate(seed, p_illegal=0.05, lang=None, p_openmp=0.0):
    return Gen(seed, p_illegal, lang, p_openmp).build()


def main():
    import argparse
    ap = argparse.ArgumentParser(description="write one random program")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("-o", "--out", default=".")
    ap.add_argument("--lang", choices=["c", "cpp"])
    ap.add_argument("--illegal", type=float, default=0.05)
    a = ap.parse_args()
    p = generate(a.seed, a.illegal, a.lang)
    text, meta = p.render()
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, meta["file"]), "w") as f:
        f.write(text)
    with open(os.path.join(a.out, "prog.json"), "w") as f:
        json.dump(meta, f, indent=1)
    print(os.path.join(a.out, meta["file"]))


if __name__ == "__main__":
    main()
