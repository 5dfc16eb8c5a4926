/* format.h: io_lib-exact term text, the public face of format/.
 * Every fmt_* function borrows its terms (reads, never keeps them) and
 * writes UTF-8 into a caller-owned fmt_buf. A fmt_buf reused across calls
 * stops allocating once it has grown to the largest output; fmt_* keep no
 * global mutable state, so threads may format at once on their own buffers. */
#ifndef FORMAT_FORMAT_H
#define FORMAT_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "vm/vm.h"

/* Output text plus scratch space the formatters reuse between calls. */
typedef struct fmt_buf {
    char *data; /* UTF-8, NUL-terminated after every fmt_* call */
    size_t len;
    size_t cap;
    struct fmt_scratch {
        void *p;
        size_t cap;
    } scratch[3]; /* [0]: the pretty printer's records;
                     [1]: the walks' stacks (~w's, ~p's) and fmt_format's;
                     [2]: the buffer the pretty printer's layout swaps
                     with data (pretty.c's take_text) */
} fmt_buf;

void fmt_buf_init(fmt_buf *b);
void fmt_buf_free(fmt_buf *b);
/* Empties the text, keeps the memory. */
static inline void fmt_buf_reset(fmt_buf *b)
{
    b->len = 0;
    if (b->data)
        b->data[0] = '\0';
}
/* Grows the text area to hold len + n + 1 bytes; returns where the n bytes
 * go (fmt_buf_reserve's slow path). */
char *fmt_buf_grow(fmt_buf *b, size_t n);
/* Room for n more bytes and the NUL after them; returns where they go (len
 * not advanced). Inline: the formatters call it for every token. */
static inline char *fmt_buf_reserve(fmt_buf *b, size_t n)
{
    if (n >= b->cap - b->len) /* cap == len == 0 before the first call */
        return fmt_buf_grow(b, n);
    return b->data + b->len;
}
static inline void fmt_buf_put(fmt_buf *b, const char *s, size_t n)
{
    char *p = fmt_buf_reserve(b, n);
    memcpy(p, s, n);
    p[n] = '\0';
    b->len += n;
}
static inline void fmt_buf_putc(fmt_buf *b, char c)
{
    char *p = fmt_buf_reserve(b, 1);
    p[0] = c;
    p[1] = '\0';
    b->len++;
}
/* Appends code point `cp` as UTF-8. */
void fmt_buf_put_cp(fmt_buf *b, uint32_t cp);
/* Rewrites the UTF-8 text s[0..n) as latin1 in place, as a latin1 device
 * gets it (a code point above 255, which dbg's latin1 layouts never make,
 * keeps its UTF-8 bytes); returns the new length. ASCII text is only
 * scanned. (format/write.c) */
size_t fmt_utf8_to_latin1(char *s, size_t n);
/* Grows scratch area `i` to at least `n` bytes; returns it. */
void *fmt_scratch(fmt_buf *b, unsigned i, size_t n);

/* ~w: io_lib:write(T, Depth). depth < 0 means unlimited (~w), otherwise
 * as ~W. `unicode` selects ~tw (atoms and strings keep code points > 255
 * unescaped). */
void fmt_write(fmt_buf *b, term_t t, int depth, bool unicode);

/* io_lib_pretty's record_print_fun, as erl's shell gives it: when record
 * `tag` (an atom) with `arity` fields is known, writes its field names
 * (atoms) to fields[0 .. arity) and returns true; else false (the tuple
 * prints as a tuple). fmt_pretty calls it on its own thread for every tuple
 * whose first element is an atom, with arity one less than the tuple's
 * size; it must not run a GC nor keep `fields`. */
typedef bool (*fmt_record_fn)(void *ctx, term_t tag, size_t arity, term_t *fields);

/* ~p: io_lib_pretty:print/2 with these options. */
typedef struct fmt_pretty_opts {
    int column;      /* where the term starts (1 = first column) */
    int line_length; /* FMT_LINE_LENGTH by default */
    int depth;       /* < 0: unlimited (~p); otherwise ~P */
    bool unicode;    /* ~tp: atoms keep code points above 255 unescaped and
                        binaries may print as UTF-8 strings */
    bool unicode_range; /* io:printable_range() is unicode (erl +pc unicode):
                        with `unicode`, lists and UTF-8 binaries of any
                        printable code points print as strings. false (erl's
                        default, +pc latin1): only latin1 ones do. ~p without
                        t ignores it, as erl does. */
    bool strings;    /* false for ~lp: no list or binary prints as a string */
    fmt_record_fn records; /* {record_print_fun, F}: tuples it knows print
                              as #name{field = Value,...}; NULL (the
                              default): none does, as io_lib:format's ~p */
    void *records_ctx;     /* its first argument */
} fmt_pretty_opts;
void fmt_pretty_opts_init(fmt_pretty_opts *o);
void fmt_pretty(fmt_buf *b, term_t t, const fmt_pretty_opts *o);

