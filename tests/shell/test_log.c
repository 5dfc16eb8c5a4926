/* test_log.c: tests of shell/log.c, the shell's trace logs: text logs,
 * binary logs read back with dbgcore's tlog reader, rotation of both kinds,
 * --rotate values, open and write errors, drop records, describe/command.
 * Expected bytes, sizes and texts come from OTP 25's erl (see each comment).
 * The suite log_erl writes the files tests/shell/log_erl.sh gives to erl. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dbgcore/dbgcore.h"
#include "format/format.h"
#include "shell/log.h"
#include "tests/lib/terms.h"

static heap_t h;
static char dir[64];

static void remove_dir(const char *path)
{
    DIR *d = opendir(path);
    if (d) {
        struct dirent *e;
        char p[512];
        while ((e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.')
                continue;
            snprintf(p, sizeof p, "%s/%s", path, e->d_name);
            if (unlink(p) != 0)
                remove_dir(p); /* a subdirectory, one level deep */
        }
        closedir(d);
    }
    rmdir(path);
}

static void setup(void)
{
    atom_table_init();
    heap_init(&h, ALLOC_TEMP);
    strcpy(dir, "/tmp/shell-log-test.XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
}
static void teardown(void)
{
    heap_destroy(&h);
    remove_dir(dir);
}
TestSuite(log, .init = setup, .fini = teardown);

#define A(s) atom_from_cstr(s)
#define I(v) term_small(v)
#define T(...) tb_tuple(&h, __VA_ARGS__)

static const char *in_dir(const char *name)
{
    static char buf[8][256];
    static int k;
    char *p = buf[k++ & 7];
    snprintf(p, 256, "%s/%s", dir, name);
    return p;
}

/* The whole file, NUL-terminated, in a malloc'ed buffer; its size in *n. */
static char *read_whole(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *p = malloc((size_t)len + 1);
    cr_assert_eq(fread(p, 1, (size_t)len, f), (size_t)len);
    fclose(f);
    p[len] = '\0';
    *n = (size_t)len;
    return p;
}

static long file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

static void write_file(const char *path, const char *s)
{
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    fputs(s, f);
    fclose(f);
}

/* term_to_binary(t), malloc'ed; its size in *n. */
static uint8_t *encode(term_t t, size_t *n)
{
    ext_error xe;
    cr_assert_eq(ext_size(t, n, &xe), EXT_OK);
    uint8_t *p = malloc(*n);
    cr_assert_eq(ext_encode(t, p), *n);
    return p;
}

/* What dbg's default handler prints for t on erl -noshell's latin1 user
 * device, into b (reset first). */
static void trace_text(fmt_buf *b, term_t t)
{
    fmt_trace_opts o = {.unicode = false, .unicode_range = false};
    fmt_buf_reset(b);
    cr_assert_eq(fmt_trace_line(b, t, &o), FMT_TRACE_OK);
}

/* Logs event t: its bytes and its text. */
static bool log_term(shell_log *l, term_t t)
{
    size_t n;
    uint8_t *etf = encode(t, &n);
    fmt_buf b;
    fmt_buf_init(&b);
    trace_text(&b, t);
    bool ok = shell_log_write(l, etf, n, b.data, b.len);
    fmt_buf_free(&b);
    free(etf);
    return ok;
}

static shell_log *open_ok(const char *path, bool binary, uint64_t size, unsigned count)
{
    shell_log_opts o = {.binary = binary, .rotate_size = size, .rotate_count = count};
    char err[256] = "";
    shell_log *l = shell_log_open(path, &o, err, sizeof err);
    cr_assert_not_null(l, "%s", err);
    return l;
}

static void close_ok(shell_log *l)
{
    char err[256] = "";
    cr_assert(shell_log_close(l, err, sizeof err), "%s", err);
}

/* shell_log_describe's line. */
static char *describe(shell_log *l)
{
    char *s = NULL;
    size_t n;
    FILE *f = open_memstream(&s, &n);
    shell_log_describe(l, f);
    fclose(f);
    return s;
}

/* {trace, <0.80.0>, call, {tw, f, [I]}}: 62 bytes of term, 67 with the
 * record header (erl, for 1 <= I <= 255: see tests/dbgcore/test_tlog.c). */
static term_t tw_call(int i)
{
    term_t arg = I(i);
    return T(4, A("trace"), term_local_pid(80, 0), A("call"),
             T(3, A("tw"), A("f"), term_list_from(&h, &arg, 1, NIL)));
}

/* A text event of exactly 67 bytes, numbered i (1..99), so that a text
 * log rotates as a binary log of tw_call events does. */
static const char *text67(int i)
{
    static char buf[4][80];
    static int k;
    char *p = buf[k++ & 3];
    int n = snprintf(p, 80, "(<0.80.0>) call tw:f(%02d) ", i);
    memset(p + n, 'x', (size_t)(66 - n));
    p[66] = '\n';
    p[67] = '\0';
    return p;
}

/* ---- --rotate ------------------------------------------------------------------ */

static void rotate_ok(const char *s, uint64_t size, unsigned count)
{
    shell_log_opts o = {.rotate_size = 7, .rotate_count = 7};
    char err[256] = "";
    cr_assert(shell_log_parse_rotate(s, strlen(s), &o, err, sizeof err), "%s: %s", s, err);
    cr_assert_eq(o.rotate_size, size, "%s: size %llu", s, (unsigned long long)o.rotate_size);
    cr_assert_eq(o.rotate_count, count, "%s: count %u", s, o.rotate_count);
}

static void rotate_fails(const char *s, const char *msg)
{
    shell_log_opts o = {.rotate_size = 7, .rotate_count = 7};
    char err[256] = "";
    cr_assert_not(shell_log_parse_rotate(s, strlen(s), &o, err, sizeof err), "%s parsed", s);
    cr_assert_str_eq(err, msg);
    cr_assert_eq(o.rotate_size, 7); /* untouched */
    cr_assert_eq(o.rotate_count, 7);
}

/* Sizes as the help says, 1024-based; dbg's ranges (size and count below
 * 2^32, dbg:trace_port's guard), count 8 by default as dbg's. */
Test(log, rotate_values)
{
    rotate_ok("1", 1, 8);
    rotate_ok("1M", 1048576, 8);
    rotate_ok("1m,4", 1048576, 4);
    rotate_ok("128k", 131072, 8);
    rotate_ok("2K,1", 2048, 1);
    rotate_ok("3G,2", 3221225472u, 2);
    rotate_ok("4294967295,4294967295", 4294967295u, 4294967295u);
    rotate_ok("4095M", 4293918720u, 8);
    /* the value is s[0..len), not up to a NUL */
    shell_log_opts o = {0};
    char err[256];
    cr_assert(shell_log_parse_rotate("1M,4 --binary", 4, &o, err, sizeof err));
    cr_assert_eq(o.rotate_size, 1048576);
    cr_assert_eq(o.rotate_count, 4);
}

Test(log, rotate_errors)
{
    rotate_fails("0", "log: --rotate 0: the size must be 1 byte or more");
    rotate_fails("0k,2", "log: --rotate 0k,2: the size must be 1 byte or more");
    rotate_fails("1X", "log: --rotate 1X: bad size '1X': a number of bytes, with k, M or G after it");
    rotate_fails("1M,0", "log: --rotate 1M,0: the count must be 1 or more");
    rotate_fails("", "log: --rotate needs SIZE[,COUNT], e.g. --rotate 1M,4");
    rotate_fails(",3", "log: --rotate ,3: no size before ','");
    rotate_fails("1M,", "log: --rotate 1M,: no count after ','");
    rotate_fails("1M,x", "log: --rotate 1M,x: bad count 'x': a number of files");
    rotate_fails("1M,2,3", "log: --rotate 1M,2,3: bad count '2,3': a number of files");
    rotate_fails("1MB", "log: --rotate 1MB: bad size '1MB': a number of bytes, with k, M or G after it");
    rotate_fails("-1", "log: --rotate -1: bad size '-1': a number of bytes, with k, M or G after it");
    rotate_fails("M", "log: --rotate M: bad size 'M': a number of bytes, with k, M or G after it");
    rotate_fails("4G", "log: --rotate 4G: the size must be less than 4G (4294967296 bytes)");
    rotate_fails("4294967296", "log: --rotate 4294967296: the size must be less than 4G (4294967296 bytes)");
    rotate_fails("99999999999999999999999", "log: --rotate 99999999999999999999999: the size must be less "
                                            "than 4G (4294967296 bytes)");
    rotate_fails("1k,4294967296", "log: --rotate 1k,4294967296: the count must be at most 4294967295");
}

/* ---- open errors ------------------------------------------------------------------ */

static void open_fails(const char *path, bool binary, uint64_t size, const char *msg)
{
    shell_log_opts o = {.binary = binary, .rotate_size = size, .rotate_count = 3};
    char err[256] = "";
    cr_assert_null(shell_log_open(path, &o, err, sizeof err));
    cr_assert_str_eq(err, msg);
}

Test(log, open_errors)
{
    char path[256], msg[512];
    snprintf(path, sizeof path, "%s/missing/x", dir);
    snprintf(msg, sizeof msg, "log: cannot open %s: No such file or directory", path);
    open_fails(path, false, 0, msg);
    open_fails(path, true, 0, msg);
    snprintf(msg, sizeof msg, "log: cannot open %s0: No such file or directory", path);
    open_fails(path, false, 100, msg);
    open_fails(path, true, 100, msg);
    snprintf(msg, sizeof msg, "log: cannot open %s: Is a directory", dir);
    open_fails(dir, false, 0, msg);
    open_fails(dir, true, 0, msg);
    open_fails("", false, 0, "log: no file name");
    open_fails("x", false, 4294967296u, "log: --rotate: the size must be less than 4G (4294967296 bytes)");
    /* the example of the task, as the shell shows it */
    open_fails("/x/y", false, 0, "log: cannot open /x/y: No such file or directory");
}

/* ---- text logs --------------------------------------------------------------------- */

Test(log, text_log_content)
{
    const char *path = in_dir("run.txt");
    write_file(path, "old contents that the log replaces\n");
    shell_log *l = open_ok(path, false, 0, 0);
    cr_assert_eq(file_size(path), 0);
    const char *lines[] = {"(<0.80.0>) call tm:f(1,2)\n", "(<0.80.0>) returned from tm:f/2 -> 3\n",
                           "(<0.81.0>) call tm:g([1,2,3,\n                 4])\n"};
    for (size_t i = 0; i < 3; i++)
        cr_assert(shell_log_write(l, NULL, 0, lines[i], strlen(lines[i])));
    cr_assert(shell_log_write(l, NULL, 0, "", 0)); /* a message dbg prints nothing for */
    cr_assert_eq(file_size(path), 0);              /* buffered */
    cr_assert(shell_log_flush(l));
    size_t n;
    char *s = read_whole(path, &n);
    cr_assert_str_eq(s, "(<0.80.0>) call tm:f(1,2)\n(<0.80.0>) returned from tm:f/2 -> 3\n"
                        "(<0.81.0>) call tm:g([1,2,3,\n                 4])\n");
    free(s);
    char *d = describe(l), expect[400];
    snprintf(expect, sizeof expect, "%s: text, 3 events, %zu bytes\n", path,
             strlen(lines[0]) + strlen(lines[1]) + strlen(lines[2]));
    cr_assert_str_eq(d, expect);
    free(d);
    char err[256] = "";
    cr_assert_not(shell_log_error(l, err, sizeof err));
    close_ok(l);
}

/* describe names the log by its path as given. */
Test(log, describe_and_path)
{
    cr_assert_eq(chdir(dir), 0);
    shell_log *l = open_ok("run.txt", false, 0, 0);
    cr_assert_str_eq(shell_log_path(l), "run.txt");
    cr_assert(shell_log_write(l, NULL, 0, "abc\n", 4));
    char *d = describe(l);
    cr_assert_str_eq(d, "run.txt: text, 1 event, 4 bytes\n");
    free(d);
    cr_assert(shell_log_dropped(l, 5));
    d = describe(l);
    cr_assert_str_eq(d, "run.txt: text, 1 event, 5 dropped, 28 bytes\n");
    free(d);
    close_ok(l);

    l = open_ok("w.bin", true, 1048576, 4);
    cr_assert(log_term(l, tw_call(1)));
    d = describe(l);
    cr_assert_str_eq(d, "w.bin: binary, rotate 1048576 bytes x 4 files (now w.bin0), 1 event, 67 bytes\n");
    free(d);
    close_ok(l);

    l = open_ok("w", true, 1, 2); /* a rotation after every record: 0 1 2 0 */
    for (int i = 1; i <= 3; i++)
        cr_assert(log_term(l, tw_call(i)));
    d = describe(l);
    cr_assert_str_eq(d, "w: binary, rotate 1 bytes x 2 files (now w0), 3 events, 201 bytes\n");
    free(d);
    close_ok(l);
}

/* Events bigger than the buffer go straight to the file, in order. */
Test(log, text_log_big_events)
{
    const char *path = in_dir("big.txt");
    shell_log *l = open_ok(path, false, 0, 0);
    size_t big = SHELL_LOG_BUFFER_BYTES + 100;
    char *e = malloc(big);
    memset(e, 'b', big);
    e[big - 1] = '\n';
    cr_assert(shell_log_write(l, NULL, 0, "first\n", 6));
    cr_assert(shell_log_write(l, NULL, 0, e, big));
    cr_assert_eq((size_t)file_size(path), 6 + big); /* the small one before it */
    for (int i = 0; i < 2000; i++)                  /* fills the buffer a few times */
        cr_assert(shell_log_write(l, NULL, 0,
                                  "0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmno\n", 63));
    close_ok(l);
    size_t n;
    char *s = read_whole(path, &n);
    cr_assert_eq(n, 6 + big + 2000 * 63);
    cr_assert_eq(memcmp(s, "first\n", 6), 0);
    cr_assert_eq(memcmp(s + 6, e, big), 0);
    for (int i = 0; i < 2000; i++)
        cr_assert_eq(memcmp(s + 6 + big + (size_t)i * 63,
                            "0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmno\n", 63),
                     0);
    free(s);
    free(e);
}

/* ---- drop records ------------------------------------------------------------------ */

/* erl: dbg:dhandler({drop, 5}, user) prints "*** Dropped 5 messages.\n",
 * {drop, 4294967295} "*** Dropped 4294967295 messages.\n". */
Test(log, text_drop_records)
{
    const char *path = in_dir("d.txt");
    shell_log *l = open_ok(path, false, 0, 0);
    cr_assert(shell_log_write(l, NULL, 0, "a\n", 2));
    cr_assert(shell_log_dropped(l, 5));
    cr_assert(shell_log_dropped(l, 0));
    cr_assert(shell_log_dropped(l, 4294967296u + 4)); /* two drop records in a binary log */
    close_ok(l);
    size_t n;
    char *s = read_whole(path, &n);
    cr_assert_str_eq(
        s, "a\n*** Dropped 5 messages.\n*** Dropped 4294967295 messages.\n*** Dropped 5 messages.\n");
    free(s);
    /* the same text as format/'s copy of dbg's handler for {drop, N} */
    fmt_buf b;
    fmt_buf_init(&b);
    trace_text(&b, T(2, A("drop"), I(5)));
    cr_assert_str_eq(b.data, "*** Dropped 5 messages.\n");
    fmt_buf_free(&b);
}

Test(log, binary_drop_records)
{
    const char *path = in_dir("d.bin");
    shell_log *l = open_ok(path, true, 0, 0);
    cr_assert(log_term(l, tw_call(1)));
    cr_assert(shell_log_dropped(l, 5));
    cr_assert(shell_log_dropped(l, 4294967296u + 4));
    cr_assert(log_term(l, tw_call(2)));
    close_ok(l);
    cr_assert_eq(file_size(path), 67 + 5 + 5 + 5 + 67);
    size_t n;
    char *s = read_whole(path, &n);
    static const uint8_t drop5[] = {1, 0, 0, 0, 5};
    cr_assert_eq(memcmp(s + 67, drop5, 5), 0);
    free(s);
    tlog_reader *r;
    tlog_error err;
    tlog_record rec;
    cr_assert_eq(tlog_reader_open(&r, path, &err), TLOG_OK);
    cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_OK);
    cr_assert(term_eq_exact(rec.term, tw_call(1)));
    uint32_t drops[] = {5, 4294967295u, 5};
    for (int i = 0; i < 3; i++) {
        cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_OK);
        cr_assert_eq(rec.kind, TLOG_DROP);
        cr_assert_eq(rec.dropped, drops[i]);
    }
    cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_OK);
    cr_assert(term_eq_exact(rec.term, tw_call(2)));
    cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_EOF);
    tlog_reader_free(r);
}

