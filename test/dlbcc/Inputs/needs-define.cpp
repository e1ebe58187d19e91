// Compiles only with -DSCALE=...: shows that Clang flags reach dlbcc.
double a[16];
int main() {
#pragma dlb doall distribute(a)
  for (int i = 0; i < 16; ++i)
    a[i] = SCALE * i;
  return a[1] > 0 ? 0 : 1;
}
