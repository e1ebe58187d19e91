/* Declarations of variably modified type, which C++ cannot hold: each is
   an error at its name, from the reading as C. */
#include <stdlib.h>
void init(int n, int m, double a[n][m], const float b[][m]);
// CHECK: :[[@LINE-1]]:32: error: 'a' has type 'double (*)[m]', rows of a length known only at run time; C++, which dlbcc writes, has no such type: declare 'a' as 'double *' and index it 'a[i * m + j]'
// CHECK: :[[@LINE-2]]:53: error: 'b' has type 'const float (*)[m]', rows of a length known only at run time; C++, which dlbcc writes, has no such type: declare 'b' as 'const float *' and index it 'b[i * m + j]'
int main(int argc, char **argv) {
  int n = argc + 2;
  double (*rows)[n + 1] = malloc(sizeof(double[n][n + 1]));
  // CHECK: :[[@LINE-1]]:12: error: 'rows' has type 'double (*)[n + 1]', rows of a length known only at run time; C++, which dlbcc writes, has no such type: declare 'rows' as 'double *' and index it 'rows[i * (n + 1) + j]'
  double square[n][n]; /* a variable-length array itself is fine */
  square[0][0] = 1;
  free(rows);
  return (int)square[0][0] - 1;
}
