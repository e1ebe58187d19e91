/* The diffusion step of SRAD (speckle-reducing anisotropic diffusion) as
 * OpenMP benchmark suites write it: images as malloc'ed arrays indexed
 * through a scalar, k = i * cols + j, neighbours through index arrays
 * clamped at the border, two parallel loops per step, the coefficient
 * saturated as Rodinia writes it (accesses under `if` that repeat the
 * subscript of one that always runs). argv[1] is the number of steps. */
#include <stdio.h>
#include <stdlib.h>

#define ROWS 96
#define COLS 80

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 4;
  int rows = ROWS, cols = COLS, size = ROWS * COLS;
  int i, j, k;
  float Jc, G2, L, num, den, qsqr, D, cN, cS, cW, cE;
  float q0sqr = 0.05f, lambda = 0.5f;
  float *J = malloc(sizeof(float) * size);
  float *c = malloc(sizeof(float) * size);
  float *dN = malloc(sizeof(float) * size);
  float *dS = malloc(sizeof(float) * size);
  float *dW = malloc(sizeof(float) * size);
  float *dE = malloc(sizeof(float) * size);
  int iN[ROWS], iS[ROWS], jW[COLS], jE[COLS];
  for (i = 0; i < rows; i++) {
    iN[i] = i > 0 ? i - 1 : 0;
    iS[i] = i < rows - 1 ? i + 1 : rows - 1;
  }
  for (j = 0; j < cols; j++) {
    jW[j] = j > 0 ? j - 1 : 0;
    jE[j] = j < cols - 1 ? j + 1 : cols - 1;
  }
  for (k = 0; k < size; k++)
    J[k] = 1.0f + (float)((k * 7) % 13) / 13.0f;
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for shared(J, dN, dS, dW, dE, c, rows, cols, iN, iS, jW, jE) private(i, j, k, Jc, G2, L, num, den, qsqr)
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        k = i * cols + j;
        Jc = J[k];
        dN[k] = J[iN[i] * cols + j] - Jc;
        dS[k] = J[iS[i] * cols + j] - Jc;
        dW[k] = J[i * cols + jW[j]] - Jc;
        dE[k] = J[i * cols + jE[j]] - Jc;
        G2 = (dN[k] * dN[k] + dS[k] * dS[k] + dW[k] * dW[k] + dE[k] * dE[k]) /
             (Jc * Jc);
        L = (dN[k] + dS[k] + dW[k] + dE[k]) / Jc;
        num = (0.5f * G2) - ((1.0f / 16.0f) * (L * L));
        den = 1 + (.25f * L);
        qsqr = num / (den * den);
        den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
        qsqr = 1.0f / (1.0f + den);
        c[k] = qsqr;
        if (c[k] < 0)
          c[k] = 0;
        else if (c[k] > 1)
          c[k] = 1;
      }
    }
#pragma omp parallel for shared(J, c, rows, cols, lambda) private(i, j, k, D, cS, cN, cW, cE)
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        k = i * cols + j;
        cN = c[k];
        cS = c[iS[i] * cols + j];
        cW = c[k];
        cE = c[i * cols + jE[j]];
        D = cN * dN[k] + cS * dS[k] + cW * dW[k] + cE * dE[k];
        J[k] = J[k] + 0.25f * lambda * D;
      }
    }
  }
  double s = 0;
  for (k = 0; k < size; k++)
    s += J[k] * (k % 17 + 1);
  printf("J %.9e\n", s);
  free(J);
  free(c);
  free(dN);
  free(dS);
  free(dW);
  free(dE);
  return 0;
}
