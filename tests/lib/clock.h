/* clock.h: the monotonic clock in milliseconds, for tests that wait for
 * something or check how long a step took. */
#ifndef TESTS_LIB_CLOCK_H
#define TESTS_LIB_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline uint64_t read_clock_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

#endif
