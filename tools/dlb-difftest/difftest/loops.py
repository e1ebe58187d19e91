# loops.py: one annotated doall loop nest: which arrays it writes
# (distributed by rows, columns or elements) and reads (whole, distributed
# with a halo, transposed, through an index array), its index range, step
# and direction, inner loops, private temporaries, scratch arrays declared
# before it, conditional writes, reductions, its clauses, and the
# deliberate mistakes that make a loop illegal (recorded in the loop's
# metadata with the reason).

from .exprs import (Access, ECtx, Var, access, access_subs, array_functions,
                    dcond, row_of,
                    has_lin, value_for, plus)
from .prog import Node, block, stmt
from . import reductions as R

MUTATIONS = {
    # name: (status, expected diagnostic fragment)
    "missing-distribute": ("illegal", "is written in the loop but not "
                           "distributed"),
    "whole-written": ("illegal", "declared whole() but written"),
    "carried-dep": ("illegal", "dependence"),
    "write-offset": ("illegal", "must use exactly"),
    "bound-written": ("illegal", "which the loop modifies"),
    "carried-scalar": ("illegal", "is assigned in the loop but declared "
                       "outside it"),
    "lastprivate": ("unsupported", "read after the loop"),
    # A scratch array read past the part each iteration fills: it carries
    # the previous iteration's values.
    "scratch-uncovered": ("illegal", "at elements that do not depend on"),
    # A function that writes through its pointer given a global's address.
    "call-writes-shared": ("illegal", "may write through"),
}
NEEDS_WRITE = ("missing-distribute", "whole-written", "carried-dep",
               "write-offset")


class Loop:
    """What the generator decided for one doall loop."""

    def __init__(self, sc):
        self.sc = sc
        self.rng = sc.rng
        self.pre = []           # statements before the loop
        self.post = []          # statements after it
        self.feats = []
        self.mut = None
        self.reds = []          # [Red] scalar and array reductions
        self.written = []       # [Access]
        self.reads = []         # [Access]
        self.temp = None
        self.scratch = None     # (name, size) of a scratch array


def choose_arrays(L):
    r, sc = L.rng, L.sc
    pool = sc.pool()
    cands = list(pool)
    r.shuffle(cands)
    nw = r.choice([1, 1, 1, 2, 2, 0]) if cands else 0
    if L.mut in NEEDS_WRITE:
        nw = max(nw, 1)
    for W in cands[:nw]:
        L.written.append(Access(W, "w", r.choice(W.dist_dims())))
    return [a for a in cands[nw:]]


def choose_range(L):
    r = L.rng
    if L.written:
        E = min(a.arr.ext[a.dd] for a in L.written)
    else:
        E = r.choice([a.ext[0] for a in L.sc.pool()] or [32])
    L.step = r.choice([1, 1, 1, 1, 2, 3])
    L.down = r.random() < 0.25 and L.mut != "bound-written"
    lo_min = L.step if L.mut == "carried-dep" else 0
    hi_max = E - 1 if L.mut == "write-offset" else E
    L.lo = r.randint(lo_min, lo_min + 2)
    L.hi = r.randint(max(L.lo + 2, hi_max - 3), hi_max)
    L.E = E


def choose_reads(L, others):
    r = L.rng
    r.shuffle(others)
    for A in others[:r.randint(0, 3)]:
        role, dd, halo = "h", None, (0,)
        if r.random() < 0.4:
            dims = [d for d in A.dist_dims() if L.hi <= A.ext[d]]
            if dims:
                dd = r.choice(dims)
                E = A.ext[dd]
                halo = [c for c in range(-2, 3)
                        if L.lo + c >= 0 and L.hi - 1 + c <= E - 1]
                role = "d"
                if len(halo) > 1:
                    L.feats.append("halo")
        L.reads.append(Access(A, role, dd, halo))
    if L.step > 1 and r.random() < 0.4:
        for W in L.written:
            E = W.arr.ext[W.dd]
            W.halo = [0] + [c for c in (-3, -2, -1, 1, 2, 3) if c % L.step
                            and L.lo + c >= 0 and L.hi - 1 + c <= E - 1]
            if len(W.halo) > 1:
                L.feats.append("redblack")


