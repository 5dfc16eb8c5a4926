/* test_tlog_serial.c: tests of dbgcore/tlog.c's serialized writers (a
 * trace port's: tlog_writer_serialized), which encode a record straight
 * into the buffer with the message's head cached (vm/ext.h). They must
 * write what a writer that locks writes, byte for byte and flush for
 * flush, and each record must be term_to_binary's bytes (ext_encode, itself
 * checked against OTP 25's erl in tests/vm/test_ext.c). */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dbgcore/tlog.h"
#include "tests/lib/rng.h"
#include "tests/lib/terms.h"

static heap_t h;
static char dir[64];

static void setup(void)
{
    atom_table_init();
    heap_init(&h, ALLOC_TEMP);
    strcpy(dir, "/tmp/tlog-serial.XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
}
static void teardown(void)
{
    heap_destroy(&h);
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        char p[512];
        while ((e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.')
                continue;
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            unlink(p);
        }
        closedir(d);
    }
    rmdir(dir);
}
TestSuite(tlog_serial, .init = setup, .fini = teardown);

#define A(s) atom_from_cstr(s)
#define I(v) term_small(v)
#define T(...) tb_tuple(&h, __VA_ARGS__)

static const char *in_dir(const char *name)
{
    static char buf[4][256];
    static int k;
    char *p = buf[k++ & 3];
    snprintf(p, 256, "%s/%s", dir, name);
    return p;
}

static uint8_t *read_whole(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *p = malloc((size_t)len + 1);
    cr_assert_eq(fread(p, 1, (size_t)len, f), (size_t)len);
    fclose(f);
    *n = (size_t)len;
    return p;
}

static long file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

static void assert_same_file(const char *a, const char *b)
{
    size_t na, nb;
    uint8_t *x = read_whole(a, &na), *y = read_whole(b, &nb);
    cr_assert_eq(na, nb, "%s: %zu bytes, %s: %zu", a, na, b, nb);
    cr_assert_arr_eq(x, y, na, "%s and %s differ", a, b);
    free(x);
    free(y);
}

/* Trace messages of a few processes and functions (their heads repeat and
 * replace each other in the cache), with arguments of every kind: some
 * have no bounded encoding (a bignum, a binary, a map), some are larger
 * than a stack record (1024 bytes) and one in a few hundred is larger than
 * the buffer, so that every path of the writer runs. */
static term_t some_message(rng *g)
{
    static const char *const fs[] = {"f", "g", "handle_call", "caf\xc3\xa9", "\xce\xbb"};
    term_t pid = term_local_pid((uint32_t)random_below(g, 40), 0);
    term_t f = A(fs[random_below(g, sizeof fs / sizeof fs[0])]);
    term_t args[4];
    unsigned n = (unsigned)random_below(g, 4);
    for (unsigned i = 0; i < n; i++) {
        unsigned k = (unsigned)random_below(g, 100);
        if (k < 60) {
            args[i] = I(random_range(g, -100000, 100000));
        } else if (k < 75) {
            args[i] = T(2, A("ok"), I(random_range(g, 0, 300)));
        } else if (k < 80) {
            args[i] = term_int64(&h, INT64_C(1) << 61);
        } else if (k < 85) {
            args[i] = tb_binary(&h, "bytes");
        } else if (k < 88) {
            args[i] = tb_map(&h, 1, A("k"), I(1));
        } else if (k < 99) {
            term_t e[200];
            unsigned m = (unsigned)random_below(g, 200);
            for (unsigned j = 0; j < m; j++)
                e[j] = I(random_range(g, 0, 100000));
            args[i] = term_list_from(&h, e, m, NIL);
        } else {
            size_t big = 70000;
            uint8_t *b = calloc(1, big);
            args[i] = bin_new(&h, b, big);
            free(b);
        }
    }
    term_t mfa = T(3, A("mod"), f, term_list_from(&h, args, n, NIL));
    switch (random_below(g, 4)) {
    case 0:
        return T(5, A("trace"), pid, A("return_from"), T(3, A("mod"), f, I(n)), n ? args[0] : A("ok"));
    case 1:
        return T(5, A("trace_ts"), pid, A("call"), mfa, T(3, I(1), I(2), I(3)));
    default:
        return T(4, A("trace"), pid, A("call"), mfa);
    }
}

/* A serialized writer and a locking one, given the same records in
 * lockstep: after each, both files have the same size (the same flushes);
 * at the end the same bytes; and every record reads back as ext_encode's
 * bytes of what was appended. */
Test(tlog_serial, writes_what_a_locking_writer_writes)
{
    rng g = {11};
    enum { N = 4000 };
    term_t *msgs = malloc(N * sizeof *msgs);
    const char *ps = in_dir("s.trc"), *pl = in_dir("l.trc");
    tlog_writer *ws, *wl;
    tlog_error err;
    cr_assert_eq(tlog_writer_open(&ws, ps, &err), TLOG_OK);
    cr_assert_eq(tlog_writer_open(&wl, pl, &err), TLOG_OK);
    tlog_writer_serialized(ws);
    long flushes = 0, last = 0;
    for (int i = 0; i < N; i++) {
        msgs[i] = some_message(&g);
        size_t bs, bl;
        cr_assert_eq(tlog_writer_append_counted(ws, msgs[i], &bs, &err), TLOG_OK, "%d: %s", i, err.msg);
        cr_assert_eq(tlog_writer_append_counted(wl, msgs[i], &bl, &err), TLOG_OK, "%d: %s", i, err.msg);
        cr_assert_eq(bs, bl, "record %d: %zu bytes, %zu locking", i, bs, bl);
        long s = file_size(ps);
        cr_assert_eq(s, file_size(pl), "after record %d: %ld bytes in the file, %ld locking", i, s,
                     file_size(pl));
        flushes += s != last;
        last = s;
        if (i == N / 2) {
            cr_assert_eq(tlog_writer_flush(ws, &err), TLOG_OK);
            cr_assert_eq(tlog_writer_flush(wl, &err), TLOG_OK);
        }
    }
    cr_assert_gt(flushes, 10, "the buffer filled %ld times", flushes);
    tlog_stats ss, sl;
    tlog_writer_stats(ws, &ss);
    tlog_writer_stats(wl, &sl);
    cr_assert_eq(ss.records, sl.records);
    cr_assert_eq(ss.bytes, sl.bytes);
    cr_assert_eq(tlog_writer_close(ws, &err), TLOG_OK);
    cr_assert_eq(tlog_writer_close(wl, &err), TLOG_OK);
    assert_same_file(ps, pl);

    heap_t rh;
    heap_init(&rh, ALLOC_TEMP);
    tlog_reader *r;
    tlog_record rec;
    cr_assert_eq(tlog_reader_open(&r, ps, &err), TLOG_OK);
    for (int i = 0; i < N; i++) {
        cr_assert_eq(tlog_reader_next(r, &rh, &rec, &err), TLOG_OK, "record %d: %s", i, err.msg);
        size_t n;
        cr_assert_eq(ext_size(msgs[i], &n, NULL), EXT_OK);
        uint8_t *want = malloc(n);
        ext_encode(msgs[i], want);
        cr_assert_eq(rec.etf_len, n, "record %d: %zu bytes, ext %zu", i, rec.etf_len, n);
        cr_assert_arr_eq(rec.etf, want, n, "record %d: bytes differ from ext_encode", i);
        cr_assert(term_eq_exact(rec.term, msgs[i]), "record %d differs after the round trip", i);
        free(want);
        heap_reset(&rh);
    }
    cr_assert_eq(tlog_reader_next(r, &rh, &rec, &err), TLOG_EOF);
    tlog_reader_free(r);
    heap_destroy(&rh);
    free(msgs);
}

/* A wrap set rotated by size: the serialized writer rotates after the
 * same records, into the same files. */
Test(tlog_serial, wraps_as_a_locking_writer)
{
    rng g = {5};
    char ns[256], nl[256];
    snprintf(ns, sizeof ns, "%s/s", dir);
    snprintf(nl, sizeof nl, "%s/l", dir);
    tlog_wrap wrap = {3000, 4, 0};
    tlog_writer *ws, *wl;
    tlog_error err;
    cr_assert_eq(tlog_writer_open_wrap(&ws, ns, ".trc", &wrap, &err), TLOG_OK);
    cr_assert_eq(tlog_writer_open_wrap(&wl, nl, ".trc", &wrap, &err), TLOG_OK);
    tlog_writer_serialized(ws);
    for (int i = 0; i < 700; i++) {
        term_t m = some_message(&g);
        cr_assert_eq(tlog_writer_append(ws, m, &err), TLOG_OK, "%d: %s", i, err.msg);
        cr_assert_eq(tlog_writer_append(wl, m, &err), TLOG_OK, "%d: %s", i, err.msg);
        heap_reset(&h);
    }
    tlog_stats ss, sl;
    tlog_writer_stats(ws, &ss);
    tlog_writer_stats(wl, &sl);
    cr_assert_eq(ss.files, sl.files);
    cr_assert_gt(ss.files, 8, "%llu files", (unsigned long long)ss.files);
    cr_assert_eq(tlog_writer_close(ws, &err), TLOG_OK);
    cr_assert_eq(tlog_writer_close(wl, &err), TLOG_OK);
    for (unsigned seq = 0; seq <= wrap.count; seq++) {
        char fs[300], fl[300];
        snprintf(fs, sizeof fs, "%s%u.trc", ns, seq);
        snprintf(fl, sizeof fl, "%s%u.trc", nl, seq);
        cr_assert_eq(access(fs, F_OK) == 0, access(fl, F_OK) == 0, "%s", fs);
        if (access(fs, F_OK) == 0)
            assert_same_file(fs, fl);
    }
}
