# exprs.py: arrays (Arr: storage kind, extents, how an element is spelled),
# index variables with their value ranges, and the random expressions of a
# loop body. Every subscript stays inside its extent given the ranges, and
# every value stays deterministic: integer expressions are reduced modulo
# 1000 (no signed overflow), doubles are combined by bounded operations.

DBL_CONSTS = ["0.5", "0.25", "1.0", "2.0", "-0.75", "0.125", "1.5", "-0.5"]


class Arr:
    """An array (or a view of one as a function parameter).

    kind: global | local | vla (C local VLA) | vector | vecrows |
          lin (malloc'ed, linearized a[r * m + c]) | ptr (malloc'ed 1-D) |
          param (C array parameter) | vlaparam (C99 parameter x[n][M]) |
          rows (calloc'ed, a pointer to rows of run-time extents).
    """

    def __init__(self, name, et, ext, kind, ext_txt=None):
        self.name = name
        self.et = et
        self.ext = list(ext)
        self.kind = kind
        self.ext_txt = list(ext_txt) if ext_txt else [str(e) for e in ext]
        self.rowvar = None      # lin: the variable holding the row length
        self.size_txt = None    # lin, ptr: the element count for shape()
        self.lin_form = 0       # lin: which spelling of r * m + c
        self.base = self
        self.special = None     # 'idx' (index array) or 'red' (reduction)

    @property
    def ndim(self):
        return len(self.ext)

    def view(self, name, kind, ext_txt=None):
        v = Arr(name, self.et, self.ext, kind, ext_txt or self.ext_txt)
        v.rowvar, v.size_txt, v.lin_form = self.rowvar, self.size_txt, \
            self.lin_form
        v.base, v.special = self.base, self.special
        return v

    def at(self, subs):
        if self.kind == "lin":
            r, c, m = subs[0], subs[1], self.rowvar
            r = r if r.isidentifier() or r.isdigit() else "(%s)" % r
            form = self.lin_form % 3
            if form == 0:
                return "%s[%s * %s + %s]" % (self.name, r, m, c)
            if form == 1:
                return "%s[%s * %s + %s]" % (self.name, m, r, c)
            return "%s[%s + %s * %s]" % (self.name, c, r, m)
        return self.name + "".join("[%s]" % s for s in subs)

    def dist_dims(self):
        """Dimensions a doall may distribute (docs/annotations.md 4.1)."""
        if self.kind in ("lin", "ptr", "vector") or self.ndim != 2:
            return [0]
        return [0, 1]

    def is_pointer(self):
        return self.kind in ("lin", "ptr", "rows")

    def shape_clause(self):
        return "%s[%s]" % (self.name, self.size_txt)

    def affine_only(self):
        return self.kind == "lin"

    def is_int(self):
        return self.et != "double"


class Var:
    """An index (or integer scalar) whose values lie in [lo, hi]."""

    def __init__(self, name, lo, hi):
        self.name, self.lo, self.hi = name, lo, hi
        self.uncheck = False


def plus(name, c):
    if c == 0:
        return name
    return "%s %s %d" % (name, "+" if c > 0 else "-", abs(c))


class Access:
    """How one loop uses an array: role 'w' (written, distributed), 'd'
    (read-only, distributed along dd with halo offsets), 'h' (whole)."""

    def __init__(self, arr, role, dd=None, halo=(0,)):
        self.arr, self.role, self.dd, self.halo = arr, role, dd, list(halo)
        self.used = False


class ECtx:
    """What a body expression may read at one nesting level."""

    def __init__(self, rng, lang, index, accesses, vars_, scalars, funcs,
                 idx_arr=None, macros=False):
        self.rng = rng
        self.lang = lang
        self.index = index          # Var of the distributed loop
        self.accesses = accesses    # [Access]
        self.vars = vars_           # [Var] bound at this level (incl. index)
        self.scalars = scalars      # [(name, 'd'|'i')] readable scalars
        self.funcs = funcs          # [(name, 'd'|'i', arity)]
        self.idx = idx_arr
        self.macros = macros
        self.cond = False           # inside a condition / ?: branch
        self.uncheck = False        # in a strided or triangular inner loop
        self.notes = set()          # shared: facts the loop's status needs
        self.int_scalars = []       # [(name, value)] loop-invariant ints

    def child(self, extra_vars=(), extra_scalars=()):
        c = ECtx(self.rng, self.lang, self.index, self.accesses,
                 self.vars + list(extra_vars),
                 self.scalars + list(extra_scalars), self.funcs, self.idx,
                 self.macros)
        c.cond = self.cond
        c.uncheck = self.uncheck
        c.notes = self.notes
        c.int_scalars = self.int_scalars
        return c


