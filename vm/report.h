/* report.h: the emulator's own reports as logger events
 * (docs/internals/applications.md, "The emulator's reports"). OTP's
 * emulator sends these to its logger process as {log, Level, Format,
 * Args, Meta}; here each is logged by a process spawned for it, which
 * starts logger when nothing has yet (dbgsh_report:emulator/4). So
 * handlers, filters and levels see them as in erl, and the default
 * handler prints them with their time stamp. */
#ifndef VM_REPORT_H
#define VM_REPORT_H

#include <stdint.h>

#include "heap.h"
#include "proc.h"
#include "term.h"

/* An event: logger's {Format, Args} and its metadata, #{error_logger =>
 * #{emulator => true, tag => error}, gl => Gl, pid => Pid, time => Time}
 * as OTP's emulator makes it (time in microseconds of system time). */
typedef struct report_event {
    term_t format, args, meta;
} report_event;

/* The event of process pid (group leader gl) ended by an error exception
 * nothing caught, with exit reason `reason`: "Error in process ~p with
 * exit value:~n~p~n". Built on h. */
report_event report_crash_event(heap_t *h, term_t pid, term_t gl, term_t reason, int64_t time_us);

/* The event of a process over its max_heap_size whose limit asks for the
 * error logger's report (OTP 25's text and arguments). Built on h. */
report_event report_max_heap_event(heap_t *h, const proc_heap_report *r, int64_t time_us);

/* The warning that `dropped` reports were dropped (below): "Dropped ~w of
 * the emulator's reports: ~w were being logged already~n", with the cap,
 * metadata #{time => Time}. dbgsh's own: OTP's emulator drops none. */
report_event report_dropped_event(heap_t *h, uint64_t dropped, int64_t time_us);

/* Logging (vm_log_reports turns it on; off, the unit tests' crashing
 * processes log nothing): each event is logged at level error by a process
 * spawned for it, dbgsh_report:emulator(error, Format, Args, Meta),
 * untraced (a trace of new processes never meets it), the event's terms
 * copied. With REPORT_MAX_IN_FLIGHT (config.h) reports under way an event
 * is dropped: a flood of crashes must not fill the process table with its
 * reports (OTP's handlers drop events when overloaded too). The dropped
 * are counted, and once the reports under way are down to half the cap,
 * their count is logged at level warning (report_dropped_event), so that
 * no crash goes unmentioned. */

/* p has ended, on this thread: its crash is logged (report_crash_event,
 * stamped now) when an error exception ended it; when p was logging a
 * report, that report is done and p's own end is never reported (a
 * logger that cannot load would make one report after another). */
void report_exit(const process *p);

/* Builds and logs r's event (report_max_heap_event), stamped now. */
void report_max_heap(const proc_heap_report *r);

/* Waits until every report logged so far is done, REPORT_SETTLE_MS
 * (config.h) at most, so that a logger that hangs cannot hang the VM's
 * end: called off the schedulers before the VM halts, so that a crash
 * just before the end of `dbgsh -e` or a script is still reported (erl's
 * halt/0 loses it). */
void report_settle(void);

#endif
