/* util.h - what the files of the multi-file C program (multifile-c.test)
 * share, as a C header is written: no extern "C". */
#ifndef UTIL_H
#define UTIL_H

/* Defined in util.c. */
extern int default_size;
extern double weights[3];
void fill(double *a, int n, unsigned seed);
double checksum(const double *a, int n);
void summarize(const double *a, int n);

/* Defined in main.c, used in util.c. */
extern long reports;
void report(const char *what, double value);

#endif
