/* test_tlog.c: tests of dbgcore/tlog.c, dbg's trace-port file format.
 * Expected bytes, file sizes and wrap orders come from OTP 25's erl: the
 * file t.trc below was written by dbg:trace_port(file, ...) tracing tm:f/2
 * (see each table's comment for the erl run). */
#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dbgcore/tlog.h"
#include "tests/lib/clock.h"
#include "tests/lib/rng.h"
#include "tests/lib/terms.h"

static heap_t h;
static char dir[64];

static void setup(void)
{
    atom_table_init();
    heap_init(&h, ALLOC_TEMP);
    strcpy(dir, "/tmp/tlog-test.XXXXXX");
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
TestSuite(tlog, .init = setup, .fini = teardown);

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

static void write_file(const char *path, const uint8_t *bytes, size_t n)
{
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    cr_assert_eq(fwrite(bytes, 1, n, f), n);
    fclose(f);
}

/* The whole file in a malloc'ed buffer; its size in *n. */
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

/* The file at path holds exactly the n records msgs, each one's bytes
 * ext_encode's, each reading back equal to its term. */
static void assert_records_are(const char *path, const term_t *msgs, int n)
{
    tlog_error err;
    heap_t rh;
    heap_init(&rh, ALLOC_TEMP);
    tlog_reader *r;
    tlog_record rec;
    cr_assert_eq(tlog_reader_open(&r, path, &err), TLOG_OK);
    for (int i = 0; i < n; i++) {
        cr_assert_eq(tlog_reader_next(r, &rh, &rec, &err), TLOG_OK, "record %d: %s", i, err.msg);
        size_t len;
        cr_assert_eq(ext_size(msgs[i], &len, NULL), EXT_OK);
        uint8_t *want = malloc(len);
        ext_encode(msgs[i], want);
        cr_assert_eq(rec.etf_len, len, "record %d: %zu bytes, ext %zu", i, rec.etf_len, len);
        cr_assert_arr_eq(rec.etf, want, len, "record %d: bytes differ from ext_encode", i);
        cr_assert(term_eq_exact(rec.term, msgs[i]), "record %d differs after the round trip", i);
        free(want);
        heap_reset(&rh);
    }
    cr_assert_eq(tlog_reader_next(r, &rh, &rec, &err), TLOG_EOF);
    tlog_reader_free(r);
    heap_destroy(&rh);
}

/* [A, B] */
static term_t list2(term_t a, term_t b)
{
    term_t e[2] = {a, b};
    return term_list_from(&h, e, 2, NIL);
}

/* ---- erl's own file --------------------------------------------------------
 * erl +S 1: dbg:tracer(port, dbg:trace_port(file, "t.trc")),
 * dbg:p(P, [c]), dbg:tpl(tm, f, [{'_', [], [{return_trace}]}]) with
 * tm:f(A, B) -> A + B called as f(1,2), f(2,4), f(3,6) by P = <0.80.0>;
 * dbg:trace_client(file, "t.trc") prints
 *   (<0.80.0>) call tm:f(1,2)
 *   (<0.80.0>) returned from tm:f/2 -> 3    ... and so on for 2,4 and 3,6. */
static const uint8_t erl_file[] = {
    0x00, 0x00, 0x00, 0x00, 0x3f, 0x83, 0x68, 0x04, 0x64, 0x00, 0x05, 0x74, 0x72, 0x61, 0x63, 0x65, 0x58,
    0x64, 0x00, 0x0d, 0x6e, 0x6f, 0x6e, 0x6f, 0x64, 0x65, 0x40, 0x6e, 0x6f, 0x68, 0x6f, 0x73, 0x74, 0x00,
    0x00, 0x00, 0x50, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x64, 0x00, 0x04, 0x63, 0x61, 0x6c,
    0x6c, 0x68, 0x03, 0x64, 0x00, 0x02, 0x74, 0x6d, 0x64, 0x00, 0x01, 0x66, 0x6b, 0x00, 0x02, 0x01, 0x02,
    0x00, 0x00, 0x00, 0x00, 0x45, 0x83, 0x68, 0x05, 0x64, 0x00, 0x05, 0x74, 0x72, 0x61, 0x63, 0x65, 0x58,
    0x64, 0x00, 0x0d, 0x6e, 0x6f, 0x6e, 0x6f, 0x64, 0x65, 0x40, 0x6e, 0x6f, 0x68, 0x6f, 0x73, 0x74, 0x00,
    0x00, 0x00, 0x50, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x64, 0x00, 0x0b, 0x72, 0x65, 0x74,
    0x75, 0x72, 0x6e, 0x5f, 0x66, 0x72, 0x6f, 0x6d, 0x68, 0x03, 0x64, 0x00, 0x02, 0x74, 0x6d, 0x64, 0x00,
    0x01, 0x66, 0x61, 0x02, 0x61, 0x03, 0x00, 0x00, 0x00, 0x00, 0x3f, 0x83, 0x68, 0x04, 0x64, 0x00, 0x05,
    0x74, 0x72, 0x61, 0x63, 0x65, 0x58, 0x64, 0x00, 0x0d, 0x6e, 0x6f, 0x6e, 0x6f, 0x64, 0x65, 0x40, 0x6e,
    0x6f, 0x68, 0x6f, 0x73, 0x74, 0x00, 0x00, 0x00, 0x50, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x64, 0x00, 0x04, 0x63, 0x61, 0x6c, 0x6c, 0x68, 0x03, 0x64, 0x00, 0x02, 0x74, 0x6d, 0x64, 0x00, 0x01,
    0x66, 0x6b, 0x00, 0x02, 0x02, 0x04, 0x00, 0x00, 0x00, 0x00, 0x45, 0x83, 0x68, 0x05, 0x64, 0x00, 0x05,
    0x74, 0x72, 0x61, 0x63, 0x65, 0x58, 0x64, 0x00, 0x0d, 0x6e, 0x6f, 0x6e, 0x6f, 0x64, 0x65, 0x40, 0x6e,
    0x6f, 0x68, 0x6f, 0x73, 0x74, 0x00, 0x00, 0x00, 0x50, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x64, 0x00, 0x0b, 0x72, 0x65, 0x74, 0x75, 0x72, 0x6e, 0x5f, 0x66, 0x72, 0x6f, 0x6d, 0x68, 0x03, 0x64,
    0x00, 0x02, 0x74, 0x6d, 0x64, 0x00, 0x01, 0x66, 0x61, 0x02, 0x61, 0x06, 0x00, 0x00, 0x00, 0x00, 0x3f,
    0x83, 0x68, 0x04, 0x64, 0x00, 0x05, 0x74, 0x72, 0x61, 0x63, 0x65, 0x58, 0x64, 0x00, 0x0d, 0x6e, 0x6f,
    0x6e, 0x6f, 0x64, 0x65, 0x40, 0x6e, 0x6f, 0x68, 0x6f, 0x73, 0x74, 0x00, 0x00, 0x00, 0x50, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x64, 0x00, 0x04, 0x63, 0x61, 0x6c, 0x6c, 0x68, 0x03, 0x64, 0x00,
    0x02, 0x74, 0x6d, 0x64, 0x00, 0x01, 0x66, 0x6b, 0x00, 0x02, 0x03, 0x06, 0x00, 0x00, 0x00, 0x00, 0x45,
    0x83, 0x68, 0x05, 0x64, 0x00, 0x05, 0x74, 0x72, 0x61, 0x63, 0x65, 0x58, 0x64, 0x00, 0x0d, 0x6e, 0x6f,
    0x6e, 0x6f, 0x64, 0x65, 0x40, 0x6e, 0x6f, 0x68, 0x6f, 0x73, 0x74, 0x00, 0x00, 0x00, 0x50, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x64, 0x00, 0x0b, 0x72, 0x65, 0x74, 0x75, 0x72, 0x6e, 0x5f, 0x66,
    0x72, 0x6f, 0x6d, 0x68, 0x03, 0x64, 0x00, 0x02, 0x74, 0x6d, 0x64, 0x00, 0x01, 0x66, 0x61, 0x02, 0x61,
    0x09,
};

/* The six messages of erl_file, built here. */
static size_t erl_file_terms(term_t *out)
{
    term_t pid = term_local_pid(80, 0);
    size_t n = 0;
    for (int i = 1; i <= 3; i++) {
        out[n++] = T(4, A("trace"), pid, A("call"), T(3, A("tm"), A("f"), list2(I(i), I(2 * i))));
        out[n++] = T(5, A("trace"), pid, A("return_from"), T(3, A("tm"), A("f"), I(2)), I(3 * i));
    }
    return n;
}

Test(tlog, reads_erl_file)
{
    const char *path = in_dir("t.trc");
    write_file(path, erl_file, sizeof erl_file);
    term_t want[6];
    erl_file_terms(want);
    tlog_reader *r;
    tlog_error err;
    cr_assert_eq(tlog_reader_open(&r, path, &err), TLOG_OK);
    tlog_record rec;
    uint64_t off = 0;
    for (int i = 0; i < 6; i++) {
        cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_OK, "record %d: %s", i, err.msg);
        cr_assert_eq(rec.kind, TLOG_TERM);
        cr_assert_eq(rec.offset, off);
        cr_assert(term_eq_exact(rec.term, want[i]), "record %d differs", i);
        off += TLOG_HEADER_BYTES + rec.etf_len;
    }
    cr_assert_eq(off, sizeof erl_file);
    cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_EOF);
    cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_EOF);
    tlog_reader_free(r);
}

