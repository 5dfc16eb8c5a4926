/* read.c: the fuzz target of vm/read.c, the term reader, on the input as
 * text (docs/internals/fuzzing.md). A term read_term reads must come back
 * as an =:= term from its ~w and its ~tw text (the reader makes no pids,
 * ports, refs or local funs, the kinds whose text does not read back; a
 * fun M:F/A with names beyond ASCII is skipped, see below). An
 * error must say where, inside the text. read_next, as file:consult/1 goes
 * through a file, must move on at every term or error it returns. */
#include <stdint.h>
#include <stdio.h>

#include "format/format.h"
#include "tests/fuzz/fuzz.h"
#include "vm/tstack.h"

static void fail(const char *what, const char *detail) { fuzz_fail("read", what, detail); }

/* erl's locations count from 1; 0:0 is erl_parse's "no tokens at all". */
static void check_error(const read_error *err, size_t size)
{
    if (err->msg[0] == '\0')
        fail("an error without a message", "");
    if (err->line > size + 1 || err->col > size + 1)
        fail("an error located outside the text", err->msg);
}

/* ASCII: one byte a char. */
static bool is_ascii_atom(term_t a)
{
    size_t bytes, chars;
    unsigned flags;
    atom_text_chars(a, &bytes, &chars, &flags);
    return bytes == chars;
}

/* Whether t holds a fun M:F/A whose M or F is not ASCII. ~w writes those
 * names as erlang:fun_to_list/1 does, a UTF-8 byte a character, and OTP
 * reads that back as other atoms, or not at all, too. */
static bool holds_byte_named_fun(term_t t)
{
    tstack w;
    tstack_init(&w);
    bool found = false;
    tstack_push(&w, t);
    while (!found && tstack_pop(&w, &t)) {
        if (term_is_list(t)) {
            tstack_push(&w, list_head(t));
            tstack_push(&w, list_tail(t));
        } else if (term_is_tuple(t)) {
            for (uint64_t i = 0; i < tuple_arity(t); i++)
                tstack_push(&w, tuple_get(t, i));
        } else if (term_is_map(t)) {
            map_iter it;
            term_t k, v;
            map_iter_init(&it, t);
            while (map_iter_next(&it, &k, &v)) {
                tstack_push(&w, k);
                tstack_push(&w, v);
            }
        } else if (term_is_export(t)) {
            const export_obj *x = export_object(t);
            found = !is_ascii_atom(x->module) || !is_ascii_atom(x->function);
        }
    }
    tstack_free(&w);
    return found;
}

/* t, written by ~w (or ~tw), reads back as itself. */
static void check_written(heap_t *h, fmt_buf *b, term_t t, bool unicode)
{
    fmt_buf_reset(b);
    fmt_write(b, t, -1, unicode);
    term_t back;
    read_error err;
    if (read_term_nodot(h, b->data, b->len, &back, &err) != READ_OK)
        fail(b->data, err.msg);
    if (!term_eq_exact(t, back))
        fail("reads back as another term", b->data);
}

/* The terms of the text read one after another: each step takes at least
 * one byte, so that a reader of a file always ends. */
static void check_stream(heap_t *h, const char *text, size_t size)
{
    read_stream rs;
    read_stream_init(&rs, text, size);
    for (;;) {
        size_t before = rs.pos;
        term_t t;
        read_error err;
        read_result r = read_next(&rs, h, &t, &err);
        if (r == READ_EOF)
            break;
        if (r == READ_ERROR)
            check_error(&err, size);
        if (rs.pos <= before || rs.pos > size)
            fail("read_next", "did not move on through the text");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_setup();
    const char *text = (const char *)data;
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    fmt_buf b;
    fmt_buf_init(&b);
    term_t t;
    read_error err;
    read_result r = read_term(&h, text, size, &t, &err);
    if (r == READ_OK && !holds_byte_named_fun(t)) {
        check_written(&h, &b, t, false);
        check_written(&h, &b, t, true);
    } else if (r == READ_ERROR) {
        check_error(&err, size);
    }
    check_stream(&h, text, size);
    fmt_buf_free(&b);
    heap_destroy(&h);
    return 0;
}