/* ---- binary logs ------------------------------------------------------------------- */

/* erl +S 1: dbg:tracer(port, dbg:trace_port(file, "p.trc")), tm:f(1, 2)
 * called by <0.79.0> with dbg:p(P, [c]), dbg:tpl(tm, f, []): */
static const uint8_t erl_call_record[] = {
    0x00, 0x00, 0x00, 0x00, 0x3f, 0x83, 0x68, 0x04, 0x64, 0x00, 0x05, 0x74, 0x72, 0x61, 0x63, 0x65, 0x58,
    0x64, 0x00, 0x0d, 0x6e, 0x6f, 0x6e, 0x6f, 0x64, 0x65, 0x40, 0x6e, 0x6f, 0x68, 0x6f, 0x73, 0x74, 0x00,
    0x00, 0x00, 0x4f, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x64, 0x00, 0x04, 0x63, 0x61, 0x6c,
    0x6c, 0x68, 0x03, 0x64, 0x00, 0x02, 0x74, 0x6d, 0x64, 0x00, 0x01, 0x66, 0x6b, 0x00, 0x02, 0x01, 0x02,
};

static term_t tm_call(void)
{
    term_t args[2] = {I(1), I(2)};
    return T(4, A("trace"), term_local_pid(79, 0), A("call"),
             T(3, A("tm"), A("f"), term_list_from(&h, args, 2, NIL)));
}