Test(tlog, writes_erl_file_byte_for_byte)
{
    const char *path = in_dir("ours.trc");
    term_t msgs[6];
    erl_file_terms(msgs);
    tlog_writer *w;
    tlog_error err;
    cr_assert_eq(tlog_writer_open(&w, path, &err), TLOG_OK);
    for (int i = 0; i < 6; i++)
        cr_assert_eq(tlog_writer_append(w, msgs[i], &err), TLOG_OK);
    tlog_stats st;
    tlog_writer_stats(w, &st);
    cr_assert_eq(st.records, 6);
    cr_assert_eq(st.bytes, sizeof erl_file);
    cr_assert_eq(tlog_writer_close(w, &err), TLOG_OK);
    size_t n;
    uint8_t *got = read_whole(path, &n);
    cr_assert_eq(n, sizeof erl_file);
    cr_assert_arr_eq(got, erl_file, n);
    free(got);
}

/* ---- truncation and corruption -------------------------------------------- */

Test(tlog, truncated_at_every_offset)
{
    /* record boundaries of erl_file */
    size_t bounds[8], nb = 0;
    for (size_t p = 0; p < sizeof erl_file;) {
        bounds[nb++] = p;
        p += TLOG_HEADER_BYTES + ((size_t)erl_file[p + 1] << 24 | (size_t)erl_file[p + 2] << 16 |
                                  (size_t)erl_file[p + 3] << 8 | erl_file[p + 4]);
    }
    bounds[nb] = sizeof erl_file;
    cr_assert_eq(nb, 6);
    const char *path = in_dir("cut.trc");
    for (size_t len = 0; len <= sizeof erl_file; len++) {
        write_file(path, erl_file, len);
        tlog_reader *r;
        tlog_error err;
        cr_assert_eq(tlog_reader_open(&r, path, &err), TLOG_OK);
        size_t whole = 0; /* records wholly inside the prefix */
        while (whole < nb && bounds[whole + 1] <= len)
            whole++;
        tlog_record rec;
        for (size_t i = 0; i < whole; i++)
            cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_OK, "len %zu record %zu", len, i);
        tlog_result res = tlog_reader_next(r, &h, &rec, &err);
        if (len == bounds[whole]) {
            cr_assert_eq(res, TLOG_EOF, "len %zu: %s", len, tlog_result_name(res));
        } else {
            cr_assert_eq(res, TLOG_TRUNCATED, "len %zu: %s", len, tlog_result_name(res));
            cr_assert_eq(err.offset, bounds[whole], "len %zu: offset %llu", len,
                         (unsigned long long)err.offset);
            cr_assert(strstr(err.msg, "cut.trc: offset ") != NULL, "%s", err.msg);
            /* the error sticks */
            cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_TRUNCATED);
        }
        tlog_reader_free(r);
        heap_reset(&h);
    }
}