def header(L, name, lo, hi, step, down, declared, ty="int"):
    """`for (...)` over [lo, hi) with a random spelling."""
    r, pre = L.rng, L.pre
    decl = "%s %s" % (ty, name) if not declared else name
    if down:
        top = L.sc.bound(hi - 1, pre) if r.random() < 0.5 else \
            "%s - 1" % L.sc.bound(hi, pre)
        low = L.sc.bound(lo, pre)
        cond = "%s >= %s" % (name, low) if r.random() < 0.7 else \
            "%s <= %s" % (low, name)
        inc = r.choice(["--%s", "%s--", "%s -= 1", "%s = %s - 1"] if step == 1
                       else ["%s -= %d", "%s = %s - %d"])
        return "for (%s = %s; %s; %s)" % (decl, top, cond, fmt_inc(inc, name,
                                                                  step))
    low = L.sc.bound(lo, pre)
    if L.mut == "bound-written" and name == L.iname:
        upper = L.sc.gen.fresh("lim")
        pre.append("int %s = %d;" % (upper, hi))
        L.post.append('printf("%s %%d\\n", %s);' % (upper, upper))
        L.lim = upper
        cond = "%s < %s" % (name, upper)
    else:
        x = r.random()
        if x < 0.55:
            cond = "%s < %s" % (name, L.sc.bound(hi, pre))
        elif x < 0.7:
            cond = "%s > %s" % (L.sc.bound(hi, pre), name)
        elif x < 0.85:
            cond = "%s <= %s" % (name, L.sc.bound(hi - 1, pre))
        else:
            cond = "%s - 1 >= %s" % (L.sc.bound(hi, pre), name)
    inc = r.choice(["++%s", "%s++", "%s += 1", "%s = %s + 1"] if step == 1
                   else ["%s += %d", "%s = %s + %d"])
    return "for (%s = %s; %s; %s)" % (decl, low, cond, fmt_inc(inc, name,
                                                              step))


def fmt_inc(form, name, step):
    n = form.count("%s")
    args = [name] * n + ([step] if "%d" in form else [])
    return form % tuple(args)


def inner_loops(L):
    """Inner loops: (Var, header text) per level below the index."""
    r, sc = L.rng, L.sc
    depth = r.choice([0, 1, 1, 1, 2, 2])
    out = []
    exts = [a.arr.ext[d] for a in L.written for d in range(a.arr.ndim)
            if d != a.dd]
    exts += [a.arr.ext[d] for a in L.reads for d in range(a.arr.ndim)]
    for lvl in range(1, depth + 1):
        name = sc.index_name(lvl)
        E = r.choice(exts) if exts else r.randint(8, 32)
        declared = r.random() < 0.6
        if declared:
            sc.declare_top(name, "int %s = 0;" % name)
        lo = r.randint(0, 1)
        if lvl == 1 and r.random() < 0.15 and L.hi - 1 < E and not L.down:
            v = Var(name, lo, L.hi - 1)
            d = name if declared else "int " + name
            h = "for (%s = %d; %s <= %s; %s++)" % (d, lo, name, L.iname, name)
            L.feats.append("triangular")
            v.uncheck = True
        else:
            hi = r.randint(max(lo + 1, E - 2), E)
            step = 2 if r.random() < 0.15 else 1
            v = Var(name, lo, hi - 1)
            v.uncheck = step > 1
            h = header(L, name, lo, hi, step, False, declared)
        out.append((v, h))
    return out


def write_stmt(L, ctx, W):
    """A statement that writes W at the current iteration."""
    r = L.rng
    et = W.arr.et
    if et == "double" and array_functions(ctx) and r.random() < 0.3:
        return stmt(array_call_write(L, ctx, W))
    lhs = access(ctx, W, write=True)
    v = value_for(ctx, et)
    k = r.random()
    if k < 0.55:
        s = "%s = %s;" % (lhs, v)
    elif et == "double":
        s = "%s = %s * 0.5 + %s;" % (lhs, lhs, v)
    elif et == "unsigned":
        s = "%s = %s * 31u + (%s);" % (lhs, lhs, v)
    else:
        s = "%s = (%s + %s) %% 1000;" % (lhs, lhs, v)
    if W.arr.affine_only() or r.random() > 0.25:
        return stmt(s)
    L.feats.append("cond-write")
    if has_lin(ctx, s):
        ctx.notes.add("lin-unchecked")  # a linearized read under the if
    ctx.cond = True
    try:
        c = dcond(ctx)
        if r.random() < 0.5:
            return Node(["if (%s)" % c], [stmt(s)], removable=True)
        alt = "%s = %s;" % (lhs, value_for(ctx, et))
        return Node(["if (%s) {" % c], [stmt(s)], ["} else {", "  " + alt,
                                                     "}"])
    finally:
        ctx.cond = False


