/* Variable-length arrays dlbcc does not take in a loop: rows of a length
   known only at run time, and shape() of one (its type has its extents). */
double rows(int n, int m) {
  double g[n][m];
  double v[n];
#pragma dlb doall distribute(g)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      g[i][j] = i + j;
  // CHECK: :[[@LINE-1]]:7: error: array 'g' has type 'double[n][m]'; supported are C arrays of arithmetic type with constant extents (any number of dimensions), variable-length arrays whose rows have constant extents, pointers with shape(), std::vector of arithmetic type (1-D), and std::vector of such vectors (2-D)
#pragma dlb doall distribute(v) shape(v[n])
  // CHECK: :[[@LINE-1]]:39: error: shape() is only for pointers; 'v' carries its extents in its type
  for (int i = 0; i < n; i++)
    v[i] = i;
  return g[0][0] + v[0];
}
int main(void) { return (int)rows(3, 4); }