Test(log, binary_log_as_erl_writes_it)
{
    const char *path = in_dir("p.trc");
    shell_log *l = open_ok(path, true, 0, 0);
    cr_assert(log_term(l, tm_call()));
    cr_assert_eq(file_size(path), 0); /* buffered */
    cr_assert(shell_log_flush(l));
    close_ok(l);
    size_t n;
    char *s = read_whole(path, &n);
    cr_assert_eq(n, sizeof erl_call_record);
    cr_assert_eq(memcmp(s, erl_call_record, n), 0);
    free(s);
}

/* Many shapes of events, read back as the same terms and bytes. */
Test(log, binary_log_reads_back)
{
    const char *path = in_dir("t.bin");
    shell_log *l = open_ok(path, true, 0, 0);
    enum { N = 3000 };
    term_t *terms = malloc(N * sizeof *terms);
    for (int i = 0; i < N; i++) {
        term_t pid = term_local_pid((uint32_t)(80 + i % 7), 0);
        term_t arg = i % 3 == 0   ? tb_binary(&h, "some bytes")
                     : i % 3 == 1 ? tb_string(&h, "text")
                                  : I(i * 1000);
        terms[i] =
            i % 2 ? T(4, A("trace"), pid, A("call"), T(3, A("m"), A("f"), term_list_from(&h, &arg, 1, NIL)))
                  : T(5, A("trace"), pid, A("return_from"), T(3, A("m"), A("f"), I(1)), arg);
        cr_assert(log_term(l, terms[i]));
    }
    close_ok(l);
    tlog_reader *r;
    tlog_error err;
    tlog_record rec;
    heap_t rh;
    heap_init(&rh, ALLOC_TEMP);
    cr_assert_eq(tlog_reader_open(&r, path, &err), TLOG_OK);
    for (int i = 0; i < N; i++) {
        cr_assert_eq(tlog_reader_next(r, &rh, &rec, &err), TLOG_OK, "%s", err.msg);
        cr_assert_eq(rec.kind, TLOG_TERM);
        cr_assert(term_eq_exact(rec.term, terms[i]), "event %d", i);
        size_t n;
        uint8_t *etf = encode(terms[i], &n);
        cr_assert_eq(rec.etf_len, n);
        cr_assert_eq(memcmp(rec.etf, etf, n), 0);
        free(etf);
    }
    cr_assert_eq(tlog_reader_next(r, &rh, &rec, &err), TLOG_EOF);
    tlog_reader_free(r);
    heap_destroy(&rh);
    free(terms);
}

