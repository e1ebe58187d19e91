# nests.py: what surrounds and sits beside the doall loops: doacross
# pipelines (Gauss-Seidel-like sweeps, docs/annotations.md section 6a),
# time loops holding several annotated loops with sequential code between
# them (row and column updates, prints of elements, live-in updates, vector
# swaps), and the sites of a scope.

from .exprs import plus
from .prog import Node, block, stmt
from .loops import gen_doall

PIPE_KINDS = ("global", "local", "param", "vla", "vlaparam", "vecrows")
NEIGHBOURS = [(-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1),
              (1, 1), (0, 0), (-1, 2), (-2, 0), (2, -1)]


def pipe_arrays(sc):
    return [a for a in sc.pool() if a.ndim == 2 and a.kind in PIPE_KINDS
            and a.et == "double" and min(a.ext) >= 6]


def gen_doacross(sc):
    """Returns (pre, node, post) of a pipelined sweep (or None)."""
    r = sc.rng
    cands = pipe_arrays(sc)
    if not cands:
        return None
    A = r.choice(cands)
    tr = r.random() < 0.25           # written a[j][i]: rows distributed
    di, dj = (1, 0) if tr else (0, 1)
    nb = r.sample(NEIGHBOURS, r.randint(2, 6))
    ai = [a for a, _ in nb] + [0]
    bj = [b for _, b in nb] + [0]
    Ei, Ej = A.ext[di], A.ext[dj]
    ilo, ihi = -min(ai), Ei - max(ai)
    jlo, jhi = -min(bj) + r.randint(0, 1), Ej - max(bj) - r.randint(0, 1)
    if ihi - ilo < 2 or jhi - jlo < 2:
        return None
    mut = None
    x = r.random()
    if x < sc.gen.p_illegal / 2:
        mut = r.choice(["doacross-reduction", "doacross-extra"])
    pre, post = [], []
    sc.declare_top("i", "int i = 0;")
    jdecl = "j" if r.random() < 0.5 else "int j"
    if jdecl == "j":
        sc.declare_top("j", "int j = 0;")

    def el(a, b, arr=A):
        s = [None, None]
        s[di], s[dj] = plus("i", a), plus("j", b)
        return arr.at(s)
    terms = [el(a, b) for a, b in nb]
    rhs = "(%s) / %d.0" % (" + ".join(terms), len(terms))
    rhs, dist, whole, shapes = second_array(sc, A, (di, dj), (ihi, jhi),
                                            el, rhs)
    body_lhs = el(0, 0)
    jb = sc.bound(jhi, pre)
    inner = "for (%s = %s; j < %s; ++j)" % (jdecl, sc.bound(jlo, pre), jb)
    cl = ["distribute(%s)" % ", ".join(dist)]
    if whole:
        cl.append("whole(%s)" % ", ".join(whole))
    if shapes:
        cl.append("shape(%s)" % ", ".join(shapes))
    kids = [stmt("%s = %s;" % (body_lhs, rhs))]
    status, reason, expect = "legal", "", None
    if mut == "doacross-reduction":
        s = sc.gen.fresh("s")
        pre.append("double %s = 0.0;" % s)
        kids.append(stmt("%s += (double)(int)fmod(%s * 8.0, 100.0);" % (
            s, body_lhs)))
        post.append('printf("%s %%.17g\\n", %s);' % (s, s))
        cl.append("reduction(+: %s)" % s)
        status, reason, expect = "unsupported", mut, "reductions are not"
    if tr and any(a < 0 < b for a, b in nb) and status == "legal":
        # docs 6a: a skewed pipeline needs arrays subscripted [i + c][j + c]
        status, reason, expect = "unsupported", "skew-transposed", \
            "skewed pipeline"
    meta = {"kind": "doacross", "status": status, "reason": reason,
            "expect": expect, "function": sc.fname,
            "features": ["doacross", "transposed"] if tr else ["doacross"]}
    loop = Node(["#pragma dlb doacross " + " ".join(cl), inner + " {"],
                kids, "}", loop=meta)
    outer_kids = [loop]
    if mut == "doacross-extra":
        s = [None, None]
        s[di], s[dj] = "i", str(jlo)
        outer_kids.append(stmt("%s = %s * 0.5;" % (A.at(s), A.at(s))))
        meta.update(status="unsupported", reason=mut,
                    expect="may contain nothing but")
    ib = sc.bound(ihi, pre)
    outer = block("for (i = %s; i < %s; ++i) {" % (sc.bound(ilo, pre), ib),
                  outer_kids)
    if r.random() < 0.3 and not sc.in_time_loop:
        sc.declare_top("it", "int it = 0;")
        outer = block("for (it = 0; it < %d; it++) {" % r.randint(2, 3),
                      [outer])
    sc.loops_here += 1
    return pre, outer, post


def second_array(sc, A, dims, his, el, rhs):
    """Another array the sweep reads at [i][j]: distributed read-only,
    named whole, or whole by default; returns (rhs, dist, whole, shapes)."""
    r = sc.rng
    (di, dj), (ihi, jhi) = dims, his
    # (a pipeline takes no rows of run-time extents)
    others = [o for o in sc.pool() if o is not A and o.ndim == 2 and
              o.et == "double" and o.ext[di] >= ihi and o.ext[dj] >= jhi
              and o.kind != "rows"]
    dist, whole, shapes = [A.name], [], []
    if others and r.random() < 0.6:
        B = r.choice(others)
        if r.random() < 0.4 and not B.is_pointer():
            dist.append(B.name)
        elif r.random() < 0.5:
            whole.append(B.name)
        if B.is_pointer():
            shapes.append(B.shape_clause())
        rhs = "%s + %s * 0.125" % (rhs, el(0, 0, B))
    return rhs, dist, whole, shapes


