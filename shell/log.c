/* log.c: the shell's trace logs. Binary logs are dbgcore's tlog writer (a
 * plain file or a wrap set Name ++ Seq ++ ""); text logs are the shell's
 * printed text through one bounded buffer, with the same file names and the
 * same rotation rule as tlog's wrap sets. The caller serialises every call. */
#include "shell/log.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <string.h>
#include <unistd.h>

#include "dbgcore/dbgcore.h"

/* The longest --rotate value quoted in an error line. */
#define QUOTE_MAX 64

struct shell_log {
    bool binary;
    uint64_t size;   /* rotation size; 0: one file */
    uint32_t count;  /* wrap set: files at most */
    char *path;      /* as given */
    char *name;      /* absolute: the file, or the wrap set's Name */
    tlog_writer *tw; /* binary logs */
    /* text logs */
    int fd;         /* -1 once closed or after a failed rotation */
    char *buf;      /* SHELL_LOG_BUFFER_BYTES */
    size_t pos;     /* bytes buffered */
    uint64_t len;   /* bytes in the current file */
    char *cur_path; /* the current file (name_cap bytes) */
    char *del_path; /* scratch: the file to delete at a rotation */
    size_t name_cap;
    uint32_t cur, del;  /* sequence numbers of the current and oldest file */
    uint32_t countdown; /* rotations left before the oldest is deleted */
    uint64_t files;     /* files opened */
    uint64_t bytes;     /* bytes accepted, all files */
    uint64_t lost;      /* calls refused after the failure */
    /* both */
    uint64_t events;   /* events written */
    uint64_t drops;    /* dropped events recorded */
    uint64_t rejected; /* binary logs: bytes that were no term_to_binary output */
    bool failed, reported;
    char error[600]; /* "log: FILE: write failed: ..." */
};

/* ---- small helpers ------------------------------------------------------ */

__attribute__((format(printf, 3, 4))) static void put_error(char *err, size_t errcap, const char *fmt, ...)
{
    if (!err || errcap == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errcap, fmt, ap);
    va_end(ap);
}

/* The absolute form of path (the current directory in front of a relative
 * one; the path itself when the directory is unknown), allocated. */
static char *make_absolute(const char *path)
{
    char cwd[PATH_MAX];
    if (path[0] == '/' || !getcwd(cwd, sizeof cwd))
        return alloc_strdup(ALLOC_SHELL, path);
    size_t a = strlen(cwd), b = strlen(path);
    bool slash = a > 0 && cwd[a - 1] == '/';
    char *p = alloc_new(ALLOC_SHELL, a + !slash + b + 1);
    memcpy(p, cwd, a);
    if (!slash)
        p[a++] = '/';
    memcpy(p + a, path, b + 1);
    return p;
}

static int create_file(const char *path)
{
    int fd;
    do
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    while (fd < 0 && errno == EINTR);
    return fd;
}

static void free_log(shell_log *l)
{
    alloc_strfree(ALLOC_SHELL, l->path);
    alloc_strfree(ALLOC_SHELL, l->name);
    if (l->buf)
        alloc_free(ALLOC_TRACE_BUF, l->buf, SHELL_LOG_BUFFER_BYTES);
    if (l->cur_path)
        alloc_free(ALLOC_SHELL, l->cur_path, l->name_cap);
    if (l->del_path)
        alloc_free(ALLOC_SHELL, l->del_path, l->name_cap);
    alloc_free(ALLOC_SHELL, l, sizeof *l);
}

/* ---- --rotate ------------------------------------------------------------- */

/* Reads the decimal number s[0..n) (one digit at least, no sign), false
 * when it is no such number or passes `max`. */
