"""The OpenMP baseline of the benchmarks: the same source with OpenMP in
place of the dlb pragmas (openmp_source: each doall becomes a `parallel
for` with the schedule asked for, data clauses dropped, reductions carried
over), built with g++ -fopenmp and the flags of the other programs
(build_openmp), and run on 1 and 2 threads beside the benchmark's other
variants (OpenMP).

Python standard library only.
"""

import os
import re
import subprocess

from common import (CXXFLAGS, INF, ROOT, efficiency, log, med_range,
                    omp_env, ratios, rounding, timed)

OMP_SCHEDULES = ("static", "dynamic")

# Clauses of a dlb doall (docs/annotations.md, section 1) that say where the
# data lives or how the runtime deals the iterations out: shared memory
# needs none of them, and the OpenMP schedule replaces schedule(bitonic) and
# strategy(). reduction() is carried over (same operators: + * min max, on
# scalars and on one-dimensional arrays, OpenMP 4.5). A clause not in this
# list leaves the loop sequential.
_DROPPED_CLAUSES = {"distribute", "whole", "shape", "cost", "schedule",
                    "strategy"}
_KEYWORDS = {"return", "else", "case", "goto", "do", "delete", "new",
             "throw", "typedef", "using", "sizeof", "for", "while", "if",
             "switch", "break", "continue", "default"}
_ARITHMETIC = (r"double|float|int|long|short|char|unsigned|signed|bool|"
               r"[A-Za-z_]\w*_t")
_PRAGMA = re.compile(r"^[ \t]*#[ \t]*pragma[ \t]+dlb\b((?:[^\n]*\\\n)*[^\n]*)",
                     re.M)
_NAME = r"[A-Za-z_]\w*"
_ASSIGN = re.compile(r"(%s)\s*(?:[-+*/%%&|^]|<<|>>)?=(?!=)" % _NAME)
_INCDEC = re.compile(r"(?:\+\+|--)\s*(%s)(?!\s*(?:[\[.(]|->))"
                     r"|(%s)\s*(?:\+\+|--)" % (_NAME, _NAME))
_DECL = re.compile(r"(?<=[;{}(])\s*(?:(?:const|static|register|volatile|"
                   r"unsigned|signed|long|short|struct)\s+)*"
                   r"([A-Za-z_][\w:]*(?:\s*<[^;{}()]*?>)?)"
                   r"(?:\s+|\s*[*&]+\s*)(%s)\s*(?=[=;,\[({])" % _NAME)


def _mask(text):
    """`text` with its comments and string and character literals blanked
    (same length, newlines kept), so that brackets and names can be read."""
    out = list(text)
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif text[i] in "\"'":
            j = i + 1
            while j < n and text[j] != text[i] and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            i, j = i + 1, j  # keep the quotes
        else:
            i += 1
            continue
        for k in range(i, min(j, n)):
            if out[k] != "\n":
                out[k] = " "
        i = j + 1
    return "".join(out)


def _scan(m, i, found):
    """Index after the first character c at or after m[i] for which
    found(c, depth) holds, depth counting the brackets opened since m[i]
    (c included)."""
    depth = 0
    for j in range(i, len(m)):
        if m[j] in "({[":
            depth += 1
        elif m[j] in ")}]":
            depth -= 1
        if found(m[j], depth):
            return j + 1
    raise ValueError("unbalanced brackets or a statement without an end")


def _close(m, i):
    """Index after the bracket that closes the one at m[i]."""
    return _scan(m, i, lambda c, depth: depth == 0)


def _skip(m, i):
    """Index of the next character of code at or after i (blanks and
    preprocessor lines skipped)."""
    while i < len(m):
        if m[i].isspace():
            i += 1
        elif m[i] == "#":
            j = m.find("\n", i)
            i = len(m) if j < 0 else j + 1
        else:
            break
    return i


def _statement_end(m, i):
    """Index after the statement that starts at or after m[i]."""
    i = _skip(m, i)
    if m[i] == "{":
        return _close(m, i)
    w = re.match(r"(for|while|switch|if)\s*\(", m[i:])
    if w:
        j = _statement_end(m, _close(m, i + w.end() - 1))
        if w.group(1) == "if":
            k = _skip(m, j)
            if re.match(r"else\b", m[k:]):
                j = _statement_end(m, k + 4)
        return j
    if re.match(r"do\b", m[i:]):
        j = _skip(m, _statement_end(m, i + 2))
        return m.index(";", _close(m, m.index("(", j))) + 1
    return _scan(m, i, lambda c, depth: c == ";" and depth == 0)