def var_sub(ctx, E, exclude_index):
    """An affine subscript v + c in [0, E) for some bound variable, or None."""
    r = ctx.rng
    cands = [v for v in ctx.vars if not (exclude_index and v is ctx.index)]
    r.shuffle(cands)
    for v in cands:
        lo_c, hi_c = -v.lo, E - 1 - v.hi
        if lo_c > hi_c:
            continue
        lo_c, hi_c = max(lo_c, -2), min(hi_c, 2)
        if lo_c > hi_c:
            continue
        c = 0 if r.random() < 0.6 and lo_c <= 0 <= hi_c else \
            r.randint(lo_c, hi_c)
        return plus(v.name, c), v
    return None, None


def gen_sub(ctx, acc, d):
    """A subscript for dimension d of a non-distributed use."""
    r, arr = ctx.rng, acc.arr
    E = arr.ext[d]
    whole = acc.role == "h"
    x = r.random()
    if whole and not arr.affine_only() and ctx.idx is not None and x < 0.15:
        v = [v for v in ctx.vars if v.lo >= 0 and v.hi < ctx.idx.ext[0]]
        if v:
            return "%s[%s]" % (ctx.idx.name, r.choice(v).name)
    if whole and not arr.affine_only() and x < 0.22:
        v = [v for v in ctx.vars if v.lo >= 0]
        if v:
            return "(%s * 3 + 1) %% %d" % (r.choice(v).name, E)
    if whole and x < 0.3 and ctx.int_scalars:
        name, val = r.choice(ctx.int_scalars)
        v = [v for v in ctx.vars if v.lo + val >= 0 and v.hi + val < E]
        if v:
            return "%s + %s" % (r.choice(v).name, name)
    if x < 0.85:
        s, _ = var_sub(ctx, E, exclude_index=not whole)
        if s is not None:
            return s
    return str(r.randrange(E))


def access_subs(ctx, acc, write=False):
    """The subscripts of one element of acc.arr, in bounds, obeying its
    role; the distributed dimension holds the loop index (plus a halo
    offset for a read)."""
    arr = acc.arr
    acc.used = True
    if arr.kind == "lin" and ctx.uncheck:
        ctx.notes.add("lin-unchecked")
    subs = []
    for d in range(arr.ndim):
        if acc.role in "wd" and d == acc.dd:
            c = 0 if write else ctx.rng.choice(acc.halo)
            subs.append(plus(ctx.index.name, c))
        else:
            subs.append(gen_sub(ctx, acc, d))
    return subs


def access(ctx, acc, write=False):
    return acc.arr.at(access_subs(ctx, acc, write))


def readable(ctx, want_int):
    accs = [a for a in ctx.accesses
            if a.arr.is_int() == want_int and a.arr.special is None
            and not (ctx.cond and a.arr.affine_only())]
    return accs


# ---------------------------------------------------------------- doubles

def datom(ctx):
    r = ctx.rng
    x = r.random()
    accs = readable(ctx, False)
    if accs and x < 0.55:
        a = r.choice(accs)
        row = row_read(ctx, a) if r.random() < 0.15 else None
        return row or access(ctx, a)
    iaccs = readable(ctx, True)
    if iaccs and x < 0.65:
        a = r.choice(iaccs)
        if a.arr.et == "unsigned":
            return "(double)(%s %% 1000u) * 0.001" % access(ctx, a)
        return "%s * 0.01" % access(ctx, a)
    ds = [s for s, t in ctx.scalars if t == "d"]
    if ds and x < 0.8:
        return r.choice(ds)
    if x < 0.9:
        v = r.choice(ctx.vars)
        return "(%s %% 7) * 0.0625" % v.name if v.lo >= 0 else \
            "%s * 0.0625" % v.name
    return r.choice(DBL_CONSTS)