static tlog_result read_one_bad(const uint8_t *bytes, size_t n, tlog_error *err, int *ok_records)
{
    const char *path = in_dir("bad.trc");
    write_file(path, bytes, n);
    tlog_reader *r;
    cr_assert_eq(tlog_reader_open(&r, path, err), TLOG_OK);
    tlog_record rec;
    tlog_result res;
    *ok_records = 0;
    while ((res = tlog_reader_next(r, &h, &rec, err)) == TLOG_OK)
        ++*ok_records;
    tlog_reader_free(r);
    return res;
}

Test(tlog, corrupt_sizes_and_tags)
{
    tlog_error err;
    int ok;
    /* a size past the end of the file */
    uint8_t big[] = {0, 0, 0, 1, 0, 131, 97, 1};
    cr_assert_eq(read_one_bad(big, sizeof big, &err, &ok), TLOG_TRUNCATED);
    cr_assert_eq(err.offset, 0);
    cr_assert(strstr(err.msg, "size 256, 3 bytes left") != NULL, "%s", err.msg);
    /* a size of 4 GiB - 1 on a tiny file: no allocation, no over-read */
    uint8_t huge[] = {0, 0xff, 0xff, 0xff, 0xff, 131, 97, 1};
    cr_assert_eq(read_one_bad(huge, sizeof huge, &err, &ok), TLOG_TRUNCATED);
    cr_assert(strstr(err.msg, "size 4294967295") != NULL, "%s", err.msg);
    /* size 0: binary_to_term(<<>>) is badarg in OTP */
    uint8_t zero[] = {0, 0, 0, 0, 0};
    cr_assert_eq(read_one_bad(zero, sizeof zero, &err, &ok), TLOG_BAD_TERM);
    /* a size shorter than the term: the term is cut ({a,b} in 5 bytes) */
    uint8_t shortsz[] = {0, 0, 0, 0, 3, 131, 97, 7, /* then */ 0, 0, 0, 0, 5, 131, 104, 2, 100, 0};
    cr_assert_eq(read_one_bad(shortsz, sizeof shortsz, &err, &ok), TLOG_BAD_TERM);
    cr_assert_eq(ok, 1);
    cr_assert_eq(err.offset, 8 + 5 + 3, "offset %llu", (unsigned long long)err.offset);
    /* bytes after the term inside a record are ignored, as erl's
     * binary_to_term(<<131,97,1,0,0>>) -> 1 and dbg:trace_client do */
    uint8_t trailing[] = {0, 0, 0, 0, 5, 131, 97, 1, 0, 0};
    cr_assert_eq(read_one_bad(trailing, sizeof trailing, &err, &ok), TLOG_EOF);
    cr_assert_eq(ok, 1);
    /* a bad version byte */
    uint8_t version[] = {0, 0, 0, 0, 2, 130, 97};
    cr_assert_eq(read_one_bad(version, sizeof version, &err, &ok), TLOG_BAD_TERM);
    cr_assert_eq(err.offset, 5);
    /* a tag that is neither 0 nor 1, after a good drop record */
    uint8_t tag[] = {1, 0, 0, 0, 9, 7, 0, 0, 0, 0};
    cr_assert_eq(read_one_bad(tag, sizeof tag, &err, &ok), TLOG_BAD_TAG);
    cr_assert_eq(ok, 1);
    cr_assert_eq(err.offset, 5);
    cr_assert(strstr(err.msg, "bad.trc: offset 5: bad record tag 7") != NULL, "%s", err.msg);
}

