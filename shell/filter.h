/* filter.h: the shell's trace-line filters (`filter`, `view`, `log`) and the
 * one-off regexes of `grep`: PCRE2 regexes typed as /REGEX/, matched against
 * an event's UTF-8 text with ^ and $ at every line. docs/internals/filters.md.
 * Ownership: a filter_set copies what it is given and owns its regexes; it
 * may be used from any number of threads at once. A filter_re is one
 * thread's at a time. Every function borrows its text arguments. */
#ifndef SHELL_FILTER_H
#define SHELL_FILTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct filter_set filter_set;
typedef struct filter_re filter_re;

typedef enum filter_result {
    FILTER_OK = 0,
    FILTER_NOT_SLASHED, /* the argument is not /REGEX/ */
    FILTER_BAD_REGEX    /* an unescaped / inside, or PCRE2 rejected the regex */
} filter_result;

/* What went wrong with a /REGEX/ argument. `msg` is one line without a
 * newline and without the command's name (the caller prefixes "filter: " or
 * "grep: "), e.g. "bad regex /a(/: missing closing parenthesis at offset 2",
 * where the offset counts bytes of the regex as typed between the slashes.
 * `at` is the same place as a byte offset in arg[0..len), for a caret. */
typedef struct filter_error {
    size_t at;
    char msg[400];
} filter_error;

/* Events seen by filter_pass for one session. */
typedef struct filter_stats {
    uint64_t shown;
    uint64_t hidden;            /* by an exclude filter, or for want of an include one */
    uint64_t hidden_no_include; /* of `hidden`: no include filter matched */
} filter_stats;

/* One filter, as filter_each reports it; `text` is the argument as typed
 * ("/REGEX/", surrounding blanks removed), valid during the call only. */
typedef struct filter_info {
    size_t number; /* 1-based, as filter_list numbers it for the session */
    bool global, exclude, caseless;
    const char *text;
    size_t len;
    uint64_t hid; /* events this exclude filter hid (every session); 0 for an include */
} filter_info;

typedef void filter_each_fn(void *ctx, const filter_info *f);

/* A set with no filter and no counts. Never NULL (out of memory is fatal). */
filter_set *filter_set_new(void);

/* Frees fs and every filter; no other thread may be using it. NULL is fine. */
void filter_set_free(filter_set *fs);

/* Adds a filter at the end of fs: of `session`, or of every session with
 * `global`; `exclude` hides the events it matches, otherwise it includes
 * them; `caseless` matches without regard to case (Unicode case folding).
 * arg[0..len) is the argument as typed, "/REGEX/": blanks around it are
 * ignored, "\/" inside stands for "/", every other backslash is PCRE2's;
 * "//" matches every event. On FILTER_NOT_SLASHED or FILTER_BAD_REGEX, fs is
 * unchanged and *err says why. Compiles outside fs's lock: matching in other
 * threads waits only for the insertion. */
filter_result filter_add(filter_set *fs, int session, bool global, bool exclude, bool caseless,
                         const char *arg, size_t len, filter_error *err);

/* Whether the event text[0..len) (one or more lines, UTF-8; invalid bytes
 * match nothing but never fail) is shown to `session`: no exclude filter
 * that applies to it matches, and an include filter that applies matches or
 * none applies. Counts the event in the session's filter_stats and, when an
 * exclude hid it, on the first such exclude in list order. Allocates only
 * the first time it sees a session. */
bool filter_pass(filter_set *fs, int session, const char *text, size_t len);

/* filter_pass without counting anything (view and log decisions made a
 * second time for an event already counted). */
bool filter_check(filter_set *fs, int session, const char *text, size_t len);

/* How many filters apply to `session` (its own and the global ones). */
size_t filter_count(filter_set *fs, int session);

/* Deletes filter number n (1-based, as filter_list numbers them for
 * `session`); false when there is no such number. Deleting a global filter
 * deletes it for every session. */
bool filter_del(filter_set *fs, int session, size_t n);

/* Deletes every filter that applies to `session`, global ones included;
 * returns how many. The counts of filter_stats stay. */
size_t filter_clear(filter_set *fs, int session);

/* Deletes the session's own filters and its counts (a destroyed session).
 * Global filters stay. */
void filter_forget_session(filter_set *fs, int session);

/* Prints the filters that apply to `session` for `filter list`, numbered,
 * global ones marked, each exclude with the events it hid, then the
 * session's counts; "no filters" when none applies. Writes after dropping
 * the lock, so a slow `out` never holds up matching. */
void filter_list(filter_set *fs, int session, FILE *out);

/* Calls fn(ctx, f) for each filter that applies to `session`, in list
 * order (for `save`, which writes them back as `filter add` commands). fn
 * runs without fs's lock held and may call filter_* on fs. */
void filter_each(filter_set *fs, int session, filter_each_fn *fn, void *ctx);

/* Events hidden so far from `session` (filter_stats.hidden). */
uint64_t filter_hidden(filter_set *fs, int session);

/* The session's counts; zeros for a session never seen. */
void filter_stats_get(filter_set *fs, int session, filter_stats *out);

/* Compiles arg[0..len), "/REGEX/" as filter_add takes it, on its own (for
 * `grep`); NULL with *err filled when it is not a good /REGEX/. Free with
 * filter_re_free. */
filter_re *filter_re_compile(const char *arg, size_t len, bool caseless, filter_error *err);

/* Whether re matches text[0..len) somewhere (^ and $ at every line; invalid
 * UTF-8 never fails). Not for two threads at once on the same re. */
bool filter_re_match(filter_re *re, const char *text, size_t len);

/* Frees re; NULL is fine. */
void filter_re_free(filter_re *re);

#endif