def array_call_write(L, ctx, W):
    """A write of W at the current iteration through a function: arow
    filling the element's row, or aset given the element's address."""
    row = row_of(ctx, W) if W.arr.ndim > 1 and L.rng.random() < 0.5 else None
    v = value_for(ctx, "double")
    if row:
        L.feats.append("row-call")
        return "arow(%s, %s, %s);" % (row[0], row[1], v)
    L.feats.append("element-call")
    return "aset(&%s, %s);" % (access(ctx, W, write=True), v)


def mutation_stmts(L, ctx, level):
    """The statements a deliberate mistake adds at this level."""
    out = []
    if L.mut == "carried-dep" and level == L.wlevel[0]:
        W = L.written[0]
        subs = access_subs(ctx, W, write=True)
        lhs = W.arr.at(subs)
        subs[W.dd] = plus(L.iname, -L.step)
        one = "1.0" if W.arr.et == "double" else "1"
        out.append(stmt("%s = %s + %s;" % (lhs, W.arr.at(subs), one)))
    if L.mut == "write-offset" and level == L.wlevel[0]:
        W = L.written[0]
        saved_w = ctx.index
        ctx.index = Var(plus(L.iname, 1), L.lo + 1, L.hi)
        lhs = access(ctx, W, write=True)
        ctx.index = saved_w
        out.append(stmt("%s = %s;" % (lhs, value_for(ctx, W.arr.et))))
    if L.mut == "bound-written" and level == 0:
        out.append(stmt("if (%s %% 4 == 3) %s = %s - 1;" % (L.iname, L.lim,
                                                           L.lim)))
    return out


def gen_level(L, ctx, level, inner):
    """The statements of the body at nesting level `level` (0: the
    distributed loop's body); an inner loop sees only the scalars declared
    before it."""
    r = L.rng
    acts = []
    if r.random() < 0.25:
        acts.append("local")
    acts += [("write", W) for W, lv in zip(L.written, L.wlevel)
             if lv == level]
    acts += [("red", red) for red in L.reds if red.level == level]
    if L.sc.gen.writers and r.random() < 0.3:
        acts.append("wcall")
    if level == len(inner) and not acts:
        acts.append("local")
    r.shuffle(acts)
    if level < len(inner):
        acts.insert(r.randint(0, len(acts)), "inner")
    body = []
    if level == 0 and L.temp:
        body.append(stmt("%s = %s;" % (L.temp, value_for(ctx, "double"))))
        ctx = ctx.child(extra_scalars=[(L.temp, "d")])
    if level == 0 and L.scratch:
        stmts, u = scratch_stmts(L, ctx)
        body += stmts
        ctx = ctx.child(extra_scalars=[(u, "d")])
    if level == 0 and L.mut == "call-writes-shared":
        f = [n for n, kind in L.sc.gen.writers if kind == "scalar"][0]
        body.append(stmt("%s(&g0, %s);" % (f, value_for(ctx, "double"))))
    if level == 0 and L.mut == "carried-scalar":
        body.append(stmt("%s = %s * 0.5 + %s;" % (L.cs, L.cs,
                                                 value_for(ctx, "double"))))
        ctx = ctx.child(extra_scalars=[(L.cs, "d")])
    for a in acts:
        if a == "local":
            u = L.sc.gen.fresh("u")
            body.append(stmt("double %s = %s;" % (u, value_for(ctx,
                                                              "double"))))
            ctx = ctx.child(extra_scalars=[(u, "d")])
        elif a == "wcall":
            lines, u = writer_call(L, ctx)
            body.append(Node(lines))
            ctx = ctx.child(extra_scalars=[(u, "d")])
        elif a == "inner":
            v, h = inner[level]
            c2 = ctx.child(extra_vars=[v])
            c2.uncheck = ctx.uncheck or v.uncheck
            kids = gen_level(L, c2, level + 1, inner)
            body.append(block(h + " {", kids))
        elif a[0] == "write":
            body.append(write_stmt(L, ctx, a[1]))
        else:
            body.append(stmt(reduction_stmt(L, ctx, a[1])))
    body += mutation_stmts(L, ctx, level)
    return body