Test(tlog, big_record_and_truncated_big_record)
{
    /* a record larger than the reader's and the writer's buffers */
    size_t n = 200000;
    uint8_t *bytes;
    term_t bin = bin_alloc(&h, n, &bytes);
    for (size_t i = 0; i < n; i++)
        bytes[i] = (uint8_t)(i * 7);
    term_t msg = T(4, A("trace"), term_local_pid(5, 0), A("receive"), bin);
    const char *path = in_dir("big.trc");
    tlog_writer *w;
    tlog_error err;
    cr_assert_eq(tlog_writer_open(&w, path, &err), TLOG_OK);
    cr_assert_eq(tlog_writer_append(w, A("first"), &err), TLOG_OK);
    cr_assert_eq(tlog_writer_append(w, msg, &err), TLOG_OK);
    cr_assert_eq(tlog_writer_append(w, A("last"), &err), TLOG_OK);
    cr_assert_eq(tlog_writer_close(w, &err), TLOG_OK);
    tlog_reader *r;
    tlog_record rec;
    cr_assert_eq(tlog_reader_open(&r, path, &err), TLOG_OK);
    cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_OK);
    cr_assert_eq(rec.term, A("first"));
    cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_OK, "%s", err.msg);
    cr_assert(term_eq_exact(rec.term, msg));
    cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_OK);
    cr_assert_eq(rec.term, A("last"));
    cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_EOF);
    tlog_reader_free(r);
    /* the same file cut inside the big record */
    size_t len;
    uint8_t *all = read_whole(path, &len);
    const char *cut = in_dir("bigcut.trc");
    write_file(cut, all, len - 100);
    free(all);
    cr_assert_eq(tlog_reader_open(&r, cut, &err), TLOG_OK);
    cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_OK);
    cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_TRUNCATED);
    cr_assert_eq(err.offset, rec.offset + TLOG_HEADER_BYTES + rec.etf_len);
    tlog_reader_free(r);
}

/* ---- drops ------------------------------------------------------------------ */

Test(tlog, drop_records)
{
    const char *path = in_dir("drop.trc");
    tlog_writer *w;
    tlog_error err;
    cr_assert_eq(tlog_writer_open(&w, path, &err), TLOG_OK);
    cr_assert_eq(tlog_writer_drop(w, 3, &err), TLOG_OK);
    cr_assert_eq(tlog_writer_drop(w, 0, &err), TLOG_OK); /* writes nothing */
    cr_assert_eq(tlog_writer_append(w, A("x"), &err), TLOG_OK);
    cr_assert_eq(tlog_writer_drop(w, UINT64_C(0x100000005), &err), TLOG_OK);
    tlog_stats st;
    tlog_writer_stats(w, &st);
    cr_assert_eq(st.drops, 3);
    cr_assert_eq(st.records, 1);
    cr_assert_eq(tlog_writer_close(w, &err), TLOG_OK);
    size_t n;
    uint8_t *got = read_whole(path, &n);
    /* <<1,3:32>>, <<0,5:32,131,100,0,1,$x>>, <<1,16#ffffffff:32>>, <<1,6:32>> */
    const uint8_t want[] = {1, 0,   0, 0,    3,    0,    0,    0, 0, 5, 131, 100, 0,
                            1, 'x', 1, 0xff, 0xff, 0xff, 0xff, 1, 0, 0, 0,   6};
    cr_assert_eq(n, sizeof want);
    cr_assert_arr_eq(got, want, n);
    free(got);
    tlog_reader *r;
    tlog_record rec;
    cr_assert_eq(tlog_reader_open(&r, path, &err), TLOG_OK);
    cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_OK);
    cr_assert_eq(rec.kind, TLOG_DROP);
    cr_assert_eq(rec.dropped, 3);
    cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_OK);
    cr_assert_eq(rec.kind, TLOG_TERM);
    cr_assert_eq(rec.term, A("x"));
    cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_OK);
    cr_assert_eq(rec.dropped, 0xffffffffu);
    cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_OK);
    cr_assert_eq(rec.dropped, 6);
    cr_assert_eq(rec.offset, 20);
    cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_EOF);
    tlog_reader_free(r);
}

/* ---- round trips: ext_encode_bounded against ext_encode ------------------------- */

static term_t random_atom(rng *g)
{
    static const char *const names[] = {
        "trace",         "call",        "return_from",      "m",   "f", "a_long_module_name_here",
        "nonode@nohost", "caf\xc3\xa9", "\xce\xbb\xce\xbb", "'q'", ""};
    return A(names[random_below(g, sizeof names / sizeof names[0])]);
}

/* Terms of every kind, nested up to `depth`, beyond ext_encode_bounded's
 * limit of 8 so that both paths run. */
static term_t random_term(rng *g, int depth)
{
    unsigned k = (unsigned)random_below(g, depth > 0 ? 16 : 9);
    switch (k) {
    case 0:
        return I(random_range(g, 0, 255));
    case 1:
        return I(random_range(g, -100000, 100000));
    case 2:
        return term_int64(&h, random_range(g, INT64_MIN / 2, INT64_MAX / 2));
    case 3:
        return random_atom(g);
    case 4:
        return term_float(&h, (double)random_range(g, -1000000, 1000000) / 7.0);
    case 5:
        return term_local_pid((uint32_t)random_below(g, 32768), (uint32_t)random_below(g, 3));
    case 6:
        return NIL;
    case 7:
        return tb_binary(&h, "some bytes");
    case 8:
        return tb_ref(&h, 1, 2, (uint32_t)random_below(g, 1000));
    case 9:
    case 10: {
        term_t e[12];
        unsigned n = (unsigned)random_below(g, 6);
        for (unsigned i = 0; i < n; i++)
            e[i] = random_term(g, depth - 1);
        return term_tuple(&h, n, e);
    }
    case 11:
    case 12: {
        term_t e[12];
        unsigned n = (unsigned)random_below(g, 6);
        for (unsigned i = 0; i < n; i++)
            e[i] = random_term(g, depth - 1);
        return term_list_from(&h, e, n, random_percent(g, 10) ? random_term(g, 0) : NIL);
    }
    case 13:
        return tb_string(&h, random_percent(g, 50) ? "hello" : "");
    case 14:
        return tb_map(&h, 2, A("k"), random_term(g, depth - 1), I(1), random_term(g, depth - 1));
    default: {
        term_t e[300];
        for (unsigned i = 0; i < 300; i++)
            e[i] = I(i);
        return random_percent(g, 50) ? term_tuple(&h, 300, e) : term_list_from(&h, e, 300, NIL);
    }
    }
}

