/* tlogtool.c: dbgsh's side of the trace log differential test
 * (tests/diff/tlog/run.sh). `write DIR` writes trace messages of every kind
 * with dbgcore/tlog.c to DIR/ours.trc and a wrap set DIR/ow/w*.trc, and the
 * ~w text of what it wrote; `read FILE` and `read-wrap NAME SUFFIX COUNT`
 * print the ~w text of each record our reader finds, as erlside.escript
 * prints what dbg:trace_client finds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dbgcore/tlog.h"
#include "format/format.h"

static heap_t h;
static fmt_buf fb;

static void die(const char *what, const char *msg)
{
    fprintf(stderr, "tlogtool: %s: %s\n", what, msg);
    exit(2);
}

/* The term read from Erlang text, for the data parts of the messages. */
static term_t parse(const char *text)
{
    term_t t;
    read_error e;
    if (read_term_nodot(&h, text, strlen(text), &t, &e) != READ_OK)
        die("cannot read", text);
    return t;
}

static void print_term(FILE *out, term_t t)
{
    fmt_buf_reset(&fb);
    fmt_write(&fb, t, -1, false);
    fwrite(fb.data, 1, fb.len, out);
    fputc('\n', out);
}

/* One line per record: the message's ~w text or {drop,N}. */
static void print_record(FILE *out, const tlog_record *rec)
{
    if (rec->kind == TLOG_DROP)
        fprintf(out, "{drop,%u}\n", (unsigned)rec->dropped);
    else
        print_term(out, rec->term);
}

static term_t tup(int n, const term_t *e) { return term_tuple(&h, (uint64_t)n, e); }

#define TUP(...) tup(sizeof((term_t[]){__VA_ARGS__}) / sizeof(term_t), (term_t[]){__VA_ARGS__})
#define A(s) atom_from_cstr(s)

/* Data that messages carry: every kind of term, deep and wide ones too. */
static const char *const data_texts[] = {
    "[]",
    "[1,2,3]",
    "\"a string\"",
    "[a|b]",
    "{}",
    "{ok, 42}",
    "-1",
    "255",
    "256",
    "-2147483648",
    "2147483648",
    "123456789012345678901234567890",
    "-98765432109876543210",
    "3.14",
    "-2.5e-300",
    "'with space'",
    "'caf\xc3\xa9'",
    "'\xce\xbb'",
    "''",
    "<<>>",
    "<<1,2,3>>",
    "<<\"text\">>",
    "#{}",
    "#{a => 1, b => [x, {y}], \"k\" => <<0>>}",
    "[{a, 1}, {b, 2.0}, [\"nested\", [[[deep]]]]]",
    "{{{{{{{{{{{{ten_plus_deep}}}}}}}}}}}}",
    "[1000000, -1000000, 70000, a, \"x\", 1.0]",
};

/* The messages `write` writes, in order, drops marked THE_NON_VALUE with
 * the count in *drops. */
static size_t build_messages(term_t *out, uint32_t *drops, size_t cap)
{
    size_t n = 0;
    term_t pid = term_local_pid(80, 0), pid2 = term_local_pid(81, 3), port = term_local_port(5);
    term_t trace = A("trace");
    uint32_t ids[3] = {3, 2, 1};
    term_t ref = term_ref(&h, ids, 3);
#define PUT(t) (n < cap ? (out[n] = (t), drops[n] = 0, n++) : n)
#define DROP(k) (n < cap ? (out[n] = THE_NON_VALUE, drops[n] = (k), n++) : n)
    DROP(5);
    PUT(TUP(trace, pid, A("call"), TUP(A("m"), A("f"), parse("[1, 2]"))));
    PUT(TUP(trace, pid, A("return_from"), TUP(A("m"), A("f"), term_small(2)), term_small(3)));
    PUT(TUP(trace, pid, A("exception_from"), TUP(A("m"), A("g"), term_small(1)), parse("{error, badarg}")));
    PUT(TUP(trace, pid, A("send"), parse("{hello, world}"), pid2));
    PUT(TUP(trace, pid, A("send_to_non_existing_process"), A("x"), pid2));
    PUT(TUP(trace, pid, A("receive"), ref));
    PUT(TUP(trace, pid, A("spawn"), pid2, TUP(A("m"), A("loop"), NIL)));
    PUT(TUP(trace, pid2, A("spawned"), pid, TUP(A("m"), A("loop"), NIL)));
    PUT(TUP(trace, pid, A("link"), pid2));
    PUT(TUP(trace, pid, A("getting_unlinked"), pid2));
    PUT(TUP(trace, pid, A("register"), A("srv")));
    PUT(TUP(trace, pid, A("exit"), parse("{shutdown, [1, 2]}")));
    PUT(TUP(trace, pid, A("in"), TUP(A("m"), A("loop"), term_small(0))));
    PUT(TUP(trace, pid, A("out"), term_small(0)));
    PUT(TUP(trace, pid, A("gc_minor_start"),
            parse("#{heap_size => 233, old_heap_size => 0, mbuf_size => 0}")));
    PUT(TUP(trace, port, A("open"), pid, A("trace_file_drv")));
    PUT(TUP(A("trace_ts"), pid, A("call"), TUP(A("m"), A("f"), NIL),
            TUP(term_small(1700), term_small(123456), term_small(789012))));
    PUT(TUP(A("trace_ts"), pid, A("return_from"), TUP(A("m"), A("f"), term_small(0)), A("ok"),
            term_int64(&h, INT64_C(1700000000123456789))));
    PUT(TUP(trace, pid, A("call"), TUP(A("m"), A("f"), NIL), parse("{message, {caller, 1}}")));
    DROP(1);
    for (size_t i = 0; i < sizeof data_texts / sizeof data_texts[0]; i++) {
        term_t d = parse(data_texts[i]);
        PUT(TUP(trace, pid, A("call"), TUP(A("m"), A("f"), term_cons(&h, d, NIL))));
        PUT(TUP(trace, pid2, A("receive"), d));
    }
    /* larger than the writer's and reader's buffers */
    uint8_t *bytes;
    term_t big = bin_alloc(&h, 100000, &bytes);
    for (size_t i = 0; i < 100000; i++)
        bytes[i] = (uint8_t)(i % 251);
    PUT(TUP(trace, pid, A("receive"), big));
    PUT(TUP(trace, pid, A("exit"), A("normal")));
    DROP(4000000000u);
    return n;
#undef PUT
#undef DROP
}