def writer_call(L, ctx):
    """A call of a writing function on storage declared in the body (a
    local, or a local array whole or from an offset), and the local that
    holds what it wrote."""
    r, fresh = L.rng, L.sc.gen.fresh
    f, kind = r.choice(L.sc.gen.writers)
    u = fresh("u")
    L.feats.append("writer-call")
    if kind in ("scalar", "ref"):
        arg = u if kind == "ref" else "&" + u
        return ["double %s = %s;" % (u, value_for(ctx, "double")),
                "%s(%s, %s);" % (f, arg, value_for(ctx, "double"))], u
    b, n = fresh("wb"), r.randint(2, 6)
    off = r.randint(0, n - 1)
    at = "%s + %d" % (b, off) if off else b
    return ["double %s[%d];" % (b, n),
            "%s(%s, %d, %s);" % (f, at, n - off, value_for(ctx, "double")),
            "double %s = %s[%d] * 0.5 + %s[%d];" % (
                u, b, r.randint(off, n - 1), b, r.randint(off, n - 1))], u


def plan_scratch(L):
    """A scratch array declared before the loop (initialized, so that an
    uncovered read has a defined value; or a static of the file, zero at
    the start, with a store before the loop), filled then read by each
    iteration: private to it, unless the mutation reads past the fill."""
    gen = L.sc.gen
    name = gen.fresh("scr")
    size = L.rng.randint(2, 9)
    L.scratch = (name, size)
    if L.rng.random() < 0.4:
        gen.statics.append("static double %s[%d];" % (name, size))
        L.pre.append("%s[0] = 0.5;" % name)
        L.feats.append("scratch-static")
    else:
        L.pre.append("double %s[%d] = {0};" % (name, size))
    L.feats.append("scratch-array")


def scratch_stmts(L, ctx):
    """The fill and a read of the scratch array; the name of the local
    that holds what was read. With the array functions, the fill may be
    arow's call (all of it, or all but an element assigned first)."""
    r = L.rng
    name, size = L.scratch
    k = L.sc.gen.fresh("k")
    filled = size - 1 if L.mut == "scratch-uncovered" else size
    value = value_for(ctx, "double")
    if any(f[0] == "arsum" for f in L.sc.gen.funcs) and r.random() < 0.5:
        L.feats.append("scratch-call")
        if r.random() < 0.5:
            fill = [stmt("arow(%s, %d, %s);" % (name, filled, value))]
        else:
            fill = [stmt("%s[0] = %s;" % (name, value)),
                    stmt("arow(%s + 1, %d, %s);" % (name, filled - 1, value))]
    else:
        fill = [stmt("for (int %s = 0; %s < %d; %s++) %s[%s] = %s + %s;" % (
            k, k, filled, k, name, k, value, k))]
    a = size - 1 if L.mut == "scratch-uncovered" else r.randint(0, size - 1)
    u = L.sc.gen.fresh("u")
    read = stmt("double %s = %s[%d] * 0.5 + %s[%d];" % (
        u, name, a, name, r.randint(0, filled - 1)))
    return fill + [read], u


def reduction_stmt(L, ctx, red):
    if red.array is None:
        return R.update(ctx, red)
    r2, sub = R.array_reduction(ctx, red.array, ctx.vars)
    r2.op, r2.et = red.op, red.et
    if red.implicit:
        return R.increment(ctx, r2, red.array, sub)
    return R.array_update(ctx, r2, red.array, sub)


def plan_reductions(L, depth):
    r, sc = L.rng, L.sc
    iters = (L.hi - L.lo + L.step - 1) // L.step
    count = r.choice([0, 0, 1, 1, 2])
    if not L.written:
        count = max(count, 1)
    for _ in range(count):
        level = r.randint(0, depth)
        red = R.new_reduction(sc.gen, r, level, iters * 64 ** level)
        if red.op == "*" and red.et == "d" and not red.tolerant:
            red.level = 0
        L.reds.append(red)
        L.pre.append(red.decl())
        L.post.append(red.print_stmt())
        if red.tolerant:
            sc.gen.tolerant.add(red.name)
        L.feats.append("red%s%s" % (red.op, red.et))
    arrs = sc.special("red")
    if arrs and r.random() < 0.3:
        A = r.choice(arrs)
        red = R.Red(A.name, r.choice(["+", "+", "min", "max"]),
                    {"double": "d", "long": "l", "int": "i"}[A.et], False,
                    r.randint(0, depth), None)
        red.array = A
        red.implicit = red.op == "+" and red.et != "d" and r.random() < 0.5
        L.reds.append(red)
        L.feats.append("histogram" if red.implicit else "array-reduction")
        # Its elements need not be integers (a min or max reduction may
        # store any value): a sum of doubles regrouped by ranks may round
        # differently.
        if red.op == "+" and red.et == "d":
            sc.gen.tolerant.add(A.name)