static bool read_number(const char *s, size_t n, uint64_t max, uint64_t *out)
{
    if (n == 0)
        return false;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        unsigned d = (unsigned)(s[i] - '0');
        if (v > (max - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

/* Whether s[0..n) is digits only (one at least). */
static bool is_digits(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return n > 0;
}

bool shell_log_parse_rotate(const char *s, size_t len, shell_log_opts *o, char *err, size_t errcap)
{
    const int q = len > QUOTE_MAX ? QUOTE_MAX : (int)len; /* the value, as quoted */
    const char *more = len > QUOTE_MAX ? "..." : "";
    if (len == 0) {
        put_error(err, errcap, "log: --rotate needs SIZE[,COUNT], e.g. --rotate 1M,4");
        return false;
    }
    const char *comma = memchr(s, ',', len);
    size_t slen = comma ? (size_t)(comma - s) : len;
    if (slen == 0) {
        put_error(err, errcap, "log: --rotate %.*s%s: no size before ','", q, s, more);
        return false;
    }
    /* SIZE: digits, then at most one of k, M, G */
    size_t digits = slen;
    uint64_t unit = 1;
    switch (s[slen - 1]) {
    case 'k':
    case 'K':
        unit = 1024u;
        digits--;
        break;
    case 'm':
    case 'M':
        unit = 1024u * 1024u;
        digits--;
        break;
    case 'g':
    case 'G':
        unit = 1024u * 1024u * 1024u;
        digits--;
        break;
    default:
        break;
    }
    uint64_t size;
    if (!is_digits(s, digits)) {
        int sq = slen > QUOTE_MAX ? QUOTE_MAX : (int)slen;
        put_error(err, errcap,
                  "log: --rotate %.*s%s: bad size '%.*s%s': a number of bytes, with k, M or G after it", q, s,
                  more, sq, s, slen > QUOTE_MAX ? "..." : "");
        return false;
    }
    if (!read_number(s, digits, UINT32_MAX, &size) || size > UINT32_MAX / unit) {
        put_error(err, errcap, "log: --rotate %.*s%s: the size must be less than 4G (4294967296 bytes)", q, s,
                  more);
        return false;
    }
    size *= unit;
    if (size == 0) {
        put_error(err, errcap, "log: --rotate %.*s%s: the size must be 1 byte or more", q, s, more);
        return false;
    }
    uint64_t count = SHELL_LOG_DEFAULT_COUNT;
    if (comma) {
        const char *c = comma + 1;
        size_t clen = len - slen - 1;
        if (clen == 0) {
            put_error(err, errcap, "log: --rotate %.*s%s: no count after ','", q, s, more);
            return false;
        }
        if (!is_digits(c, clen)) {
            int cq = clen > QUOTE_MAX ? QUOTE_MAX : (int)clen;
            put_error(err, errcap, "log: --rotate %.*s%s: bad count '%.*s%s': a number of files", q, s, more,
                      cq, c, clen > QUOTE_MAX ? "..." : "");
            return false;
        }
        if (!read_number(c, clen, UINT32_MAX, &count)) {
            put_error(err, errcap, "log: --rotate %.*s%s: the count must be at most 4294967295", q, s, more);
            return false;
        }
        if (count == 0) {
            put_error(err, errcap, "log: --rotate %.*s%s: the count must be 1 or more", q, s, more);
            return false;
        }
    }
    o->rotate_size = size;
    o->rotate_count = (unsigned)count;
    return true;
}

/* ---- failures ------------------------------------------------------------ */

/* The log stops at its first I/O error: keep the line, drop the buffer. */
static bool fail_text(shell_log *l, const char *what, int e)
{
    snprintf(l->error, sizeof l->error, "log: %s: %s failed: %s", l->cur_path ? l->cur_path : l->name, what,
             strerror(e));
    l->failed = true;
    l->pos = 0;
    return false;
}

/* After a tlog call: true for TLOG_OK; the first TLOG_IO stops the log. */
static bool check_tlog(shell_log *l, tlog_result r, const tlog_error *e)
{
    if (r == TLOG_OK)
        return true;
    if (r == TLOG_IO && !l->failed) {
        snprintf(l->error, sizeof l->error, "log: %s", e->msg);
        l->failed = true;
    }
    return false;
}

/* ---- text logs -------------------------------------------------------------- */

static void make_wrap_name(const shell_log *l, uint32_t seq, char *out)
{
    snprintf(out, l->name_cap, "%s%u", l->name, (unsigned)seq);
}

static bool flush_text(shell_log *l)
{
    if (l->pos == 0)
        return true;
    if (tlog_write_all(l->fd, l->buf, l->pos) < 0)
        return fail_text(l, "write", errno);
    l->pos = 0;
    return true;
}

/* tlog's wrap rotation (docs/internals/trace-logs.md): flush and close the
 * current file; once `count` files exist, delete the oldest; open the next
 * name (after Count comes 0). */
static bool rotate_text(shell_log *l)
{
    if (!flush_text(l))
        return false;
    int rc = close(l->fd);
    l->fd = -1;
    if (rc < 0 && errno != EINTR)
        return fail_text(l, "close", errno);
    l->len = 0;
    if (l->countdown > 0)
        l->countdown--;
    if (l->countdown == 0) {
        make_wrap_name(l, l->del, l->del_path);
        unlink(l->del_path); /* a file already gone is fine */
        l->del = l->del >= l->count ? 0 : l->del + 1;
    }
    l->cur = l->cur >= l->count ? 0 : l->cur + 1;
    make_wrap_name(l, l->cur, l->cur_path);
    l->fd = create_file(l->cur_path);
    if (l->fd < 0)
        return fail_text(l, "open", errno);
    l->files++;
    return true;
}

/* Appends one event's bytes; a rotation follows the one that brings the
 * file to the size. */
static bool put_text(shell_log *l, const char *s, size_t n)
{
    if (l->failed) {
        l->lost++;
        return false;
    }
    if (n > SHELL_LOG_BUFFER_BYTES - l->pos && !flush_text(l))
        return false;
    if (n >= SHELL_LOG_BUFFER_BYTES) {
        if (tlog_write_all(l->fd, s, n) < 0)
            return fail_text(l, "write", errno);
    } else {
        memcpy(l->buf + l->pos, s, n);
        l->pos += n;
    }
    l->len += n;
    l->bytes += n;
    if (l->size && l->len >= l->size)
        return rotate_text(l);
    return true;
}

static shell_log *open_text(shell_log *l, char *err, size_t errcap)
{
    if (l->size) {
        tlog_delete_wrap_set(l->name, ""); /* an earlier set's files */
        l->name_cap = strlen(l->name) + 11; /* up to 10 digits */
        l->cur_path = alloc_new(ALLOC_SHELL, l->name_cap);
        l->del_path = alloc_new(ALLOC_SHELL, l->name_cap);
        make_wrap_name(l, 0, l->cur_path);
        l->countdown = l->count;
    }
    l->fd = create_file(l->cur_path ? l->cur_path : l->name);
    if (l->fd < 0) {
        put_error(err, errcap, "log: cannot open %s%s: %s", l->path, l->size ? "0" : "", strerror(errno));
        free_log(l);
        return NULL;
    }
    l->files = 1;
    l->buf = alloc_new(ALLOC_TRACE_BUF, SHELL_LOG_BUFFER_BYTES);
    return l;
}

/* ---- the log ------------------------------------------------------------------ */

shell_log *shell_log_open(const char *path, const shell_log_opts *o, char *err, size_t errcap)
{
    if (!path || !*path) {
        put_error(err, errcap, "log: no file name");
        return NULL;
    }
    if (o->rotate_size > UINT32_MAX) {
        put_error(err, errcap, "log: --rotate: the size must be less than 4G (4294967296 bytes)");
        return NULL;
    }
    shell_log *l = alloc_zeroed(ALLOC_SHELL, sizeof *l);
    l->binary = o->binary;
    l->size = o->rotate_size;
    l->count = o->rotate_count ? o->rotate_count : SHELL_LOG_DEFAULT_COUNT;
    l->path = alloc_strdup(ALLOC_SHELL, path);
    l->name = make_absolute(path);
    l->fd = -1;
    if (!l->binary)
        return open_text(l, err, errcap);

    tlog_error te;
    tlog_result r;
    if (l->size) {
        tlog_wrap wrap = {.size = (uint32_t)l->size, .count = l->count, .time_ms = 0};
        r = tlog_writer_open_wrap(&l->tw, l->name, "", &wrap, &te);
    } else {
        r = tlog_writer_open(&l->tw, l->name, &te);
    }
    if (r != TLOG_OK) {
        if (r == TLOG_IO)
            put_error(err, errcap, "log: cannot open %s%s: %s", l->path, l->size ? "0" : "",
                      strerror(te.sys_errno));
        else
            put_error(err, errcap, "log: cannot open %s: %s", l->path, te.msg);
        free_log(l);
        return NULL;
    }
    tlog_writer_serialized(l->tw); /* the caller serialises */
    return l;
}

bool shell_log_write(shell_log *l, const uint8_t *etf, size_t etf_len, const char *text, size_t text_len)
{
    if (!l->binary) {
        if (text_len == 0) {
            if (l->failed)
                l->lost++;
            return !l->failed;
        }
        if (!put_text(l, text, text_len))
            return false;
        l->events++;
        return true;
    }
    if (!etf) {
        l->rejected++;
        return false;
    }
    tlog_error te;
    tlog_result r = tlog_writer_append_etf(l->tw, etf, etf_len, &te);
    if (r == TLOG_BADARG || r == TLOG_TOO_LARGE) {
        l->rejected++;
        return false;
    }
    if (!check_tlog(l, r, &te))
        return false;
    l->events++;
    return true;
}

bool shell_log_dropped(shell_log *l, uint64_t n)
{
    if (n == 0)
        return !l->failed;
    if (l->binary) {
        tlog_error te;
        if (!check_tlog(l, tlog_writer_drop(l->tw, n, &te), &te))
            return false;
        l->drops += n;
        return true;
    }
    /* dbg's default handler on {drop, N}; one line per drop record, as a
     * binary log of the same events reads */
    while (n > 0) {
        uint32_t k = n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
        char line[64];
        int len = snprintf(line, sizeof line, "*** Dropped %u messages.\n", (unsigned)k);
        if (!put_text(l, line, (size_t)len))
            return false;
        l->drops += k;
        n -= k;
    }
    return true;
}

bool shell_log_flush(shell_log *l)
{
    if (l->binary) {
        tlog_error te;
        return check_tlog(l, tlog_writer_flush(l->tw, &te), &te);
    }
    return !l->failed && flush_text(l);
}

bool shell_log_error(shell_log *l, char *err, size_t errcap)
{
    if (!l->failed || l->reported)
        return false;
    l->reported = true;
    put_error(err, errcap, "%s", l->error);
    return true;
}

const char *shell_log_path(shell_log *l) { return l->path; }

/* Figures common to both kinds. */
typedef struct log_figures {
    uint64_t bytes, lost, files;
} log_figures;

static void get_figures(shell_log *l, log_figures *f)
{
    if (l->binary) {
        tlog_stats st;
        tlog_writer_stats(l->tw, &st);
        f->bytes = st.bytes;
        f->lost = st.lost;
        f->files = st.files;
    } else {
        f->bytes = l->bytes;
        f->lost = l->lost;
        f->files = l->files;
    }
}

void shell_log_describe(shell_log *l, FILE *out)
{
    log_figures f;
    get_figures(l, &f);
    fprintf(out, "%s: %s", l->path, l->binary ? "binary" : "text");
    if (l->size) {
        /* the current file: opened `files` times over Count + 1 names */
        uint64_t seq = f.files ? (f.files - 1) % ((uint64_t)l->count + 1) : 0;
        fprintf(out, ", rotate %llu bytes x %u files (now %s%llu)", (unsigned long long)l->size,
                (unsigned)l->count, l->path, (unsigned long long)seq);
    }
    fprintf(out, ", %llu event%s", (unsigned long long)l->events, l->events == 1 ? "" : "s");
    if (l->drops)
        fprintf(out, ", %llu dropped", (unsigned long long)l->drops);
    fprintf(out, ", %llu byte%s", (unsigned long long)f.bytes, f.bytes == 1 ? "" : "s");
    if (l->rejected)
        fprintf(out, ", %llu not term_to_binary bytes", (unsigned long long)l->rejected);
    if (l->failed)
        fprintf(out, "; stopped: %s, %llu later event%s not written", l->error + strlen("log: "),
                (unsigned long long)f.lost, f.lost == 1 ? "" : "s");
    fputc('\n', out);
}

/* Appends s[0..n) to buf at *at (cap bytes in all, NUL kept), cutting. */
static void append(char *buf, size_t cap, size_t *at, const char *s, size_t n)
{
    if (*at + 1 >= cap)
        return;
    size_t room = cap - 1 - *at;
    if (n > room)
        n = room;
    memcpy(buf + *at, s, n);
    *at += n;
    buf[*at] = '\0';
}

void shell_log_command(shell_log *l, char *buf, size_t cap)
{
    if (cap == 0)
        return;
    buf[0] = '\0';
    size_t at = 0;
    append(buf, cap, &at, "log ", 4);
    const char *p = l->path;
    bool dot = p[0] == '-' || strcmp(p, "off") == 0; /* an option, or `log off` */
    bool quote = false;
    for (const char *c = p; *c; c++)
        if ((unsigned char)*c <= ' ' || *c == '"' || *c == '\'' || *c == '\\' || *c == 0x7f)
            quote = true;
    if (quote)
        append(buf, cap, &at, "\"", 1);
    if (dot)
        append(buf, cap, &at, "./", 2);
    for (const char *c = p; *c; c++) {
        if (quote && (*c == '"' || *c == '\\'))
            append(buf, cap, &at, "\\", 1);
        append(buf, cap, &at, c, 1);
    }
    if (quote)
        append(buf, cap, &at, "\"", 1);
    if (l->binary)
        append(buf, cap, &at, " --binary", 9);
    if (l->size) {
        char r[64];
        int n = snprintf(r, sizeof r, " --rotate %llu,%u", (unsigned long long)l->size, (unsigned)l->count);
        append(buf, cap, &at, r, (size_t)n);
    }
}

/* The line of a close after a failure: the error, and how many events
 * were refused after it. */
static void report_close(const shell_log *l, uint64_t lost, char *err, size_t errcap)
{
    if (lost)
        put_error(err, errcap, "%s (%llu later event%s not written)", l->error, (unsigned long long)lost,
                  lost == 1 ? "" : "s");
    else
        put_error(err, errcap, "%s", l->error);
}

bool shell_log_close(shell_log *l, char *err, size_t errcap)
{
    if (!l)
        return true;
    bool ok;
    if (l->binary) {
        tlog_stats st;
        tlog_writer_stats(l->tw, &st);
        tlog_error te;
        tlog_result r = tlog_writer_close(l->tw, &te);
        l->tw = NULL;
        if (r == TLOG_IO && !l->failed) { /* the final flush or close */
            snprintf(l->error, sizeof l->error, "log: %s", te.msg);
            l->failed = true;
        }
        ok = !l->failed;
        if (!ok)
            report_close(l, st.lost, err, errcap);
    } else {
        if (!l->failed)
            flush_text(l);
        if (l->fd >= 0) {
            int rc = close(l->fd);
            l->fd = -1;
            if (rc < 0 && errno != EINTR && !l->failed)
                fail_text(l, "close", errno);
        }
        ok = !l->failed;
        if (!ok)
            report_close(l, l->lost, err, errcap);
    }
    free_log(l);
    return ok;
}
