/* offline.c: `dbgsh --format`: reads dbg trace-port files with dbgcore's
 * trace log reader, formats every message with format/'s copy of dbg's
 * default handler, keeps the events a PCRE2 pattern selects, and writes the
 * text as erl -noshell's latin1 `user` device would. One record at a time:
 * the term heap is reset per record and the output flushed every 256 KiB. */
#include "shell/offline.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <errno.h>
#include <pcre2.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>

#include "dbgcore/dbgcore.h"
#include "format/format.h"
#include "vm/vm.h"

/* Output is written when this much is pending. */
#define FLUSH_BYTES (256u * 1024u)
/* The longest message text quoted in an error line. */
#define QUOTE_MAX 300

typedef struct run {
    FILE *err;
    FILE *out;
    const char *out_name; /* for messages */
    bool out_failed;
    fmt_buf text;         /* output not yet written: latin1 text, or UTF-8 JSON */
    fmt_buf scratch;      /* error quotes */
    heap_t heap;          /* the current record's term, reset per record */
    pcre2_code *re;
    pcre2_match_data *md;
    bool invert;
    bool json;
    fmt_trace_opts topts;
    term_t atom_drop;
} run;

/* ---- output ------------------------------------------------------------- */

/* Writes the pending text through to the file (so that an error line
 * written next comes after it); false (after one error line) when the
 * output failed, now or before. */
static bool flush_text(run *r)
{
    if (r->out_failed)
        return false;
    if ((r->text.len && fwrite(r->text.data, 1, r->text.len, r->out) != r->text.len) || fflush(r->out) != 0) {
        fprintf(r->err, "dbgsh: %s: write failed: %s\n", r->out_name, strerror(errno));
        r->out_failed = true;
    }
    fmt_buf_reset(&r->text);
    return !r->out_failed;
}

/* ---- the filter ------------------------------------------------------------ */

static bool compile_filter(run *r, const char *pattern)
{
    int code;
    PCRE2_SIZE at;
    r->re = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, PCRE2_UTF | PCRE2_MULTILINE, &code, &at,
                          NULL);
    if (!r->re) {
        PCRE2_UCHAR why[256];
        pcre2_get_error_message(code, why, sizeof why);
        fprintf(r->err, "dbgsh: --grep: bad regex at offset %zu: %s\n", (size_t)at, (const char *)why);
        return false;
    }
    pcre2_jit_compile(r->re, PCRE2_JIT_COMPLETE); /* no JIT on this CPU: the interpreter */
    r->md = pcre2_match_data_create_from_pattern(r->re, NULL);
    return true;
}

/* Whether the event text s[0..n) (its last newline excluded) is kept: 1
 * yes, 0 no, a negative PCRE2 error code when matching failed. */
static int keep_event(run *r, const char *s, size_t n)
{
    if (!r->re)
        return 1;
    int rc = pcre2_match(r->re, (PCRE2_SPTR)s, n, 0, 0, r->md, NULL);
    if (rc == PCRE2_ERROR_NOMATCH)
        return r->invert;
    if (rc < 0)
        return rc;
    return !r->invert;
}

/* ---- one input ---------------------------------------------------------------- */

/* An error line for a record the formatting stopped at, after the text
 * before it. */
static void report_record(run *r, tlog_reader *rd, const tlog_record *rec, const char *what, term_t quote)
{
    flush_text(r);
    const char *file = tlog_reader_file_name(rd, rec->file_index);
    fmt_buf_reset(&r->scratch);
    if (quote != THE_NON_VALUE)
        fmt_write(&r->scratch, quote, 12, true);
    bool cut = r->scratch.len > QUOTE_MAX;
    if (cut) { /* cut at a character boundary */
        size_t k = QUOTE_MAX;
        while (k > 0 && ((unsigned char)r->scratch.data[k] & 0xC0) == 0x80)
            k--;
        r->scratch.len = k;
        r->scratch.data[k] = '\0';
    }
    fprintf(r->err, "dbgsh: %s: offset %llu: %s%s%s%s\n", file ? file : "?", (unsigned long long)rec->offset,
            what, r->scratch.len ? ": " : "", r->scratch.data ? r->scratch.data : "", cut ? " ..." : "");
}

