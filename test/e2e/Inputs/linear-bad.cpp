// A linearized vector whose row length does not divide its size.
#include <cstdio>
#include <vector>

int main(int argc, char **argv) {
  (void)argv;
  int n = 6 + argc; // 7
  std::vector<double> v(100, 1.0);
  int rows = 100 / n;
  // Rows 0..13 of 7 elements: the sequential loop stays within the vector,
  // but the distribution needs whole rows.
#pragma dlb doall distribute(v)
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < n; j++)
      v[i * n + j] *= 2;
  std::printf("%g\n", v[0]);
  return 0;
}
