/* report.c: the emulator's own reports as logger events (report.h). */
#include "report.h"

#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "atom.h"
#include "config.h"
#include "gc.h"
#include "map.h"
#include "vm.h"

/* #{error_logger => #{emulator => true, tag => error}, gl => Gl, pid =>
 * Pid, time => Time}, OTP's metadata of an emulator event. */
static term_t event_meta(heap_t *h, term_t pid, term_t gl, int64_t time_us)
{
    term_t ek[] = {ATOM_emulator, ATOM_tag}, ev[] = {ATOM_true, ATOM_error};
    term_t keys[] = {ATOM_error_logger, ATOM_gl, ATOM_pid, ATOM_time};
    term_t vals[] = {map_from_pairs(h, ek, ev, 2), gl, pid, term_int64(h, time_us)};
    return map_from_pairs(h, keys, vals, 4);
}

static term_t chars(heap_t *h, const char *s) { return term_string(h, s, strlen(s)); }

report_event report_crash_event(heap_t *h, term_t pid, term_t gl, term_t reason, int64_t time_us)
{
    term_t args[] = {pid, reason};
    return (report_event){
        .format = chars(h, "Error in process ~p with exit value:~n~p~n"),
        .args = term_list_from(h, args, 2, NIL),
        .meta = event_meta(h, pid, gl, time_us),
    };
}

report_event report_max_heap_event(heap_t *h, const proc_heap_report *r, int64_t time_us)
{
    /* erl_gc.c's words, each value at column 26 */
    static const char format[] = "     Process:            ~p ~n"
                                 "     Context:            maximum heap size reached~n"
                                 "     Max Heap Size:      ~p~n"
                                 "     Total Heap Size:    ~p~n"
                                 "     Kill:               ~p~n"
                                 "     Error Logger:       ~p~n"
                                 "     Message Queue Len:  ~p~n"
                                 "     GC Info:            ~p~n";
    term_t args[] = {
        r->pid,
        term_uint64(h, r->limit.words),
        term_uint64(h, r->total),
        r->limit.kill ? ATOM_true : ATOM_false,
        r->limit.log ? ATOM_true : ATOM_false,
        term_small(r->msgq_len),
        gc_info_list(h, &r->info, false),
    };
    return (report_event){
        .format = chars(h, format),
        .args = term_list_from(h, args, sizeof args / sizeof args[0], NIL),
        .meta = event_meta(h, r->pid, r->gl, time_us),
    };
}

report_event report_dropped_event(heap_t *h, uint64_t dropped, int64_t time_us)
{
    term_t args[] = {term_uint64(h, dropped), term_small(REPORT_MAX_IN_FLIGHT)};
    term_t keys[] = {ATOM_time}, vals[] = {term_int64(h, time_us)};
    return (report_event){
        .format = chars(h, "Dropped ~w of the emulator's reports: ~w were being logged already~n"),
        .args = term_list_from(h, args, 2, NIL),
        .meta = map_from_pairs(h, keys, vals, 1),
    };
}

/* Reports logged whose process has not ended, and reports dropped since
 * the last notice of it. */
static _Atomic int64_t in_flight;
static _Atomic uint64_t dropped;
static atomic_bool enabled;

void vm_log_reports(bool on) { atomic_store(&enabled, on); }

/* Logs ev at `level` (see report.h, "Logging"); false when it is dropped. */
static bool log_event(term_t level, const report_event *ev)
{
    if (atomic_fetch_add(&in_flight, 1) >= REPORT_MAX_IN_FLIGHT) {
        atomic_fetch_sub(&in_flight, 1);
        return false;
    }
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t args[] = {level, ev->format, ev->args, ev->meta};
    /* a full process table loses the report (system_limit) */
    bool logged = proc_spawn(NULL, ATOM_dbgsh_report, ATOM_emulator, term_list_from(&h, args, 4, NIL),
                             SPAWN_UNTRACED | SPAWN_REPORT, NULL, NULL) != THE_NON_VALUE;
    if (!logged)
        atomic_fetch_sub(&in_flight, 1);
    heap_destroy(&h);
    return logged;
}

/* Logs an error event, counting it when it is dropped. */
static void log_error(const report_event *ev)
{
    if (!log_event(ATOM_error, ev))
        atomic_fetch_add(&dropped, 1);
}

void report_settle(void)
{
    for (int ms = 0; ms < REPORT_SETTLE_MS && atomic_load(&in_flight) > 0; ms++)
        nanosleep(&(struct timespec){.tv_nsec = 1000000}, NULL);
}

/* Microseconds of system time, as logger:timestamp/0. */
static int64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* The warning that reports were dropped, once the reports under way are
 * down to half the cap: one notice for an overload, with its count (put
 * back when the notice itself cannot be logged). */
static void report_dropped(void)
{
    uint64_t n = atomic_exchange(&dropped, 0);
    if (n == 0)
        return;
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    report_event ev = report_dropped_event(&h, n, now_us());
    if (!log_event(ATOM_warning, &ev))
        atomic_fetch_add(&dropped, n);
    heap_destroy(&h);
}

void report_exit(const process *p)
{
    if (p->reporter) {
        int64_t left = atomic_fetch_sub(&in_flight, 1) - 1;
        if (left <= REPORT_MAX_IN_FLIGHT / 2 && atomic_load(&dropped) > 0)
            report_dropped();
        return;
    }
    if (p->exit_reason == ATOM_normal || p->exit_class != CLASS_ERROR || !atomic_load(&enabled))
        return;
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    report_event ev = report_crash_event(&h, p->pid, p->group_leader, p->exit_reason, now_us());
    log_error(&ev);
    heap_destroy(&h);
}

void report_max_heap(const proc_heap_report *r)
{
    if (!atomic_load(&enabled))
        return;
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    report_event ev = report_max_heap_event(&h, r, now_us());
    log_error(&ev);
    heap_destroy(&h);
}
