// mandel.cpp - escape-time image of the Mandelbrot set.
//
// Each iteration of the distributed loop computes one row of the image; the
// rows are partitioned among the ranks. Rows that cross the set take far
// longer than rows outside it, so the work per iteration is irregular and
// not known in advance. The loop calls escape(), a pure helper function
// defined in this file.
//
// Usage: mandel [n [w]]    an image of n rows of w points (w = n by
// default), 8 <= n <= MAXN, 8 <= w <= MAXW (both 2048 by default), default
// 256. A build for other images sizes the array with -DMAXN=n -DMAXW=w
// (given to dlbcc and to the compiler alike; bench/sim_scale.py does).
#include <cstdio>
#include <cstdlib>

#ifndef MAXN
#define MAXN 2048
#endif
#ifndef MAXW
#define MAXW MAXN
#endif
constexpr int MAXIT = 512;

static int img[MAXN][MAXW];

// Number of iterations of z <- z^2 + c before |z| > 2, capped at maxit.
static int escape(double cx, double cy, int maxit) {
  double zx = 0.0, zy = 0.0;
  int it = 0;
  while (it < maxit) {
    double x2 = zx * zx;
    double y2 = zy * zy;
    if (x2 + y2 > 4.0)
      break;
    double t = x2 - y2 + cx;
    zy = 2.0 * zx * zy + cy;
    zx = t;
    ++it;
  }
  return it;
}

// argv[Index] as an integer in [8, Max], Default if absent; -1 if invalid.
static int sizeArg(int argc, char **argv, int Index, int Default, int Max) {
  if (argc <= Index)
    return Default;
  char *end = nullptr;
  long v = std::strtol(argv[Index], &end, 10);
  if (end == argv[Index] || *end != '\0' || v < 8 || v > Max)
    return -1;
  return static_cast<int>(v);
}

int main(int argc, char **argv) {
  const int n = sizeArg(argc, argv, 1, 256, MAXN);
  const int wide = sizeArg(argc, argv, 2, n < MAXW ? n : MAXW, MAXW);
  if (n < 0 || wide < 0) {
    std::fprintf(stderr, "usage: %s [n [w]]  (8 <= n <= %d, 8 <= w <= %d)\n",
                 argv[0], MAXN, MAXW);
    return 1;
  }
  const int w = wide, h = n;
  // The region [-2.1, 0.7] x [-1.4, 1.4].
  const double x0 = -2.1, y0 = -1.4;
  const double dx = 2.8 / w, dy = 2.8 / h;
  const int maxit = MAXIT;

#pragma dlb doall distribute(img)
  for (int r = 0; r < h; ++r) {
    double cy = y0 + (r + 0.5) * dy;
    for (int q = 0; q < w; ++q)
      img[r][q] = escape(x0 + (q + 0.5) * dx, cy, maxit);
  }

  // Checksums and the thumbnail, computed sequentially after the loop.
  long long total = 0, wsum = 0, inside = 0;
  for (int r = 0; r < h; ++r)
    for (int q = 0; q < w; ++q) {
      total += img[r][q];
      wsum += static_cast<long long>(img[r][q]) * ((r * 3 + q) % 17 + 1);
      if (img[r][q] == maxit)
        ++inside;
    }
  std::printf("mandel %dx%d maxit=%d\n", w, h, maxit);
  std::printf("iterations = %lld\n", total);
  std::printf("weighted   = %lld\n", wsum);
  std::printf("inside     = %lld\n", inside);

  const int tw = 40, th = 20;
  const char shades[] = " .:-=+*%#@";
  const int nshades = static_cast<int>(sizeof(shades)) - 1;
  for (int tr = 0; tr < th; ++tr) {
    char line[tw + 1];
    int r = (2 * tr + 1) * h / (2 * th);
    for (int tq = 0; tq < tw; ++tq) {
      int q = (2 * tq + 1) * w / (2 * tw);
      int it = img[r][q];
      int s = 0;
      if (it >= maxit)
        s = nshades - 1;
      else
        for (int t = it; t > 1 && s < nshades - 2; t /= 2)
          ++s;
      line[tq] = shades[s];
    }
    line[tw] = '\0';
    std::printf("|%s|\n", line);
  }
  return 0;
}