/* Bytes that are no term_to_binary output are refused; the log goes on. */
Test(log, binary_log_rejects_bad_bytes)
{
    const char *path = in_dir("r.bin");
    shell_log *l = open_ok(path, true, 0, 0);
    static const uint8_t bad[] = {130, 97, 1};
    cr_assert_not(shell_log_write(l, bad, sizeof bad, "x\n", 2));
    cr_assert_not(shell_log_write(l, NULL, 0, "x\n", 2));
    cr_assert(log_term(l, tw_call(1)));
    char err[256];
    cr_assert_not(shell_log_error(l, err, sizeof err)); /* no I/O error */
    char *d = describe(l);
    cr_assert(strstr(d, ", 1 event, 67 bytes, 2 not term_to_binary bytes\n") != NULL, "%s", d);
    free(d);
    close_ok(l);
    cr_assert_eq(file_size(path), 67);
}

/* ---- rotation ------------------------------------------------------------------------ */

/* erl +S 1: dbg:tracer(port, dbg:trace_port(file, {"w", wrap, ".trc", 200,
 * 3})), tm:g/1 called for 1..20 (67-byte records) leaves w0.trc 201 bytes,
 * w1.trc 201, w2.trc 134, and dbg:trace_client reads the calls 13 .. 20.
 * OTP 25's driver refuses an empty suffix (badarg: "Tail must start within
 * filename"), so the set of log --binary --rotate, suffix "", is checked
 * against that one: the same sizes, names without ".trc". */
