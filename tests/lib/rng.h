/* rng.h: the deterministic random numbers of the test generators and
 * benchmarks (splitmix64): same seed, same terms, on every machine. */
#ifndef TESTS_RNG_H
#define TESTS_RNG_H

#include <stdbool.h>
#include <stdint.h>

typedef struct rng {
    uint64_t state;
} rng;

static inline uint64_t next_random(rng *r)
{
    uint64_t z = (r->state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* 0 .. n-1 (n > 0); the modulo bias is irrelevant for test data. */
static inline uint64_t random_below(rng *r, uint64_t n) { return next_random(r) % n; }
static inline int64_t random_range(rng *r, int64_t lo, int64_t hi)
{
    return lo + (int64_t)random_below(r, (uint64_t)(hi - lo) + 1);
}
static inline bool random_percent(rng *r, unsigned pct) { return random_below(r, 100) < pct; }

#endif
