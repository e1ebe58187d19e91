/* Declarations of variably modified type that C++ cannot hold: each is
   an error at its name, from the reading as C. A pointer to rows of
   run-time length initialized where it is declared alone becomes `auto`
   (vla-accepted.c). */
#include <stdlib.h>
void init(int n, int m, double a[n][m], const float b[][m]);
// CHECK: :[[@LINE-1]]:32: error: 'a' has type 'double (*)[m]', rows of a length known only at run time, which C++ (GNU C++, which dlbcc writes) holds only in a local variable initialized where it is declared: declare it so, or as 'double *' indexed 'a[i * m + j]'
// CHECK: :[[@LINE-2]]:53: error: 'b' has type 'const float (*)[m]', rows of a length known only at run time, which C++ (GNU C++, which dlbcc writes) holds only in a local variable initialized where it is declared: declare it so, or as 'const float *' indexed 'b[i * m + j]'
int main(int argc, char **argv) {
  int n = argc + 2;
  double (*rows)[n + 1];
  // CHECK: :[[@LINE-1]]:12: error: 'rows' has type 'double (*)[n + 1]', rows of a length known only at run time, which C++ (GNU C++, which dlbcc writes) holds only in a local variable initialized where it is declared: declare it so, or as 'double *' indexed 'rows[i * (n + 1) + j]'
  rows = malloc(sizeof(double[n][n + 1]));
  double (*x)[n] = malloc(sizeof(double[n][n])), (*y)[n] = x + 1;
  // CHECK: :[[@LINE-1]]:12: error: 'x' has type 'double (*)[n]', {{.*}}
  // CHECK: :[[@LINE-2]]:52: error: 'y' has type 'double (*)[n]', {{.*}}
  double square[n][n]; /* a variable-length array itself is fine */
  square[0][0] = 1 + y[0][0] * 0;
  free(rows);
  free(x);
  return (int)square[0][0] - 1;
}
