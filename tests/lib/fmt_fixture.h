/* fmt_fixture.h: the fixture of the format/ unit tests that format terms
 * read from their Erlang text: a heap and an output buffer, fresh for each
 * test, and fx_read. A test file includes it once, then declares
 * TestSuite(NAME, .init = fx_setup, .fini = fx_teardown). */
#ifndef TESTS_FMT_FIXTURE_H
#define TESTS_FMT_FIXTURE_H

#include <criterion/criterion.h>
#include <string.h>

#include "format/format.h"
#include "vm/read.h"

static heap_t heap;
static fmt_buf buf;

static void fx_setup(void)
{
    atom_table_init();
    heap_init(&heap, ALLOC_HEAP);
    fmt_buf_init(&buf);
}

static void fx_teardown(void)
{
    fmt_buf_free(&buf);
    heap_destroy(&heap);
}

/* The term the text stands for (no final dot), on `heap`. */
static inline term_t fx_read(const char *text)
{
    term_t t;
    read_error err;
    cr_assert_eq(read_term_nodot(&heap, text, strlen(text), &t, &err), READ_OK, "cannot read %s: %s", text,
                 err.msg);
    return t;
}

#endif