/* The emulator's own term text (erts_printf's %T), as erlang:display/1 and
 * OTP's match spec errors print terms; not io_lib's: floats as C's %e, a
 * list of latin1 chars that are printable or white space as "..." with only
 * '"' and newline escaped, a binary of printable ASCII as <<"...">>, maps as
 * #{K=>V}, atoms quoted only when not a latin1 lower case letter followed by
 * letters, digits and '_' (reserved words are not). Appends at most
 * `limit` bytes of it (SIZE_MAX: all) to b. Explicit stack
 * (format/erts.c). */
void fmt_erts(fmt_buf *b, term_t t, size_t limit);
/* The same into buf: at most cap - 1 bytes and a NUL; returns the bytes
 * written. */
size_t fmt_erts_chars(char *buf, size_t cap, term_t t);
/* The emulator's text of fun t alone (erlang:fun_to_list/1): bytes, an
 * atom's UTF-8 as it is. Allocates nothing. */
void fmt_erts_fun(fmt_buf *b, term_t t);

/* Shortest text that reads back as the same float, as OTP prints floats in
 * ~w and ~p ("1.0e3", "0.30000000000000004"); returns chars written to
 * `out` (FLOAT_SHORT_MAX bytes). The algorithm is the VM's (vm/float.h). */
static inline size_t fmt_float_short(double d, char *out) { return float_short_chars(d, out); }

/* io_lib:format(Format, Args). On bad input returns FMT_BADARG, leaves the
 * buffer as it was, and says what and where in *err. */
typedef enum fmt_result { FMT_OK = 0, FMT_BADARG } fmt_result;
typedef struct fmt_error {
    size_t offset;    /* byte offset in the format string */
    int arg;          /* 1-based argument index, 0 if none */
    char message[128];
} fmt_error;
fmt_result fmt_format(fmt_buf *b, const char *format, size_t len, term_t args, fmt_error *err);
/* How many arguments control character `cc` of io_lib:format takes (0, 1
 * or 2), or -1 when it is no control character. */
int fmt_control_args(char cc);

/* Registers the C half of vm/lib/io.erl (dbgsh_out:format/3,
 * dbgsh_out:put_chars/2) and of vm/lib/io_lib.erl (dbgsh_out:io_lib_format/2,
 * dbgsh_out:io_lib_format_limited/2, dbgsh_out:io_lib_write/3,
 * io_lib:write/1), erlang:display/1 and the
 * crash reporter with the VM.
 * Call once, before vm_start (format/io.c). */
void fmt_io_register(void);

/* dbg's trace line layout (format/traceline.c): the text OTP 25's default
 * trace handler dbg:dhandler/2 writes for one trace message. Borrows its
 * terms (reads, never keeps them). */
/* What dbg's output depends on besides the message. */
typedef struct fmt_trace_opts {
    bool unicode;       /* the device's encoding is unicode: dbg's Modifier
                           "t" (~tp, ~ts where it has ~p, ~s); false is
                           latin1, as `user` is in erl -noshell */
    bool unicode_range; /* io:printable_range() is unicode (erl +pc
                           unicode); matters only with `unicode` */
    bool iso_clock;     /* not dbg's: a timestamp that is an erlang:now()
                           tuple {MegaSecs, Secs, MicroSecs} (of trace_ts
                           and timestamped seq_trace messages) prints as
                           fmt_trace_iso_time writes it; other timestamps
                           and false (zero) print as dbg prints them */
    const char *json_session; /* not dbg's: fmt_trace_json's objects start
                                 with "session":"<this>" when not NULL */
} fmt_trace_opts;

/* How dbg:dhandler/2 ends for a message: it writes its text (or nothing,
 * for messages it ignores), or it fails before writing anything. */
typedef enum fmt_trace_result {
    FMT_TRACE_OK = 0,
    FMT_TRACE_BADARG,      /* error:badarg: an element it reads is missing,
                              e.g. {trace, Pid, send, Msg} */
    FMT_TRACE_CASE_CLAUSE, /* error:{case_clause, Msg}: a seq_trace tuple
                              of 5 or more elements */
} fmt_trace_result;

/* Appends to `out` the exact characters (UTF-8) dbg:dhandler(Msg, {Dev,
 * Modifier}) writes to Dev: "(<0.90.0>) call m:f(1,2)\n" and every other
 * layout of trace, trace_ts, seq_trace and drop messages, with
 * io_lib_pretty's line breaks. Nothing for messages dbg ignores
 * (end_of_trace, anything that is not one of those, a receive of
 * {dbg,ok}). On a failure leaves `out` as it was. Never runs a GC. */
fmt_trace_result fmt_trace_line(fmt_buf *out, term_t msg, const fmt_trace_opts *opts);

/* Room fmt_trace_iso_time needs: "9999-12-31T23:59:59.999999Z" and a NUL. */
#define FMT_ISO_TIME_MAX 28
/* Writes to out (FMT_ISO_TIME_MAX bytes) the UTC time of ts, an
 * erlang:now()/os:timestamp() tuple {MegaSecs, Secs, MicroSecs}, as
 * calendar:system_time_to_rfc3339(Us, [{unit, microsecond}, {offset,
 * "Z"}]) writes it: "2024-05-01T12:00:00.123456Z" for {1714,564800,
 * 123456}; returns its length (27). Returns 0, writing nothing, when ts is
 * no such tuple: not three integers, one negative, Secs or MicroSecs above
 * 999999, or a time after 9999-12-31T23:59:59.999999Z (where calendar
 * raises badarg). Borrows ts; pure. */