def _declared(code):
    """Names that `code` declares (statement-level declarations and each
    declarator of them, `for` initializers included)."""
    names = set()
    for d in _DECL.finditer(code):
        if d.group(1).split("<")[0].strip() in _KEYWORDS:
            continue
        names.add(d.group(2))
        depth, j = 0, d.end()
        while j < len(code):  # the other declarators: `int a = 0, b;`
            c = code[j]
            if c in "({[":
                depth += 1
            elif c in ")}]":
                if depth == 0:
                    break
                depth -= 1
            elif c == ";" and depth == 0:
                break
            elif c == "," and depth == 0:
                more = re.match(r"\s*[*&]*\s*(%s)" % _NAME, code[j + 1:])
                if more:
                    names.add(more.group(1))
            j += 1
    return names


def _written(code):
    """Names that `code` assigns or increments as variables of their own
    (not through `a[...]`, `s.x`, `p->x` or `*p`)."""
    names = set()
    for a in _ASSIGN.finditer(code):
        k = a.start() - 1
        while k >= 0 and code[k].isspace():
            k -= 1
        if k < 0 or code[k] not in ".>]*&":
            names.add(a.group(1))
    for a in _INCDEC.finditer(code):
        if a.group(1):
            names.add(a.group(1))
        else:
            k = a.start() - 1
            while k >= 0 and code[k].isspace():
                k -= 1
            if k < 0 or code[k] not in ".>]":
                names.add(a.group(2))
    return names


def _reduced(before, name):
    """The OpenMP list item of reduction variable `name`: `name[0:N]` for
    an array declared `T name[N]` (a parameter is a pointer to OpenMP),
    the name otherwise; `before` is the code before the loop."""
    decl = None
    for decl in re.finditer(r"\b(?:%s)\s+%s\s*\[([^\]]+)\]\s*(?!\[)" %
                            (_ARITHMETIC, re.escape(name)), before):
        pass
    return "%s[0:%s]" % (name, decl.group(1).strip()) if decl else name


def _clauses(text):
    """[(name, argument or None)] of the clauses in a pragma's text."""
    out, i = [], 0
    while True:
        while i < len(text) and (text[i].isspace() or text[i] == ","):
            i += 1
        w = re.match(_NAME, text[i:])
        if not w:
            return out if i >= len(text) else out + [(text[i:], None)]
        i += w.end()
        while i < len(text) and text[i].isspace():
            i += 1
        arg = None
        if i < len(text) and text[i] == "(":
            j = _close(text, i)
            arg, i = " ".join(text[i + 1:j - 1].split()), j
        out.append((w.group(), arg))


def openmp_source(text, schedule):
    """The program `text` with each `#pragma dlb doall ...` replaced by
    `#pragma omp parallel for schedule(SCHEDULE)` with its reduction clauses,
    `private()` for the scalars declared before the loop that its
    iterations write (dlbcc privatizes them, OpenMP would share them) and
    `lastprivate()` for an index declared before the loop (dlbcc leaves the
    sequential loop's final value in it). A doacross loop (a pipeline) or a
    clause OpenMP has no counterpart for leaves its loop sequential (pragma
    removed). Returns (new text, loops converted, notes on the loops left
    sequential). The program's line numbers are kept."""
    m = _mask(text)
    out, last, done, notes = [], 0, 0, []
    for p in _PRAGMA.finditer(m):
        line = m.count("\n", 0, p.start()) + 1
        body = p.group(1).replace("\\\n", " ")
        clauses = _clauses(body)
        directive = clauses[0][0] if clauses else ""
        omp, why = None, None
        if directive != "doall":
            why = "%s loop" % (directive or "empty pragma")
        else:
            reductions, names = [], set()
            for name, arg in clauses[1:]:
                if name == "reduction" and arg and ":" in arg:
                    op, items = arg.split(":", 1)
                    items = [v.strip() for v in items.split(",")]
                    names |= set(items)
                    reductions.append("reduction(%s: %s)" % (
                        op.strip(), ", ".join(_reduced(m[:p.start()], v)
                                              for v in items)))
                elif name not in _DROPPED_CLAUSES:
                    why = "clause '%s'" % name
            try:
                f = _skip(m, p.end())
                if not re.match(r"for\s*\(", m[f:]):
                    raise ValueError("no for loop after the pragma")
                h = m.index("(", f)
                header_end = _close(m, h)
                end = _statement_end(m, header_end)
            except ValueError as e:
                why = why or str(e)
            if not why:
                init = m[h + 1:header_end].split(";")[0]
                index = re.match(r"\s*(%s)\s*=" % _NAME, init)
                loop = m[h:end]
                private = _written(loop) - _declared(loop) - names
                parts = ["schedule(%s)" % schedule]
                if index:
                    private.discard(index.group(1))
                    parts.append("lastprivate(%s)" % index.group(1))
                if private:
                    parts.append("private(%s)" % ", ".join(sorted(private)))
                omp = "#pragma omp parallel for " + " ".join(parts +
                                                              reductions)
        if omp:
            done += 1
        else:
            notes.append("line %d: %s, left sequential" % (line, why))
            omp = "// dlb pragma removed: %s, left sequential" % why
        indent = text[p.start():p.end()][:len(p.group(0)) -
                                          len(p.group(0).lstrip())]
        out += [text[last:p.start()], indent, omp,
                "\n" * p.group(0).count("\n")]
        last = p.end()
    out.append(text[last:])
    return "".join(out), done, notes


