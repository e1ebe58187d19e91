# csr.py: a loop over the rows of a sparse matrix in CSR form that writes
# each row's segment [rp[i], rp[i + 1]) of its value and column arrays
# (docs/annotations.md, "Sparse rows"): row pointers with empty rows and
# spare elements past the last row, the arrays as C arrays, pointers
# allocated for a constant count (with shape(), or found by dlbcc --openmp)
# or vectors; the rows walked up from a start past 0, down, or by a step;
# the segment's index declared in its loop or before, stepped three ways;
# an integer sum of the elements. Drawn from its own generator, so that
# the rest of a seed's program does not change with it.

import random

from .prog import Node, stmt


def gen_csr(gen, seed):
    """Returns the main() nodes of one CSR site (declarations, the loop,
    checksums)."""
    r = random.Random(seed)
    cpp = gen.lang == "cpp"
    n = r.randint(6, 48)
    a, b, c = r.randint(1, 7), r.randint(0, 5), r.choice([3, 4, 6])
    nz = sum((q * a + b) % c for q in range(n)) + r.randint(0, 3)
    rp, cv, ci = gen.fresh("rp"), gen.fresh("cv"), gen.fresh("ci")
    s = gen.fresh("ns")
    form = r.choice(["array", "pointer"] + (["vector"] if cpp else []))
    pre = []
    if form == "array":
        pre += ["int %s[%d];" % (rp, n + 1), "double %s[%d];" % (cv, nz),
                "int %s[%d];" % (ci, nz)]
    elif form == "pointer":
        cast = lambda t: "(%s *)" % t if cpp else ""
        pre += ["int *%s = %smalloc(%d * sizeof(int));" % (rp, cast("int"), n + 1),
                "double *%s = %smalloc(%d * sizeof(double));"
                % (cv, cast("double"), nz),
                "int *%s = %smalloc(sizeof(int) * %d);" % (ci, cast("int"), nz)]
    else:
        pre += ["std::vector<int> %s(%d);" % (rp, n + 1),
                "std::vector<double> %s(%d);" % (cv, nz),
                "std::vector<int> %s(%d);" % (ci, nz)]
    pre += ["%s[0] = 0;" % rp,
            "for (int q = 0; q < %d; q++) %s[q + 1] = %s[q] + (q * %d + %d) %% %d;"
            % (n, rp, rp, a, b, c),
            "for (int q = 0; q < %d; q++) { %s[q] = (q * 13) %% 7 - 2; "
            "%s[q] = (q %% 9) * 0.25 - 1.0; }" % (nz, ci, cv),
            "long %s = 0;" % s]
    lo, hi = r.randint(0, 2), n - r.randint(0, 2)
    step = r.choice([1, 1, 1, 2, 3])
    down = step == 1 and r.random() < 0.25
    if down:
        head = "for (int i = %d; i >= %d; i--) {" % (hi - 1, lo)
    else:
        head = "for (int i = %d; i < %d; i += %d) {" % (lo, hi, step)
    kin = r.random() < 0.5
    inc = r.choice(["k++", "++k", "k += 1"])
    kdecl = "int k = " if kin else "k = "
    body = ["for (%s%s[i]; k < %s[i + 1]; %s) {" % (kdecl, rp, rp, inc),
            "  %s[k] = %s[k] - K0 + i %% 3;" % (ci, ci),
            "  %s[k] = %s[k] * 0.5 + %s[k] * 0.25 + i;" % (cv, cv, ci)]
    red = r.random() < 0.5
    if red:
        body.append("  %s += %s[k];" % (s, ci))
    body.append("}")
    dists = [cv, ci]
    r.shuffle(dists)
    if gen.openmp:
        pragma = "#pragma omp parallel for" + \
            (" reduction(+: %s)" % s if red else "")
    else:
        shape = " shape(%s[%d], %s[%d], %s[%d])" % (rp, n + 1, cv, nz, ci, nz) \
            if form == "pointer" else ""
        pragma = "#pragma dlb doall%s distribute(%s)%s" % (
            shape, ", ".join(dists), " reduction(+: %s)" % s if red else "")
    meta = {"kind": "doall", "status": "legal", "reason": "", "expect": None,
            "function": "main",
            "features": sorted(["csr", "csr-" + form] +
                               (["csr-down"] if down else []) +
                               (["csr-step"] if step > 1 else []))}
    nodes = [stmt(p) for p in pre]
    if not kin:
        nodes.append(stmt("int k = 0;"))
    nodes.append(Node([pragma, head], [stmt(x) for x in body], "}", loop=meta))
    post = ["long %s_c = %s;" % (s, s),
            "double %s_d = 0;" % s,
            "for (int q = 0; q < %d; q++) { %s_c += %s[q] * (q %% 5 + 1); "
            "%s_d += %s[q]; }" % (nz, s, ci, s, cv),
            'printf("%s %%ld %%.17g\\n", %s_c, %s_d);' % (s, s, s)]
    if form == "pointer":
        post += ["free(%s);" % x for x in (rp, cv, ci)]
    # One block: its declarations stay together when the reducer drops it.
    return [Node(["{"], nodes + [stmt(p) for p in post], "}")]