Test(log, binary_rotation)
{
    char name[256];
    snprintf(name, sizeof name, "%s/w", dir);
    write_file(in_dir("w7"), "x");  /* a file of an earlier set: deleted */
    write_file(in_dir("wx7"), "x"); /* not of the set */
    write_file(in_dir("w"), "x");   /* neither */
    write_file(in_dir("w1.trc"), "x");
    shell_log *l = open_ok(name, true, 200, 3);
    cr_assert_eq(file_size(in_dir("w7")), -1);
    cr_assert_eq(file_size(in_dir("wx7")), 1);
    cr_assert_eq(file_size(in_dir("w")), 1);
    cr_assert_eq(file_size(in_dir("w1.trc")), 1);
    cr_assert_eq(file_size(in_dir("w0")), 0);
    for (int i = 1; i <= 20; i++)
        cr_assert(log_term(l, tw_call(i)));
    close_ok(l);
    cr_assert_eq(file_size(in_dir("w0")), 201);
    cr_assert_eq(file_size(in_dir("w1")), 201);
    cr_assert_eq(file_size(in_dir("w2")), 134);
    cr_assert_eq(file_size(in_dir("w3")), -1);
    tlog_reader *r;
    tlog_error err;
    tlog_record rec;
    cr_assert_eq(tlog_reader_open_wrap(&r, name, "", 3, &err), TLOG_OK, "%s", err.msg);
    for (int i = 13; i <= 20; i++) {
        cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_OK, "%s", err.msg);
        cr_assert(term_eq_exact(rec.term, tw_call(i)), "call %d", i);
    }
    cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_EOF);
    tlog_reader_free(r);
}

/* The same rotation for a text log: events of the same size leave files of
 * the same sizes, holding events 13 .. 20 in reading order. */
Test(log, text_rotation)
{
    char name[256];
    snprintf(name, sizeof name, "%s/w", dir);
    write_file(in_dir("w12"), "x");
    write_file(in_dir("w.txt"), "x");
    shell_log *l = open_ok(name, false, 200, 3);
    cr_assert_eq(file_size(in_dir("w12")), -1);
    cr_assert_eq(file_size(in_dir("w.txt")), 1);
    for (int i = 1; i <= 20; i++)
        cr_assert(shell_log_write(l, NULL, 0, text67(i), 67));
    char *d = describe(l);
    cr_assert(strstr(d, ": text, rotate 200 bytes x 3 files (now ") != NULL, "%s", d);
    cr_assert(strstr(d, "w2), 20 events, 1340 bytes\n") != NULL, "%s", d);
    free(d);
    close_ok(l);
    cr_assert_eq(file_size(in_dir("w0")), 201);
    cr_assert_eq(file_size(in_dir("w1")), 201);
    cr_assert_eq(file_size(in_dir("w2")), 134);
    cr_assert_eq(file_size(in_dir("w3")), -1);
    /* reading order as a wrap set: 3 0 1 is impossible here; 0 1 2 */
    char expect[1000] = "", got[1000] = "";
    for (int i = 13; i <= 20; i++)
        strcat(expect, text67(i));
    for (int k = 0; k < 3; k++) {
        char f[16];
        snprintf(f, sizeof f, "w%d", k);
        size_t n;
        char *s = read_whole(in_dir(f), &n);
        strcat(got, s);
        free(s);
    }
    cr_assert_str_eq(got, expect);
}