Test(tlog, round_trip_bytes_equal_ext)
{
    rng g = {42};
    enum { N = 3000 };
    term_t *msgs = malloc(N * sizeof *msgs);
    const char *path = in_dir("rt.trc");
    tlog_writer *w;
    tlog_error err;
    cr_assert_eq(tlog_writer_open(&w, path, &err), TLOG_OK);
    for (int i = 0; i < N; i++) {
        term_t pid = term_local_pid((uint32_t)random_below(&g, 1000), 0);
        msgs[i] = random_percent(&g, 30) ? random_term(&g, 12)
                                         : T(4, A("trace"), pid, A("call"),
                                             T(3, random_atom(&g), random_atom(&g), random_term(&g, 10)));
        cr_assert_eq(tlog_writer_append(w, msgs[i], &err), TLOG_OK, "term %d: %s", i, err.msg);
    }
    cr_assert_eq(tlog_writer_close(w, &err), TLOG_OK);
    assert_records_are(path, msgs, N);
    free(msgs);
}

Test(tlog, append_etf_and_raw_reading)
{
    const char *path = in_dir("etf.trc");
    term_t msg = T(4, A("trace"), term_local_pid(7, 1), A("send"), tb_string(&h, "hi"));
    size_t n;
    cr_assert_eq(ext_size(msg, &n, NULL), EXT_OK);
    uint8_t etf[64];
    ext_encode(msg, etf);
    tlog_writer *w;
    tlog_error err;
    cr_assert_eq(tlog_writer_open(&w, path, &err), TLOG_OK);
    cr_assert_eq(tlog_writer_append_etf(w, etf, n, &err), TLOG_OK);
    cr_assert_eq(tlog_writer_append_etf(w, etf + 1, n - 1, &err), TLOG_BADARG);
    cr_assert_eq(tlog_writer_append_etf(w, etf, 1, &err), TLOG_BADARG);
    cr_assert_eq(tlog_writer_append(w, term_catch(3), &err), TLOG_NOT_ENCODABLE);
    cr_assert_eq(tlog_writer_close(w, &err), TLOG_OK);
    tlog_reader *r;
    tlog_record rec;
    cr_assert_eq(tlog_reader_open(&r, path, &err), TLOG_OK);
    cr_assert_eq(tlog_reader_next(r, NULL, &rec, &err), TLOG_OK);
    cr_assert_eq(rec.term, THE_NON_VALUE);
    cr_assert_eq(rec.etf_len, n);
    cr_assert_arr_eq(rec.etf, etf, n);
    cr_assert_eq(tlog_reader_next(r, NULL, &rec, &err), TLOG_EOF);
    tlog_reader_free(r);
    cr_assert_eq(file_size(path), (long)(TLOG_HEADER_BYTES + n));
}

/* ---- wrap sets ------------------------------------------------------------- */

/* {trace, <0.80.0>, call, {tw, f, [I]}}: 62 bytes of term, 67 with the
 * header, for 1 <= I <= 255. */
static term_t tw_call(int i)
{
    term_t arg = I(i);
    return T(4, A("trace"), term_local_pid(80, 0), A("call"),
             T(3, A("tw"), A("f"), term_list_from(&h, &arg, 1, NIL)));
}

/* erl +S 1: dbg:tracer(port, dbg:trace_port(file, {"w", wrap, ".trc", 200, 3})),
 * tw:f/1 traced and called for 1..20 leaves w0.trc 201 bytes, w1.trc 201,
 * w2.trc 134, and dbg:trace_client(file, {"w", wrap, ".trc", 200, 3}) shows
 * the calls f(13) .. f(20). */
Test(tlog, wrap_rotation_as_erl)
{
    char name[256];
    snprintf(name, sizeof name, "%s/w", dir);
    /* a file of an earlier set, which opening deletes, and one that is not
     * of the set */
    write_file(in_dir("w7.trc"), (const uint8_t *)"x", 1);
    write_file(in_dir("wx7.trc"), (const uint8_t *)"x", 1);
    tlog_wrap wrap = {.size = 200, .count = 3};
    tlog_writer *w;
    tlog_error err;
    cr_assert_eq(tlog_writer_open_wrap(&w, name, ".trc", &wrap, &err), TLOG_OK, "%s", err.msg);
    cr_assert_eq(file_size(in_dir("w7.trc")), -1);
    cr_assert_eq(file_size(in_dir("wx7.trc")), 1);
    for (int i = 1; i <= 20; i++)
        cr_assert_eq(tlog_writer_append(w, tw_call(i), &err), TLOG_OK);
    tlog_stats st;
    tlog_writer_stats(w, &st);
    cr_assert_eq(st.files, 7);
    cr_assert_eq(tlog_writer_close(w, &err), TLOG_OK);
    cr_assert_eq(file_size(in_dir("w0.trc")), 201);
    cr_assert_eq(file_size(in_dir("w1.trc")), 201);
    cr_assert_eq(file_size(in_dir("w2.trc")), 134);
    cr_assert_eq(file_size(in_dir("w3.trc")), -1);
    tlog_reader *r;
    tlog_record rec;
    cr_assert_eq(tlog_reader_open_wrap(&r, name, ".trc", 3, &err), TLOG_OK, "%s", err.msg);
    cr_assert_eq(tlog_reader_file_count(r), 3);
    for (int i = 13; i <= 20; i++) {
        cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_OK, "%s", err.msg);
        cr_assert(term_eq_exact(rec.term, tw_call(i)), "call %d", i);
        cr_assert_eq(rec.file_index, (size_t)(i - 13) / 3);
    }
    cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_EOF);
    tlog_reader_free(r);
}