def pick_mutation(r, sc):
    if r.random() >= sc.gen.p_illegal:
        return None
    return r.choice(list(MUTATIONS))


def gen_doall(sc):
    """Returns (pre statements, loop Node, post statements)."""
    r = sc.rng
    L = Loop(sc)
    L.mut = pick_mutation(r, sc)
    others = choose_arrays(L)
    if L.mut in NEEDS_WRITE and not L.written:
        L.mut = None
    choose_range(L)
    choose_reads(L, others)
    declared = r.random() < 0.5
    L.iname = "i"
    if declared:
        sc.declare_top("i", "int i = 0;")
    ty = "long" if not declared and r.random() < 0.15 else "int"
    head = header(L, "i", L.lo, L.hi, L.step, L.down, declared, ty)
    inner = inner_loops(L)
    depth = len(inner)
    L.wlevel = [r.randint(0, depth) for _ in L.written]
    if r.random() < 0.35 or L.mut == "lastprivate":
        L.temp = sc.temp("dl" if L.mut == "lastprivate" else "d")
        L.feats.append("temp")
    if L.mut == "lastprivate":
        L.post.append('printf("%s %%.17g\\n", %s);' % (L.temp, L.temp))
    if L.mut == "carried-scalar":
        L.cs = sc.gen.fresh("cs")
        L.pre.append("double %s = 0.5;" % L.cs)
        L.post.append('printf("%s %%.17g\\n", %s);' % (L.cs, L.cs))
    plan_reductions(L, depth)
    if sc.gen.openmp and L.mut in ("scratch-uncovered",
                                   "call-writes-shared"):
        # OpenMP's loops get no scratch arrays (private()), and a race on
        # g0 is no sequential program's.
        L.mut = None
    if L.mut == "call-writes-shared" and not any(
            kind == "scalar" for _, kind in sc.gen.writers):
        L.mut = None
    if L.mut == "scratch-uncovered" or (not sc.gen.openmp and
                                        r.random() < 0.12):
        plan_scratch(L)
    index = Var("i", L.lo, L.hi - 1)
    ctx = ECtx(r, sc.lang, index, L.written + L.reads, [index],
               [(n, "d") for n, _ in sc.dscalars] +
               [(n, "i") for n, _ in sc.iscalars + sc.params],
               sc.gen.funcs, sc.gen.idx_view(sc), sc.gen.macros)
    ctx.int_scalars = [(n, v) for n, v in sc.iscalars + sc.params
                       if 0 <= v <= 4]
    body = gen_level(L, ctx, 0, inner)
    if declared and r.random() < 0.25 and L.mut != "bound-written":
        L.post.append('printf("i %d\\n", i);')
        L.feats.append("index-after")
    pragma = "#pragma dlb doall " + clauses(L, ctx)
    if sc.gen.openmp:
        pragma = omp_pragma(L)
        if L.mut in ("missing-distribute", "whole-written"):
            L.mut = None  # OpenMP names no arrays: the loop is legal
    status, expect = MUTATIONS[L.mut] if L.mut else ("legal", None)
    if L.mut == "write-offset" and L.step > 1:
        status = "unsupported"
    if status == "legal" and "lin-unchecked" in ctx.notes:
        # docs 4.1: a linearized access must be checkable (not under a
        # condition, not in a strided or triangular inner loop).
        status, L.mut = "unsupported", "lin-unchecked"
        expect = "cannot check that"
    L.feats += sorted(ctx.notes & {"row-read"})
    meta = {"kind": "doall", "status": status, "reason": L.mut or "",
            "expect": expect, "function": sc.fname,
            "features": sorted(set(L.feats + kinds(L)))}
    lines = [pragma]
    if r.random() < 0.08:
        # Annotations switched by the preprocessor, as users write them.
        lines = ["#ifndef DLB_PRAGMAS_OFF", pragma, "#endif"]
        meta["features"].append("pragma-ifndef")
    loop = Node(lines + [head + " {"], body, "}", loop=meta)
    sc.loops_here += 1
    return L.pre, loop, L.post


