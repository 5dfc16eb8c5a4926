/* report.h: the emulator's own reports as logger events
 * (docs/internals/applications.md, "The emulator's reports"). OTP's
 * emulator sends these to its logger process as {log, Level, Format,
 * Args, Meta}; here each is logged by a process spawned for it, which
 * starts logger when nothing has yet (dbgsh_report:emulator/4). So
 * handlers, filters and levels see them as in erl, and the default
 * handler prints them with their time stamp. */
#ifndef VM_REPORT_H
#define VM_REPORT_H

#include <stdbool.h>
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

/* Whether reports are logged: off until turned on (vm_log_reports; the
 * unit tests run their processes without logger). */
void report_enable(bool on);

/* Logs ev at level error, when reports are on: spawns
 * dbgsh_report:emulator(error, Format, Args, Meta), untraced (a trace of
 * new processes never meets it). Runs on any thread; the event's terms
 * are copied. With REPORT_MAX_IN_FLIGHT reports under way, the event is
 * dropped: a flood of crashes must not fill the process table with its
 * reports (OTP's handlers drop events when overloaded too). */
void report_log(const report_event *ev);
#define REPORT_MAX_IN_FLIGHT 1000
/* A process report_log spawned has ended (process.reporter). */
void report_done(void);
/* Waits until every report logged so far is done, REPORT_SETTLE_MS at
 * most (a logger that hangs must not hang the VM's end): called off the
 * schedulers before the VM halts, so that a crash just before the end of
 * `dbgsh -e` or a script is still reported (erl's halt/0 loses it). */
void report_settle(void);
#define REPORT_SETTLE_MS 2000

/* Builds and logs the event of p's end (report_crash_event), stamped
 * now. p is exiting, on this thread; a process that logs a report is not
 * reported (a logger that cannot load would make one after another). */
void report_crash(const process *p);

/* Builds and logs r's event (report_max_heap_event), stamped now. */
void report_max_heap(const proc_heap_report *r);

#endif