/* Every rotation step of a count-3 set: after k records of 67 bytes with
 * size 1 (a rotation after each record), the set holds the last
 * min(k+1, 3) names, the newest empty. */
Test(tlog, wrap_rotation_every_record)
{
    char name[256];
    snprintf(name, sizeof name, "%s/e", dir);
    tlog_wrap wrap = {.size = 1, .count = 3};
    tlog_writer *w;
    tlog_error err;
    cr_assert_eq(tlog_writer_open_wrap(&w, name, "", &wrap, &err), TLOG_OK);
    for (int i = 1; i <= 10; i++) {
        cr_assert_eq(tlog_writer_append(w, tw_call(i), &err), TLOG_OK);
        /* files present: names (i-2 .. i) mod 4, i.e. 3 files at most */
        int present = 0;
        for (int s = 0; s <= 3; s++) {
            char f[16];
            snprintf(f, sizeof f, "e%d", s);
            if (file_size(in_dir(f)) >= 0)
                present++;
        }
        cr_assert_eq(present, i + 1 < 3 ? i + 1 : 3, "after %d records: %d files", i, present);
        char cur[16];
        snprintf(cur, sizeof cur, "e%d", i % 4);
        cr_assert_eq(file_size(in_dir(cur)), 0, "after %d: the newest file is %s", i, cur);
    }
    cr_assert_eq(tlog_writer_close(w, &err), TLOG_OK);
    tlog_reader *r;
    tlog_record rec;
    cr_assert_eq(tlog_reader_open_wrap(&r, name, "", 3, &err), TLOG_OK, "%s", err.msg);
    for (int i = 9; i <= 10; i++) {
        cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_OK);
        cr_assert(term_eq_exact(rec.term, tw_call(i)));
    }
    cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_EOF);
    tlog_reader_free(r);
}

Test(tlog, wrap_count_one_and_time)
{
    char name[256];
    snprintf(name, sizeof name, "%s/one", dir);
    tlog_wrap wrap = {.size = 100, .count = 1};
    tlog_writer *w;
    tlog_error err;
    cr_assert_eq(tlog_writer_open_wrap(&w, name, ".log", &wrap, &err), TLOG_OK);
    for (int i = 1; i <= 5; i++)
        cr_assert_eq(tlog_writer_append(w, tw_call(i), &err), TLOG_OK);
    cr_assert_eq(tlog_writer_close(w, &err), TLOG_OK);
    /* 67+67 >= 100 rotates: 0 (1,2) 1 (3,4) 0 (5) */
    cr_assert_eq(file_size(in_dir("one0.log")), 67);
    cr_assert_eq(file_size(in_dir("one1.log")), -1);

    /* The first tick must come before the 30 ms are up; a machine that
     * stalls that long between open and tick makes it rotate, so such a
     * run is tried again under another name (the sleeps after it only
     * ever wait longer than they ask). */
    char stem[8];
    for (int attempt = 0;; attempt++) {
        cr_assert_lt(attempt, 5, "the machine never ran open and tick within 30 ms");
        snprintf(stem, sizeof stem, "tm%c", 'a' + attempt);
        snprintf(name, sizeof name, "%s/%s", dir, stem);
        tlog_wrap timed = {.size = 0, .count = 2, .time_ms = 30};
        uint64_t t0 = read_clock_ms();
        cr_assert_eq(tlog_writer_open_wrap(&w, name, "", &timed, &err), TLOG_OK);
        cr_assert_eq(tlog_writer_append(w, tw_call(1), &err), TLOG_OK);
        cr_assert_eq(tlog_writer_append(w, tw_call(2), &err), TLOG_OK); /* no size rotation */
        cr_assert_eq(tlog_writer_tick(w, &err), TLOG_OK);               /* too early */
        if (read_clock_ms() - t0 < 25)
            break;
        cr_assert_eq(tlog_writer_close(w, &err), TLOG_OK);
    }
    usleep(40000);
    cr_assert_eq(tlog_writer_tick(w, &err), TLOG_OK); /* rotates to 1 */
    usleep(40000);
    cr_assert_eq(tlog_writer_append(w, tw_call(3), &err), TLOG_OK); /* rotates to 2, deletes 0 */
    cr_assert_eq(tlog_writer_close(w, &err), TLOG_OK);
    char file[16];
    snprintf(file, sizeof file, "%s0", stem);
    cr_assert_eq(file_size(in_dir(file)), -1);
    snprintf(file, sizeof file, "%s1", stem);
    cr_assert_eq(file_size(in_dir(file)), 0);
    snprintf(file, sizeof file, "%s2", stem);
    cr_assert_eq(file_size(in_dir(file)), 67);
}

/* Reading order of a wrap set from the numbers present. Each row from erl:
 * dbg:wrap_postsort(dbg:wrap_sort(dbg:wrap_presort("w", ".trc"), N)). */
typedef struct order_case {
    int seqs[6];
    int nseqs;
    uint32_t count;
    int want[6]; /* reading order; -1 first: inconsistent_wrap_file_trace_set */
} order_case;