/* Formats one record onto the pending text. False after an error line. */
static bool format_record(run *r, tlog_reader *rd, const tlog_record *rec)
{
    term_t msg = rec->term;
    if (rec->kind == TLOG_DROP) { /* trace_client hands {drop, N} to the handler */
        term_t e[2] = {r->atom_drop, term_small((int64_t)rec->dropped)};
        msg = term_tuple(&r->heap, 2, e);
    }
    size_t start = r->text.len;
    switch (fmt_trace_line(&r->text, msg, &r->topts)) {
    case FMT_TRACE_OK:
        break;
    case FMT_TRACE_BADARG:
        report_record(r, rd, rec, "dbg's default handler fails on this message with badarg", msg);
        return false;
    case FMT_TRACE_CASE_CLAUSE:
        report_record(r, rd, rec, "dbg's default handler fails on this message with case_clause", msg);
        return false;
    }
    size_t n = r->text.len - start;
    if (n == 0) /* a message dbg ignores */
        return true;
    char *s = r->text.data + start;
    int keep = keep_event(r, s, n - 1);
    if (keep < 0) {
        PCRE2_UCHAR why[256];
        pcre2_get_error_message(keep, why, sizeof why);
        r->text.len = start;
        r->text.data[start] = '\0';
        char what[300];
        snprintf(what, sizeof what, "--grep: matching failed: %s", (const char *)why);
        report_record(r, rd, rec, what, THE_NON_VALUE);
        return false;
    }
    if (!keep) {
        r->text.len = start;
    } else if (r->json) { /* UTF-8, as JSON is */
        r->text.len = start;
        fmt_trace_json(&r->text, msg, &r->topts);
    } else {
        r->text.len = start + fmt_utf8_to_latin1(s, n);
    }
    r->text.data[r->text.len] = '\0';
    if (r->text.len >= FLUSH_BYTES && !flush_text(r))
        return false;
    return true;
}

/* Reads one input to its end. False when it could not be read to the end
 * (its error line written), or when the output failed. */
static bool format_input(run *r, const offline_input *in)
{
    tlog_reader *rd = NULL;
    tlog_error err;
    tlog_result res;
    if (in->kind == OFFLINE_WRAP) {
        size_t nfiles;
        uint32_t count = tlog_wrap_count(in->path, in->suffix, &nfiles);
        if (nfiles == 0) {
            flush_text(r);
            fprintf(r->err, "dbgsh: %s<N>%s: no file of the wrap set\n", in->path, in->suffix);
            return false;
        }
        res = tlog_reader_open_wrap(&rd, in->path, in->suffix, count, &err);
    } else {
        res = tlog_reader_open(&rd, in->path, &err);
    }
    if (res != TLOG_OK) {
        flush_text(r);
        fprintf(r->err, "dbgsh: %s\n", err.msg);
        return false;
    }
    tlog_record rec;
    bool ok = true;
    for (;;) {
        heap_reset(&r->heap);
        res = tlog_reader_next(rd, &r->heap, &rec, &err);
        if (res != TLOG_OK)
            break;
        if (!format_record(r, rd, &rec)) {
            ok = false;
            break;
        }
    }
    if (ok && res != TLOG_EOF) {
        ok = false;
        if (flush_text(r)) /* what was readable first, then the line */
            fprintf(r->err, "dbgsh: %s\n", err.msg);
    }
    heap_reset(&r->heap);
    tlog_reader_free(rd);
    return ok;
}

/* ---- the command ------------------------------------------------------------------ */

/* Refuses an output file that is one of the plain input files (opening it
 * would truncate the trace before it is read). */
static bool output_is_input(const offline_opts *o, FILE *err)
{
    struct stat so, si;
    if (stat(o->out, &so) != 0)
        return false;
    for (size_t i = 0; i < o->ninputs; i++) {
        if (o->inputs[i].kind == OFFLINE_FILE && stat(o->inputs[i].path, &si) == 0 && si.st_dev == so.st_dev &&
            si.st_ino == so.st_ino) {
            fprintf(err, "dbgsh: -o %s: is an input file\n", o->out);
            return true;
        }
    }
    return false;
}

int offline_format(const offline_opts *o, FILE *err)
{
    run r = {.err = err,
             .invert = o->invert,
             .json = o->json,
             .topts = {.unicode = false, .unicode_range = false, .iso_clock = o->iso_clock}};
    if (o->grep && !compile_filter(&r, o->grep))
        return OFFLINE_EXIT_USAGE;
    int status = OFFLINE_EXIT_OK;
    if (o->out) {
        if (output_is_input(o, err)) {
            status = OFFLINE_EXIT_USAGE;
            goto cleanup;
        }
        r.out = fopen(o->out, "w");
        if (!r.out) {
            fprintf(err, "dbgsh: -o %s: cannot create: %s\n", o->out, strerror(errno));
            status = OFFLINE_EXIT_USAGE;
            goto cleanup;
        }
        r.out_name = o->out;
    } else {
        r.out = stdout;
        r.out_name = "standard output";
    }
    r.atom_drop = atom_from_cstr("drop");
    fmt_buf_init(&r.text);
    fmt_buf_init(&r.scratch);
    heap_init(&r.heap, ALLOC_HEAP);
    for (size_t i = 0; i < o->ninputs && !r.out_failed; i++)
        if (!format_input(&r, &o->inputs[i]))
            status = OFFLINE_EXIT_BROKEN;
    flush_text(&r);
    if (r.out == stdout ? fflush(stdout) != 0 : fclose(r.out) != 0) {
        if (!r.out_failed)
            fprintf(err, "dbgsh: %s: write failed: %s\n", r.out_name, strerror(errno));
        r.out_failed = true;
    }
    if (r.out_failed)
        status = OFFLINE_EXIT_BROKEN;
    heap_destroy(&r.heap);
    fmt_buf_free(&r.text);
    fmt_buf_free(&r.scratch);
cleanup:
    pcre2_match_data_free(r.md);
    pcre2_code_free(r.re);
    return status;
}
