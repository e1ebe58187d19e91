// Every data form and clause dlbcc supports, in one program whose output the
// parallel build must reproduce exactly: pointers with shape (T*, T(*)[M],
// T**), std::vector of rows, halo reads, a loop in a member function, cyclic distribution, column distribution, constants,
// global live-ins, whole vectors, all reduction operators (also as C code
// writes min and max: macros and guarded assignments), `<=` bounds, empty
// loops, loops in a function called repeatedly, and exit() after the loops.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

const int M = 6;
int offset = 3; // a mutable global read by the loops

static double weight(int i, int j) { return 1.0 + ((i * 3 + j) % 5) / 4.0; }

void pointers(int n) {
  double *p = new double[n];
  double(*q)[M] = new double[n][M];
  double **r = new double *[n];
  for (int i = 0; i < n; ++i) {
    r[i] = new double[M];
    for (int j = 0; j < M; ++j)
      q[i][j] = r[i][j] = i - j;
  }
#pragma dlb doall distribute(p, q, r) shape(p[n], q[n], r[n][M])
  for (int i = 0; i < n; ++i) {
    p[i] = 0;
    for (int j = 0; j < M; ++j) {
      q[i][j] *= weight(i, j);
      r[i][j] += offset;
      p[i] += q[i][j] + r[i][j];
    }
  }
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += p[i] + q[i][M - 1] - r[i][0];
  std::printf("pointers n=%d: %.6f\n", n, s);
  for (int i = 0; i < n; ++i)
    delete[] r[i];
  delete[] r;
  delete[] q;
  delete[] p;
}

double grid[40][40], next_[40][40];

void stencil(int n) {
  // Rows i-1 and i+1 of grid are halo rows: read, never written.
#pragma dlb doall distribute(next_, grid)
  for (int i = 1; i < n - 1; ++i)
    for (int j = 1; j < n - 1; ++j)
      next_[i][j] = 0.25 * (grid[i - 1][j] + grid[i + 1][j] + grid[i][j - 1] +
                            grid[i][j + 1]);
}

void columns(int n) {
  static int c[8][40];
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < n; ++j)
      c[i][j] = (i * 7 + j) % 9;
#pragma dlb doall distribute(cyclic: c)
  for (int j = 0; j <= n - 1; ++j)
    for (int i = 1; i < 8; ++i)
      c[i][j] += c[i - 1][j];
  long s = 0;
  for (int j = 0; j < n; ++j)
    s += c[7][j] * (j + 1);
  std::printf("columns n=%d: %ld\n", n, s);
}

void reductions(const std::vector<double> &v, int from, int to) {
  const int K = 2;
  double sum = 0.5, prod = 1, lo = 1e30, hi = -1e30;
  long count = 0;
  int imax = -1;
#pragma dlb doall reduction(+: sum, count) reduction(*: prod) reduction(min: lo) reduction(max: hi, imax)
  for (int i = from; i < to; ++i) {
    sum += K * v[i];
    prod *= v[i] > 0 ? 1.0 : -1.0;
    lo = std::min(lo, v[i]);
    hi = std::max(hi, v[i]);
    imax = std::max(imax, i + offset);
    ++count;
  }
  std::printf("reductions [%d,%d): %.3f %.1f %.3f %.3f %ld %d\n", from, to, sum,
              prod, lo, hi, count, imax);
}

// A matrix as C++ code often holds one: a std::vector of rows, distributed
// by rows (with a halo) and by columns, and read whole.
void nested(int n) {
  std::vector<std::vector<double>> m(n, std::vector<double>(M)), out = m;
  const std::vector<std::vector<double>> w(M, std::vector<double>(3, 0.5));
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < M; ++j)
      m[i][j] = (i * 5 + j * 3) % 7;
#pragma dlb doall distribute(out, m)
  for (int i = 1; i < n - 1; ++i)
    for (int j = 0; j < M; ++j)
      out[i][j] = m[i - 1][j] + m[i + 1][j] * w[j][i % 3];
