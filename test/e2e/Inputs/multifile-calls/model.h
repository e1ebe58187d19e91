/* model.h - what the files of multifile-calls.test share, as a C header
 * is written: no extern "C". */
#ifndef MODEL_H
#define MODEL_H

/* rng.c */
double uniform_at(unsigned long seed, long k);
unsigned long mix64(unsigned long z);
double randlc(double *x, double a);
void vranlc(int n, double *x, double a, double y[]);
/* physics.c */
double response(double x, unsigned long seed);

static inline double clamp01(double v) {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

#endif
