/* sessions.h: the shell's sessions. Each is a trace session (main is the
 * default one, dbg's; the others trace:session_create/3's) whose tracer is
 * a collector of its own: a bounded ring of the session's recent events.
 * A live-output thread prints new events as they come, through the
 * filters, to the session's log and the terminal; views and grep read the
 * ring again. docs/internals/shell.md. */
#ifndef SHELL_SESSIONS_H
#define SHELL_SESSIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "vm/vm.h"

typedef struct shell_session shell_session;
struct filter_re;
struct filter_set;
struct shell_log;

/* How trace events are shown. */
typedef enum sessions_clock { SESSIONS_CLOCK_RAW, SESSIONS_CLOCK_ISO } sessions_clock;

/* The defaults: the ring of every session keeps this many events. */
#define SESSIONS_RING_DEFAULT 100000u
/* ... and at most this many bytes of them. */
#define SESSIONS_RING_BYTES (64u << 20)
/* The longest session name. */
#define SESSIONS_NAME_MAX 32
/* At most this many sessions at once. */
#define SESSIONS_MAX 64

/* Creates the session main (its collector) and starts the live-output
 * thread. Call once, after vm_start. `unicode`: trace text as on a
 * unicode device (~tp) or latin1 (erl -noshell's `user`). */
void sessions_init(bool unicode);
/* Stops the live output after printing what is left; closes logs. */
void sessions_shutdown(void);

/* The current session (never NULL), and the one called name (NULL when
 * none). */
shell_session *sessions_current(void);
shell_session *sessions_find(const char *name, size_t len);
void sessions_use(shell_session *s);
const char *sessions_name(const shell_session *s);
size_t sessions_count(void);
/* The sessions in creation order: the i-th, NULL past the end. */
shell_session *sessions_at(size_t i);

/* Whether name[0..len) can name a new session: letters, digits, _ and -,
 * 1 to SESSIONS_NAME_MAX bytes, starting with a letter; false with one
 * line in err. */
bool sessions_valid_name(const char *name, size_t len, char *err, size_t cap);
/* A new session with a collector of its own, not yet tied to a trace
 * session (sessions_set_handle does that); NULL with one line in err. */
shell_session *sessions_new(const char *name, size_t len, char *err, size_t cap);
/* Forgets a session: its collector, ring and log go. main stays. */
void sessions_destroy(shell_session *s);

/* What dbgsh_cmd:run/4 gets as its context: {Name, Handle, Tracer} on h. */
term_t sessions_context(shell_session *s, heap_t *h);
/* Keeps the trace session handle (a reference, copied). */
void sessions_set_handle(shell_session *s, term_t handle);

/* Pauses or resumes: a paused session's tracer keeps nothing. */
void sessions_pause(shell_session *s, bool paused);
bool sessions_paused(const shell_session *s);

/* Prints every event not yet shown, of every session, now (the caller's
 * thread): the shell calls it before it prints a result, so that the
 * events an input made come before its value. The sessions' events are
 * merged in arrival order (collector_stamp_now: exact, each session's own
 * order kept); an event arriving while it runs may wait for the next
 * call. Returns how many events it took from the rings. */
size_t sessions_drain(void);

/* Re-prints the events already shown live in the rings of the n sessions
 * given (a session given twice counts once), merged in arrival order as
 * they were shown live: through the filters, or, with `re`, those it
 * matches (with invert: does not match) ignoring the filters. *shown and
 * *hidden get the counts. */
void sessions_view(shell_session *const *ss, size_t n, struct filter_re *re, bool invert, uint64_t *shown,
                   uint64_t *hidden);

/* The filters of every session (filter.h), and a session's number in it. */
struct filter_set *sessions_filters(void);
int sessions_id(const shell_session *s);
/* Gives s a log (NULL: none); returns the one it had, for the caller to
 * close. Events from now on go to it, through the filters. */
struct shell_log *sessions_set_log(shell_session *s, struct shell_log *log);
struct shell_log *sessions_log(const shell_session *s);
/* Events hidden by filters since the last call, every session. */
uint64_t sessions_take_hidden(void);

/* Summary counters of a session. */
typedef struct sessions_stats {
    uint64_t events;  /* events its tracer kept */
    uint64_t shown;   /* printed live */
    uint64_t hidden;  /* hidden by filters */
    uint64_t dropped; /* pushed out of the ring before they were printed */
    uint64_t in_ring; /* events in the ring now */
} sessions_stats;
void sessions_get_stats(shell_session *s, sessions_stats *out);

/* Settings that apply to every session. */
void sessions_set_ring(size_t events);
size_t sessions_ring(void);
/* iso: {MegaSecs, Secs, MicroSecs} timestamps show as UTC wall clock (a
 * cpu_timestamp has that shape too, and then shows as a 1970 date). */
void sessions_set_clock(sessions_clock c);
sessions_clock sessions_get_clock(void);
/* on: events reach the terminal as JSON lines (fmt_trace_json; a
 * "session" member first when there are several sessions); filters and
 * logs still see dbg's text. */
void sessions_set_json(bool on);
bool sessions_json(void);

#endif
