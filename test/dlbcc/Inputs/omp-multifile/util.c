/* A C file without OpenMP loops: compiled as C, it calls OpenMP's API. */
#include "util.h"
double elapsed_since(double start) { return omp_get_wtime() - start; }
double weight(int i) { return (double)(i % 5) + omp_get_num_threads(); }
