// A subscript that is a local integer scalar stands for its definition
// (`k = i * cols + j; ... a[k]`, SRAD's style) when that assignment is the
// only write of the scalar in the loop, a statement of a block that holds
// the use after it, made of integer scalars and constants that nothing in
// the block writes. Otherwise the subscript is the scalar, which does not
// depend on the loop index.
// RUN: %dlbcc %s --dump-model | FileCheck %s --check-prefix=MODEL
// RUN: %dlbcc %s -o %t.cpp
// RUN: %mpicxx -fsyntax-only -Wall -Wextra -Werror %t.cpp $(%dlbcc --cflags)
// RUN: not %dlbcc %s -o %t.err.cpp -- -DERRORS 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error: --implicit-check-not=warning:
// RUN: test ! -e %t.err.cpp

void srad(int rows, int cols, float *J, float *c) {
  int k;
// MODEL: loop subscript-definition.cpp:[[@LINE+4]]:3: doall i in [0, rows)
// MODEL-NEXT: array c: distributed, pointer 2-D of float, linearized by rows of cols, dim 0 (rows), halo [0, 0], written
// MODEL-NEXT: array J: distributed, pointer 2-D of float, linearized by rows of cols, dim 0 (rows), halo [0, 0], read-only
#pragma dlb doall distribute(c, J) shape(J[rows * cols], c[rows * cols])
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++) {
      k = i * cols + j;
      c[k] = J[k] * 2;
    }
}

#ifdef ERRORS
void twice(int rows, int cols, float *J, float *c) {
  int k;
#pragma dlb doall distribute(c) shape(J[rows * cols], c[rows * cols])
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++) {
      k = i * cols + j;
      if (j > 2)
        k = j;
      c[k] = J[k] * 2;
// ERR: :[[@LINE-1]]:7: error: every iteration writes array 'c' at elements that do not depend on 'i'{{.*}}
    }
}

void operandWritten(int rows, int cols, float *J, float *c) {
  int k, m = cols;
#pragma dlb doall distribute(c) shape(J[rows * cols], c[rows * cols])
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++) {
      k = i * m + j;
      m = cols + 1;
// ERR: :[[@LINE-1]]:7: error: scalar 'm' is assigned in the loop but declared outside it{{.*}}
      c[k] = J[k] * 2;
// ERR: :[[@LINE-1]]:7: error: every iteration writes array 'c' at elements that do not depend on 'i'{{.*}}
    }
}

void conditional(int rows, int cols, float *J, float *c) {
  int k = 0;
#pragma dlb doall distribute(c) shape(J[rows * cols], c[rows * cols])
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++) {
      if (j > 0)
        k = i * cols + j;
// ERR: :[[@LINE-1]]:9: error: scalar 'k' is assigned in the loop but declared outside it{{.*}}
      c[k] = J[k] * 2;
// ERR: :[[@LINE-1]]:7: error: every iteration writes array 'c' at elements that do not depend on 'i'{{.*}}
    }
}
#endif
