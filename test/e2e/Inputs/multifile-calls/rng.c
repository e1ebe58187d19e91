/* rng.c - a counter-based generator: the k-th number of a stream is a
 * function of the seed and k alone, so any rank computes any iteration's
 * numbers (multifile-calls.test); and a generator with state, in the style
 * of NPB EP's, that advances a seed the caller passes by address. */
#include "model.h"

unsigned long mix64(unsigned long z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ul;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebul;
  return z ^ (z >> 31);
}

double uniform_at(unsigned long seed, long k) {
  return (double)(mix64(seed * 0x9e3779b97f4a7c15ul + (unsigned long)k) >>
                  11) *
         (1.0 / 9007199254740992.0);
}

/* x <- a x mod 2^46; returns the new x in [0, 1). */
double randlc(double *x, double a) {
  const unsigned long long mask = (1ull << 46) - 1;
  unsigned long long next =
      ((unsigned long long)*x * (unsigned long long)a) & mask;
  *x = (double)next;
  return (double)next / (double)(1ull << 46);
}

/* The next n numbers of the stream whose seed is *x, into y. */
void vranlc(int n, double *x, double a, double y[]) {
  int i;
  for (i = 0; i < n; i++)
    y[i] = randlc(x, a);
}
