/* randdp.h - the linear congruential generator of ep.c (ep.test), after
 * NPB's randdp: randlc advances a seed by one step, vranlc by n and stores
 * the n numbers. */
#ifndef RANDDP_H
#define RANDDP_H
double randlc(double *x, double a);
void vranlc(int n, double *x, double a, double y[]);
#endif
