/* funcs.h - the functions of funcs.c and mix.cpp, and one of this header
 * (other-sources.cpp). */
#ifndef FUNCS_H
#define FUNCS_H
#ifdef __cplusplus
extern "C" {
#endif
double smooth(double x);
double counted(double x);
double indirect(double x);
double printer(double x);
double mix(double x);
double looped(double x);
/* Bodies in no source given to dlbcc: a library's. */
__attribute__((const)) double promised(double x);
__attribute__((pure)) double lookup(double x);
double unknown(double x);
static inline double square(double x) { return x * x; }
#ifdef __cplusplus
}
#endif
#endif
