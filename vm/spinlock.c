/* spinlock.c: the slow path of spinlock.h's lock: spin a little, then
 * yield the CPU, until the lock is free. */
#include "spinlock.h"

#include <sched.h>

void spinlock_wait(spinlock *l)
{
    for (unsigned round = 0;; round++) {
        if (!atomic_load_explicit(&l->held, memory_order_relaxed) &&
            !atomic_exchange_explicit(&l->held, true, memory_order_acquire))
            return;
        if (round < 100) {
#if defined(__x86_64__) || defined(__i386__)
            __builtin_ia32_pause();
#endif
        } else {
            sched_yield(); /* the holder may be descheduled */
        }
    }
}
