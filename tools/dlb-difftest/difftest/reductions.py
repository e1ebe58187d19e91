# reductions.py: reduction variables of a doall loop (scalars with + * min
# max, and constant-size 1-D arrays): their declarations, the update
# statements in every accepted form (docs/annotations.md section 3), the
# values folded (exact, or stated with a relative tolerance) and the prints.

from .exprs import as_condition, dexpr, iexpr, uexpr

TYPES = {"d": "double", "l": "long", "i": "int", "u": "unsigned"}


class Red:
    def __init__(self, name, op, et, tolerant, level, init):
        self.name, self.op, self.et = name, op, et
        self.tolerant, self.level, self.init = tolerant, level, init
        self.array = None           # Arr for an array reduction
        # An integer histogram left without a reduction() clause: updated
        # only by increments, which dlbcc takes as a reduction by itself.
        self.implicit = False

    def decl(self):
        return "%s %s = %s;" % (TYPES[self.et], self.name, self.init)

    def print_stmt(self):
        fmt = {"d": "%.17g", "l": "%ld", "i": "%d", "u": "%u"}[self.et]
        return 'printf("%s %s\\n", %s);' % (self.name, fmt, self.name)


def new_reduction(gen, rng, level, max_iters):
    """A scalar reduction at nesting level `level` of a loop whose body at
    that level runs at most max_iters times per execution."""
    op = rng.choice(["+", "+", "*", "min", "max"])
    et = rng.choice(["d", "d", "l", "i", "u"]) if op != "*" else \
        rng.choice(["d", "u"])
    if et == "u" and op in ("min", "max"):
        et = "l"
    tolerant = et == "d" and op in ("+", "*") and rng.random() < 0.4
    if op == "*" and et == "d" and not tolerant and max_iters > 400:
        tolerant = True
    init = {"d": rng.choice(["0.5", "1.0", "-2.0", "0.0"]),
            "l": str(rng.randint(-5, 5)), "i": str(rng.randint(-5, 5)),
            "u": str(rng.randint(1, 9)) + "u"}[et]
    if op == "*" and et == "d":
        init = "1.0"
    return Red(gen.fresh("s"), op, et, tolerant, level, init)


def contribution(ctx, red):
    """The value an update folds in (without side effects)."""
    et, op = red.et, red.op
    if et == "d":
        if op == "+":
            return ("fabs(%s)" % dexpr(ctx, 2) if red.tolerant else
                    "(double)((%s) %% 1000)" % iexpr(ctx, 2))
        if op == "*":
            if red.tolerant:
                return "(1.0 + 0.001 * fabs(%s))" % dexpr(ctx, 1)
            saved, ctx.cond = ctx.cond, True
            try:
                return "(%s > 0.0 ? 2.0 : 0.5)" % dexpr(ctx, 1)
            finally:
                ctx.cond = saved
        if ctx.rng.random() < 0.5:
            return "fabs(%s)" % dexpr(ctx, 2)
        return "(double)((%s) %% 1000)" % iexpr(ctx, 2)
    if et == "u":
        if op == "*":
            return "((unsigned)(%s) | 1u)" % iexpr(ctx, 1)
        return "(%s)" % uexpr(ctx)
    return "(%s) %% 1000" % iexpr(ctx, 2)


def update(ctx, red, lhs=None):
    """One update statement of red in a random accepted form."""
    r = ctx.rng
    x = lhs or red.name
    op = red.op
    if op in ("min", "max"):
        return minmax_update(ctx, red, x)
    e = contribution(ctx, red)
    if op == "+":
        k = r.randrange(6)
        exact = red.et != "u" and not red.tolerant
        if k == 1:
            return "%s = %s + %s;" % (x, x, e)
        if k == 2:
            return "%s = %s + %s;" % (x, e, x)
        if k == 3 and exact:
            return "%s -= %s;" % (x, e)
        if k == 4 and exact:
            return "%s = %s - (%s - %s);" % (x, e, contribution(ctx, red), x)
        return "%s += %s;" % (x, e)
    k = r.randrange(3)
    return ["%s *= %s;" % (x, e), "%s = %s * %s;" % (x, x, e),
            "%s = %s * %s;" % (x, e, x)][k]


def minmax_update(ctx, red, x):
    """min/max updates; the guarded and conditional forms write e twice,
    so e calls no function of the program there (docs: section 3)."""
    r = ctx.rng
    lt = "<" if red.op == "min" else ">"
    gt = ">" if red.op == "min" else "<"
    t = TYPES[red.et]
    k = r.randrange(7)
    if k == 0 and ctx.lang == "cpp":
        return "%s = std::%s(%s, (%s)(%s));" % (x, red.op, x, t,
                                                contribution(ctx, red))
    if k == 1 and red.et == "d":
        return "%s = f%s(%s, %s);" % (x, red.op, contribution(ctx, red), x)
    saved, ctx.funcs, cond = ctx.funcs, [], ctx.cond
    ctx.cond = True         # x = e under a condition: no linearized reads
    try:
        e = contribution(ctx, red)
    finally:
        ctx.funcs, ctx.cond = saved, cond
    if k == 2 and ctx.macros:
        return "%s = %s(%s, %s);" % (x, red.op.upper(), x, e)
    if k == 3:
        return "%s = %s %s %s ? %s : %s;" % (x, x, lt, e, x, e)
    if k == 4:
        return "if (%s %s %s) %s = %s;" % (e, lt, x, x, e)
    if k == 5:
        return "if (%s %s %s) { %s = %s; }" % (x, gt, e, x, e)
    return "if (%s %s= %s) %s = %s;" % (e, lt, x, x, e)


def array_update(ctx, red, arr, subs):
    """An update of element arr[subs] of an array reduction."""
    lhs = "%s[%s]" % (arr.name, subs)
    if red.op == "+" and ctx.rng.random() < 0.2:
        return "++%s;" % lhs if ctx.rng.random() < 0.5 else "%s++;" % lhs
    return update(ctx, red, lhs)


def increment(ctx, red, arr, subs):
    """An update of an implicit histogram: ++h[s], h[s]++ or h[s] += an
    integer of the element's type."""
    lhs = "%s[%s]" % (arr.name, subs)
    k = ctx.rng.random()
    if k < 0.3:
        return "++%s;" % lhs if k < 0.15 else "%s++;" % lhs
    return "%s += (%s)((%s) %% 1000);" % (lhs, TYPES[red.et], iexpr(ctx, 2))


def array_reduction(ctx, arr, level_vars):
    """A Red over the reduction array arr and a subscript for it."""
    r = ctx.rng
    et = {"double": "d", "long": "l", "int": "i"}[arr.et]
    op = r.choice(["+", "+", "min", "max"])
    red = Red(arr.name, op, et, False, 0, None)
    red.array = arr
    E = arr.ext[0]
    fit = [v for v in level_vars if v.lo >= 0 and v.hi < E]
    k = r.random()
    if fit and k < 0.5:
        sub = r.choice(fit).name
    elif ctx.idx is not None and k < 0.7 and ctx.index.lo >= 0 and \
            ctx.index.hi < ctx.idx.ext[0] and E >= 8:
        sub = "%s[%s]" % (ctx.idx.name, ctx.index.name)
    else:
        # The update names the element twice, the guarded forms (`if (e <
        # h[s]) h[s] = e;`) under a condition: s calls no function of the
        # program (docs section 3) and reads no linearized array.
        saved, ctx.funcs = ctx.funcs, []
        try:
            sub = "abs(%s) %% %d" % (as_condition(ctx, lambda c: iexpr(c, 1)),
                                     E)
        finally:
            ctx.funcs = saved
    return red, sub