# Kinds whose rows reach a function as a pointer to contiguous elements.
ROW_KINDS = ("global", "local", "param", "vla", "vlaparam", "rows")


def array_functions(ctx):
    return any(f[1] == "row" for f in ctx.funcs)


def row_of(ctx, acc):
    """`&a[s0]..[0]` and the row's length: the row along the last dimension
    of one of acc's elements (acc's subscripts), a whole 1-D array read
    whole; None where a function may not be given it (the row would cross
    the distributed dimension, or the kind has no contiguous rows)."""
    arr = acc.arr
    if not array_functions(ctx) or arr.kind not in ROW_KINDS:
        return None
    if arr.ndim == 1:
        return (arr.name, arr.ext_txt[0]) if acc.role == "h" else None
    if acc.role != "h" and acc.dd == arr.ndim - 1:
        return None
    subs = access_subs(ctx, acc, write=acc.role == "w")
    return "&" + arr.at(subs[:-1] + ["0"]), arr.ext_txt[-1]


def row_read(ctx, acc):
    """A read of a row of acc through arsum, or None."""
    row = row_of(ctx, acc) if acc.arr.et == "double" else None
    if row is None:
        return None
    ctx.notes.add("row-read")
    return "arsum(%s, %s)" % row


def dexpr(ctx, depth=2):
    r = ctx.rng
    if depth <= 0 or r.random() < 0.25:
        return datom(ctx)
    d = depth - 1
    k = r.randrange(15)
    a = dexpr(ctx, d)
    if k == 0:
        return "0.5 * (%s + %s)" % (a, dexpr(ctx, d))
    if k == 1:
        return "%s * 0.25 - %s * 0.5" % (a, dexpr(ctx, d))
    if k == 2:
        return ("fmin(%s, %s)" if r.random() < 0.5 else "fmax(%s, %s)") % (
            a, dexpr(ctx, d))
    if k == 3:
        return ("std::sqrt(std::fabs(%s))" if ctx.lang == "cpp"
                and r.random() < 0.5 else "sqrt(fabs(%s))") % a
    if k == 4:
        return "%s / (1.0 + fabs(%s))" % (a, dexpr(ctx, d))
    if k == 5:
        return "floor(%s * 4.0) * 0.25" % a
    if k == 6:
        fs = [f for f in ctx.funcs if f[1] == "d"]
        if fs:
            name, _, arity = r.choice(fs)
            args = [a] + [dexpr(ctx, d) for _ in range(arity - 1)]
            return "%s(%s)" % (name, ", ".join(args))
        return "%s + 0.5" % a
    if k in (7, 8):
        return cond_expr(ctx, a, d)
    if k == 9:
        return "sin(%s)" % a
    if k == 10:
        return "(%s - %s)" % (a, dexpr(ctx, d))
    if k == 11:
        return "%s * %s" % (a, datom(ctx))
    if k == 12 and ctx.macros:
        m = r.choice(["MAX", "MIN"])
        b = datom_nolin(ctx)
        if has_lin(ctx, a):
            # MAX(a, b) is a ?: whose branches read a: no linearized reads
            return "f%s(%s, %s)" % (m.lower(), a, b)
        return "%s(%s, %s)" % (m, a, b)
    if k == 13:
        return "(%s + %s)" % (a, r.choice(DBL_CONSTS))
    return "fmod(%s, 3.0)" % a


def has_lin(ctx, text):
    """Whether text reads a linearized array of the loop."""
    return any(a.arr.kind == "lin" and a.arr.name + "[" in text
               for a in ctx.accesses)


def as_condition(ctx, make):
    """make(ctx) as if under a condition (no linearized reads there)."""
    saved, ctx.cond = ctx.cond, True
    try:
        return make(ctx)
    finally:
        ctx.cond = saved


def datom_nolin(ctx):
    return as_condition(ctx, datom)


