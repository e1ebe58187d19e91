// Histograms: an array of integers (int or wider) that the loop body only
// increments, at any subscript that does not name it (`h[e] += x` with x
// an integer no wider than the element, `++h[e]`, `h[e]++`), is a
// reduction over + without a reduction() clause: integer sums are the same
// in any order. Anything else stays an error.
// RUN: %dlbcc %s --dump-model | FileCheck %s --check-prefix=MODEL
// RUN: %dlbcc %s -o %t.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)
// RUN: not %dlbcc %s -o %t.err.cpp -- -DERRORS 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error: --implicit-check-not=warning:
double v[1000];
int hist[10];
long wide[4];

void accepted(int n) {
  unsigned local[8] = {0};
// MODEL: loop histograms.cpp:[[@LINE+5]]:3: doall i in [0, n)
// MODEL: reduction +: hist
// MODEL-NEXT: reduction +: wide
// MODEL-NEXT: reduction +: local
#pragma dlb doall
  for (int i = 0; i < n; i++) {
    int b = (int)(v[i] * 3) % 10;
    hist[b] += 1;
    ++wide[b % 4];
    local[(i * 7) % 8]++;
    hist[(b + 1) % 10] += i % 3;
  }
  v[0] = local[3];
}

#ifdef ERRORS
double dh[10];
char ch[10];
int mixed[10];
void rejected(int n) {
#pragma dlb doall
  for (int i = 0; i < n; i++)
    dh[(int)v[i] % 10] += 1;
// ERR: :[[@LINE-1]]:5: error: the loop only adds to elements of array 'dh', as to a histogram: name it in reduction(+: dh) (dlbcc infers that only for integers as wide as int or wider, incremented by integers: other sums may round or wrap differently in another order)
#pragma dlb doall
  for (int i = 0; i < n; i++)
    ch[(int)v[i] % 10]++;
// ERR: :[[@LINE-1]]:5: error: the loop only adds to elements of array 'ch', as to a histogram: name it in reduction(+: ch)
#pragma dlb doall
  for (int i = 0; i < n; i++) {
    mixed[(int)v[i] % 10] += 1;
// ERR: :[[@LINE-1]]:5: error: array 'mixed' is written in the loop but not distributed; add it to distribute()
    v[i] = mixed[0];
// ERR: :[[@LINE-1]]:5: error: array 'v' is written in the loop but not distributed; add it to distribute()
  }
#pragma dlb doall
  for (int i = 0; i < n; i++)
    hist[(int)v[i] % 10] += v[i];
// ERR: :[[@LINE-1]]:5: error: the loop only adds to elements of array 'hist', as to a histogram: name it in reduction(+: hist)
}
#endif

int main() { accepted(1000); }
