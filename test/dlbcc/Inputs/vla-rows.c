/* Rows of run-time extents where dlbcc does not take them: in a doacross
   pipeline, read at rows away from every iteration's own; and shape() of a
   variable-length array (its type has its extents). */
double rows(int n, int m, double *p) {
  double g[n][m];
  double v[n];
  double (*q)[m] = (double (*)[m])p;
#pragma dlb doall distribute(q) shape(q[n])
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      q[i][j] = q[0][j] + i;
  // CHECK: :[[@LINE-1]]:7: error: 'q' has rows of a length known only at run time, which a loop may distribute only where it reads them near each iteration's own elements, not at rows away from every iteration's own; give its rows constant extents for this loop
  for (int t = 0; t < m; t++) {
#pragma dlb doacross distribute(g)
    for (int i = 1; i < n; i++)
      g[i][t] = g[i - 1][t] + 1;
  }
  // CHECK: :[[@LINE-2]]:7: error: 'g' has rows of a length known only at run time, which a loop may distribute only where it reads them near each iteration's own elements, not in a doacross pipeline; give its rows constant extents for this loop
#pragma dlb doall distribute(v) shape(v[n])
  // CHECK: :[[@LINE-1]]:39: error: shape() is only for pointers; 'v' carries its extents in its type
  for (int i = 0; i < n; i++)
    v[i] = i;
  return g[0][0] + v[0] + q[0][0];
}
int main(void) {
  double p[12] = {0};
  return (int)rows(3, 4, p);
}