def gen_lone_doacross(sc):
    """A doacross loop with no loop to pipeline: it runs sequentially on
    rank 0 with a warning (docs section 2); legal. Directly in a time loop
    that holds other statements too, the time loop would be the pipelined
    one: an error (docs section 2 and 6a), so illegal there."""
    r = sc.rng
    cands = [a for a in sc.pool() if a.ndim == 1 and a.et == "double"
             and a.kind not in ("lin",)]
    if not cands:
        return None
    A = r.choice(cands)
    E = A.ext[0]
    pre = []
    head = "for (int j = 1; j < %s; ++j)" % sc.bound(E, pre)
    meta = {"kind": "doacross", "status": "legal", "reason": "",
            "expect": "runs sequentially on rank 0", "function": sc.fname,
            "features": ["doacross-lone"]}
    if sc.in_time_loop:
        meta.update(status="illegal", reason="may contain nothing but the "
                    "doacross loop", expect="rejected")
    cl = "distribute(%s)" % A.name
    if A.is_pointer():
        cl += " shape(%s)" % A.shape_clause()
    loop = Node(["#pragma dlb doacross " + cl, head + " {"],
                [stmt("%s = %s * 0.5 + %s * 0.25;" % (A.at(["j"]),
                                                     A.at(["j - 1"]),
                                                     A.at(["j"])))],
                "}", loop=meta)
    sc.loops_here += 1
    return pre, loop, []


# ------------------------------------------------------- sequential code

def upd(A, e):
    if A.et == "double":
        return "%s * 0.5 + 0.25" % e
    if A.et == "unsigned":
        return "%s * 3u + 1u" % e
    return "(%s + 3) %% 1000" % e


def seq_stmt(sc):
    """Sequential code between the loops of a time loop."""
    r = sc.rng
    arrs = sc.pool()
    k = r.random()
    if k < 0.1 and sc.lang == "cpp":
        vs = [a for a in arrs if a.kind == "vector"]
        for a in vs:
            for b in vs:
                if a is not b and a.et == b.et and a.ext == b.ext:
                    form = r.choice(["%s.swap(%s);", "std::swap(%s, %s);"])
                    return stmt(form % (a.name, b.name))
    if k < 0.25 and sc.mutable:
        x = r.choice(sc.mutable)
        return stmt("%s = %s * 0.5 + 0.125;" % (x, x))
    if not arrs:
        return None
    A = r.choice(arrs)
    fixed = [str(r.randrange(e)) for e in A.ext]
    if k < 0.5:
        fmt = "%.17g"
        return stmt('printf("ts%%d %s %s\\n", ts, (double)%s);' % (
            A.name, fmt, A.at(fixed)))
    if A.ndim == 1:
        return stmt("%s = %s;" % (A.at(fixed), upd(A, A.at(fixed))))
    d = 0 if r.random() < 0.7 else 1     # a row, or a column
    subs = list(fixed)
    loops = []
    for dim in range(A.ndim):
        if dim != d:
            q = "q%d" % dim
            subs[dim] = q
            loops.append("for (int %s = 0; %s < %d; %s++)" % (q, q,
                                                             A.ext[dim], q))
    e = A.at(subs)
    return stmt(" ".join(loops) + " %s = %s;" % (e, upd(A, e)))


def gen_item(sc, allow_time=True):
    """One site: a doall, a doacross, or a time loop; a list of Nodes."""
    r = sc.rng
    x = r.random()
    res = None
    if allow_time and x < 0.3:
        return [gen_time_loop(sc)]
    if x < 0.42:
        res = gen_doacross(sc)
    elif x < 0.45:
        res = gen_lone_doacross(sc)
    if res is None:
        res = gen_doall(sc)
    pre, loop, post = res
    return [stmt(p) for p in pre] + [loop] + [stmt(p) for p in post]


def gen_time_loop(sc):
    r = sc.rng
    pool = sc.pool()
    two = [a for a in pool if a.ndim == 2]
    focus = r.sample(two, min(len(two), r.randint(1, 3))) if two and \
        r.random() < 0.7 else r.sample(pool, min(len(pool), 3))
    saved = sc.focus, sc.in_time_loop
    sc.focus, sc.in_time_loop = focus, True
    sc.declare_top("ts", "int ts = 0;")
    kids = []
    try:
        for _ in range(r.randint(2, 3)):
            kids += gen_item(sc, allow_time=False)
            if r.random() < 0.6:
                s = seq_stmt(sc)
                if s is not None:
                    kids.append(s)
    finally:
        sc.focus, sc.in_time_loop = saved
    T = r.randint(2, 4)
    if r.random() < 0.8:
        return block("for (ts = 0; ts < %d; ts++) {" % T, kids)
    # A while loop is never pipelined: a lone doacross in it runs on rank 0.
    for k in kids:
        if k.loop and "doacross-lone" in k.loop["features"]:
            k.loop.update(status="legal", reason="",
                          expect="runs sequentially on rank 0")
    kids.append(stmt("ts++;", removable=False))
    return Node(["ts = 0;", "while (ts < %d) {" % T], kids, "}")
