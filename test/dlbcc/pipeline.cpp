// The analysis of doacross loops: the pipelined loop, the dependence
// distances over (pipelined, distributed) and how each read is served, the
// largest legal block; --remarks explains them at the loops.
// RUN: %dlbcc --dump-model %s | FileCheck %s --check-prefix=MODEL
// RUN: %dlbcc --remarks %s -o %t.cpp 2>&1 | grep -v "hook" | FileCheck %s --check-prefix=REMARK --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=remark: --implicit-check-not=note:
// RUN: FileCheck %s --check-prefix=EMIT < %t.cpp

double a[64][64], b[64][64], c[64];

void sor(int n, double w) {
  for (int i = 1; i < n - 1; ++i) {
#pragma dlb doacross distribute(a)
    for (int j = 1; j < n - 1; ++j)
      a[i][j] = (1 - w) * a[i][j] +
                w * 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
// REMARK: :[[@LINE-3]]:5: remark: work per iteration W(j) = 18 basic operations; data per iteration D = 512 bytes
// REMARK: :[[@LINE-6]]:3: remark: pipelined: 'i' is strip-mined in blocks whose size the runtime chooses; 'j' is distributed in contiguous blocks, boundary values flow to the next rank once per block
// REMARK: :[[@LINE-3]]:57: note: 'a[i][j - 1]' reads the value of iteration (i, j - 1): new value from the previous rank, sent once per block
// REMARK: :[[@LINE-4]]:71: note: 'a[i][j + 1]' reads the value of iteration (i, j + 1): old value from the next rank's halo, sent once per sweep
  }
}
// MODEL:      loop pipeline.cpp:[[#@LINE-9]]:5: doacross j in [1, n - 1), block, strategy auto
// MODEL-NEXT:   array a: distributed, c-array 2-D of double, dim 1 (columns), halo [-1, 1], written
// MODEL-NEXT:   scalar w: double
// MODEL-NEXT:   work W(j) = 18, uniform
// MODEL-NEXT:   data D = 512 bytes
// MODEL-NEXT:   hooks: block
// MODEL-NEXT:   pipelined i in [1, n - 1), blocks of any size
// MODEL-NEXT:     read a[i][j]: distance (0, 0), same column, on this rank
// MODEL-NEXT:     read a[i - 1][j]: distance (1, 0), same column, on this rank
// MODEL-NEXT:     read a[i + 1][j]: distance (-1, 0), same column, on this rank
// MODEL-NEXT:     read a[i][j - 1]: distance (0, 1), new value from the previous rank, sent once per block
// MODEL-NEXT:     read a[i][j + 1]: distance (0, -1), old value from the next rank's halo, sent once per sweep

// Rows distributed, the pipeline along the columns; a read-only distributed
// input; a south-west read that limits the block to 2 rows (here: columns).
void rows(int n) {
  for (int j = 2; j <= n; ++j) {
#pragma dlb doacross distribute(b, c)
    for (int i = 1; i < n; ++i)
      b[i][j] = b[i - 1][j - 2] + b[i - 1][j + 2] + c[i];
// REMARK: :[[@LINE-2]]:5: remark: work per iteration W(i) = 10 basic operations; data per iteration D = 520 bytes
// REMARK: :[[@LINE-5]]:3: remark: pipelined: 'j' is strip-mined in blocks whose size the runtime chooses (at most 2 iteration(s): a larger block would overwrite an old value still to be read); 'i' is distributed in contiguous blocks, boundary values flow to the next rank once per block
// REMARK: :[[@LINE-3]]:17: note: 'b[i - 1][j - 2]' reads the value of iteration (j - 2, i - 1): new value from the previous rank, sent once per block
// REMARK: :[[@LINE-4]]:35: note: 'b[i - 1][j + 2]' reads the value of iteration (j + 2, i - 1): old value from the previous rank's halo, which limits the block size
  }
}
// MODEL:      loop pipeline.cpp:[[#@LINE-8]]:5: doacross i in [1, n), block, strategy auto
// MODEL-NEXT:   array b: distributed, c-array 2-D of double, dim 0 (rows), halo [-1, 0], written
// MODEL-NEXT:   array c: distributed, c-array 1-D of double, dim 0 (elements), halo [0, 0], read-only
// MODEL:        pipelined j in [2, n], blocks of at most 2
// MODEL-NEXT:     read b[i - 1][j - 2]: distance (2, 1), new value from the previous rank, sent once per block
// MODEL-NEXT:     read b[i - 1][j + 2]: distance (-2, 1), old value from the previous rank's halo, which limits the block size