/* erl +S 1: {"w", wrap, ".trc", 134, 8}, 4 calls of 67 bytes leave w0.trc
 * 134 bytes, w1.trc 134, w2.trc 0: a file that reaches the size exactly
 * rotates. Both kinds. */
Test(log, rotation_at_exact_size)
{
    for (int binary = 0; binary < 2; binary++) {
        char name[256];
        snprintf(name, sizeof name, "%s/x%d_", dir, binary);
        shell_log *l = open_ok(name, binary, 134, 8);
        for (int i = 1; i <= 4; i++)
            cr_assert(binary ? log_term(l, tw_call(i)) : shell_log_write(l, NULL, 0, text67(i), 67));
        close_ok(l);
        static const long sizes[] = {134, 134, 0, -1};
        for (int s = 0; s < 4; s++) {
            char f[300];
            snprintf(f, sizeof f, "%s%d", name, s);
            cr_assert_eq(file_size(f), sizes[s], "binary %d: file %d", binary, s);
        }
    }
}

/* erl's wrap sets with a rotation after every record (size 0 in dbg;
 * --rotate takes 1 or more, the same here): count 3 leaves the names
 * 0 1 2 3, then 0 again, at most 3 files, the newest empty. Both kinds. */
Test(log, rotation_every_event)
{
    /* after k events: the files present, as bits 0..3 of the names */
    static const unsigned present[] = {0x1, 0x3, 0x7, 0xE, 0xD, 0xB, 0x7, 0xE};
    for (int binary = 0; binary < 2; binary++) {
        char name[256];
        snprintf(name, sizeof name, "%s/e%d_", dir, binary);
        shell_log *l = open_ok(name, binary, 1, 3);
        for (int k = 0; k < 8; k++) {
            if (k > 0)
                cr_assert(binary ? log_term(l, tw_call(k)) : shell_log_write(l, NULL, 0, text67(k), 67));
            for (int s = 0; s < 4; s++) {
                char f[300];
                snprintf(f, sizeof f, "%s%d", name, s);
                long size = file_size(f);
                bool there = (present[k] >> s) & 1;
                cr_assert_eq(size >= 0, there, "binary %d, after %d events: file %d", binary, k, s);
            }
        }
        close_ok(l);
    }
}

/* Rotation past the count wraps the names; tlog's reader (erl's order)
 * finds the events in order. */
Test(log, rotation_wraps_names)
{
    char name[256];
    snprintf(name, sizeof name, "%s/z", dir);
    shell_log *l = open_ok(name, true, 150, 4); /* 3 records per file */
    for (int i = 1; i <= 45; i++)
        cr_assert(log_term(l, tw_call(i)));
    close_ok(l);
    /* 45 records: 15 full files (names 0..4, 0..4, 0..4), then 0 opened
     * again, empty; the set holds the last 4 files: 2 3 4 0, read in that
     * order (after the gap at 1) */
    cr_assert_eq(file_size(in_dir("z1")), -1);
    cr_assert_eq(file_size(in_dir("z2")), 201);
    cr_assert_eq(file_size(in_dir("z3")), 201);
    cr_assert_eq(file_size(in_dir("z4")), 201);
    cr_assert_eq(file_size(in_dir("z0")), 0);
    tlog_reader *r;
    tlog_error err;
    tlog_record rec;
    cr_assert_eq(tlog_reader_open_wrap(&r, name, "", 4, &err), TLOG_OK, "%s", err.msg);
    for (int i = 37; i <= 45; i++) {
        cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_OK, "%s", err.msg);
        cr_assert(term_eq_exact(rec.term, tw_call(i)), "call %d", i);
    }
    cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_EOF);
    tlog_reader_free(r);
}

/* A relative name is taken in the directory current at open: rotations
 * after a cd stay there. */
Test(log, relative_path_stays_put)
{
    cr_assert_eq(chdir(dir), 0);
    shell_log *l = open_ok("rel", false, 100, 3);
    cr_assert_eq(chdir("/"), 0);
    for (int i = 1; i <= 4; i++)
        cr_assert(shell_log_write(l, NULL, 0, text67(i), 67));
    close_ok(l);
    cr_assert_eq(file_size(in_dir("rel0")), 134);
    cr_assert_eq(file_size(in_dir("rel1")), 134);
    cr_assert_eq(file_size(in_dir("rel2")), 0);
    cr_assert_eq(file_size("/rel0"), -1);
}

