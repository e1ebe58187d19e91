# site.py: the scope a loop is generated in (main or a helper function):
# the arrays and scalars it sees, the variables declared at its top, and the
# spellings of loop bounds (literals, -D macros, #defines, variables,
# parameters, vector sizes) for values the generator knows.


class Scope:
    def __init__(self, gen, fname, arrays, lang):
        self.gen = gen              # the Program generator (names, macros)
        self.rng = gen.rng
        self.fname = fname
        self.lang = lang
        self.arrays = list(arrays)  # Arr views visible here
        self.focus = None           # arrays a time loop draws from
        self.dscalars = []          # [(name, value)] readable doubles
        self.iscalars = []          # [(name, value)] readable ints
        self.params = []            # [(name, value)] int parameters
        self.mutable = []           # scalars sequential code may update
        self.top = {}               # name -> declaration at the top
        self.temps = []             # private temporaries declared at top
        self.in_time_loop = False
        self.loops_here = 0

    # ---------------------------------------------------------- names
    def declare_top(self, name, decl):
        self.top.setdefault(name, decl)

    def index_name(self, level):
        return ["i", "j", "k"][level]

    def pool(self):
        arrs = self.focus if self.focus else self.arrays
        return [a for a in arrs if a.special is None]

    def special(self, what):
        return [a for a in self.arrays if a.special == what]

    def temp(self, kind):
        """A private temporary declared at the function's top: kind "d"
        (double) or "i" (int), shared by loops at random; "dl" is a double
        of one loop alone (printed after it: another loop writing it would
        make its last value, read in a time loop, that loop's)."""
        n = len([t for t in self.temps if t[1] == kind])
        if n and kind != "dl" and self.rng.random() < 0.6:
            return self.rng.choice([t for t in self.temps if t[1] == kind])[0]
        name = {"d": "t%d", "i": "ti%d", "dl": "tl%d"}[kind] % n
        self.temps.append((name, kind))
        self.declare_top(name, ("int %s = 0;" if kind == "i"
                                else "double %s = 0;") % name)
        return name

    # --------------------------------------------------------- bounds
    def bound(self, value, pre):
        """Text of an int expression equal to value; declarations it needs
        are appended to pre (list of statement strings)."""
        r = self.rng
        x = r.random()
        if x < 0.25:
            return str(value)
        if x < 0.45:
            return self.gen.macro_for(value)
        if x < 0.55:
            m = self.gen.macro_for(value + 2)
            return "%s - 2" % m
        if x < 0.7 and self.params:
            cands = [(n, v) for n, v in self.params if abs(v - value) <= 3]
            if cands:
                n, v = r.choice(cands)
                d = value - v
                return n if d == 0 else "%s %s %d" % (n, "+" if d > 0 else
                                                      "-", abs(d))
        if x < 0.78 and self.lang == "cpp":
            vs = [a for a in self.arrays if a.kind == "vector"
                  and a.ext[0] in (value, value + 1)]
            if vs:
                a = r.choice(vs)
                d = a.ext[0] - value
                s = "(int)%s.size()" % a.name
                return s if d == 0 else "%s - 1" % s
        cands = [(n, v) for n, v in self.iscalars if v == value]
        if cands and x < 0.85:
            return r.choice(cands)[0]
        name = self.gen.fresh("nb")
        pre.append("int %s = %d;" % (name, value))
        return name
