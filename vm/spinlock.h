/* spinlock.h: a lock held for a few instructions at a time (appending to a
 * queue, taking it, changing a state bit with it; copying a record into a
 * buffer). Cheaper than a mutex when free, which it nearly always is: one
 * atomic exchange. A thread that finds it held spins a little, then yields
 * the CPU until it is free (the holder may be descheduled, or writing a
 * buffer to a file). A holder never waits for another process. */
#ifndef VM_SPINLOCK_H
#define VM_SPINLOCK_H

#include <stdatomic.h>
#include <stdbool.h>

typedef struct spinlock {
    _Atomic bool held;
} spinlock;

/* A lock not held (a zeroed spinlock is one too). */
static inline void spinlock_init(spinlock *l) { atomic_init(&l->held, false); }

/* spinlock_lock's slow path: waits until l is free and takes it. */
void spinlock_wait(spinlock *l);

static inline void spinlock_lock(spinlock *l)
{
    if (atomic_exchange_explicit(&l->held, true, memory_order_acquire))
        spinlock_wait(l);
}

static inline void spinlock_unlock(spinlock *l) { atomic_store_explicit(&l->held, false, memory_order_release); }

#endif
