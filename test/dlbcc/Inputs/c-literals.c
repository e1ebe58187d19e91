/* C that C++ reads otherwise: string literals as char *, a variable length
 * array (C99, an extension to C++ compilers: no warning for a C source). */
#include <stdio.h>
static char *names[] = {"alpha", "beta"};
int main(void) {
  char *s = "gamma";
  const char *t = "delta";
  int n = 4;
  double v[n];
  int i;
  for (i = 0; i < n; i++) v[i] = i;
  printf("%s %s %s %g\n", names[1], s, t, v[3]);
  return 0;
}