/* ---- write errors ------------------------------------------------------------------ */

Test(log, write_error_reported_once)
{
    for (int binary = 0; binary < 2; binary++) {
        shell_log *l = open_ok("/dev/full", binary, 0, 0);
        cr_assert(log_term(l, tw_call(1))); /* buffered */
        cr_assert_not(shell_log_flush(l));
        char err[256] = "";
        cr_assert(shell_log_error(l, err, sizeof err));
        cr_assert_str_eq(err, "log: /dev/full: write failed: No space left on device");
        cr_assert_not(shell_log_error(l, err, sizeof err)); /* once */
        cr_assert_not(log_term(l, tw_call(2)));
        cr_assert_not(shell_log_dropped(l, 3));
        cr_assert_not(shell_log_flush(l));
        cr_assert_not(shell_log_error(l, err, sizeof err));
        char *d = describe(l);
        cr_assert_str_eq(d,
                         binary
                             ? "/dev/full: binary, 1 event, 67 bytes; stopped: /dev/full: write failed: No "
                               "space left on device, 2 later events not written\n"
                             : "/dev/full: text, 1 event, 24 bytes; stopped: /dev/full: write failed: No "
                               "space left on device, 2 later events not written\n",
                         "%s", d);
        free(d);
        cr_assert_not(shell_log_close(l, err, sizeof err));
        cr_assert_str_eq(
            err, "log: /dev/full: write failed: No space left on device (2 later events not written)");
    }
}

/* The first error can come from an append that fills the buffer, or from
 * the final flush at close. */
Test(log, write_error_from_a_full_buffer_or_the_close)
{
    for (int binary = 0; binary < 2; binary++) {
        shell_log *l = open_ok("/dev/full", binary, 0, 0);
        /* events of 67 bytes (binary) or 24 ("(<0.80.0>) call tw:f(1)\n"):
         * the buffer takes as many as fit, the next one fails; a binary
         * log hands its full buffer to its writer's thread and goes on
         * into a second one, and the append that fills that one finds
         * the first write's failure (dbgcore/tlog.c, write-behind) */
        int failed = 0, fit = SHELL_LOG_BUFFER_BYTES / (binary ? 67 : 24);
        for (int i = 0; i < 6000; i++)
            failed += !log_term(l, tw_call(1));
        cr_assert_eq(failed, binary ? 6000 - 2 * fit : 6000 - fit, "%d of 6000 failed, %d fit a buffer", failed,
                     fit);
        char err[256] = "";
        cr_assert(shell_log_error(l, err, sizeof err));
        cr_assert_str_eq(err, "log: /dev/full: write failed: No space left on device");
        cr_assert_not(shell_log_close(l, err, sizeof err));

        l = open_ok("/dev/full", binary, 0, 0);
        cr_assert(log_term(l, tw_call(1)));
        cr_assert_not(shell_log_close(l, err, sizeof err));
        cr_assert_str_eq(err, "log: /dev/full: write failed: No space left on device");
    }
}

/* ---- the command for save -------------------------------------------------------- */

static void command_is(const char *path, bool binary, uint64_t size, unsigned count, const char *expect)
{
    cr_assert_eq(chdir(dir), 0);
    shell_log *l = open_ok(path, binary, size, count);
    char buf[256];
    shell_log_command(l, buf, sizeof buf);
    cr_assert_str_eq(buf, expect);
    close_ok(l);
}

Test(log, command)
{
    command_is("run.txt", false, 0, 0, "log run.txt");
    command_is("trace.bin", true, 1048576, 4, "log trace.bin --binary --rotate 1048576,4");
    command_is("t", false, 131072, 0, "log t --rotate 131072,8");
    command_is("a b", false, 0, 0, "log \"a b\"");
    command_is("q\"\\", true, 0, 0, "log \"q\\\"\\\\\" --binary");
    command_is("off", false, 0, 0, "log ./off");
    command_is("-x", false, 0, 0, "log ./-x");
    command_is("-x y", false, 0, 0, "log \"./-x y\"");
    char abs[300], expect[320];
    snprintf(abs, sizeof abs, "%s/sub", dir);
    snprintf(expect, sizeof expect, "log %s --binary", abs);
    command_is(abs, true, 0, 0, expect);
    /* cut to the buffer, NUL-terminated */
    shell_log *l = open_ok("trace.bin", true, 1048576, 4);
    char small[10];
    shell_log_command(l, small, sizeof small);
    cr_assert_str_eq(small, "log trace");
    close_ok(l);
}

/* ---- the files of tests/shell/log_erl.sh --------------------------------------------
 * With SHELL_LOG_ERL_DIR set, written there and kept; the script reads
 * them with erl's dbg:trace_client and dbgsh --format. Otherwise written
 * here and read back with tlog's reader. */

/* The events of the differential test: the layouts of dbg's handler,
 * several pids, a multi-line ~p, one event bigger than the buffers. */