static void check(tlog_result r, const tlog_error *err, const char *what)
{
    if (r != TLOG_OK)
        die(what, err->msg);
}

static int cmd_write(const char *dir)
{
    char path[1024];
    term_t msgs[128];
    uint32_t drops[128];
    size_t n = build_messages(msgs, drops, 128);
    tlog_error err;
    tlog_writer *w;

    snprintf(path, sizeof path, "%s/ours.trc", dir);
    check(tlog_writer_open(&w, path, &err), &err, "open");
    for (size_t i = 0; i < n; i++)
        check(msgs[i] == THE_NON_VALUE ? tlog_writer_drop(w, drops[i], &err)
                                       : tlog_writer_append(w, msgs[i], &err),
              &err, "append");
    check(tlog_writer_close(w, &err), &err, "close");
    snprintf(path, sizeof path, "%s/ours.txt", dir);
    FILE *out = fopen(path, "w");
    if (!out)
        die("cannot create", path);
    for (size_t i = 0; i < n; i++) {
        if (msgs[i] == THE_NON_VALUE)
            fprintf(out, "{drop,%u}\n", (unsigned)drops[i]);
        else
            print_term(out, msgs[i]);
    }
    fclose(out);

    /* a wrap set: 40 calls of 67 bytes, files of 300 bytes or more, 3 kept */
    snprintf(path, sizeof path, "%s/ow", dir);
    mkdir(path, 0777);
    snprintf(path, sizeof path, "%s/ow/w", dir);
    tlog_wrap wrap = {.size = 300, .count = 3};
    check(tlog_writer_open_wrap(&w, path, ".trc", &wrap, &err), &err, "open wrap");
    term_t calls[40];
    for (int i = 0; i < 40; i++) {
        calls[i] = TUP(A("trace"), term_local_pid(80, 0), A("call"),
                       TUP(A("tw"), A("f"), term_cons(&h, term_small(i + 1), NIL)));
        check(tlog_writer_append(w, calls[i], &err), &err, "append wrap");
    }
    check(tlog_writer_close(w, &err), &err, "close wrap");
    /* what our reader finds must be the last calls written, in order */
    tlog_reader *r;
    check(tlog_reader_open_wrap(&r, path, ".trc", 3, &err), &err, "read wrap");
    term_t got[40];
    size_t k = 0;
    tlog_record rec;
    tlog_result res;
    while ((res = tlog_reader_next(r, &h, &rec, &err)) == TLOG_OK && k < 40)
        got[k++] = rec.term;
    if (res != TLOG_EOF)
        die("reading the wrap set", err.msg);
    tlog_reader_free(r);
    if (k == 0 || k == 40)
        die("wrap set", "no rotation dropped the oldest files");
    for (size_t i = 0; i < k; i++)
        if (!term_eq_exact(got[i], calls[40 - k + i]))
            die("wrap set", "the records read are not the last ones written, in order");
    snprintf(path, sizeof path, "%s/ours_wrap.txt", dir);
    out = fopen(path, "w");
    if (!out)
        die("cannot create", path);
    for (size_t i = 0; i < k; i++)
        print_term(out, got[i]);
    fclose(out);
    return 0;
}

/* Prints every record; on an error, a last line "error" (the message goes
 * to standard error). */
static int print_all(tlog_reader *r)
{
    tlog_record rec;
    tlog_error err;
    tlog_result res;
    while ((res = tlog_reader_next(r, &h, &rec, &err)) == TLOG_OK) {
        print_record(stdout, &rec);
        heap_reset(&h);
    }
    tlog_reader_free(r);
    if (res != TLOG_EOF) {
        printf("error\n");
        fprintf(stderr, "tlogtool: %s\n", err.msg);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    atom_table_init();
    heap_init(&h, ALLOC_TEMP);
    fmt_buf_init(&fb);
    tlog_reader *r;
    tlog_error err;
    if (argc == 3 && strcmp(argv[1], "write") == 0)
        return cmd_write(argv[2]);
    if (argc == 3 && strcmp(argv[1], "read") == 0) {
        if (tlog_reader_open(&r, argv[2], &err) != TLOG_OK)
            die("read", err.msg);
        return print_all(r);
    }
    if (argc == 5 && strcmp(argv[1], "read-wrap") == 0) {
        if (tlog_reader_open_wrap(&r, argv[2], argv[3], (uint32_t)atol(argv[4]), &err) != TLOG_OK)
            die("read-wrap", err.msg);
        return print_all(r);
    }
    fprintf(stderr, "usage: tlogtool write DIR | read FILE | read-wrap NAME SUFFIX COUNT\n");
    return 2;
}
