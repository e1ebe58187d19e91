/* A header of an OpenMP program that includes <omp.h> itself (dlbcxx.test). */
#include <omp.h>
double elapsed_since(double start);
double weight(int i);