static const order_case orders[] = {
    {{0}, 1, 3, {0}},
    {{0, 1, 2}, 3, 3, {0, 1, 2}},
    {{1, 2, 3}, 3, 3, {1, 2, 3}},
    {{0, 2, 3}, 3, 3, {2, 3, 0}},
    {{0, 1, 3}, 3, 3, {3, 0, 1}},
    {{1}, 1, 1, {1}},
    {{0}, 1, 1, {0}},
    {{0, 1, 2, 3}, 4, 3, {-1}},
    {{2, 3}, 2, 3, {-1}},
    {{1, 2}, 2, 3, {-1}},
    {{0, 1, 3, 4}, 4, 4, {3, 4, 0, 1}},
    {{0, 2}, 2, 3, {-1}},
    {{0, 3}, 2, 3, {-1}},
    {{1, 3}, 2, 3, {-1}},
    {{0}, 0, 3, {0}},
    {{5}, 1, 3, {-1}},
    {{0, 1, 2, 3}, 4, 5, {0, 1, 2, 3}},
};

Test(tlog, wrap_reading_order_as_erl)
{
    char name[256];
    snprintf(name, sizeof name, "%s/w", dir);
    for (size_t c = 0; c < sizeof orders / sizeof orders[0]; c++) {
        const order_case *oc = &orders[c];
        for (int s = 0; s <= 6; s++) {
            char f[32];
            snprintf(f, sizeof f, "w%d.trc", s);
            unlink(in_dir(f));
        }
        for (int i = 0; i < oc->nseqs; i++) {
            char f[32];
            snprintf(f, sizeof f, "w%d.trc", oc->seqs[i]);
            /* each file holds its own number */
            uint8_t rec[] = {0, 0, 0, 0, 3, 131, 97, (uint8_t)oc->seqs[i]};
            write_file(in_dir(f), rec, sizeof rec);
        }
        tlog_reader *r;
        tlog_error err;
        tlog_result res = tlog_reader_open_wrap(&r, name, ".trc", oc->count, &err);
        if (oc->want[0] < 0) {
            cr_assert_eq(res, TLOG_WRAP_SET, "case %zu: %s", c, tlog_result_name(res));
            cr_assert(strstr(err.msg, "inconsistent wrap file trace set") != NULL, "%s", err.msg);
            continue;
        }
        cr_assert_eq(res, TLOG_OK, "case %zu: %s", c, err.msg);
        tlog_record rec;
        for (int i = 0; i < oc->nseqs; i++) {
            cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_OK);
            cr_assert_eq(rec.term, I(oc->want[i]), "case %zu, file %d", c, i);
        }
        cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_EOF, "case %zu", c);
        tlog_reader_free(r);
    }
}

Test(tlog, bad_arguments)
{
    tlog_writer *w;
    tlog_reader *r;
    tlog_error err;
    tlog_wrap zero = {.size = 10, .count = 0};
    cr_assert_eq(tlog_writer_open(&w, "", &err), TLOG_BADARG);
    cr_assert_eq(tlog_writer_open_wrap(&w, in_dir("z"), "", &zero, &err), TLOG_BADARG);
    cr_assert_eq(tlog_reader_open_wrap(&r, in_dir("z"), "", 0, &err), TLOG_BADARG);
    cr_assert_eq(tlog_reader_open(&r, in_dir("missing.trc"), &err), TLOG_IO);
    cr_assert(strstr(err.msg, "missing.trc: cannot open") != NULL, "%s", err.msg);
    cr_assert_eq(tlog_writer_open(&w, in_dir("no/such/dir.trc"), &err), TLOG_IO);
    cr_assert_neq(err.sys_errno, 0);
    /* a wrap set with no file reads as empty, as in erl */
    cr_assert_eq(tlog_reader_open_wrap(&r, in_dir("none"), ".trc", 4, &err), TLOG_OK);
    tlog_record rec;
    cr_assert_eq(tlog_reader_next(r, &h, &rec, &err), TLOG_EOF);
    tlog_reader_free(r);
}

/* ---- write errors ------------------------------------------------------------ */

Test(tlog, write_error_reported_once)
{
    tlog_writer *w;
    tlog_error err;
    cr_assert_eq(tlog_writer_open(&w, "/dev/full", &err), TLOG_OK);
    cr_assert_eq(tlog_writer_append(w, tw_call(1), &err), TLOG_OK); /* buffered */
    cr_assert_eq(tlog_writer_flush(w, &err), TLOG_IO);
    cr_assert_eq(err.sys_errno, ENOSPC);
    cr_assert(strstr(err.msg, "/dev/full: write failed") != NULL, "%s", err.msg);
    err.msg[0] = '\0';
    cr_assert_eq(tlog_writer_append(w, tw_call(2), &err), TLOG_FAILED);
    cr_assert_eq(err.msg[0], '\0');
    cr_assert_eq(tlog_writer_drop(w, 1, &err), TLOG_FAILED);
    cr_assert_eq(tlog_writer_flush(w, &err), TLOG_FAILED);
    tlog_stats st;
    tlog_writer_stats(w, &st);
    cr_assert_eq(st.lost, 2);
    cr_assert_eq(tlog_writer_error(w, &err), TLOG_IO);
    cr_assert_eq(tlog_writer_close(w, &err), TLOG_IO);

    /* a buffer that fills up reports the error from an append */
    cr_assert_eq(tlog_writer_open(&w, "/dev/full", &err), TLOG_OK);
    int io = 0, failed = 0;
    for (int i = 0; i < 3000; i++) {
        tlog_result r = tlog_writer_append(w, tw_call(1), &err);
        io += r == TLOG_IO;
        failed += r == TLOG_FAILED;
    }
    cr_assert_eq(io, 1);
    cr_assert_gt(failed, 1000);
    cr_assert_eq(tlog_writer_close(w, &err), TLOG_IO);
}