size_t fmt_trace_iso_time(term_t ts, char *out);

/* One JSON object per trace event (format/tracejson.c): for every message
 * fmt_trace_line writes a text for, appends to `out` one line, a JSON
 * object and "\n", whose keys come in this order: "event" (the trace tag's
 * name, or seq_trace, drop), "pid" (trace and trace_ts: the tracee as ~w
 * writes it), "ts" (timestamped messages only: fmt_trace_iso_time's text
 * when opts->iso_clock and it applies, else the timestamp's ~w text), the
 * event's own fields, and "text" (what fmt_trace_line writes for the same
 * message and opts, without its final newline). Terms are JSON strings
 * holding their ~w text (~tw when opts->unicode), argument lists arrays of
 * such strings; docs/internals/tracejson.md lists every event's fields.
 * Output is UTF-8; characters JSON cannot hold raw are escaped. Nothing for
 * the messages dbg ignores; the same failures as fmt_trace_line, leaving
 * `out` as it was. Borrows msg; never runs a GC. */
fmt_trace_result fmt_trace_json(fmt_buf *out, term_t msg, const fmt_trace_opts *opts);

/* The BIFs over fmt_trace_line, for bif_register before vm_start; *n gets
 * their count. dbgsh_trace:format_line(Msg) is format_line(Msg, "");
 * dbgsh_trace:format_line(Msg, Modifier) takes dbg's Modifier ("" or "t",
 * or the encoding latin1 | unicode | utf8) and returns the text as a UTF-8
 * binary (<<>> when dbg writes nothing), or raises what dbg's handler
 * raises (badarg, {case_clause, Msg}). Printable range: latin1. */
const bif_entry *fmt_traceline_bifs(size_t *n);

/* ---- exceptions as erl's shell prints them (format/exception.c) ----------
 * This section is format/exception.c's. fmt_exception borrows its terms
 * (reads, never keeps them) and never runs a GC; besides out it allocates
 * only a scratch buffer it frees, and it may intern the atoms 'a' to
 * 'aaaaaaa' (as erl_error does). Thread-safe on distinct buffers. */

#define FMT_EXCEPTION_TRIM_MAX 4

/* What the shell's text depends on besides the exception. */
typedef struct fmt_exception_opts {
    const char *tag;   /* severity tag the text starts with: "** " (the
                          shell's serious, default), "* " (benign: with
                          catch_exception), "*** "; its width indents */
    int line_length;   /* io:columns/0 of the terminal; 80 without one */
    int depth;         /* ~P depth of terms: 30 (the shell's LINEMAX) */
    bool unicode;      /* the io device's encoding is unicode (a UTF-8
                          terminal: ~tp, atoms unescaped); false: latin1 */
    bool unicode_range; /* io:printable_range() is unicode (erl +pc unicode) */
    term_t trim[FMT_EXCEPTION_TRIM_MAX]; /* modules whose frames at the end
                          of the stack are not shown (erl: erl_eval, shell);
                          0 for unused slots */
    term_t interpreted; /* funs of this module print as "interpreted
                          function with arity N" (erl: erl_eval); NIL */
    term_t error_map;  /* what Module:format_error(Reason, Stack) returned
                          for the first frame's error_info (#{1 => Text,
                          general => Text, reason => Text}); THE_NON_VALUE:
                          derived here for erl_erts_errors (a subset of the
                          erlang BIFs), none for other modules */
} fmt_exception_opts;
/* Defaults: "** ", 80 columns, depth 30, unicode, latin1 range, nothing
 * trimmed, no interpreted module, error map derived. */
void fmt_exception_opts_init(fmt_exception_opts *o);

/* Appends erl's shell text for an exception of class `cls` (the atom
 * error, exit or throw) with `reason` and `stack` (OTP's shape [{M, F,
 * ArityOrArgs, Location}]; any other term is shown as {Reason, Stack}),
 * as shell:report_exception prints it without the prompt: tag, "exception
 * error: " and the reason explained (erl_error:explain_reason), then a line
 * per stack frame ("in function  m:f/1 (m.erl, line 3)", "in call from",
 * "called as" and "*** argument 1: ..." lines), ending with a newline.
 * FMT_BADARG, writing nothing, when cls is none of the three. */
fmt_result fmt_exception(fmt_buf *out, term_t cls, term_t reason, term_t stack, const fmt_exception_opts *opts);

/* Registers dbgsh_out:format_exception/3,4 with the VM (call before
 * vm_start): format_exception(Class, Reason, Stack) is the text above for
 * the default options, as a UTF-8 binary; format_exception(Class, Reason,
 * Stack, Opts) takes a map of options: line_length => N, depth => N,
 * encoding => latin1 | unicode, printable_range => latin1 | unicode, trim
 * => [Module], interpreted => Module, error_map => Map, tag => Chars.
 * badarg for another class or a bad option. */
void fmt_exception_register(void);

#endif