def kinds(L):
    out = []
    for a in L.written:
        out.append("w-%s%dd%s" % (a.arr.kind, a.arr.ndim,
                                  "-cols" if a.dd == 1 else ""))
    for a in L.reads:
        if a.used:
            out.append("r%s-%s" % (a.role, a.arr.kind))
    if L.down:
        out.append("down")
    if L.step > 1:
        out.append("step%d" % L.step)
    return out


def omp_pragma(L):
    """The loop's pragma in OpenMP's spelling (dlbcc --openmp): its
    reductions, its temporary as private, a schedule; the choices from the
    program's OpenMP generator (Gen.omp_rng)."""
    r = L.sc.gen.omp_rng
    out = ["#pragma omp parallel for"]
    ops = {}
    for red in L.reds:
        if not red.implicit:
            ops.setdefault(red.op, []).append(red.name)
    for op, names in ops.items():
        out.append("reduction(%s: %s)" % (op, ", ".join(dict.fromkeys(names))))
    if L.temp and r.random() < 0.5:
        out.append("private(%s)" % L.temp)
    if r.random() < 0.5:
        out.append("schedule(%s)" % r.choice(
            ["static", "dynamic", "guided", "dynamic, 4", "runtime"]))
    L.feats.append("openmp")
    if any(a.arr.is_pointer() for a in L.written + L.reads
           if a.used or a.role == "w"):
        L.feats.append("openmp-pointer")
    return " ".join(out)


def clauses(L, ctx):
    """The clauses of the pragma, in random order and spelling."""
    r = L.rng
    dist = [a.arr.name for a in L.written] + \
        [a.arr.name for a in L.reads if a.role == "d" and a.used]
    whole = [a.arr.name for a in L.reads
             if a.role == "h" and a.used and r.random() < 0.5]
    if L.mut in ("missing-distribute", "whole-written"):
        dist.remove(L.written[0].arr.name)
        if L.mut == "whole-written":
            whole.append(L.written[0].arr.name)
    idx = ctx.idx
    if idx is not None and whole and r.random() < 0.3:
        whole.append(idx.name)
    out = []
    used = [a.arr for a in L.written + L.reads if a.used or a.role == "w"]
    cyclic_ok = L.step == 1
    # Rows passed to functions need contiguous rows, which bitonic pairs
    # do not have (docs/annotations.md section 5).
    rows_passed = "row-call" in L.feats or "row-read" in ctx.notes
    bitonic = (L.step == 1 and r.random() < 0.08 and not rows_passed and all(
        a.ndim <= 2 and not a.is_pointer() for a in used))
    prefix = ""
    if dist and r.random() < 0.3:
        prefix = r.choice(["block: ", "cyclic: "] if cyclic_ok and
                          not bitonic else ["block: "])
        L.feats.append(prefix.strip(": "))
    if dist:
        cut = r.randint(1, len(dist)) if r.random() < 0.3 else len(dist)
        out.append("distribute(%s%s)" % (prefix, ", ".join(dist[:cut])))
        if dist[cut:]:
            out.append("distribute(%s%s)" % (prefix, ", ".join(dist[cut:])))
    if whole:
        out.append("whole(%s)" % ", ".join(whole))
    shapes = [a.shape_clause() for a in used if a.is_pointer()]
    if shapes:
        out.append("shape(%s)" % ", ".join(shapes))
    ops = {}
    for red in L.reds:
        if not red.implicit:
            ops.setdefault(red.op, []).append(red.name)
    for op, names in ops.items():
        out.append("reduction(%s: %s)" % (op, ", ".join(dict.fromkeys(names))))
    if r.random() < 0.1:
        out.append("strategy(%s)" % r.choice(L.sc.gen.strategies))
    if r.random() < 0.06:
        out.append("cost(%s)" % r.choice(["1", "i + 1", "2 * i + 3",
                                          "sqrt(i + 1.0)"]))
    if bitonic:
        out.append("schedule(bitonic)")
        L.feats.append("bitonic")
    r.shuffle(out)
    return r.choice([" ", ", "]).join(out)
