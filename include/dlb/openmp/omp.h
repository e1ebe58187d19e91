/*===- dlb/openmp/omp.h - OpenMP's API as one rank of dlbcc sees it -----===//
 *
 * dlbcc --openmp reads a program's OpenMP pragmas as annotations; each rank
 * of the emitted program is one thread. The program's `#include <omp.h>`
 * becomes this header (and dlbcc reads it in place of the compiler's): the
 * API as a program without a parallel region sees it, as in the sequential
 * program. omp_get_wtime is the wall clock. Valid C and C++.
 *
 *===--------------------------------------------------------------------===*/
#ifndef DLB_OPENMP_OMP_H
#define DLB_OPENMP_OMP_H

#include <time.h>

typedef struct {
  int Held;
} omp_lock_t;
typedef omp_lock_t omp_nest_lock_t;
typedef enum {
  omp_sched_static = 1,
  omp_sched_dynamic = 2,
  omp_sched_guided = 3,
  omp_sched_auto = 4
} omp_sched_t;

static inline int omp_get_thread_num(void) { return 0; }
static inline int omp_get_num_threads(void) { return 1; }
static inline int omp_get_max_threads(void) { return 1; }
static inline int omp_get_num_procs(void) { return 1; }
static inline int omp_get_thread_limit(void) { return 1; }
static inline int omp_get_team_num(void) { return 0; }
static inline int omp_get_num_teams(void) { return 1; }
static inline int omp_in_parallel(void) { return 0; }
static inline int omp_get_level(void) { return 0; }
static inline int omp_get_active_level(void) { return 0; }
static inline int omp_get_dynamic(void) { return 0; }
static inline int omp_get_nested(void) { return 0; }
static inline int omp_get_max_active_levels(void) { return 1; }
static inline void omp_set_num_threads(int Threads) { (void)Threads; }
static inline void omp_set_dynamic(int On) { (void)On; }
static inline void omp_set_nested(int On) { (void)On; }
static inline void omp_set_max_active_levels(int Levels) { (void)Levels; }
static inline void omp_set_schedule(omp_sched_t Kind, int Chunk) {
  (void)Kind;
  (void)Chunk;
}
static inline void omp_get_schedule(omp_sched_t *Kind, int *Chunk) {
  *Kind = omp_sched_static;
  *Chunk = 0;
}

static inline double omp_get_wtime(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return (double)T.tv_sec + 1e-9 * (double)T.tv_nsec;
}
static inline double omp_get_wtick(void) { return 1e-9; }

/* One thread: a lock is never contended. */
static inline void omp_init_lock(omp_lock_t *L) { L->Held = 0; }
static inline void omp_destroy_lock(omp_lock_t *L) { (void)L; }
static inline void omp_set_lock(omp_lock_t *L) { L->Held = 1; }
static inline void omp_unset_lock(omp_lock_t *L) { L->Held = 0; }
static inline int omp_test_lock(omp_lock_t *L) {
  return L->Held ? 0 : (L->Held = 1);
}
static inline void omp_init_nest_lock(omp_nest_lock_t *L) { L->Held = 0; }
static inline void omp_destroy_nest_lock(omp_nest_lock_t *L) { (void)L; }
static inline void omp_set_nest_lock(omp_nest_lock_t *L) { ++L->Held; }
static inline void omp_unset_nest_lock(omp_nest_lock_t *L) { --L->Held; }
static inline int omp_test_nest_lock(omp_nest_lock_t *L) { return ++L->Held; }

#endif /* DLB_OPENMP_OMP_H */
