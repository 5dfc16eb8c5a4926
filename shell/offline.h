/* offline.h: `dbgsh --format`: prints dbg trace-port files (one file, or a
 * wrap set) exactly as dbg:trace_client's default handler does on the
 * latin1 `user` device of erl -noshell, optionally through a PCRE2 filter.
 * Borrows its options; owns nothing after it returns. Needs only
 * atom_table_init (no VM start). docs/internals/offline-format.md. */
#ifndef SHELL_OFFLINE_H
#define SHELL_OFFLINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Exit statuses of offline_format, as documented in docs/dbgsh.1. */
#define OFFLINE_EXIT_OK 0       /* every input read to its end */
#define OFFLINE_EXIT_BROKEN 1   /* an input missing, truncated or corrupt, or the output failed */
#define OFFLINE_EXIT_USAGE 2    /* a bad regex or a bad -o */

typedef enum offline_kind {
    OFFLINE_FILE, /* one file: dbg:trace_client(file, Path) */
    OFFLINE_WRAP  /* a wrap set Name ++ Seq ++ Suffix: dbg:trace_client(file,
                     {Name, wrap, Suffix, _, Count}), Count inferred */
} offline_kind;

typedef struct offline_input {
    offline_kind kind;
    const char *path;   /* the file, or the wrap set's Name */
    const char *suffix; /* OFFLINE_WRAP: the wrap set's Suffix */
} offline_input;

typedef struct offline_opts {
    const offline_input *inputs; /* read in this order, one after the other */
    size_t ninputs;
    const char *grep; /* PCRE2 pattern (UTF-8, multiline) matched against each
                         event's text; NULL: every event */
    bool invert;      /* -v: print the events the pattern does not match */
    const char *out;  /* -o: the output file (created or truncated); NULL:
                         standard output */
    bool json;        /* --json: each event as a JSON line (fmt_trace_json);
                         --grep still matches dbg's text */
    bool iso_clock;   /* --clock iso: {M,S,U} timestamps as UTC wall clock */
} offline_opts;

/* Prints the events of every input in order, then returns an OFFLINE_EXIT_*
 * status. An input that cannot be opened, or that breaks (truncated record,
 * bad tag, bad term, a message dbg's handler fails on, an inconsistent wrap
 * set), gets one line "dbgsh: FILE: offset N: what" on `err` after
 * everything readable before the fault is written; the next input is read
 * all the same, and the status is OFFLINE_EXIT_BROKEN. Memory stays bounded
 * by the largest record, whatever the size of the files. */
int offline_format(const offline_opts *o, FILE *err);

#endif