static size_t erl_events(term_t *out)
{
    size_t n = 0;
    term_t p80 = term_local_pid(80, 0), p81 = term_local_pid(81, 0), p82 = term_local_pid(82, 0);
    term_t args[60];
    for (int i = 0; i < 60; i++)
        args[i] = I(i * 37);
    term_t a2[2] = {I(1), I(2)};
    term_t ab[2] = {A("a"), A("b")};
    out[n++] = T(4, A("trace"), p80, A("call"), T(3, A("tm"), A("f"), term_list_from(&h, a2, 2, NIL)));
    out[n++] = T(5, A("trace"), p80, A("return_from"), T(3, A("tm"), A("f"), I(2)), I(3));
    out[n++] = T(5, A("trace"), p81, A("send"), T(3, A("hello"), tb_string(&h, "world"), I(42)), p80);
    out[n++] = T(4, A("trace"), p80, A("receive"), T(2, A("ok"), term_list_from(&h, a2, 2, NIL)));
    out[n++] = T(5, A("trace_ts"), p80, A("call"), T(3, A("tm"), A("f"), term_list_from(&h, ab, 2, NIL)),
                 T(3, I(1700), I(123456), I(789)));
    term_t long_list = term_list_from(&h, args, 60, NIL);
    out[n++] =
        T(4, A("trace"), p82, A("call"), T(3, A("tm"), A("g"), term_list_from(&h, &long_list, 1, NIL)));
    out[n++] = T(4, A("trace"), p81, A("spawn"), p82, T(3, A("tm"), A("g"), NIL));
    out[n++] = T(4, A("trace"), p82, A("exit"), A("normal"));
    size_t big = SHELL_LOG_BUFFER_BYTES + 5000;
    char *s = malloc(big + 1);
    for (size_t i = 0; i < big; i++)
        s[i] = (char)('a' + i % 26);
    s[big] = '\0';
    term_t bin = tb_binary(&h, s);
    free(s);
    out[n++] = T(4, A("trace"), p80, A("call"), T(3, A("tm"), A("h"), term_list_from(&h, &bin, 1, NIL)));
    return n;
}

/* Writes the events (and a drop of 3 after the second) to a binary and a
 * text log at base.bin and base.txt. */
static void write_erl_pair(const char *base)
{
    char bp[300], tp[300];
    snprintf(bp, sizeof bp, "%s.bin", base);
    snprintf(tp, sizeof tp, "%s.txt", base);
    shell_log *b = open_ok(bp, true, 0, 0), *t = open_ok(tp, false, 0, 0);
    term_t ev[16];
    size_t n = erl_events(ev);
    for (size_t i = 0; i < n; i++) {
        cr_assert(log_term(b, ev[i]));
        cr_assert(log_term(t, ev[i]));
        if (i == 1) {
            cr_assert(shell_log_dropped(b, 3));
            cr_assert(shell_log_dropped(t, 3));
        }
    }
    close_ok(b);
    close_ok(t);
}

Test(log_erl, files)
{
    atom_table_init();
    heap_init(&h, ALLOC_TEMP);
    const char *out = getenv("SHELL_LOG_ERL_DIR");
    if (!out) {
        strcpy(dir, "/tmp/shell-log-erl.XXXXXX");
        cr_assert_not_null(mkdtemp(dir));
    } else {
        snprintf(dir, sizeof dir, "%s", out);
    }
    /* plain: plain.bin and plain.txt */
    write_erl_pair(in_dir("plain"));
    /* wrap sets: count 8 (dbg's default: trace_client(file, {F, wrap, ""})
     * reads it) and count 4, each wrapped past its count; the text log
     * of all their events beside them */
    const struct {
        const char *name;
        uint64_t size;
        unsigned count;
    } sets[] = {{"w8_", 300, 8}, {"w4_", 200, 4}};
    for (size_t k = 0; k < 2; k++) {
        char all[300];
        snprintf(all, sizeof all, "%s.txt", in_dir(sets[k].name));
        shell_log *l = open_ok(in_dir(sets[k].name), true, sets[k].size, sets[k].count);
        shell_log *t = open_ok(all, false, 0, 0);
        for (int i = 1; i <= 60; i++) {
            cr_assert(log_term(l, tw_call(i)));
            cr_assert(log_term(t, tw_call(i)));
            if (i % 25 == 0) {
                cr_assert(shell_log_dropped(l, (uint64_t)i));
                cr_assert(shell_log_dropped(t, (uint64_t)i));
            }
        }
        close_ok(l);
        close_ok(t);
    }
    if (!out) {
        tlog_reader *r;
        tlog_error err;
        tlog_record rec;
        cr_assert_eq(tlog_reader_open(&r, in_dir("plain.bin"), &err), TLOG_OK);
        size_t records = 0;
        while (tlog_reader_next(r, &h, &rec, &err) == TLOG_OK)
            records++;
        tlog_reader_free(r);
        cr_assert_eq(records, 10);
        remove_dir(dir);
    }
    heap_destroy(&h);
}
