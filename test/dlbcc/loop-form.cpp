// The distributed loop must be canonical, and sit in a plain function.
// RUN: not %dlbcc %s -o %t.cpp -- -ferror-limit=0 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

double a[100];
int next(int);

int g;
void forms(int n) {
  int k = 0;
#pragma dlb doall distribute(a)
  for (; k < n; ++k)
// CHECK: :[[@LINE-1]]:3: error: the distributed loop must start its index: 'for (int i = lower; ...)' or 'for (i = lower; ...)' with a local integer 'i'
    a[k] = 1;
#pragma dlb doall distribute(a)
  for (g = 0; g < n; ++g)
// CHECK: :[[@LINE-1]]:3: error: the distributed loop must start its index
    a[g] = 1;
#pragma dlb doall distribute(a)
  for (double x = 0; x < n; ++x)
// CHECK: :[[@LINE-1]]:15: error: the loop index 'x' must have an integer type
    a[0] = x;
#pragma dlb doall distribute(a)
  for (int i = 0; i != n; ++i)
// CHECK: :[[@LINE-1]]:19: error: the loop condition must compare the index with a bound it does not change: 'i < upper', 'i <= upper', or counting down 'i >= lower'
    a[i] = 1;
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; i += n)
// CHECK: :[[@LINE-1]]:26: error: the loop must step its index by a positive constant, up ('++i', 'i++', 'i += 2') with 'i < upper' or down ('--i', 'i--', 'i -= 2') with 'i >= lower'
    a[i] = 1;
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; --i)
// CHECK: :[[@LINE-1]]:26: error: the loop must step its index by a positive constant
    a[i] = 1;
#pragma dlb doall distribute(a)
  for (int i = n - 1; i >= 0; i += 2)
// CHECK: :[[@LINE-1]]:31: error: the loop must step its index by a positive constant
    a[i] = 1;
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; i -= -2)
// CHECK: :[[@LINE-1]]:26: error: the loop must step its index by a positive constant
    a[i] = 1;
#pragma dlb doall distribute(a)
  for (int i = n; i > 0; i--)
// CHECK: :[[@LINE-1]]:19: error: a loop counting down must stop with 'i >= lower': write 'i > lower' as 'i >= lower + 1'
    a[i] = 1;
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
    a[i] = 1;
    i += 1;
// CHECK: :[[@LINE-1]]:5: error: the loop index 'i' is modified in the loop body
  }
#pragma dlb doall distribute(a)
  for (int i = 0; i < next(n); ++i)
// CHECK: :[[@LINE-1]]:23: error: call to 'next', whose body dlbcc cannot see
    a[i] = 1;
#pragma dlb doall distribute(a)
  for (int i = 0; i < n++; ++i)
// CHECK: :[[@LINE-1]]:23: error: the loop bound must not have side effects
    a[i] = 1;
#pragma dlb doall distribute(a)
  for (int i = 0; i < a[0]; ++i)
// CHECK: :[[@LINE-1]]:23: error: the loop bound uses 'a', which the loop modifies
    a[i] = 1;
}

// The condition is evaluated before every iteration: a variable it reads
// and the body writes (a loop that stops early) is the bound's error, once,
// not a private scalar; the start of a doall is evaluated once, and may be.
int lim(int k) { return k - 1; }
void boundWritten(int n, int lo) {
#pragma dlb doall distribute(a)
  for (int i = 0; i < n; ++i) {
// CHECK: :[[@LINE-1]]:23: error: the loop bound uses 'n', which the loop modifies, so the number of iterations is not known when the loop starts; compute the bound before the loop into a variable that the loop does not write (a loop that may stop early is not a doall loop)
    a[i] = i;
    if (i == 50)
      n = 60;
  }
#pragma dlb doall distribute(a)
  for (int i = 0; i < lim(n); ++i) {
// CHECK: :[[@LINE-1]]:23: error: the loop bound uses 'n', which the loop modifies
    a[i] = n;
    n--;
  }
#pragma dlb doall distribute(a)
  for (int i = 0; i < g; ++i) {
// CHECK: :[[@LINE-1]]:23: error: the loop bound uses 'g', which the loop modifies
    g = i;
    a[i] = g;
  }
#pragma dlb doall distribute(a)
  for (int i = 99; i >= lo; --i) {
// CHECK: :[[@LINE-1]]:25: error: the loop bound uses 'lo', which the loop modifies
    lo = i / 2;
    a[i] = lo;
  }
#pragma dlb doall distribute(a)
  for (int i = lo; i < 100; ++i) {
    lo = 2;
    a[i] = lo;
  }
}

struct Grid {
  double v[100];
  void step(int n);
};
// A member function defined outside its class may hold a loop, which must
// not use the class's members: its kernel runs outside the class.
void Grid::step(int n) {
#pragma dlb doall
  for (int i = 0; i < n; ++i)
    v[i] = 1;
// CHECK: :[[@LINE-1]]:5: error: the loop uses 'v', a member of its class, but its kernel runs outside the class; copy what the loop needs into local variables before it (for an array: auto &v = this->v;)
}
static int address(const void *p) { return p != nullptr; }
struct Mesh {
  enum { Ghosts = 2 };
  double cell[100];
  int cells;
  double scale() const { return 2; }
  void relax(double *out);
};
void Mesh::relax(double *out) {
#pragma dlb doall distribute(out) shape(out[10])
  for (int i = 0; i < 10; ++i)
    out[i] = Ghosts + this->cells + scale() + address(this);
// CHECK: :[[@LINE-1]]:14: error: the loop uses 'Ghosts', a member of its class
// CHECK: :[[@LINE-2]]:29: error: the loop uses 'cells', a member of its class
// CHECK: :[[@LINE-3]]:37: error: call to 'Mesh::scale', which may have side effects (it is a member function)
// CHECK: :[[@LINE-4]]:37: error: the loop uses 'scale', a member of its class
// CHECK: :[[@LINE-5]]:55: error: the loop uses 'this', but its kernel runs outside the class; copy what the loop needs into local variables before it
}

template <class T> void scale(T *x, int n) {
#pragma dlb doall distribute(x) shape(x[n])
// CHECK: :[[@LINE-1]]:13: error: dlb loops in templates are not supported
  for (int i = 0; i < n; ++i)
    x[i] *= 2;
}

void lambda(int n) {
  auto l = [&] {
#pragma dlb doall distribute(a)
// CHECK: :[[@LINE-1]]:13: error: dlb loops inside lambdas are not supported
    for (int i = 0; i < n; ++i)
      a[i] = 1;
  };
  l();
}
