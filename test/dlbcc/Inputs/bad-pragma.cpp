// A '#pragma dlb' error (dlbcxx.test): dlbcxx stops with dlbcc's message.
double a[8];
int main() {
#pragma dlb doall private(a)
  for (int i = 0; i < 8; ++i)
    a[i] = i;
  return 0;
}