/* ---- threads ------------------------------------------------------------------ */

enum { THREADS = 4, PER_THREAD = 20000 };

typedef struct thread_arg {
    tlog_writer *w;
    int id;
} thread_arg;

static void *append_many(void *p)
{
    thread_arg *a = p;
    heap_t th;
    heap_init(&th, ALLOC_TEMP);
    term_t pid = term_local_pid((uint32_t)(100 + a->id), 0);
    for (int i = 0; i < PER_THREAD; i++) {
        term_t arg = term_small(i);
        term_t el[3] = {atom_from_cstr("m"), atom_from_cstr("f"), term_list_from(&th, &arg, 1, NIL)};
        term_t mfa = term_tuple(&th, 3, el);
        term_t msg[4] = {atom_from_cstr("trace"), pid, atom_from_cstr("call"), mfa};
        if (tlog_writer_append(a->w, term_tuple(&th, 4, msg), NULL) != TLOG_OK)
            return (void *)1;
        if (i % 5000 == 0)
            tlog_writer_drop(a->w, 1, NULL);
        heap_reset(&th);
    }
    heap_destroy(&th);
    return NULL;
}

Test(tlog, threads_keep_each_process_in_order)
{
    const char *path = in_dir("mt.trc");
    tlog_writer *w;
    tlog_error err;
    cr_assert_eq(tlog_writer_open(&w, path, &err), TLOG_OK);
    pthread_t t[THREADS];
    thread_arg args[THREADS];
    for (int i = 0; i < THREADS; i++) {
        args[i] = (thread_arg){w, i};
        pthread_create(&t[i], NULL, append_many, &args[i]);
    }
    for (int i = 0; i < THREADS; i++) {
        void *res;
        pthread_join(t[i], &res);
        cr_assert_null(res);
    }
    cr_assert_eq(tlog_writer_close(w, &err), TLOG_OK);
    tlog_reader *r;
    tlog_record rec;
    cr_assert_eq(tlog_reader_open(&r, path, &err), TLOG_OK);
    int next[THREADS] = {0};
    int drops = 0;
    tlog_result res;
    while ((res = tlog_reader_next(r, &h, &rec, &err)) == TLOG_OK) {
        if (rec.kind == TLOG_DROP) {
            drops += (int)rec.dropped;
            continue;
        }
        int id = (int)pid_number(tuple_get(rec.term, 1)) - 100;
        cr_assert(id >= 0 && id < THREADS);
        term_t args_list = tuple_get(tuple_get(rec.term, 3), 2);
        cr_assert_eq(small_value(list_head(args_list)), next[id], "thread %d out of order", id);
        next[id]++;
        heap_reset(&h);
    }
    cr_assert_eq(res, TLOG_EOF, "%s", err.msg);
    for (int i = 0; i < THREADS; i++)
        cr_assert_eq(next[i], PER_THREAD);
    cr_assert_eq(drops, THREADS * (PER_THREAD / 5000));
    tlog_reader_free(r);
}

/* ---- serialized writers ------------------------------------------------------------
 * A trace port's writer (tlog_writer_serialized) encodes a record straight
 * into the buffer with the message's head cached (vm/ext.h). It must write
 * what a writer that locks writes, byte for byte and flush for flush, and
 * each record must be term_to_binary's bytes (ext_encode, itself checked
 * against OTP 25's erl in tests/vm/test_ext.c). */

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
 * lockstep: after each, both have taken the same bytes, and after a
 * flush every 1,499 records (several full buffers) both files have them
 * all; at the end the
 * same bytes; and every record reads back as ext_encode's bytes of what
 * was appended. (A full buffer is written by the writer's own thread,
 * so the size between flushes depends on that thread's progress.) */
Test(tlog, serial_writes_what_a_locking_writer_writes)
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
        tlog_stats ss, sl;
        tlog_writer_stats(ws, &ss);
        tlog_writer_stats(wl, &sl);
        cr_assert_eq(ss.bytes, sl.bytes, "after record %d: %llu bytes, %llu locking", i,
                     (unsigned long long)ss.bytes, (unsigned long long)sl.bytes);
        if (i % 1499 == 1498) {
            cr_assert_eq(tlog_writer_flush(ws, &err), TLOG_OK);
            cr_assert_eq(tlog_writer_flush(wl, &err), TLOG_OK);
            long s = file_size(ps);
            cr_assert_eq(s, file_size(pl), "after record %d: %ld bytes in the file, %ld locking", i, s,
                         file_size(pl));
            cr_assert_eq(s, (long)ss.bytes, "after record %d and a flush: %ld bytes in the file of %llu", i,
                         s, (unsigned long long)ss.bytes);
            flushes += s != last;
            last = s;
        }
    }
    cr_assert_eq(flushes, 2, "the file grew at %ld flushes", flushes);
    tlog_stats ss, sl;
    tlog_writer_stats(ws, &ss);
    tlog_writer_stats(wl, &sl);
    cr_assert_eq(ss.records, sl.records);
    cr_assert_eq(ss.bytes, sl.bytes);
    cr_assert_eq(tlog_writer_close(ws, &err), TLOG_OK);
    cr_assert_eq(tlog_writer_close(wl, &err), TLOG_OK);
    assert_same_file(ps, pl);

    assert_records_are(ps, msgs, N);
    free(msgs);
}

/* A wrap set rotated by size: the serialized writer rotates after the
 * same records, into the same files. */
Test(tlog, serial_wraps_as_a_locking_writer)
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
