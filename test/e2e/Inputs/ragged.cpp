// A std::vector of rows whose rows are not equally long: the sequential loop
// reads within each row, but a distributed loop moves rows of one length.
#include <cstdio>
#include <vector>

int main(int argc, char **argv) {
  (void)argv;
  int n = 5 + argc; // 6
  std::vector<std::vector<double>> m(n, std::vector<double>(4, 1.0));
  m[3].resize(2);
  std::vector<double> s(n);
#pragma dlb doall distribute(m, s)
  for (int i = 0; i < n; i++)
    s[i] = m[i][0] + m[i][1];
  std::printf("%g\n", s[0]);
  return 0;
}
