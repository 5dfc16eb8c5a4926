/* sched.h: scheduler threads. Each owns a run queue and a timer queue;
 * processes run a time slice (SCHED_SLICE_REDS reductions) at a time; an
 * idle scheduler steals from the others, then sleeps until work or its next
 * timer. Every scheduler reports thread progress between slices and before
 * sleeping (vm/progress.h). With one scheduler a run is deterministic. */
#ifndef VM_SCHED_H
#define VM_SCHED_H

#include <stdbool.h>
#include <stdint.h>

#include "proc.h"

#define SCHED_SLICE_REDS 4000
#define SCHED_MAX 64

/* Sets up n schedulers (1..SCHED_MAX) and starts their threads. */
void sched_start(unsigned n);
/* Stops every scheduler thread and waits for them. */
void sched_stop(void);
unsigned sched_count(void);
/* The calling thread's scheduler id, or -1 off the schedulers. */
int sched_current(void);
/* Makes p runnable on its scheduler's run queue (any thread). */
void sched_enqueue(process *p);
/* Starts a receive timer for p, which runs on the calling scheduler. */
void sched_timer_receive(process *p, uint64_t ms);
/* Calls fn(arg) on the calling scheduler's thread in ms milliseconds
 * (erlang:send_after and friends). fn owns arg. */
void sched_timer_call(uint64_t ms, void (*fn)(void *), void *arg);

#endif
