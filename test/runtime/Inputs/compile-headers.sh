#!/usr/bin/env bash
# Compiles every header of libdlb (include/dlb/*.h and the internals under
# include/dlb/detail/), each alone, with
# the given compiler command and every macro a numerical code is commonly
# sized with defined: all single capital letters and common size names.
# Prints "ok HEADER" or the compiler's first errors. Usage:
#   compile-headers.sh INCLUDE_DIR COMPILER [FLAGS...]
inc=$1
shift
macros=()
for l in {A..Z}; do macros+=("-D$l=1"); done
for w in SIZE LEN DIM MAX MIN MAXN NN NX NY NZ NI NJ NK NL NM TMAX STEPS \
         TSTEPS ITER EPS ALPHA BETA; do
  macros+=("-D$w=1")
done
tu=$(mktemp --suffix=.cpp)
trap 'rm -f "$tu"' EXIT
for h in "$inc"/dlb/*.h "$inc"/dlb/detail/*.h; do
  name=${h#"$inc"/dlb/}
  echo "#include \"dlb/$name\"" > "$tu"
  if out=$("$@" -std=c++17 -fsyntax-only -I"$inc" "${macros[@]}" "$tu" 2>&1); then
    echo "ok $name"
  else
    echo "FAIL $name"
    echo "$out" | head -5
  fi
done
