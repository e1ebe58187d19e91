/* C that is not C++, as older numerical programs are written: old-style
 * (K&R) definitions and a declaration without parameters, `register`
 * variables, names that C++ reserves (a variable `new`, members `class`
 * and `this`, `typedef enum { false, true } bool;`). argv[1] is n. */
#include <stdio.h>
#include <stdlib.h>

typedef enum { false, true } bool;
struct layer {
  int new;
  float *class;
};

float squash();

void forward(l1, l2, n1, n2, new)
float *l1, *l2;
int n1, n2;
bool new;
{
  register int j, k;
  float sum;
#pragma dlb doall distribute(l2) shape(l1[n1], l2[n2])
  for (j = 0; j < n2; j++) {
    sum = 0.0f;
    for (k = 0; k < n1; k++)
      sum += l1[k] * (float)((j + k) % 7 - 3);
    l2[j] = new ? squash(sum) : sum;
  }
}

float squash(x)
float x;
{
  return x / (1.0f + (x < 0 ? -x : x));
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  struct layer this;
  float *in = malloc(n * sizeof(float));
  int new = 3;
  register int i;
  this.new = new;
  this.class = malloc(n * sizeof(float));
  for (i = 0; i < n; i++)
    in[i] = (float)(i % 13) / 13.0f;
  forward(in, this.class, n, n, true);
  double s = 0;
  for (i = 0; i < n; i++)
    s += this.class[i] * (i % 5);
  printf("%.6f %d\n", s, this.new);
  free(in);
  free(this.class);
  return 0;
}
