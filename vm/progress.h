/* progress.h: thread progress, as ERTS has it. Managed threads (the
 * schedulers) report passing safe points; any thread can ask for a value,
 * wait until every managed thread has passed a safe point after the value
 * was handed out, or defer work (freeing exited processes, old breakpoint
 * data) until then. Protocol and memory ordering: docs/internals/thread-progress.md.
 * Ownership: the module owns its state; progress_defer's arg stays the
 * caller's until fn(arg) runs. Nothing here touches a term or runs the GC.
 *
 * A safe point is a place where a managed thread holds no pointer to shared
 * data it loaded earlier: between process time slices, and while asleep.
 * Guarantee, for v = progress_later() and once progress_has_reached(v) is
 * true (or progress_wait(v) has returned) in thread W:
 *   1. every store made (by any thread) before the progress_later() call
 *      that returned v, and visible to that caller, is visible to every
 *      managed thread from its first safe point after the call on;
 *   2. everything every managed thread did before that safe point (its
 *      loads of old pointers included) happens-before W's next action, so
 *      W may free what it unlinked before calling progress_later().
 * A managed thread that is asleep (between progress_prepare_sleep and
 * progress_finish_sleep) or not registered counts as having passed.
 *
 * Cost: progress_update is one relaxed atomic load and a compare when the
 * global epoch word has not changed since the thread's last safe point
 * (nobody asked for progress); otherwise a seq_cst store and a scan of the
 * N slots, about once per thread per round. progress_later is one atomic
 * read-modify-write; requests made while a round is pending share it. */
#ifndef VM_PROGRESS_H
#define VM_PROGRESS_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

/* A point in the sequence of progress requests; from progress_later(). */
typedef uint64_t progress_value;

/* Work run once progress has been made past the moment it was deferred. */
typedef void progress_fn(void *arg);

/* Sets the module up for `managed` managed threads with ids 0..managed-1
 * (managed >= 0), all initially unregistered (counted as asleep). Must not
 * run concurrently with any other progress_* call; allowed again after
 * progress_destroy (tests re-initialise). */
void progress_init(int managed);

/* Runs every deferred function still pending (in deferral order, on the
 * calling thread: no managed thread may be running any more) and frees the
 * module's memory. No other progress_* call may run concurrently. */
void progress_destroy(void);

/* The number of managed threads given to progress_init. */
int progress_managed_count(void);

/* Called by a managed thread before it touches shared data: binds the
 * calling thread to slot `id` and marks it awake (like
 * progress_finish_sleep). One thread per id at a time; handing an id to
 * another thread needs the first to unregister and be joined first. */
void progress_register(int id);

/* Called by managed thread `id` when it stops for good: a safe point after
 * which the thread counts as asleep forever, and the binding is undone.
 * May run ready deferred functions. */
void progress_unregister(int id);

/* Safe point of managed thread `id` (the calling thread). Cheap when nobody
 * has asked for progress since the thread's last safe point. May run
 * deferred functions whose progress this call completes (see progress_defer). */
void progress_update(int id);

/* Managed thread `id` is about to block (no work): a safe point, after which
 * the thread counts as having passed every later value without being woken.
 * Until progress_finish_sleep it must not touch data protected by thread
 * progress. May run ready deferred functions. */
void progress_prepare_sleep(int id);

/* Managed thread `id` woke up: it sees every store made before any value
 * already reached, and counts as awake again. May run ready deferred functions. */
void progress_finish_sleep(int id);

/* A value that is reached once every managed thread has passed a safe point
 * after this call. Values never decrease; requests made before the next
 * round starts share a value. Any thread; one atomic read-modify-write,
 * never blocks, never runs deferred work. */
progress_value progress_later(void);

/* Whether `v` (from progress_later) has been reached; never blocks and
 * never runs deferred work, but may complete a round of progress when
 * every managed thread is asleep. Any thread. */
bool progress_has_reached(progress_value v);

/* Blocks the calling thread (any thread) until `v` is reached, on a
 * condition variable, without spinning. Called from a managed thread, that
 * thread counts itself as having passed (it is asleep while it waits, so it
 * must hold no pointer protected by thread progress). Afterwards runs
 * deferred functions that are ready. v must come from progress_later(). */
void progress_wait(progress_value v);

/* Runs fn(arg) once, after every managed thread has passed a safe point
 * after this call (as if by progress_later()). Any thread. fn runs, with no
 * lock of this module held, on whichever of these first finds it ready:
 * the managed thread whose safe point (progress_update,
 * progress_prepare_sleep, progress_unregister) completes the round, that
 * is usually the last scheduler to get there; a managed thread leaving
 * sleep (progress_finish_sleep); a thread leaving progress_wait; or
 * progress_destroy. Never inside progress_defer, progress_later or
 * progress_has_reached, so a caller may hold locks fn takes. When every
 * managed thread sleeps, fn waits for one to wake, a progress_wait, or
 * progress_destroy. One thread runs the functions that became ready
 * together, in deferral order; two threads may run two such batches at
 * once. fn must not block; it may call progress_defer and progress_later.
 * Allocates one small node (ALLOC_SYSTEM). */
void progress_defer(progress_fn *fn, void *arg);

/* Locks m; a managed thread that has to wait for it counts as asleep
 * while it waits (so it must hold no pointer protected by thread
 * progress), so whoever holds m may wait for thread progress without
 * deadlocking. For the long-held locks of code loading and breakpoint
 * staging. */
void progress_mutex_lock(pthread_mutex_t *m);

/* The managed id bound to the calling thread by progress_register, or -1. */
int progress_current_id(void);

#endif
