/* rows.h - functions of rows.c that main.c's loops give rows, whole
 * arrays and elements of their distributed arrays (call-arrays.test). */
#ifndef ROWS_H
#define ROWS_H

double dot(const double *u, const double *v, int n);
void smooth(double *out, const double *up, const double *mid,
            const double *down, int n);
void scale(double *row, int n, double f);
void add_to(double *s, double v);
double row_max(const double *row, int n);

#endif
