// The program's other sources: dlbcc reads the inputs after the first for
// the functions they define, and a loop may call those that pass the test
// of the functions of this file (no mutable global, no pointer or
// non-const reference parameter, no dlb loop, transitively, across files).
// A function no given source defines may be declared const; a function of
// a header is one of the program's.
// RUN: %dlbcc %s %S/Inputs/other-sources/funcs.c %S/Inputs/other-sources/mix.cpp -o %t.cpp -MD -- -I%S/Inputs/other-sources
// RUN: FileCheck %s --check-prefix=EMIT < %t.cpp
// RUN: FileCheck %s --check-prefix=DEPS < %t.d
// RUN: not %dlbcc %s %S/Inputs/other-sources/funcs.c %S/Inputs/other-sources/mix.cpp -o %t.err.cpp -- -I%S/Inputs/other-sources -DERRORS 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error: --implicit-check-not=warning:
// RUN: test ! -e %t.err.cpp
// Without the other sources, smooth() is unknown.
// RUN: not %dlbcc %s -o %t.alone.cpp -- -I%S/Inputs/other-sources 2>&1 | FileCheck %s --check-prefix=ALONE
// With -p and no other source named, the compilation database's other
// entries are the program's other sources.
// RUN: rm -rf %t.db %t.twin && mkdir -p %t.db %t.twin
// RUN: sed -e "s|@DIR@|%S/Inputs/other-sources|g" -e "s|@SRC@|%s|g" %S/Inputs/other-sources/compile_commands.json.in > %t.db/compile_commands.json
// RUN: %dlbcc -p %t.db %s -o %t.db/out.cpp -MD
// RUN: diff %t.cpp %t.db/out.cpp
// RUN: FileCheck %s --check-prefix=DBDEPS < %t.db/out.d
// A database that also compiles another program's smooth(), which has a
// side effect: either may be the one linked.
// RUN: sed -e 's|"mix.cpp"$|"mix.cpp" }, { "directory": "%S/Inputs/other-sources", "command": "cc -c twin.c", "file": "twin.c"|' %t.db/compile_commands.json > %t.twin/compile_commands.json
// RUN: not %dlbcc -p %t.twin %s -o %t.twin/out.cpp 2>&1 | FileCheck %s --check-prefix=TWIN
#include "funcs.h"

double a[100];

void accepted(int n) {
// EMIT: {{^ *}}{ a[i] = smooth(i) + square(i) + promised(i); }
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = smooth(i) + square(i) + promised(i);
// ALONE: :[[@LINE-1]]:12: error: call to 'smooth', whose body dlbcc cannot see; give dlbcc the source that defines it (dlbcc INPUT OTHER.c ...), or declare it __attribute__((const)) if it reads nothing but its arguments
// TWIN: :[[@LINE-2]]:12: error: call to 'smooth', which may have side effects (it uses the mutable global variable 'twin_calls', {{.*}}twin.c:7:3)
}

// DEPS: other-sources.cpp.tmp.cpp: \
// DEPS-NEXT: other-sources.cpp \
// DEPS-NEXT: funcs.h \
// DEPS-NEXT: Inputs/other-sources/funcs.c \
// DEPS-NEXT: Inputs/other-sources/mix.cpp{{$}}
// DBDEPS: out.cpp: \
// DBDEPS-NEXT: other-sources.cpp \
// DBDEPS-NEXT: funcs.h \
// DBDEPS-NEXT: Inputs/other-sources/funcs.c \
// DBDEPS-NEXT: Inputs/other-sources/mix.cpp{{$}}

#ifdef ERRORS
void rejected(int n) {
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = counted(i);
// ERR: :[[@LINE-1]]:12: error: call to 'counted', which may have side effects (it uses the mutable global variable 'calls', {{.*}}funcs.c:16:3)
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = indirect(i);
// ERR: :[[@LINE-1]]:12: error: call to 'indirect', which may have side effects (it calls 'counted', {{.*}}funcs.c:20:36)
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = printer(i);
// ERR: :[[@LINE-1]]:12: error: call to 'printer', which may have side effects (it calls 'printf', whose body dlbcc cannot see)
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = looped(i);
// ERR: :[[@LINE-1]]:12: error: call to 'looped', which contains a dlb loop
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = lookup(i);
// ERR: :[[@LINE-1]]:12: error: call to 'lookup', which may have side effects (it is declared 'pure', which lets it read global variables, and those hold rank 0's values on rank 0 only; declare it 'const' if it reads nothing but its arguments)
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i)
    a[i] = unknown(i);
// ERR: :[[@LINE-1]]:12: error: call to 'unknown', whose body dlbcc cannot see
}
#endif

int main() {
  accepted(100);
  return a[7] > 0 ? 0 : 1;
}
