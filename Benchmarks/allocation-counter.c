// Counts heap allocations for `strata bench --filter allocations` (see Benchmarks/allocations.sh).
//
// Loaded with LD_PRELOAD on Linux with glibc: malloc, calloc and realloc are counted and passed
// on to glibc's own; the count is read through strata_allocation_count, which the benchmark
// looks up at run time (without this library it reports that it cannot count).
#define _GNU_SOURCE
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

static long allocations = 0;

void *malloc(size_t size) {
  __atomic_add_fetch(&allocations, 1, __ATOMIC_RELAXED);
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  __atomic_add_fetch(&allocations, 1, __ATOMIC_RELAXED);
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  __atomic_add_fetch(&allocations, 1, __ATOMIC_RELAXED);
  return __libc_realloc(pointer, size);
}

long strata_allocation_count(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }
