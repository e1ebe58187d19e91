/* rng.c - a counter-based generator: the k-th number of a stream is a
 * function of the seed and k alone, so any rank computes any iteration's
 * numbers (multifile-calls.test). */
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