// Gauss-Seidel's 9-point stencil reads the north-east neighbour's new
// value, which a later rank computes: the pipeline is skewed, the ranks own
// ranges of j + i, and every read is served from there (halo along j + i:
// a[i + 1][j + 1] is 2 columns ahead, a[i - 1][j - 1] 2 behind).
void seidel(int n) {
  for (int i = 1; i < n - 1; ++i) {
#pragma dlb doacross distribute(a)
    for (int j = 1; j < n - 1; ++j)
      a[i][j] = (a[i - 1][j - 1] + a[i - 1][j] + a[i - 1][j + 1] +
                 a[i][j - 1] + a[i][j] + a[i][j + 1] +
                 a[i + 1][j - 1] + a[i + 1][j] + a[i + 1][j + 1]) / 9.0;
// REMARK: :[[@LINE-4]]:5: remark: work per iteration W(j) = 31 basic operations; data per iteration D = 512 bytes
// REMARK: :[[@LINE-7]]:3: remark: pipelined: 'i' is strip-mined in blocks whose size the runtime chooses; 'j + i' (skewed) is distributed in contiguous blocks, boundary values flow to the next rank once per block
// REMARK: :[[@LINE-5]]:18: note: 'a[i - 1][j - 1]' reads the value of iteration (i - 1, j - 1): new value from the previous rank, sent once per block
// REMARK: :[[@LINE-6]]:36: note: 'a[i - 1][j]' reads the value of iteration (i - 1, j): new value from the previous rank, sent once per block
// REMARK: :[[@LINE-6]]:18: note: 'a[i][j - 1]' reads the value of iteration (i, j - 1): new value from the previous rank, sent once per block
// REMARK: :[[@LINE-7]]:42: note: 'a[i][j + 1]' reads the value of iteration (i, j + 1): old value from the next rank's halo, sent once per sweep
// REMARK: :[[@LINE-7]]:36: note: 'a[i + 1][j]' reads the value of iteration (i + 1, j): old value from the next rank's halo, sent once per sweep
// REMARK: :[[@LINE-8]]:50: note: 'a[i + 1][j + 1]' reads the value of iteration (i + 1, j + 1): old value from the next rank's halo, sent once per sweep
  }
}
// MODEL:      loop pipeline.cpp:[[#@LINE-14]]:5: doacross j in [1, n - 1), block, strategy auto
// MODEL-NEXT:   array a: distributed, c-array 2-D of double, dim 1 (columns), halo [-2, 2], written
// MODEL:        pipelined i in [1, n - 1), skewed by 1, blocks of any size
// MODEL-NEXT:     read a[i - 1][j - 1]: distance (1, 1), new value from the previous rank, sent once per block
// MODEL-NEXT:     read a[i - 1][j]: distance (1, 0), new value from the previous rank, sent once per block
// MODEL-NEXT:     read a[i - 1][j + 1]: distance (1, -1), same column, on this rank
// MODEL-NEXT:     read a[i][j - 1]: distance (0, 1), new value from the previous rank, sent once per block
// MODEL-NEXT:     read a[i][j]: distance (0, 0), same column, on this rank
// MODEL-NEXT:     read a[i][j + 1]: distance (0, -1), old value from the next rank's halo, sent once per sweep
// MODEL-NEXT:     read a[i + 1][j - 1]: distance (-1, 1), same column, on this rank
// MODEL-NEXT:     read a[i + 1][j]: distance (-1, 0), old value from the next rank's halo, sent once per sweep
// MODEL-NEXT:     read a[i + 1][j + 1]: distance (-1, -1), old value from the next rank's halo, sent once per sweep
// The kernel runs each row's part of the rank's range of j + i.
// EMIT:      for (int j = dlbcc_block.begin(i); j < dlbcc_block.end(i); ++j)
// EMIT:      dlbcc_run.pipeline(1, n - 1, 0, 1);

int main() { return 0; }