def cond_expr(ctx, a, d):
    """`c ? x : y` whose branches do not read linearized arrays."""
    saved, ctx.cond = ctx.cond, True
    try:
        c = "%s > %s" % (a, ctx.rng.choice(["0.0", "0.5", "-0.25"]))
        return "(%s ? %s : %s)" % (c, dexpr(ctx, d), dexpr(ctx, d))
    finally:
        ctx.cond = saved


def dcond(ctx):
    """A condition for an if statement (its body counts as conditional)."""
    return "%s %s %s" % (dexpr(ctx, 1), ctx.rng.choice([">", "<", ">="]),
                         ctx.rng.choice(["0.0", "0.25", "-0.5"]))


# --------------------------------------------------------------- integers

def iatom(ctx):
    r = ctx.rng
    x = r.random()
    accs = readable(ctx, True)
    if accs and x < 0.5:
        a = r.choice(accs)
        if a.arr.et == "unsigned":
            return "(int)(%s %% 1000u)" % access(ctx, a)
        return access(ctx, a)
    daccs = readable(ctx, False)
    if daccs and x < 0.6:
        return "(int)fmod(%s * 8.0, 1000.0)" % access(ctx, r.choice(daccs))
    iscal = [s for s, t in ctx.scalars if t == "i"]
    if iscal and x < 0.7:
        return r.choice(iscal)
    if x < 0.9:
        return r.choice(ctx.vars).name
    return str(r.randint(-9, 20))


def iexpr(ctx, depth=2):
    """An integer expression of magnitude below about 10^6."""
    r = ctx.rng
    if depth <= 0 or r.random() < 0.25:
        return iatom(ctx)
    d = depth - 1
    a = iexpr(ctx, d)
    k = r.randrange(9)
    if k == 0:
        return "(%s + %s) %% 1000" % (a, iexpr(ctx, d))
    if k == 1:
        return "(%s * %d - %s) %% 1000" % (a, r.randint(2, 9), iexpr(ctx, d))
    if k == 2:
        return "abs((int)(%s)) %% 1000" % a
    if k == 3 and ctx.macros:
        m = r.choice(["MAX", "MIN"])
        b = iatom_nolin(ctx)
        if has_lin(ctx, a):
            return "(%s %% 1000 + %s %% 1000) / 2" % (a, b)
        return "%s(%s %% 1000, %s %% 1000)" % (m, a, b)
    if k == 4:
        fs = [f for f in ctx.funcs if f[1] == "i"]
        if fs:
            name, _, arity = r.choice(fs)
            args = [a] + [iexpr(ctx, d) for _ in range(arity - 1)]
            return "%s(%s)" % (name, ", ".join("(%s) %% 1000" % x
                                               for x in args))
    if k == 5:
        return "(%s) / %d" % (a, r.randint(2, 5))
    if k == 6:
        saved, ctx.cond = ctx.cond, True
        try:
            return "(%s > %d ? %s : %s) %% 1000" % (
                a, r.randint(-5, 50), iexpr(ctx, d), iexpr(ctx, d))
        finally:
            ctx.cond = saved
    if k == 7:
        return "(%s ^ %d)" % (a, r.randint(1, 15))
    return "(%s %% 1000) * (%s %% 1000) %% 1000" % (a, iatom(ctx))


def iatom_nolin(ctx):
    return as_condition(ctx, iatom)


def uexpr(ctx):
    r = ctx.rng
    a = iexpr(ctx, 1)
    k = r.randrange(3)
    if k == 0:
        return "(unsigned)(%s) * 2654435761u + %du" % (a, r.randint(1, 99))
    if k == 1:
        return "(unsigned)(%s) ^ ((unsigned)(%s) << 3)" % (a, iexpr(ctx, 1))
    return "(unsigned)(%s) * 40503u" % a


def value_for(ctx, et):
    """A right-hand side for an element of type et."""
    if et == "double":
        return dexpr(ctx, ctx.rng.randint(1, 3))
    if et == "unsigned":
        return uexpr(ctx)
    return "(%s) %% 1000" % iexpr(ctx, ctx.rng.randint(1, 2))
