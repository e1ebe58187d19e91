/* ep.c - NPB EP's structure with its OpenMP pragma swapped for dlb's
 * (ep.test): each batch k seeds the generator of randdp.c at its own
 * offset through the seed's address, fills a scratch buffer of the file
 * (x) by a call, and counts Gaussian pairs into a histogram (q) and two
 * sums. The temporaries are the function's, as in NPB; a dummy call
 * before the loop names the buffer. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "randdp.h"

#define MK 9
#define NK (1 << MK)
#define NQ 10
#define A 1220703125.0
#define S 271828183.0

static double x[2 * NK];

int main(int argc, char **argv) {
  double q[NQ], sx, sy, an, gc, t1, t2, t3, t4, x1, x2;
  int i, ik, kk, l, k, np = argc > 1 ? atoi(argv[1]) : 256;

  for (i = 0; i < NQ; i++)
    q[i] = 0.0;
  t1 = A;
  vranlc(0, &t1, A, x);
  t1 = A;
  for (i = 0; i < MK + 1; i++)
    t2 = randlc(&t1, t1);
  an = t1;
  sx = 0.0;
  sy = 0.0;
#pragma dlb doall reduction(+: sx, sy, q)
  for (k = 1; k <= np; k++) {
    kk = k - 1;
    t1 = S;
    t2 = an;
    for (i = 1; i <= 100; i++) {
      ik = kk / 2;
      if (2 * ik != kk)
        t3 = randlc(&t1, t2);
      if (ik == 0)
        break;
      t3 = randlc(&t2, t2);
      kk = ik;
    }
    vranlc(2 * NK, &t1, A, x);
    for (i = 0; i < NK; i++) {
      x1 = 2.0 * x[2 * i] - 1.0;
      x2 = 2.0 * x[2 * i + 1] - 1.0;
      t1 = x1 * x1 + x2 * x2;
      if (t1 <= 1.0) {
        t2 = sqrt(-2.0 * log(t1) / t1);
        t3 = x1 * t2;
        t4 = x2 * t2;
        l = (int)fmax(fabs(t3), fabs(t4));
        q[l] += 1.0;
        sx = sx + t3;
        sy = sy + t4;
      }
    }
  }
  gc = 0.0;
  for (i = 0; i < NQ; i++)
    gc = gc + q[i];
  printf("pairs %.0f sums %.8e %.8e\n", gc, sx, sy);
  for (i = 0; i < NQ; i++)
    printf("%d %.0f\n", i, q[i]);
  return 0;
}