def build_openmp(workdir, name, source, defines, schedule):
    """The OpenMP program of `source` (relative to the repository) with
    schedule(`schedule`), g++ -fopenmp with the flags of the other
    programs. Returns (program, note): program is None when no loop could
    be converted (the benchmark's OpenMP column is then n/a), note says
    which loops stay sequential ('' when none)."""
    src = os.path.join(ROOT, source)
    with open(src) as f:
        text, done, notes = openmp_source(f.read(), schedule)
    if not done:
        return None, "; ".join(notes) or "no dlb loop"
    omp_src = os.path.join(workdir, "%s.omp-%s.cpp" % (name, schedule))
    with open(omp_src, "w") as f:
        f.write(text)
    prog = os.path.join(workdir, "%s.omp-%s" % (name, schedule))
    r = subprocess.run(["g++"] + CXXFLAGS +
                       ["-fopenmp", "-Wno-unknown-pragmas",
                        "-I" + os.path.dirname(src)] +
                       defines + [omp_src, "-o", prog], capture_output=True,
                       text=True)
    if r.returncode != 0:
        first = next((line for line in r.stderr.splitlines()
                      if "error:" in line), r.stderr.strip())
        log("  the OpenMP program of %s does not compile: %s" % (name, first))
        return None, ("OpenMP build failed: " +
                      first.split("error:")[-1].strip())
    return prog, "; ".join(notes)


class OpenMP:
    """The OpenMP baseline of one program in a benchmark: built with each
    schedule of OMP_SCHEDULES, run on 1 and 2 threads at every repetition
    (interleaved with the benchmark's other runs), each output checked
    against the sequential program's (the session's Reference)."""

    THREADS = (1, 2)

    def __init__(self, workdir, name, source, defines):
        self.name = name
        self.progs, notes = {}, set()
        for schedule in OMP_SCHEDULES:
            prog, note = build_openmp(workdir, name, source, defines,
                                      schedule)
            if note:
                notes.add(note)
            if prog:
                self.progs[schedule] = prog
        self.note = "; ".join(sorted(notes))
        self.times = {(sc, t): [] for sc in self.progs for t in self.THREADS}
        self.wrong = []

    def run(self, session, args, key):
        """One repetition: every schedule on 1 and 2 threads."""
        for (schedule, threads), times in self.times.items():
            session.quiet.wait()
            wall, out = timed([self.progs[schedule]] + [str(a) for a in args],
                              omp_env(threads))
            times.append(wall)
            what = "%s OpenMP %s %d thread(s)" % (self.name, schedule, threads)
            if not session.reference.check(key, out, what):
                self.wrong.append(rounding(session.reference.ref[key], out))

    def seconds(self, schedule, threads):
        return self.times.get((schedule, threads), [])

    def over(self, schedule, threads, base):
        """'median (min-max)' of this variant's time over `base`'s, per
        repetition; n/a without an OpenMP program."""
        return med_range(ratios(self.seconds(schedule, threads), base),
                         "%.2f")

    def efficiency(self, schedule):
        """Parallel efficiency, 1 thread over 2 threads / 2, per repetition."""
        return med_range(efficiency(self.seconds(schedule, 1),
                                    self.seconds(schedule, 2)), "%.2f")

    def status(self):
        """What the table says about this program's OpenMP variants."""
        if not self.progs:
            return "n/a: " + self.note
        if self.wrong:
            worst = max(self.wrong)
            return "OUTPUT DIFFERS (%d runs; %s)" % (
                len(self.wrong), "not in numbers alone" if worst == INF else
                "numbers only, by at most %.1e relative" % worst)
        return "same" + (" (" + self.note + ")" if self.note else "")