#pragma dlb doall distribute(m)
  for (int j = 0; j < M; ++j)
    for (int i = 0; i < n; ++i)
      m[i][j] += j;
  double s = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < M; ++j)
      s += (out[i][j] + m[i][j]) * (i + 1);
  std::printf("nested n=%d: %.6f\n", n, s);
}

// A loop in a member function defined outside its class, the members it
// needs taken into locals first (its kernel runs outside the class).
class Plate {
public:
  explicit Plate(int n) : n(n), t(n * n), next(n * n) {
    for (int i = 0; i < n * n; i++)
      t[i] = (i * 7) % 11;
  }
  void smooth();
  double total() const {
    double s = 0;
    for (int i = 0; i < n * n; i++)
      s += t[i] * (i % 5 + 1);
    return s;
  }

private:
  int n;
  std::vector<double> t, next;
};

void Plate::smooth() {
  const int n = this->n;
  std::vector<double> &t = this->t, &next = this->next;
#pragma dlb doall distribute(t, next)
  for (int i = 1; i < n - 1; i++)
    for (int j = 0; j < n; j++)
      next[i * n + j] = (t[(i - 1) * n + j] + t[i * n + j] + t[(i + 1) * n + j]) / 3;
  for (int i = 1; i < n - 1; i++)
    for (int j = 0; j < n; j++)
      t[i * n + j] = next[i * n + j];
}

#define MAX(A, B) ((A) > (B) ? (A) : (B))
#define MIN(A, B) ((A) < (B) ? (A) : (B))

// Declared at the top, as C code does; d is private to an iteration: each
// writes it before reading it, also in the next pass of the outer loop.
void cstyle(std::vector<double> &v, int from, int to) {
  double hi = -1e30, lo = 1e30, top = -1e30, bottom = 1e30;
  double peak[3] = {-1e30, -1e30, -1e30};
  double d;
  int i, pass;
  for (pass = 0; pass < 2; ++pass) {
#pragma dlb doall reduction(max: hi, top, peak) reduction(min: lo, bottom)
    for (i = from; i < to; ++i) {
      d = v[i] * (offset + pass);
      hi = MAX(hi, d);
      lo = MIN(d, lo);
      if (v[i] > top)
        top = v[i];
      if (bottom >= v[i] - pass) {
        bottom = v[i] - pass;
      }
      if (peak[i % 3] < d)
        peak[i % 3] = d;
    }
  }
  std::printf("cstyle [%d,%d): %.3f %.3f %.3f %.3f %.3f %.3f %.3f\n", from, to,
              hi, lo, top, bottom, peak[0], peak[1], peak[2]);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 20;
  pointers(n);
  pointers(1);
  nested(n);
  nested(3);
  for (int i = 0; i < 40; ++i)
    for (int j = 0; j < 40; ++j)
      grid[i][j] = (i * 13 + j * 7) % 10;
  for (int step = 0; step < 3; ++step) {
    stencil(40);
    for (int i = 1; i < 39; ++i)
      for (int j = 1; j < 39; ++j)
        grid[i][j] = next_[i][j];
    offset += step;
  }
  double g = 0;
  for (int i = 0; i < 40; ++i)
    for (int j = 0; j < 40; ++j)
      g += grid[i][j] * (i + 1);
  std::printf("stencil: %.6f\n", g);
  columns(37);
  columns(3);
  std::vector<double> v(100);
  for (int i = 0; i < 100; ++i)
    v[i] = ((i * 37) % 23 - 11) / 8.0;
  reductions(v, 0, 100);
  reductions(v, 10, 13);
  reductions(v, 50, 50); // empty: the variables keep their values
  Plate plate(12);
  for (int step = 0; step < 3; ++step)
    plate.smooth();
  std::printf("plate: %.6f\n", plate.total());
  cstyle(v, 0, 100);
  cstyle(v, 7, 9);
  std::fflush(stdout);
  std::exit(offset == 6 ? 0 : 1);
}
